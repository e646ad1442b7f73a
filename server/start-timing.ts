/**
 * Where a start spends its time (issue 54 item 5): each phase of server/start.ts is marked, and with START_TIMING=1
 * the start prints one line of phase durations (bench/first-start.ts reads it). Times are from the process's own
 * start (performance.now()), so the first phase holds node, the loader and the module graph; each phase also
 * gives its CPU time (user + system), which a busy shared machine stretches less than the wall clock.
 */
const marks: { phase: string; at: number; cpu: number }[] = [];

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

export function markPhase(phase: string): void {
  marks.push({ phase, at: performance.now(), cpu: cpuMs() });
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);

/** "start phases: load 0.41 s (cpu 0.52), open 0.12 s (cpu 0.10), …, total 1.9 s (cpu 2.1)" */
export function phaseLine(): string {
  let before = { at: 0, cpu: 0 };
  const parts = marks.map((mark) => {
    const part = `${mark.phase} ${seconds(mark.at - before.at)} s (cpu ${seconds(mark.cpu - before.cpu)})`;
    before = mark;
    return part;
  });
  return `start phases: ${parts.join(', ')}, total ${seconds(before.at)} s (cpu ${seconds(before.cpu)})`;
}
