import { randomInt } from 'node:crypto';
import type { TDecisions, TUnapprovedSheet } from '../../../schemas/api/red-envelope';
import { RED_MESSAGES } from '../../../schemas/red-envelope/rules';
import type { Database, Query } from '../../db/client';
import type { RedEnvelopePayoutRow } from '../../db/rows';
import type { PayProviders } from '../../providers/pay-from-env';
import { AppError } from '../errors';
import { ownerCol, runningEnvelope, type RedOwner } from './red-envelope-access';
import { exactBudget, type BudgetStrategy } from './red-budget';
import { payeeLabel, payeeOf, pendingSheet, pendingSheets } from './red-qualify';
import { sendPayout } from './red-payout.service';

type Decision = TDecisions['results'][number];
const refused = (sheetId: string, message: string): Decision => ({ sheetId, ok: false, amountFen: 0, state: null, message });

async function decidedRefusal(q: Query, owner: RedOwner, sheetId: string): Promise<string> {
  const column = ownerCol(owner);
  const [payout] = await q<{ n: number }>(`SELECT 1 AS n FROM red_envelope_payouts WHERE ${column} = $1 AND sheet_public_id = $2`, [owner.id, sheetId]);
  if (payout) return RED_MESSAGES.decided;
  const exists =
    owner.kind === 'vote'
      ? 'SELECT 1 AS n FROM vote_ballots WHERE vote_id = $1 AND ballot_id = $2 LIMIT 1'
      : 'SELECT 1 AS n FROM answer_sheets WHERE project_id = $1 AND public_id = $2';
  const [sheet] = await q<{ n: number }>(exists, [owner.id, sheetId]);
  return sheet ? RED_MESSAGES.notQualified : RED_MESSAGES.noSheet;
}

/** Claim a sheet's decision once (the unique (project or vote, sheet)); null when it was already decided. */
async function claim(q: Query, owner: RedOwner, sheet: { id: number; public_id: string; payee: string }, state: 'paying' | 'rejected', by: number, now: Date) {
  const [row] = await q<RedEnvelopePayoutRow>(
    `INSERT INTO red_envelope_payouts (${ownerCol(owner)}, sheet_id, sheet_public_id, state, payee, out_batch_no, decided_by, decided_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT (${ownerCol(owner)}, sheet_id) DO NOTHING RETURNING *`,
    [owner.id, sheet.id, sheet.public_id, state, sheet.payee, batchNo(owner, sheet.id), by, now],
  );
  return row ?? null;
}

/** The transfer's idempotency key, one per sheet: RP<project>S<sheet>, or RV<vote>B<ballot row> for a vote. */
const batchNo = (owner: RedOwner, sheetId: number) => (owner.kind === 'vote' ? `RV${owner.id}B${sheetId}` : `RP${owner.id}S${sheetId}`);

/**
 * Approve one sheet in one transaction: claim its decision, take its envelope from the budget (the strategy's one
 * statement), the payout's amount and its ledger row; a sheet that does not qualify, was decided, or finds the
 * envelopes gone is refused and nothing is kept.
 */
async function approveOne(database: Database, owner: RedOwner, sheetId: string, by: number, now: Date, strategy: BudgetStrategy) {
  const take = await strategy.prepare(database.query, owner);
  return database.transaction(async (q) => {
    const sheet = await pendingSheet(q, owner, sheetId);
    if (!sheet) return { decision: refused(sheetId, await decidedRefusal(q, owner, sheetId)), payout: null };
    const payout = await claim(q, owner, { ...sheet, payee: payeeOf(sheet, owner.kind) }, 'paying', by, now);
    if (!payout) return { decision: refused(sheetId, RED_MESSAGES.decided), payout: null };
    const amount = await take(q, owner, randomInt(0, 1_000_000) / 1_000_000, now);
    if (amount === null) throw new AppError('409', RED_MESSAGES.exhausted);
    await q('UPDATE red_envelope_payouts SET amount_fen = $2 WHERE id = $1', [payout.id, amount]);
    await q(`INSERT INTO red_envelope_ledger (${ownerCol(owner)}, kind, amount_fen, reference, created_at) VALUES ($1, 'payout', $2, $3, $4)`, [
      owner.id,
      amount,
      payout.out_batch_no,
      now,
    ]);
    return { decision: null, payout: { ...payout, amount_fen: amount } };
  });
}

async function approveAndSend(database: Database, pay: PayProviders, owner: RedOwner, sheetId: string, by: number, now: Date, strategy: BudgetStrategy) {
  let taken;
  try {
    taken = await approveOne(database, owner, sheetId, by, now, strategy);
  } catch (error) {
    if (error instanceof AppError) return refused(sheetId, error.message);
    throw error;
  }
  if (!taken.payout) return taken.decision!;
  const sent = await sendPayout(database.query, pay, taken.payout, now);
  return { sheetId, ok: true, amountFen: sent.amount_fen, state: sent.state, message: sent.fail_reason ?? '' };
}

const summary = (results: Decision[]): TDecisions => ({ results, done: results.filter((r) => r.ok).length, refused: results.filter((r) => !r.ok).length });

/** approveRedPacket: each sheet of the batch on its own (one refused sheet never undoes another's payout). */
export async function approveSheets(
  database: Database,
  pay: PayProviders,
  owner: RedOwner,
  sheetIds: string[],
  by: number,
  now: Date,
  strategy: BudgetStrategy = exactBudget,
): Promise<TDecisions> {
  await runningEnvelope(database.query, owner);
  const results: Decision[] = [];
  for (const sheetId of new Set(sheetIds)) results.push(await approveAndSend(database, pay, owner, sheetId, by, now, strategy));
  return summary(results);
}

/** rejectRedPacket: the sheet's decision recorded as rejected (once); no money moves. */
export async function rejectSheets(database: Database, owner: RedOwner, sheetIds: string[], by: number, now: Date): Promise<TDecisions> {
  await runningEnvelope(database.query, owner);
  const results: Decision[] = [];
  for (const sheetId of new Set(sheetIds)) {
    const decision = await database.transaction(async (q) => {
      const sheet = await pendingSheet(q, owner, sheetId);
      if (!sheet) return refused(sheetId, await decidedRefusal(q, owner, sheetId));
      const row = await claim(q, owner, { ...sheet, payee: payeeOf(sheet, owner.kind) }, 'rejected', by, now);
      return row ? { sheetId, ok: true, amountFen: 0, state: 'rejected' as const, message: '' } : refused(sheetId, RED_MESSAGES.decided);
    });
    results.push(decision);
  }
  return summary(results);
}

/**
 * retryRedPacket: a failed payout sent again, or one still 发放中 asked again, with its own out_batch_no (the
 * provider answers a repeated number with the first transfer's state: never a second payment).
 */
export async function retryPayouts(database: Database, pay: PayProviders, owner: RedOwner, sheetIds: string[], now: Date): Promise<TDecisions> {
  const results: Decision[] = [];
  for (const sheetId of new Set(sheetIds)) {
    const [payout] = await database.query<RedEnvelopePayoutRow>(
      `SELECT * FROM red_envelope_payouts WHERE ${ownerCol(owner)} = $1 AND sheet_public_id = $2 AND state IN ('failed', 'paying')`,
      [owner.id, sheetId],
    );
    if (!payout) {
      results.push(refused(sheetId, RED_MESSAGES.notFailed));
      continue;
    }
    const sent = await sendPayout(database.query, pay, payout, now);
    results.push({ sheetId, ok: sent.state !== 'failed', amountFen: sent.amount_fen, state: sent.state, message: sent.fail_reason ?? '' });
  }
  return summary(results);
}

/** getUnapprovedList: the qualifying sheets waiting for review, oldest first, with their suspect marks. */
export async function unapprovedPage(query: Query, owner: RedOwner, page: number, pageSize: number): Promise<{ list: TUnapprovedSheet[]; total: number }> {
  const found = await pendingSheets(query, owner, page, pageSize);
  return {
    total: found.total,
    list: found.list.map((s) => ({
      sheetId: s.public_id,
      submitTime: new Date(s.created_at).toISOString(),
      score: s.score,
      suspect: s.suspect,
      suspectReason: s.suspect_reason,
      payee: payeeLabel(payeeOf(s, owner.kind)),
    })),
  };
}
