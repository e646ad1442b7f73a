/**
 * The naive strategies the concurrency tests inject (createTestApp({ strategies: NAIVE_… })) to show the exact
 * ones are needed: each reads a count, leaves the gap real work leaves, then writes what it read plus one, as a
 * hand-rolled check-then-act would. Under concurrent requests they overshoot; production's never do.
 */
import { WRITE_MESSAGES } from '../../schemas/api/write';
import type { MigrationRun, Query } from '../../server/db/client';
import { conflict } from '../../server/services/errors';
import type { ClaimStrategy } from '../../server/jobs/export-queue';
import type { LimitStrategy } from '../../server/services/access/rate-limit.service';
import type { ChainSettingsRow, ExportJobRow } from '../../server/db/rows';
import type { BallotOutcome, BallotStored, BallotStrategy } from '../../server/services/vote/ballot-strategy';
import type { ChainSeatStrategy } from '../../server/services/chain/chain-seat.service';
import type { AppointmentSeatStrategy } from '../../server/services/appointment/appointment-seat.service';
import type { AppointmentSlotRow } from '../../server/db/rows';
import type { CheckInTakeStrategy } from '../../server/services/checkin/checkin-take.service';
import type { CheckInRecordRow, UnmatchedReceiptRow } from '../../server/db/rows';
import { insertReceipt, type ReceiptStrategy } from '../../server/services/pay/unmatched-receipts.service';
import { earliest, type ExamClockStrategy } from '../../server/services/submit/submit-exam-clock.service';
import type { BalanceStrategy } from '../../server/services/money/balance.service';
import type { CouponStrategy } from '../../server/services/money/coupon-use.service';
import type { UserCouponRow, UserQuotaRow, UserRow } from '../../server/db/rows';
import type { TQuotaKind } from '../../schemas/money/catalog';
import { flagClaimed, type RiskScreenStrategy } from '../../server/services/money/risk-screen.service';
import type { AnswerSheetRow } from '../../server/db/rows';
import { capacityRefusal, quotaFull, type CapacityStrategy, type CapacityTaker } from '../../server/services/submit/submit-capacity.service';
import type { WhiteClaimStrategy } from '../../server/services/whitelist/white-claim';
import { countOf, type ContactCapStrategy } from '../../server/services/contacts/contact-cap';
import { CONTACT_LIMITS } from '../../schemas/api/contacts';
import type { SmsQuotaStrategy } from '../../server/services/sms/sms-quota';
import { writeCoinLedger, type CoinStrategy } from '../../server/services/coin-ledger/coin-ledger.service';
import type { LinkClaimStrategy } from '../../server/services/sms/contact-link-claim';

import type { DrawStockStrategy } from '../../server/services/draw/draw-take.service';
import type { DrawPrizeRow } from '../../server/db/tables-draw';
import type { TaskClaimStrategy } from '../../server/services/coins/tasks/task-claim';
import type { GiftStockStrategy } from '../../server/services/coins/gifts/gift-stock';
import type { SpaceBudgetStrategy } from '../../server/services/coins/space/space-budget';
import type { AiQuotaStrategy } from '../../server/services/ai/ai-quota';

const gap = () => new Promise((resolve) => setImmediate(resolve));

/** `parties` callers wait here until all have arrived, so every one of them read before any of them writes. */
function meetingPoint(parties: number): () => Promise<void> {
  let waiting: (() => void)[] = [];
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (waiting.length >= parties) {
        const all = waiting;
        waiting = [];
        all.forEach((wake) => wake());
      }
    });
}

/** Rate limits read, then written, each hit on its own (no transaction around a group). */
export const naiveLimits: LimitStrategy = {
  async hit(query, key, limit, windowSeconds) {
    const rows = await query<{ count: number }>(`SELECT count FROM rate_limits WHERE key = $1 AND window_start > now() - make_interval(secs => $2)`, [
      key,
      windowSeconds,
    ]);
    const count = rows[0]?.count ?? 0;
    if (count >= limit) return false;
    await gap();
    await query(`INSERT INTO rate_limits (key, window_start, count) VALUES ($1, now(), $2) ON CONFLICT (key) DO UPDATE SET count = $2`, [key, count + 1]);
    return true;
  },
  group: (database, work) => work(database.query),
};

/** The counts a naive submit read before its transaction began (the classic check-then-act bug). */
interface Before {
  quotas: Record<string, number>;
  dataCount: number;
  /** Slot, stock and per-WeChat counters, by `kind|key`. */
  capacities: Record<string, number>;
}

async function readBefore(query: Query, questionId: string): Promise<Before> {
  const rows = await query<{ data_count: number; quota_id: string | null; used: number | null }>(
    `SELECT p.data_count, q.quota_id, q.used FROM projects p LEFT JOIN quota_counters q ON q.project_id = p.id WHERE p.public_id = $1`,
    [questionId],
  );
  const counters = await query<{ kind: string; key: string; n: number }>(
    `SELECT r.kind, r.key, r.n FROM respondent_counters r JOIN projects p ON p.id = r.project_id WHERE p.public_id = $1 AND r.kind IN ('slot', 'stock', 'wechat')`,
    [questionId],
  );
  return {
    dataCount: rows[0]?.data_count ?? 0,
    quotas: Object.fromEntries(rows.filter((r) => r.quota_id).map((r) => [r.quota_id!, r.used ?? 0])),
    capacities: Object.fromEntries(counters.map((r) => [`${r.kind}|${r.key}`, r.n])),
  };
}

/** Quotas, slots, stock, the per-WeChat limit and the answer cap compared with the stale counts, then written as those plus one. */
const naiveTaker = (before: Before): CapacityTaker => ({
  async take(query, { target, quotas, capacities, wechat }) {
    if (wechat) {
      const used = before.capacities[`wechat|${wechat.openid}`] ?? 0;
      if (used >= wechat.limit) throw conflict(WRITE_MESSAGES.wechatLimit, { reason: 'wechatLimit' });
      await gap();
      await query(
        `INSERT INTO respondent_counters (project_id, kind, key, n) VALUES ($1, 'wechat', $2, $3) ON CONFLICT (project_id, kind, key) DO UPDATE SET n = $3`,
        [target.id, wechat.openid, used + 1],
      );
    }
    for (const c of capacities) {
      const used = before.capacities[`${c.kind}|${c.key}`] ?? 0;
      if (used + c.take > c.cap) throw capacityRefusal(target.subjects, c.kind, c.key);
      await gap();
      await query(
        `INSERT INTO respondent_counters (project_id, kind, key, n) VALUES ($1, $2, $3, $4) ON CONFLICT (project_id, kind, key) DO UPDATE SET n = $4`,
        [target.id, c.kind, c.key, used + c.take],
      );
    }
    for (const quota of quotas) {
      const used = before.quotas[quota.id] ?? 0;
      if (used >= quota.limit) throw quotaFull(target.subjects, quota);
      await gap();
      await query(`INSERT INTO quota_counters (project_id, quota_id, used) VALUES ($1, $2, $3) ON CONFLICT (project_id, quota_id) DO UPDATE SET used = $3`, [
        target.id,
        quota.id,
        used + 1,
      ]);
    }
    if (before.dataCount >= (target.settings.maxAnswers ?? Infinity)) throw conflict(WRITE_MESSAGES.full);
    await query('UPDATE projects SET data_count = $2 WHERE id = $1', [target.id, before.dataCount + 1]);
  },
});

export const naiveCapacity: CapacityStrategy = {
  async prepare(query, questionId) {
    const before = await readBefore(query, questionId);
    // The work a real check leaves between its read and its transaction (the parallel submits read meanwhile):
    // on PGlite a submit otherwise runs on microtasks alone until its taker's first gap, inside its transaction.
    for (let i = 0; i < 20; i++) await gap();
    return naiveTaker(before);
  },
};

/** A job chosen by a plain read, then updated: two runners can take the same one. */
export const naiveClaim: ClaimStrategy = async (query, worker) => {
  const [next] = await query<{ id: number }>(`SELECT id FROM export_jobs WHERE status = 'queued' ORDER BY id LIMIT 1`);
  if (!next) return null;
  // The gap between the read and the write that real runners have under load, made certain here.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const rows = await query<ExportJobRow>(
    `UPDATE export_jobs SET status = 'running', claimed_by = $1, attempts = attempts + 1, started_at = now(), heartbeat_at = now() WHERE id = $2 RETURNING *`,
    [worker, next.id],
  );
  return rows[0] ?? null;
};

/** The PostgreSQL migrator without the advisory lock: processes starting together race on the same migrations. */
export const unlockedMigration: MigrationRun = (database, migrate) => migrate(database.db, database.query);

/**
 * A ballot checked the way a hand-rolled service would (issue 19), statement by statement: read the voter's
 * votes, check them against the limit, then write what it read plus the ballot, and count the player by reading
 * its total and writing it back on one row. Parallel ballots of one voter all read the same count and pass.
 */
export const naiveBallot: BallotStrategy = async (database, b): Promise<BallotOutcome> => {
  const query = database.query;
  {
    const seen = await query<{ result: BallotStored | null }>('SELECT result FROM vote_receipts WHERE vote_id = $1 AND ballot_id = $2', [b.voteId, b.ballotId]);
    if (seen[0]?.result) return { outcome: 'replay', result: seen[0].result };
    const [vote] = await query<{ status: string }>('SELECT status FROM vote_activities WHERE id = $1 AND deleted_at IS NULL', [b.voteId]);
    if (!vote) return { outcome: 'gone' };
    if (vote.status !== 'running') return { outcome: vote.status as 'draft' | 'suspended' | 'ended' };
    const players = await query<{ id: number; public_id: string }>(
      `SELECT id, public_id FROM vote_players WHERE vote_id = $1 AND public_id = ANY($2::text[]) AND review = 'approved' ORDER BY id`,
      [b.voteId, b.players],
    );
    if (players.length !== b.players.length) return { outcome: 'player' };
    const [used] = await query<{ n: number }>('SELECT n FROM vote_voter_counters WHERE vote_id = $1 AND voter_key = $2 AND period = $3', [
      b.voteId,
      b.voterKey,
      b.period,
    ]);
    const n = (used?.n ?? 0) + b.players.length;
    if (n > b.perVoter) return { outcome: 'voterLimit' };
    await gap();
    await query(
      `INSERT INTO vote_voter_counters (vote_id, voter_key, period, n, last_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (vote_id, voter_key, period) DO UPDATE SET n = $4, last_at = $5`,
      [b.voteId, b.voterKey, b.period, n, b.now],
    );
    await query(`INSERT INTO vote_receipts (vote_id, ballot_id, voter_key, body_hash) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [
      b.voteId,
      b.ballotId,
      b.voterKey,
      b.hash,
    ]);
    const totals: Record<string, number> = {};
    for (const { id: player, public_id: publicId } of players) {
      await query(
        `INSERT INTO vote_ballots (vote_id, player_id, ballot_id, voter_key, day, ip, device, shard, created_at) VALUES ($1, $2, $3, $4, $5::date, $6, $7, 0, $8) ON CONFLICT DO NOTHING`,
        [b.voteId, player, b.ballotId, b.voterKey, b.day, b.ip, b.device, b.now],
      );
      const [count] = await query<{ n: number }>('SELECT n FROM vote_player_counts WHERE player_id = $1 AND shard = 0', [player]);
      await gap();
      totals[publicId] = (count?.n ?? 0) + 1;
      await query(`INSERT INTO vote_player_counts (vote_id, player_id, shard, n) VALUES ($1, $2, 0, $3) ON CONFLICT (player_id, shard) DO UPDATE SET n = $3`, [
        b.voteId,
        player,
        totals[publicId],
      ]);
    }
    const result: BallotStored = { used: n, suspect: false, totals };
    await query('UPDATE vote_receipts SET result = $3::jsonb WHERE vote_id = $1 AND ballot_id = $2', [b.voteId, b.ballotId, JSON.stringify(result)]);
    return { outcome: 'ok', result };
  }
};

/**
 * A chain join that reads the places taken before its transaction, then writes what it read plus its people: the
 * number still comes from the counter, but the cap is checked against a stale count, so parallel joins overshoot.
 */
export const naiveChainSeat: ChainSeatStrategy = {
  async prepare(query, projectId) {
    const [before] = await query<{ used: number; cap: number | null; waiting: number }>('SELECT used, cap, waiting FROM chain_settings WHERE project_id = $1', [
      projectId,
    ]);
    return {
      async take(inner, id, people, now) {
        const admitted = !!before && before.waiting === 0 && (before.cap === null || before.used + people <= before.cap);
        await gap();
        const rows = await inner<ChainSettingsRow>(
          `UPDATE chain_settings SET next_seq = next_seq + 1, used = $2, joined = joined + 1 - $3, waiting = waiting + $3 WHERE project_id = $1 AND NOT closed AND (deadline IS NULL OR deadline > $4) RETURNING *`,
          [id, admitted ? before!.used + people : (before?.used ?? 0), admitted ? 0 : 1, now],
        );
        return rows[0] ? { seq: rows[0].next_seq, admitted, chain: rows[0] } : null;
      },
    };
  },
};

/**
 * A check-in that looks for the person's check-in of the day first and inserts plainly when it finds none: two
 * at once both find none, and the second insert runs into the unique key (a "500", not the clear refusal).
 */
export const naiveCheckInTake: CheckInTakeStrategy = {
  async take(query, r) {
    const found = await query('SELECT 1 FROM checkin_records WHERE project_id = $1 AND participant = $2 AND day = $3', [r.projectId, r.participant, r.day]);
    if (found.length) return null;
    await gap();
    const rows = await query<CheckInRecordRow>(
      `INSERT INTO checkin_records (public_id, project_id, participant, day, user_id, name, content, photos, amount, kind, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11) RETURNING *`,
      [r.publicId, r.projectId, r.participant, r.day, r.userId, r.name, r.content, JSON.stringify(r.photos), r.amount, r.kind, r.at],
    );
    return rows[0] ?? null;
  },
};

/**
 * An exam clock that reads the respondent's clocks first and writes the start it decided on: two starts at once
 * both find none and each writes (and is told) its own moment, the later one replacing the earlier — the timer
 * restarts, as it did when each sheet had a clock of its own.
 */
export const naiveExamClock: ExamClockStrategy = {
  async start(query, { projectId, keys, submissionId, now }) {
    const rows = await query<{ started_at: Date }>('SELECT started_at FROM answer_starts WHERE project_id = $1 AND respondent = ANY($2::text[])', [
      projectId,
      keys,
    ]);
    const startedAt = rows.length ? earliest(rows) : now;
    await gap();
    for (const key of keys) {
      await query(
        `INSERT INTO answer_starts (project_id, respondent, submission_id, started_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (project_id, respondent) DO UPDATE SET started_at = excluded.started_at, submission_id = excluded.submission_id`,
        [projectId, key, submissionId, startedAt],
      );
    }
    return startedAt;
  },
};

/**
 * An appointment booking that reads the slot's places taken before its transaction, then writes what it read plus
 * its party: the number still comes from the counter, but the capacity is checked against a stale count, so
 * parallel bookings overshoot (the check-then-insert race booking tools are known for).
 */
export const naiveAppointmentSeat: AppointmentSeatStrategy = {
  async prepare(query, key) {
    const [before] = await query<{ taken: number }>(
      'SELECT taken FROM appointment_slots WHERE project_id = $1 AND resource_key = $2 AND slot_date = $3 AND slot_start = $4',
      [key.projectId, key.resourceKey, key.date, key.start],
    );
    const taken = before?.taken ?? 0;
    return {
      async take(inner, k, capacity, party, now) {
        const admitted = taken + party <= capacity;
        await gap();
        const rows = await inner<AppointmentSlotRow>(
          `INSERT INTO appointment_slots AS s (project_id, resource_key, slot_date, slot_start, capacity, taken, waiting, next_seq, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8)
           ON CONFLICT (project_id, resource_key, slot_date, slot_start) DO UPDATE SET next_seq = s.next_seq + 1, taken = EXCLUDED.taken, waiting = s.waiting + EXCLUDED.waiting
           RETURNING *`,
          [k.projectId, k.resourceKey, k.date, k.start, capacity, admitted ? taken + party : taken, admitted ? 0 : 1, now],
        );
        return { seq: rows[0]!.next_seq, admitted, slot: rows[0]! };
      },
    };
  },
};

/**
 * An unmatched receipt recorded after looking for it first, outside the statement that writes it, and its refund
 * claimed by reading the state, then writing it (issue 42): copies of one notify that arrive together each find
 * none and insert (the unique key turns all but one into failures answered 500), and each finds it recorded and
 * asks the provider for the refund.
 */
export const naiveReceipts: ReceiptStrategy = {
  async record(database, input, now) {
    const [seen] = await database.query<{ id: number }>('SELECT id FROM unmatched_receipts WHERE provider = $1 AND transaction_id = $2', [
      input.provider,
      input.transactionId,
    ]);
    if (seen) return seen.id;
    await gap();
    return database.transaction(async (q) => (await insertReceipt(q, input, now, 'fail'))!);
  },
  async claim(query, receiptId, now) {
    const [row] = await query<UnmatchedReceiptRow>('SELECT * FROM unmatched_receipts WHERE id = $1', [receiptId]);
    if (!row || row.state !== 'recorded' || new Date(row.retry_at) > now) return null;
    // Sweeps started together reach this read a few milliseconds apart (each closes orders and follows up refunds
    // first): the window stays open long enough for every one of them to read 'recorded' before any writes.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [moved] = await query<UnmatchedReceiptRow>(
      `UPDATE unmatched_receipts SET state = 'refunding', attempts = $2, updated_at = $3 WHERE id = $1 RETURNING *`,
      [receiptId, row.attempts + 1, now],
    );
    return moved ?? null;
  },
};

/**
 * A purchase that reads the balance before its transaction and writes what it read minus the price (issue 46):
 * parallel purchases each see the whole balance, each is let through, and the last write wins — more is bought
 * than was paid for, and the ledger no longer adds up to the balance.
 */
export const naiveBalance: BalanceStrategy = {
  async prepare(database, userId) {
    const [row] = await database.query<Pick<UserRow, 'balance_fen'>>('SELECT balance_fen FROM users WHERE id = $1', [userId]);
    const seen = row?.balance_fen ?? 0;
    return {
      async debit(q, id, amountFen) {
        if (seen < amountFen) return null;
        await gap();
        const [after] = await q<Pick<UserRow, 'balance_fen'>>('UPDATE users SET balance_fen = $2 WHERE id = $1 RETURNING balance_fen', [id, seen - amountFen]);
        return after!.balance_fen;
      },
    };
  },
};

/** A quota use that reads what is left, then writes it minus the units: parallel uses each see the same count. */
export async function naiveConsumeQuota(query: Query, userId: number, kind: TQuotaKind, units: number, now: Date): Promise<number | null> {
  const [row] = await query<Pick<UserQuotaRow, 'remaining'>>('SELECT remaining FROM user_quotas WHERE user_id = $1 AND kind = $2', [userId, kind]);
  if (!row || row.remaining < units) return null;
  await gap();
  await query('UPDATE user_quotas SET remaining = $3, used = used + $4, updated_at = $5 WHERE user_id = $1 AND kind = $2', [
    userId,
    kind,
    row.remaining - units,
    units,
    now,
  ]);
  return row.remaining - units;
}

/**
 * A coupon use that reads whether the coupon is used before the purchase's transaction, then marks it used
 * unconditionally (issue 46): parallel purchases each see it unused, and each takes its discount.
 */
export const naiveCoupon: CouponStrategy = {
  async prepare(database, userId, code) {
    const [row] = await database.query<Pick<UserCouponRow, 'used_at'>>('SELECT used_at FROM user_coupons WHERE code = $1 AND user_id = $2', [code, userId]);
    const seenUsed = !row || row.used_at !== null;
    // The work a real check leaves between its read and its transaction (the parallel purchases read meanwhile).
    for (let i = 0; i < 20; i++) await gap();
    return {
      async take(q, id, couponCode, orderNo, now) {
        if (seenUsed) return false;
        await gap();
        await q('UPDATE user_coupons SET used_at = $3, order_no = $4 WHERE code = $1 AND user_id = $2', [couponCode, id, now, orderNo]);
        return true;
      },
    };
  },
};

/**
 * A risk screening that reads the owner's units and the unscreened sheets, then marks them screened and writes
 * the units back with no lock or condition: parallel screenings claim the same sheets and charge them again. The
 * `parties` screenings meet after their reads, so the overlap is certain and not left to the pool's timing.
 */
export function naiveRiskScreen(parties: number): RiskScreenStrategy {
  const barrier = meetingPoint(parties);
  return async (database, project, now) => {
    const q = database.query;
    const [quota] = await q<Pick<UserQuotaRow, 'remaining'>>(`SELECT remaining FROM user_quotas WHERE user_id = $1 AND kind = 'risk'`, [project.owner_id]);
    const have = quota?.remaining ?? 0;
    const rows = await q<Pick<AnswerSheetRow, 'id'>>(
      'SELECT id FROM answer_sheets WHERE project_id = $1 AND status = 1 AND risk_screened_at IS NULL ORDER BY created_at, id LIMIT $2',
      [project.id, have],
    );
    await barrier();
    if (!rows.length) return { screened: 0, flagged: 0 };
    const ids = rows.map((r) => r.id);
    await q('UPDATE answer_sheets SET risk_screened_at = $2 WHERE id = ANY($1::int[])', [ids, now]);
    await q(`UPDATE user_quotas SET remaining = $2, used = used + $3, updated_at = $4 WHERE user_id = $1 AND kind = 'risk'`, [
      project.owner_id,
      have - ids.length,
      ids.length,
      now,
    ]);
    return { screened: ids.length, flagged: await flagClaimed(q, project.id, ids) };
  };
}

/** 答题白名单: reads the entry's count before the sheet's transaction, then adds one without a condition. */
export const naiveWhiteClaim: WhiteClaimStrategy = {
  async precheck(query, c) {
    const [row] = await query<{ answer_count: number }>('SELECT answer_count FROM whitelist_entries WHERE id = $1 AND project_id = $2', [
      c.entryId,
      c.projectId,
    ]);
    await gap();
    return row !== undefined && row.answer_count < c.allowed;
  },
  async claim(query, c) {
    await query('UPDATE whitelist_entries SET answer_count = answer_count + 1, answered_at = $2 WHERE id = $1', [c.entryId, c.now]);
    return true;
  },
};

// 答题抽奖 (issue 49 item 5): reads the prize's stock and what is won before the draw's transaction, then writes what
// it read plus one with no condition: parallel draws all see a place left and the prize has too many winners.
export const naiveDrawStock: DrawStockStrategy = {
  async prepare(query, prizeId) {
    const [row] = await query<Pick<DrawPrizeRow, 'won' | 'stock'>>('SELECT won, stock FROM draw_prizes WHERE id = $1', [prizeId]);
    for (let i = 0; i < 20; i++) await gap();
    return {
      async take(q, id) {
        if (!row || row.won >= row.stock) return false;
        await q('UPDATE draw_prizes SET won = $2 WHERE id = $1', [id, row.won + 1]);
        return true;
      },
    };
  },
};

// 通讯录 (issue 50 item 1): reads the book's count before the insert's transaction and inserts with no condition
// and no lock: parallel adds all see room and the book passes its limit.
export const naiveContactCap: ContactCapStrategy = {
  async precheck(query, userId, kind, adding) {
    const count = await countOf(query, userId, kind);
    for (let i = 0; i < 5; i++) await gap();
    return count + adding <= CONTACT_LIMITS[kind];
  },
  guard: async () => 'TRUE',
};

// Issue 50 (helper sms): a send reads the SMS counts before its transaction and then writes what it read minus its
// use, with no condition: two parallel sends both see 100 left and queue 120 messages in all.
export const naiveSmsQuota: SmsQuotaStrategy = {
  async prepare(query, userId) {
    const [row] = await query<Pick<UserQuotaRow, 'remaining'>>(`SELECT remaining FROM user_quotas WHERE user_id = $1 AND kind = 'sms'`, [userId]);
    for (let i = 0; i < 20; i++) await gap();
    let left = row?.remaining ?? 0;
    return {
      async take(q, units) {
        if (left < units) return false;
        left -= units;
        await q(`UPDATE user_quotas SET remaining = $2 WHERE user_id = $1 AND kind = 'sms'`, [userId, left]);
        return true;
      },
    };
  },
};

// Issue 50 (helper sms): a contact link read before the sheet's transaction and claimed with no condition: ten parallel
// submits through one one-sheet link all see it unanswered and all store a sheet.
export const naiveLinkClaim: LinkClaimStrategy = {
  async precheck(query, c) {
    const [row] = await query<{ sheet_id: number | null; one_sheet: boolean }>(
      'SELECT sheet_id, one_sheet FROM contact_links WHERE token = $1 AND project_id = $2',
      [c.token, c.projectId],
    );
    await gap();
    return row !== undefined && (!row.one_sheet || row.sheet_id === null);
  },
  async claim(query, c) {
    await query('UPDATE contact_links SET sheet_id = $2, answered_at = $3 WHERE token = $1', [c.token, c.sheetId, c.now]);
    return true;
  },
};

// Issue 51: coins read before the caller's transaction and written back as what was read plus the change, with no
// condition: parallel spends all see the same balance, so together they spend more than it held (and earns are lost).
export const naiveCoins: CoinStrategy = {
  async prepare(query, userId, brand) {
    const [row] = await query<{ balance: number }>('SELECT balance FROM coin_accounts WHERE user_id = $1 AND brand = $2', [userId, brand]);
    for (let i = 0; i < 20; i++) await gap();
    const read = row?.balance ?? 0;
    return {
      async change(q, c) {
        if (read + c.delta < 0) return null;
        await q(
          `INSERT INTO coin_accounts (user_id, brand, balance) VALUES ($1, $2, $3) ON CONFLICT (user_id, brand) DO UPDATE SET balance = EXCLUDED.balance`,
          [c.userId, c.brand, read + c.delta],
        );
        await writeCoinLedger(q, c, read + c.delta);
        return read + c.delta;
      },
    };
  },
};

// Task rewards (issue 51 item 2): reads rewarded_at before the reward's transaction, then marks it rewarded with
// no condition: parallel claims all see an unclaimed reward and each goes on to pay it.
export const naiveTaskClaim: TaskClaimStrategy = {
  async prepare(query, key) {
    const [row] = await query<{ completed_at: Date | null; rewarded_at: Date | null }>(
      'SELECT completed_at, rewarded_at FROM user_tasks WHERE user_id = $1 AND brand = $2 AND task_code = $3 AND period = $4',
      [key.userId, key.brand, key.code, key.period],
    );
    for (let i = 0; i < 20; i++) await gap();
    return {
      async claim(q, k, reward, at) {
        if (!row?.completed_at || row.rewarded_at) return false;
        await q('UPDATE user_tasks SET rewarded_at = $5, reward = $6 WHERE user_id = $1 AND brand = $2 AND task_code = $3 AND period = $4', [
          k.userId,
          k.brand,
          k.code,
          k.period,
          at,
          reward,
        ]);
        return true;
      },
    };
  },
};

// Issue 51 (helper gifts): a gift's stock read before the exchange's transaction and written back as what was read
// less one, unconditionally: fifty exchanges of a gift with 7 left all see stock and all exchange.
export const naiveGiftStock: GiftStockStrategy = {
  async prepare(query, giftId) {
    const [row] = await query<{ stock: number }>('SELECT stock FROM gifts WHERE id = $1', [giftId]);
    for (let i = 0; i < 20; i++) await gap();
    const read = row?.stock ?? 0;
    return {
      async take(q, id) {
        if (read <= 0) return false;
        await q('UPDATE gifts SET stock = $2 WHERE id = $1', [id, read - 1]);
        return true;
      },
    };
  },
};

// Issue 51 (helper space): a space answer reads the release's paid total before its transaction and writes what it
// read plus the reward, with no condition: parallel answers all see the budget unspent and more are paid than it holds.
export const naiveSpaceBudget: SpaceBudgetStrategy = {
  async prepare(query, releaseId) {
    const [row] = await query<{ paid: number; answers: number; budget: number; state: string }>(
      'SELECT paid, answers, budget, state FROM space_releases WHERE id = $1',
      [releaseId],
    );
    for (let i = 0; i < 20; i++) await gap();
    return {
      async take(q, id, reward) {
        if (!row || row.state !== 'open' || row.paid + reward > row.budget) return null;
        await q('UPDATE space_releases SET paid = $2, answers = $3 WHERE id = $1', [id, row.paid + reward, row.answers + 1]);
        return { paid: row.paid + reward, budget: row.budget };
      },
    };
  },
};

// Issue 52 (helper model): an AI count read before anything is written and then set to what was read minus one,
// with no condition. `parties` callers meet at a barrier after their reads, so every one of them saw the same count
// and the overshoot is certain: M parallel generations against N < M counts all run.
export function naiveAiQuota(parties: number): AiQuotaStrategy {
  const barrier = meetingPoint(parties);
  return {
    async take(database, userId, purpose, reference, now) {
      const [row] = await database.query<Pick<UserQuotaRow, 'remaining'>>(`SELECT remaining FROM user_quotas WHERE user_id = $1 AND kind = 'ai'`, [userId]);
      await barrier();
      const left = row?.remaining ?? 0;
      if (left < 1) return null;
      await database.query(`UPDATE user_quotas SET remaining = $2, used = used + 1, updated_at = $3 WHERE user_id = $1 AND kind = 'ai'`, [
        userId,
        left - 1,
        now,
      ]);
      const [use] = await database.query<{ id: number }>(`INSERT INTO ai_uses (user_id, purpose, units, reference) VALUES ($1, $2, 1, $3) RETURNING id`, [
        userId,
        purpose,
        reference,
      ]);
      return { useId: Number(use!.id), remaining: left - 1 };
    },
  };
}
