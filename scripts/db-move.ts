/**
 * `npm run db:move [-- --dry-run]` (issue 55): moves the embedded database of DATA_DIR (default .data) into the empty
 * PostgreSQL database DATABASE_URL names, then prints both sides' row counts and checksums per table. Exit 0 when
 * every table is equal, 1 when the move was refused or failed.
 */
import path from 'node:path';
import { MoveRefused, moveToPostgres } from '../server/db/move/move';
import { progressPrinter, reportTable } from '../server/db/move/print';

async function main(): Promise<number> {
  const dryRun = process.argv.includes('--dry-run');
  const dataDir = path.resolve(process.env.DATA_DIR || '.data');
  const targetUrl = process.env.DATABASE_URL;
  if (!targetUrl) {
    console.error('Set DATABASE_URL to the new, empty PostgreSQL database, e.g. DATABASE_URL=postgres://user@host:5432/wenjuan npm run db:move');
    return 1;
  }
  console.log(`${dryRun ? 'Dry run: nothing is written. ' : ''}Moving ${path.join(dataDir, 'pglite')} into PostgreSQL`);
  try {
    const report = await moveToPostgres({ dataDir, targetUrl, dryRun, onProgress: progressPrinter((line) => console.log(line)) });
    console.log(reportTable(report).join('\n'));
    console.log(`Migration: ${report.migration}${report.dryRun ? '' : `; ${report.sequences} sequences set past their ids`}`);
    if (!report.ok) {
      console.error('✗ Some tables differ between the source and the target (marked ✗ above): do not switch yet.');
      return 1;
    }
    const uploads = `Uploaded files stay in ${report.uploadsDir}; keep DATA_DIR, or copy it, on the machine that serves them.`;
    if (report.dryRun) console.log(`The checks passed: run it again without --dry-run to move. ${uploads}`);
    else console.log(`✓ Every table is equal. ${uploads}\nNext: start the server with DATABASE_URL set (and DATA_DIR for the uploads).`);
    return 0;
  } catch (error) {
    console.error(error instanceof MoveRefused ? `Refused: ${error.message}` : `The move failed, the target is left empty: ${(error as Error).message}`);
    return 1;
  }
}

void main().then((code) => process.exit(code));
