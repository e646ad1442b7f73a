import type { MoveProgress, MoveReport } from './move';

/** The move's verification as a text table (issue 55): table, source rows, target rows, checksum, ✓/✗. */
export function reportTable(report: MoveReport): string[] {
  const width = Math.max(5, ...report.tables.map((line) => line.table.length));
  const head = report.dryRun
    ? `${'table'.padEnd(width)}  ${'rows'.padStart(12)}`
    : `${'table'.padEnd(width)}  ${'source rows'.padStart(12)}  ${'target rows'.padStart(12)}  ${'checksum'.padEnd(16)}`;
  const lines = [head, '-'.repeat(head.length + 2)];
  for (const line of report.tables) {
    if (report.dryRun) lines.push(`${line.table.padEnd(width)}  ${fmt(line.sourceRows).padStart(12)}`);
    else
      lines.push(
        `${line.table.padEnd(width)}  ${fmt(line.sourceRows).padStart(12)}  ${fmt(line.targetRows).padStart(12)}  ${(line.equal ? line.sourceSum : `${line.sourceSum}≠${line.targetSum}`).padEnd(16)}  ${line.equal ? '✓' : '✗'}`,
      );
  }
  const total = report.tables.reduce((sum, line) => sum + line.sourceRows, 0);
  lines.push(`${report.tables.length} tables, ${fmt(total)} rows${report.dryRun ? ' would be copied' : ''}`);
  return lines;
}

/** Progress lines: one when a table starts, then one per 100,000 rows of a long one; nothing for batches between. */
export function progressPrinter(print: (line: string) => void, every = 100_000): (event: MoveProgress) => void {
  let table = '';
  let printed = 0;
  return (event) => {
    if (event.table !== table) {
      table = event.table;
      printed = 0;
      print(`copying ${event.table} (${fmt(event.total)} rows)`);
      return;
    }
    if (event.copied - printed >= every) {
      printed = event.copied - (event.copied % every);
      print(`  ${event.table}: ${fmt(event.copied)} / ${fmt(event.total)}`);
    }
  };
}

const fmt = (n: number) => n.toLocaleString('en-US');
