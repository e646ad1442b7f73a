import type { Database } from '../../db/client';

/**
 * Group commit: while a submit statement is running, the next submits of this process wait and go together as
 * one wj_submit_many statement (migration 0012) — one round trip and one commit for all of them. A batch of sheets
 * nothing can refuse (no quota, limit or cap) is stored as one set (issue 54: one INSERT, one counter row per project);
 * any other batch goes sheet by sheet, each in its own subtransaction. A refusal comes back as that sheet's error (SQLSTATE WJ001, as wj_submit raises it);
 * if the batch itself fails, each sheet is tried again on its own. A batch that finds no statement running starts
 * one event-loop turn late (setImmediate), after the requests already received have queued their sheets: on PGlite
 * a statement runs inside this thread, so the submits that arrive while it runs are only read afterwards; on
 * PostgreSQL the first submit after a batch's answers went alone, before the requests read with it (issue 54:
 * ~30 % of the bench's statements carried one sheet, ~10–17 % with the turn's wait). And a batch waits up to
 * BATCH_WAIT_MS for as many submitters as were lately seen at once (the crowd), so a steady load goes in whole
 * batches instead of halves taking turns (bench/submit at 10 clients: 5.0 → ~10 sheets a statement).
 */
export interface SubmitOutcome {
  outcome: string;
  replay: unknown;
  /** Whether the project's red envelope runs, read by the statement (null when it did not get that far). */
  envelope: boolean | null;
}

/**
 * wj_submit's argument, one sheet by name (issue 45 item 3): the SubmitArgs record goes as one JSON object, which the
 * function reads into the composite type wj_sheet (migration 0051) field by field, so no caller counts positions and
 * a field renamed on one side is a missing field, not a shifted one. SHEET_FIELDS is the type's declaration on this
 * side — every SubmitArgs field and its SQL type — and tests/server/write/submit-args.test.ts checks it against the
 * live type on both engines.
 */
export const SHEET_FIELDS = {
  project: 'integer',
  version: 'integer',
  stamp: 'text',
  publicId: 'text',
  submission: 'text',
  hash: 'text',
  user: 'integer',
  device: 'text',
  ip: 'text',
  source: 'text',
  answers: 'jsonb',
  result: 'jsonb',
  score: 'double precision',
  duration: 'integer',
  suspect: 'boolean',
  subjectIds: 'integer[]',
  optionIds: 'integer[]',
  shards: 'integer',
  quotaIds: 'text[]',
  quotaLimits: 'integer[]',
  limitKinds: 'text[]',
  limitKeys: 'text[]',
  limitValues: 'integer[]',
  cap: 'integer',
  wechatOpenid: 'text',
} as const satisfies Record<keyof SubmitArgs, string>;

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
  /** The chosen options, subject id and option id pairwise: the sheet's choice_subjects and choice_options (migration 0098). */
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
  /** 仅限微信授权填写: the respondent's openid of the project's official account, kept on the sheet; null elsewhere. */
  wechatOpenid: string | null;
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
  /**
   * Submitters seen at once lately: the sheets of the last batch and those that queued before it was answered (or one
   * less than the crowd before, if more), and only those that came when a wait ran out.
   */
  crowd: number;
  /** The wait for the crowd (schedule), while it runs. */
  timer: ReturnType<typeof setTimeout> | null;
}

/**
 * One batch in flight per process, so two batches of one process never wait on each other's locks; at most 32
 * sheets, so the subtransactions stay within what PostgreSQL caches per transaction (64).
 */
const MAX_BATCH = 32;
/**
 * How long a batch may wait for the rest of the crowd (issue 54): when more submitters were seen at once than have
 * queued, the batch waits for them (never spinning: a timer, cleared as soon as the last one queues), as PostgreSQL's
 * commit_delay does. Without it ten clients split into two halves that take turns, five sheets a statement, each
 * half's commit while the other half's requests are read; with it ten a statement, at most this much later. A lone
 * submitter (a crowd of one) never waits.
 */
export const BATCH_WAIT_MS = 2;
/** One wj_submit call: the sheet as one JSON object (submitParams). */
export const SUBMIT_SQL = 'SELECT outcome, replay, envelope FROM wj_submit($1::jsonb)';
const batchers = new WeakMap<object, Batcher>();

/** Statements sent and the sheets they carried, per process (tests read it to see batches form). */
export const batchStats = { statements: 0, sheets: 0, largest: 0 };

/** One sheet's wj_submit, sent alone or in the next batch. */
export function submitOne(database: Pick<Database, 'engine' | 'prepared'>, args: SubmitArgs): Promise<SubmitOutcome> {
  let batcher = batchers.get(database);
  if (!batcher) batchers.set(database, (batcher = { queue: [], busy: false, crowd: 0, timer: null }));
  const b = batcher;
  return new Promise<SubmitOutcome>((resolve, reject) => {
    b.queue.push({ args, resolve, reject });
    if (b.timer && b.queue.length >= wanted(b)) {
      clearTimeout(b.timer);
      b.timer = null;
      pump(database, b);
    } else if (b.queue.length === 1 && !b.busy) setImmediate(() => schedule(database, b));
  });
}

/** The sheets the next batch waits for: the crowd, at most a batch. */
const wanted = (b: Batcher) => Math.min(MAX_BATCH, b.crowd);

/** Sends the queue now if the crowd has queued, else when it has or BATCH_WAIT_MS has passed (submitOne sends it then). */
function schedule(database: Pick<Database, 'engine' | 'prepared'>, b: Batcher): void {
  if (b.busy || b.timer || !b.queue.length) return;
  if (b.queue.length >= wanted(b)) return pump(database, b);
  b.timer = setTimeout(() => {
    // Fewer came than were waited for: the crowd is those who did (a burst that has passed is not waited for again).
    b.timer = null;
    b.crowd = b.queue.length;
    pump(database, b);
  }, BATCH_WAIT_MS);
}

function pump(database: Pick<Database, 'engine' | 'prepared'>, b: Batcher): void {
  if (!b.queue.length || b.busy) return;
  // In project order, so batches of several processes take project locks in the same order.
  const batch = b.queue.splice(0, MAX_BATCH).sort((x, y) => x.args.project - y.args.project);
  b.busy = true;
  // The crowd is counted when the statement answers, before its sheets' submitters hear back: those queued by then
  // are others (a submitter in this process that sends again at once, a test or an import, is not counted twice).
  const answered = () => {
    b.crowd = Math.max(b.queue.length + batch.length, b.crowd - 1);
  };
  void run(database, batch, answered).finally(() => {
    b.busy = false;
    schedule(database, b);
  });
}

/**
 * A sheet as wj_sheet reads it: its fields by name, the answers and result as objects within it, and the chosen
 * options' ids (~40 numbers a sheet) as PostgreSQL array literals ("{1,3,5}"), which jsonb_populate_record reads with
 * the array type's own input — as JSON numbers each is parsed as a numeric, printed and parsed again as an integer
 * (issue 54: ~10 % of the batch statement's instructions). A null field and an empty list (no quotas, limits, cap,
 * user, score or openid: the common sheet) are left out, which jsonb_populate_record reads as NULL and the functions
 * as none (coalesce): ~10 % of a sheet's JSON the statement no longer parses.
 */
function sheetJson(args: SubmitArgs): Record<string, unknown> {
  const sheet: Record<string, unknown> = {};
  for (const key in args) {
    const value = args[key as keyof SubmitArgs];
    if (value === null || (Array.isArray(value) && value.length === 0)) continue;
    sheet[key] = value;
  }
  sheet.subjectIds = `{${args.subjectIds.join(',')}}`;
  sheet.optionIds = `{${args.optionIds.join(',')}}`;
  return sheet;
}

/** wj_submit's one parameter: the sheet as one JSON object (sheetJson). */
export const submitParams = (args: SubmitArgs): [string] => [JSON.stringify(sheetJson(args))];

const single = (database: Pick<Database, 'prepared'>, args: SubmitArgs) =>
  database.prepared<SubmitOutcome>('wj_submit', SUBMIT_SQL, submitParams(args)).then((rows) => rows[0]!);

async function run(database: Pick<Database, 'engine' | 'prepared'>, batch: Waiting[], answered: () => void): Promise<void> {
  batchStats.statements += 1;
  batchStats.sheets += batch.length;
  batchStats.largest = Math.max(batchStats.largest, batch.length);
  if (batch.length === 1) {
    const [w] = batch as [Waiting];
    await single(database, w.args).finally(answered).then(w.resolve, w.reject);
    return;
  }
  let rows: { i: number; outcome: string; replay: unknown; envelope: boolean | null; err_message: string | null; err_detail: string | null }[];
  try {
    rows = await database.prepared('wj_submit_many', MANY_SQL, manyParams(batch.map((w) => w.args)));
  } catch {
    // A fault of the batch (a deadlock with another process, say): every sheet on its own.
    answered();
    await Promise.all(batch.map((w) => single(database, w.args).then(w.resolve, w.reject)));
    return;
  }
  answered();
  for (const row of rows) {
    const w = batch[row.i - 1]!;
    if (row.outcome === 'refused') w.reject(Object.assign(new Error(row.err_message ?? ''), { code: 'WJ001', detail: row.err_detail ?? undefined }));
    else w.resolve({ outcome: row.outcome, replay: row.replay, envelope: row.envelope });
  }
}

/** wj_submit_many's one parameter: the sheets as one JSON array, each as wj_submit takes it. */
const MANY_SQL = 'SELECT i, outcome, replay, envelope, err_message, err_detail FROM wj_submit_many($1::jsonb)';
export const manyParams = (sheets: SubmitArgs[]): [string] => [JSON.stringify(sheets.map(sheetJson))];
