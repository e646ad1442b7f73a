/**
 * Preloaded into the soak's server process (`node --import ./bench/soak/probe.mjs dist/server.mjs`, or after
 * `--import tsx` for the sources): answers the soak's IPC message 'memory' with process.memoryUsage() (the heap
 * cannot be read from /proc) and the event loop's delay since the last answer — high when the machine starves the
 * process of CPU, low when the server only waits on its database — and the pauses of its collections since then
 * (PerformanceObserver 'gc': scavenges, full mark-compacts). `{ snapshot: file }` writes a heap snapshot there
 * (SOAK_SNAPSHOTS). Plain JavaScript, so that the built server runs without a TypeScript loader, as `npm start` runs it.
 */
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { writeHeapSnapshot } from 'node:v8';

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
// The main thread's collections since the last answer: young-generation (scavenge) and full (mark-compact) pauses.
const newGc = () => ({ minor: 0, minorMs: 0, minorMaxMs: 0, major: 0, majorMs: 0, majorMaxMs: 0, other: 0, otherMs: 0 });
let gc = newGc();
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = entry.detail?.kind;
    const ms = entry.duration;
    if (kind === constants.NODE_PERFORMANCE_GC_MINOR) {
      gc.minor++;
      gc.minorMs += ms;
      gc.minorMaxMs = Math.max(gc.minorMaxMs, ms);
    } else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
      gc.major++;
      gc.majorMs += ms;
      gc.majorMaxMs = Math.max(gc.majorMaxMs, ms);
    } else {
      gc.other++;
      gc.otherMs += ms;
    }
  }
}).observe({ entryTypes: ['gc'] });
process.on('message', (message) => {
  if (message && typeof message === 'object' && typeof message.snapshot === 'string') {
    process.send?.({ snapshot: writeHeapSnapshot(message.snapshot) });
    return;
  }
  if (message && typeof message === 'object' && typeof message.promoted === 'string') {
    void promoted(message.promoted);
    return;
  }
  if (message !== 'memory') return;
  process.send?.({ memory: process.memoryUsage(), loopP99Ms: delay.percentile(99) / 1e6, gc });
  delay.reset();
  gc = newGc();
});
/**
 * `{ promoted: 'start' }` starts V8's sampling heap profiler keeping the samples of objects a full collection freed but
 * not those a scavenge freed; `{ promoted: file }` writes the profile there (a .heapprofile for Chrome's DevTools)
 * and stops: what was allocated, survived the young generation and died old — the garbage full collections are for.
 */
let session;
const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
async function promoted(what) {
  if (what === 'start') {
    session = new Session();
    session.connect();
    await post('HeapProfiler.enable');
    await post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: false });
    return;
  }
  const { profile } = await post('HeapProfiler.stopSampling');
  writeFileSync(what, JSON.stringify(profile));
  session.disconnect();
  process.send?.({ promoted: what });
}

// The IPC channel must not keep the server alive once start.ts has stopped it.
process.channel?.unref();
