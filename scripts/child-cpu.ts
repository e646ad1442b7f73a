/**
 * The CPU seconds (user + system) of this process's finished child processes, as Linux keeps them in
 * /proc/self/stat (cutime + cstime: every child waited for, with its own children). `npm test` reads it before and
 * after each lane it spawns (scripts/test-all.ts): on CI's two shared cores the wall clock follows the neighbours'
 * load, the CPU a lane used follows the code. Off Linux it answers undefined.
 */
import { readFileSync } from 'node:fs';
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

export function childCpuSeconds(): number | undefined {
  let stat: string;
  try {
    stat = readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return undefined;
  }
  return childTicks(stat) / ticksPerSecond();
}
