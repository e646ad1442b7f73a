/**
 * The CPU seconds (user + system) a lane of `npm test` used (scripts/test-all.ts): on CI's two shared cores the wall
 * clock follows the neighbours' load, the CPU a lane used follows the code. Each lane runs under `sh` (CPU_WRAPPER),
 * whose own /proc stat line, written as the lane ends, holds cutime + cstime: the lane's whole process tree. The
 * runner's own counters could not tell two lanes running at once apart.
 */
import { spawnSync } from 'node:child_process';

/** cutime + cstime in clock ticks from a /proc/<pid>/stat line (its command name may hold spaces and brackets). */
export function childTicks(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is the state, the 3rd field of the line: cutime and cstime are the 16th and 17th.
  const cutime = Number(fields[13]);
  const cstime = Number(fields[14]);
  if (!Number.isFinite(cutime) || !Number.isFinite(cstime)) throw new Error(`not a /proc stat line: ${stat.slice(0, 80)}`);
  return cutime + cstime;
}

let ticks: number | undefined;

/** Clock ticks a second (CLK_TCK), the unit of /proc's times. */
export function ticksPerSecond(): number {
  ticks ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
  return ticks;
}

/**
 * `sh -c CPU_WRAPPER <file> <command> <args…>` runs the command, then writes the shell's own /proc stat line to
 * <file> (its cutime + cstime: the command and its children, waited for) and exits with the command's code.
 */
export const CPU_WRAPPER = '"$@"; code=$?; cat /proc/$$/stat > "$0" 2>/dev/null; exit $code';
