import type { Database, Query } from '../../db/client';
import type { RedEnvelopeRow } from '../../db/rows';
import type { AuthUser } from '../access/sessions.service';
import { credit, writeLedger } from '../money/balance.service';
import { moveToBin } from '../projects/project-bin.service';
import { envelopeOwner, ownerCol, projectOwner, runningEnvelope, type RedOwner, type RedRef } from './red-envelope-access';

/**
 * The project ended (endRedPacket, or the project moved to the bin): a running envelope ends and what it still
 * holds goes back to its payer's balance — once (the conditional state change), exactly (budget − allocated),
 * with a row in both ledgers. Payouts already approved keep their money (a failed one can still be retried).
 * Runs in the caller's transaction; the fen returned (0 when nothing was running).
 */
export async function endEnvelope(q: Query, owner: RedOwner, now: Date): Promise<number> {
  const [row] = await q<Pick<RedEnvelopeRow, 'returned_fen' | 'payer_id' | 'order_no'>>(
    `UPDATE red_envelopes SET state = 'ended', returned_fen = budget_fen - allocated_fen, ended_at = $2, updated_at = $2
     WHERE ${ownerCol(owner)} = $1 AND state = 'running' RETURNING returned_fen, payer_id, order_no`,
    [owner.id, now],
  );
  if (!row || row.returned_fen <= 0) return 0;
  await returnToPayer(q, owner, { ...row, amount: row.returned_fen, reference: `${row.order_no}-R`, title: '红包结束，未发放金额退回' }, now);
  return row.returned_fen;
}

/** Money leaving an envelope back to its payer's balance: a 'return' row in the envelope's ledger and one in the payer's. */
export async function returnToPayer(
  q: Query,
  owner: RedOwner,
  back: { amount: number; reference: string; title: string; payer_id: number | null; order_no: string | null },
  now: Date,
): Promise<void> {
  await q(`INSERT INTO red_envelope_ledger (${ownerCol(owner)}, kind, amount_fen, reference, created_at) VALUES ($1, 'return', $2, $3, $4)`, [
    owner.id,
    back.amount,
    back.reference,
    now,
  ]);
  if (back.payer_id === null) return;
  const after = await credit(q, back.payer_id, back.amount);
  await writeLedger(q, {
    userId: back.payer_id,
    amountFen: back.amount,
    reason: 'redpacketReturn',
    orderNo: back.order_no!,
    reference: back.reference,
    title: back.title,
    balanceAfterFen: after,
    at: now,
  });
}

/** endRedPacket: the creator ends a running envelope (edit power). */
export async function endByCreator(database: Database, user: AuthUser | null, ref: RedRef, now: Date): Promise<void> {
  await database.transaction(async (q) => {
    const { owner } = await envelopeOwner(q, user, ref, 'edit');
    await runningEnvelope(q, owner);
    await endEnvelope(q, owner, now);
  });
}

/** Deleting a project ends it: into the bin, and its running envelope's unspent budget back to the payer, in one transaction. */
export async function deleteProject(database: Database, projectId: number, now: Date): Promise<void> {
  await database.transaction(async (q) => {
    await moveToBin(q, projectId);
    await endEnvelope(q, projectOwner(projectId), now);
  });
}
