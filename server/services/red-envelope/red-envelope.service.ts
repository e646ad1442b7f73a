import type { TRedEnvelope, TRedPacketView } from '../../../schemas/api/red-envelope';
import { QUESTION_TYPE } from '../../../schemas/project-kinds';
import { RED_MESSAGES, ruleProblem, type TRedRule } from '../../../schemas/red-envelope/rules';
import type { Database, Query } from '../../db/client';
import type { RedEnvelopeRow } from '../../db/rows';
import type { PayProviders } from '../../providers/pay-from-env';
import type { AuthUser } from '../access/sessions.service';
import { balanceOf, exactDebit, writeLedger } from '../money/balance.service';
import { newOrderNo, withFreshOrderNo } from '../order-no';
import { badInput, conflict } from '../errors';
import { col, defineSql } from '../../db/sql';
import { envelopeOwner, ownerCol, readEnvelope, type EnvelopeAccess, type RedOwner, type RedRef } from './red-envelope-access';
import { pendingCount } from './red-qualify';
import { transferProviderOf } from './red-payout.service';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function envelopeView(row: RedEnvelopeRow): TRedEnvelope {
  return {
    amountMode: row.amount_mode,
    minFen: row.min_fen,
    maxFen: row.max_fen,
    totalCount: row.total_count,
    budgetFen: row.budget_fen,
    qualify: row.qualify,
    minScore: row.min_score,
    firstN: row.first_n,
    state: row.state,
    paidCount: row.paid_count,
    allocatedFen: row.allocated_fen,
    returnedFen: row.returned_fen,
    heldFen: row.state === 'unpaid' ? 0 : row.budget_fen - row.allocated_fen - row.returned_fen,
    paidTime: iso(row.paid_at),
    endedTime: iso(row.ended_at),
  };
}

const payoutCountsSql = defineSql(
  'red-envelope.payoutCounts',
  { paying: col.int, paid: col.int, failed: col.int, rejected: col.int },
  (column: 'project_id' | 'vote_id') =>
    `SELECT count(*) FILTER (WHERE state = 'paying')::int AS paying, count(*) FILTER (WHERE state = 'paid')::int AS paid,
            count(*) FILTER (WHERE state = 'failed')::int AS failed, count(*) FILTER (WHERE state = 'rejected')::int AS rejected
     FROM red_envelope_payouts WHERE ${column} = $1`,
  [['project_id'], ['vote_id']],
);

async function payoutCounts(query: Query, owner: RedOwner) {
  const [row] = await payoutCountsSql.run(query, [owner.id], ownerCol(owner));
  return { pending: await pendingCount(query, owner), ...row! };
}

/** activity/question/redPacket/getRedPacket: the rule, its state and money, the review counts. */
export async function redPacketView(query: Query, pay: PayProviders, user: AuthUser, access: EnvelopeAccess): Promise<TRedPacketView> {
  const row = await readEnvelope(query, access.owner);
  const vote = access.owner.kind === 'vote';
  return {
    questionId: vote ? '' : access.publicId,
    voteId: vote ? access.publicId : null,
    title: access.title,
    questionType: access.questionType,
    powerType: access.powerType,
    envelope: row ? envelopeView(row) : null,
    balanceFen: await balanceOf(query, user.id),
    counts: await payoutCounts(query, access.owner),
    transferProvider: transferProviderOf(pay)?.name === 'wechat' ? 'wechat' : transferProviderOf(pay) ? 'sandbox' : null,
  };
}

/** saveRedPacket: the rule, while nothing is paid in (after that the money held follows it). */
export async function saveRule(database: Database, user: AuthUser | null, ref: RedRef, rule: TRedRule, now: Date): Promise<void> {
  await database.transaction(async (q) => {
    const { owner, questionType } = await envelopeOwner(q, user, ref, 'edit');
    const normal: TRedRule = rule.amountMode === 'fixed' ? { ...rule, maxFen: rule.minFen } : rule;
    const problem = ruleProblem(normal, questionType === QUESTION_TYPE.exam);
    if (problem) throw badInput(problem);
    const column = ownerCol(owner);
    const saved = await q(
      `INSERT INTO red_envelopes (${column}, amount_mode, min_fen, max_fen, total_count, budget_fen, qualify, min_score, first_n, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (${column}) DO UPDATE SET amount_mode = $2, min_fen = $3, max_fen = $4, total_count = $5, budget_fen = $6, qualify = $7,
         min_score = $8, first_n = $9, updated_at = $10
       WHERE red_envelopes.state = 'unpaid' RETURNING 1`,
      [
        owner.id,
        normal.amountMode,
        normal.minFen,
        normal.maxFen,
        normal.totalCount,
        normal.budgetFen,
        normal.qualify,
        normal.qualify === 'score' ? normal.minScore : null,
        normal.qualify === 'first' ? normal.firstN : null,
        now,
      ],
    );
    if (!saved.length) throw conflict(RED_MESSAGES.locked);
  });
}

/**
 * payRedPacket: the budget leaves the caller's balance (one conditional statement: never below zero) and is held
 * by the envelope, in one transaction with both ledgers' rows; from now on new sheets qualify.
 */
export async function payIn(database: Database, user: AuthUser | null, ref: RedRef, now: Date, drawOrderNo: (now: Date) => string = newOrderNo): Promise<void> {
  // A number drawn twice in one second meets the ledgers' unique references: the payment runs again with another.
  const draw = () => drawOrderNo(now);
  await withFreshOrderNo(draw(), draw, ['balance_ledger_reference_uq', 'red_envelope_ledger_reference_uq'], (orderNo) =>
    payInWith(database, user, ref, now, orderNo),
  );
}

async function payInWith(database: Database, user: AuthUser | null, ref: RedRef, now: Date, orderNo: string): Promise<true> {
  await database.transaction(async (q) => {
    const { owner, title: projectTitle } = await envelopeOwner(q, user, ref, 'edit');
    const last = owner.kind === 'vote' ? 'SELECT max(id)::int FROM vote_ballots WHERE vote_id = $1' : 'SELECT max(id) FROM answer_sheets WHERE project_id = $1';
    const [row] = await q<RedEnvelopeRow>(
      `UPDATE red_envelopes SET state = 'running', payer_id = $2, order_no = $3, paid_at = $4, updated_at = $4,
         after_sheet_id = coalesce((${last}), 0)
       WHERE ${ownerCol(owner)} = $1 AND state = 'unpaid' RETURNING *`,
      [owner.id, user!.id, orderNo, now],
    );
    if (!row) throw (await readEnvelope(q, owner)) ? conflict(RED_MESSAGES.paid) : badInput(RED_MESSAGES.notSet);
    const after = await exactDebit.debit(q, user!.id, row.budget_fen);
    if (after === null) throw badInput(RED_MESSAGES.balance);
    const title = `红包充值：${projectTitle.replace(/<[^>]*>/g, '').slice(0, 40)}`;
    await writeLedger(q, {
      userId: user!.id,
      amountFen: -row.budget_fen,
      reason: 'redpacket',
      orderNo,
      reference: orderNo,
      title,
      balanceAfterFen: after,
      at: now,
    });
    await q(`INSERT INTO red_envelope_ledger (${ownerCol(owner)}, kind, amount_fen, reference, created_at) VALUES ($1, 'hold', $2, $3, $4)`, [
      owner.id,
      row.budget_fen,
      orderNo,
      now,
    ]);
  });
  return true;
}
