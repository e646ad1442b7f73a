import type { Database } from '../db/client';

/**
 * Group commit: while a submit statement is running, the next submits of this process wait and go together as
 * one wj_submit_batch statement (migration 0011) — one round trip and one commit for all of them, each sheet in
 * its own subtransaction. A lone submit goes at once. A refusal comes back as that sheet's error (SQLSTATE
 * WJ001, as wj_submit raises it); if the batch itself fails, each sheet is tried again on its own. PostgreSQL
 * only: on PGlite every submit is its own statement.
 */
export interface SubmitRow {
  outcome: string;
  replay: unknown;
}

interface Waiting {
  args: unknown[];
  resolve: (row: SubmitRow) => void;
  reject: (error: unknown) => void;
}

interface Batcher {
  queue: Waiting[];
  running: number;
}

/**
 * One batch in flight per process, so two batches of one process never wait on each other's locks; at most 32
 * sheets, so the subtransactions stay within what PostgreSQL caches per transaction (64).
 */
const MAX_BATCH = 32;
/** One wj_submit call with its 24 arguments. */
export const SUBMIT_SQL = `SELECT outcome, replay FROM wj_submit(${Array.from({ length: 24 }, (_, i) => `$${i + 1}`).join(', ')})`;
const batchers = new WeakMap<object, Batcher>();

/** Statements sent and the sheets they carried, per process (tests read it to see batches form). */
export const batchStats = { statements: 0, sheets: 0, largest: 0 };

/** wj_submit's 24 arguments, the answers (10) and result (11) as objects. */
export function submitOne(database: Pick<Database, 'engine' | 'prepared'>, args: unknown[]): Promise<SubmitRow> {
  // PGlite runs one statement at a time anyway, and unpacking a batch costs it more than the statements saved.
  if (database.engine === 'pglite') return single(database, args);
  let batcher = batchers.get(database);
  if (!batcher) batchers.set(database, (batcher = { queue: [], running: 0 }));
  const b = batcher;
  return new Promise<SubmitRow>((resolve, reject) => {
    b.queue.push({ args, resolve, reject });
    pump(database, b);
  });
}

function pump(database: Pick<Database, 'engine' | 'prepared'>, b: Batcher): void {
  while (b.queue.length && b.running < 1) {
    // In project order, so batches of several processes take project locks in the same order.
    const batch = b.queue.splice(0, MAX_BATCH).sort((x, y) => Number(x.args[0]) - Number(y.args[0]));
    b.running += 1;
    void run(database, batch).finally(() => {
      b.running -= 1;
      pump(database, b);
    });
  }
}

/** The arguments as SQL parameters: the answers (10) and result (11) as JSON text. */
export const submitParams = (args: unknown[]): unknown[] => args.map((a, i) => (i === 10 || i === 11 ? JSON.stringify(a) : a));

const single = (database: Pick<Database, 'prepared'>, args: unknown[]) =>
  database.prepared<SubmitRow>('wj_submit', SUBMIT_SQL, submitParams(args)).then((rows) => rows[0]!);

async function run(database: Pick<Database, 'engine' | 'prepared'>, batch: Waiting[]): Promise<void> {
  batchStats.statements += 1;
  batchStats.sheets += batch.length;
  batchStats.largest = Math.max(batchStats.largest, batch.length);
  if (batch.length === 1) {
    const [w] = batch as [Waiting];
    await single(database, w.args).then(w.resolve, w.reject);
    return;
  }
  let rows: { i: number; outcome: string; replay: unknown; err_message: string | null; err_detail: string | null }[];
  try {
    rows = await database.prepared('wj_submit_batch', 'SELECT i, outcome, replay, err_message, err_detail FROM wj_submit_batch($1::jsonb)', [JSON.stringify(batch.map((w) => w.args))]);
  } catch {
    // A fault of the batch (a deadlock with another process, say): every sheet on its own.
    await Promise.all(batch.map((w) => single(database, w.args).then(w.resolve, w.reject)));
    return;
  }
  for (const row of rows) {
    const w = batch[row.i - 1]!;
    if (row.outcome === 'refused') w.reject(Object.assign(new Error(row.err_message ?? ''), { code: 'WJ001', detail: row.err_detail ?? undefined }));
    else w.resolve({ outcome: row.outcome, replay: row.replay });
  }
}
