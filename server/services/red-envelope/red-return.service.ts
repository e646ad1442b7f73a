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
  const reference = `${row.order_no}-R`;
  await q(`INSERT INTO red_envelope_ledger (${ownerCol(owner)}, kind, amount_fen, reference, created_at) VALUES ($1, 'return', $2, $3, $4)`, [
    owner.id,
    row.returned_fen,
    reference,
    now,
  ]);
  if (row.payer_id === null) return row.returned_fen;
  const after = await credit(q, row.payer_id, row.returned_fen);
  await writeLedger(q, {
    userId: row.payer_id,
    amountFen: row.returned_fen,
    reason: 'redpacketReturn',
    orderNo: row.order_no!,
    reference,
    title: '红包结束，未发放金额退回',
    balanceAfterFen: after,
    at: now,
  });
  return row.returned_fen;
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
