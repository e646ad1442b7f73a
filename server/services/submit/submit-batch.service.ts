import type { Database } from '../../db/client';

/**
 * Group commit: while a submit statement is running, the next submits of this process wait and go together as
 * one wj_submit_many statement (migration 0012) — one round trip and one commit for all of them, each sheet in
 * its own subtransaction. A refusal comes back as that sheet's error (SQLSTATE WJ001, as wj_submit raises it);
 * if the batch itself fails, each sheet is tried again on its own. On PGlite a statement runs inside this
 * thread, so the submits that arrive while it runs are only read afterwards: there a batch starts one
 * event-loop turn late (setImmediate), after the requests already received have queued their sheets.
 */
export interface SubmitOutcome {
  outcome: string;
  replay: unknown;
}

interface Waiting {
  args: unknown[];
  resolve: (row: SubmitOutcome) => void;
  reject: (error: unknown) => void;
}

interface Batcher {
  queue: Waiting[];
  /** A batch statement is in flight (one at a time per process). */
  busy: boolean;
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
export function submitOne(database: Pick<Database, 'engine' | 'prepared'>, args: unknown[]): Promise<SubmitOutcome> {
  let batcher = batchers.get(database);
  if (!batcher) batchers.set(database, (batcher = { queue: [], busy: false }));
  const b = batcher;
  return new Promise<SubmitOutcome>((resolve, reject) => {
    b.queue.push({ args, resolve, reject });
    if (database.engine === 'postgres') pump(database, b);
    else if (b.queue.length === 1 && !b.busy) setImmediate(() => pump(database, b));
  });
}

function pump(database: Pick<Database, 'engine' | 'prepared'>, b: Batcher): void {
  if (!b.queue.length || b.busy) return;
  // In project order, so batches of several processes take project locks in the same order.
  const batch = b.queue.splice(0, MAX_BATCH).sort((x, y) => Number(x.args[0]) - Number(y.args[0]));
  b.busy = true;
  void run(database, batch).finally(() => {
    b.busy = false;
    pump(database, b);
  });
}

/** The arguments as SQL parameters: the answers (10) and result (11) as JSON text, lists as array literals. */
export const submitParams = (args: unknown[]): unknown[] =>
  args.map((a, i) => (i === 10 || i === 11 ? JSON.stringify(a) : Array.isArray(a) ? arrayLiteral(a) : a));

const single = (database: Pick<Database, 'prepared'>, args: unknown[]) =>
  database.prepared<SubmitOutcome>('wj_submit', SUBMIT_SQL, submitParams(args)).then((rows) => rows[0]!);

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
    rows = await database.prepared('wj_submit_many', MANY_SQL, manyParams(batch.map((w) => w.args)));
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

const MANY_SQL = `SELECT i, outcome, replay, err_message, err_detail FROM wj_submit_many(${Array.from({ length: 27 }, (_, i) => `$${i + 1}`).join(', ')})`;

/** wj_submit's arguments of several sheets as wj_submit_many's: one array per argument, lists flattened with end offsets. */
export function manyParams(sheets: unknown[][]): unknown[] {
  const column = (i: number) => arrayLiteral(sheets.map((a) => a[i]));
  const flat = (...columns: number[]) => {
    const ends: number[] = [];
    const lists: unknown[][] = columns.map(() => []);
    for (const a of sheets) {
      columns.forEach((c, j) => lists[j]!.push(...(a[c] as unknown[])));
      ends.push(lists[0]!.length);
    }
    return [ends, ...lists].map(arrayLiteral);
  };
  return [
    ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(column),
    JSON.stringify(sheets.map((a) => a[10])),
    JSON.stringify(sheets.map((a) => a[11])),
    ...[12, 13, 14].map(column),
    ...flat(15, 16),
    sheets[0]![17],
    ...flat(18, 19),
    ...flat(20, 21, 22),
    column(23),
  ];
}

/**
 * A PostgreSQL array literal of numbers, booleans, strings and nulls (text input of any element type), made in
 * one pass: the driver's generic array encoder escapes every element with a regular expression, a tenth of a
 * batch's JavaScript.
 */
export function arrayLiteral(values: readonly unknown[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i) out += ',';
    const v = values[i];
    if (v === null || v === undefined) out += 'NULL';
    else if (typeof v === 'number' || typeof v === 'boolean') out += String(v);
    else out += `"${String(v).replace(/[\\"]/g, '\\$&')}"`;
  }
  return `${out}}`;
}
