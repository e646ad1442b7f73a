/**
 * Preloaded into the soak's server process (`node --import tsx --import ./bench/soak/probe.ts server/start.ts`):
 * answers the soak's IPC message 'memory' with process.memoryUsage(), since the heap cannot be read from /proc.
 */
process.on('message', (message) => {
  if (message === 'memory') process.send?.({ memory: process.memoryUsage() });
});
// The IPC channel must not keep the server alive once start.ts has stopped it.
process.channel?.unref();
