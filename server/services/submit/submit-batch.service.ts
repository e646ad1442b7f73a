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

/**
 * wj_submit's parameters in the function's order (migration 0017, `p_project` … `p_cap`): a submit names each
 * argument in a SubmitArgs record and SUBMIT_ARGS puts them in place, so no caller counts positions.
 */
export const SUBMIT_ARGS = everyArg([
  'project',
  'version',
  'stamp',
  'publicId',
  'submission',
  'hash',
  'user',
  'device',
  'ip',
  'source',
  'answers',
  'result',
  'score',
  'duration',
  'suspect',
  'subjectIds',
  'optionIds',
  'shards',
  'quotaIds',
  'quotaLimits',
  'limitKinds',
  'limitKeys',
  'limitValues',
  'cap',
]);

/** The names as given, and a type error when a SubmitArgs field is left out. */
function everyArg<const T extends readonly (keyof SubmitArgs)[]>(names: T & (Exclude<keyof SubmitArgs, T[number]> extends never ? unknown : never)): T {
  return names;
}

export interface SubmitArgs {
  project: number;
  version: number;
  stamp: string;
  publicId: string;
  submission: string;
  hash: string;
  user: number | null;
  device: string;
  ip: string;
  source: string;
  /** The answers and the result go as objects; the statement gets them as JSON. */
  answers: unknown;
  result: unknown;
  score: number | null;
  duration: number;
  suspect: boolean;
  /** The chosen options as answer_choices rows: subject id and option id, pairwise. */
  subjectIds: number[];
  optionIds: number[];
  shards: number;
  /** Quotas the sheet matched, taken in the statement: id and limit, pairwise. */
  quotaIds: string[];
  quotaLimits: number[];
  /** Per-respondent limits, slots and stock (kind, key, limit), each list pairwise. */
  limitKinds: string[];
  limitKeys: string[];
  limitValues: number[];
  /** The project's answer cap (null: none, and the project row is only read). */
  cap: number | null;
}

interface Waiting {
  args: SubmitArgs;
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
/** One wj_submit call, a parameter per SUBMIT_ARGS name. */
export const SUBMIT_SQL = `SELECT outcome, replay FROM wj_submit(${SUBMIT_ARGS.map((_, i) => `$${i + 1}`).join(', ')})`;
const batchers = new WeakMap<object, Batcher>();

/** Statements sent and the sheets they carried, per process (tests read it to see batches form). */
export const batchStats = { statements: 0, sheets: 0, largest: 0 };

/** One sheet's wj_submit, sent alone or in the next batch. */
export function submitOne(database: Pick<Database, 'engine' | 'prepared'>, args: SubmitArgs): Promise<SubmitOutcome> {
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
  const batch = b.queue.splice(0, MAX_BATCH).sort((x, y) => x.args.project - y.args.project);
  b.busy = true;
  void run(database, batch).finally(() => {
    b.busy = false;
    pump(database, b);
  });
}

/** The arguments as wj_submit's SQL parameters, in order: the answers and result as JSON text, lists as array literals. */
export const submitParams = (args: SubmitArgs): unknown[] =>
  SUBMIT_ARGS.map((name) => {
    const value = args[name];
    if (name === 'answers' || name === 'result') return JSON.stringify(value);
    return Array.isArray(value) ? arrayLiteral(value) : value;
  });

const single = (database: Pick<Database, 'prepared'>, args: SubmitArgs) =>
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

/** The lists of one sheet that wj_submit_many receives flattened, all of a group ending at the same offset. */
type ListArg = 'subjectIds' | 'optionIds' | 'quotaIds' | 'quotaLimits' | 'limitKinds' | 'limitKeys' | 'limitValues';

/**
 * Several sheets' arguments as wj_submit_many's 27 parameters (migration 0012), in its order: one array per
 * scalar argument, the answers and results as one JSON array each, and each group of pairwise lists flattened
 * after an array of end offsets. The counter shards are one number for the batch.
 */
export function manyParams(sheets: SubmitArgs[]): unknown[] {
  const column = (name: keyof SubmitArgs) => arrayLiteral(sheets.map((a) => a[name]));
  const json = (name: 'answers' | 'result') => JSON.stringify(sheets.map((a) => a[name]));
  const flat = (...names: ListArg[]) => {
    const ends: number[] = [];
    const lists: unknown[][] = names.map(() => []);
    for (const a of sheets) {
      names.forEach((name, j) => lists[j]!.push(...a[name]));
      ends.push(lists[0]!.length);
    }
    return [ends, ...lists].map(arrayLiteral);
  };
  return [
    ...(['project', 'version', 'stamp', 'publicId', 'submission', 'hash', 'user', 'device', 'ip', 'source'] as const).map(column),
    json('answers'),
    json('result'),
    ...(['score', 'duration', 'suspect'] as const).map(column),
    ...flat('subjectIds', 'optionIds'),
    sheets[0]!.shards,
    ...flat('quotaIds', 'quotaLimits'),
    ...flat('limitKinds', 'limitKeys', 'limitValues'),
    column('cap'),
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
