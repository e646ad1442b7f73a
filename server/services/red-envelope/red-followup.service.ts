import type { Database } from '../../db/client';
import { col, defineSql } from '../../db/sql';
import type { PayProviders } from '../../providers/pay-from-env';
import { sendPayout } from './red-payout.service';

const FOLLOW_BATCH = 50;
/** A payout is left alone this long after it last moved (its own approval may still be sending it). */
export const PAYOUT_FOLLOW_GRACE_MS = 60_000;

const stuckSql = defineSql(
  'red-followup.stuck',
  { id: col.int, out_batch_no: col.text, provider: col.text.orNull(), amount_fen: col.int, payee: col.text, attempts: col.int },
  `SELECT id, out_batch_no, provider, amount_fen, payee, attempts FROM red_envelope_payouts
     WHERE state = 'paying' AND updated_at <= $1 ORDER BY updated_at, id LIMIT $2`,
);

/**
 * Payouts stuck in 发放中 (issue 49 gaps, item 3): a transfer the provider accepted but had not finished (WeChat's
 * batch ACCEPTED / PROCESSING) is asked again by its out_batch_no and moved to paid or failed — one conditional
 * UPDATE from 'paying', so two sweeps never settle it twice. A failed one stays retryable (retryRedPacket) and its
 * amount stays allocated: the envelope's accounting does not move until a retry pays it or the envelope ends. A
 * payout claimed but never sent (the process stopped between the approval's commit and the transfer) is sent now
 * with its own out_batch_no, which never pays twice. Answers how many left 发放中.
 */
export async function followUpPayouts(deps: { database: Database; pay: PayProviders; now: () => Date }): Promise<number> {
  const now = deps.now();
  const rows = await stuckSql.run(deps.database.query, [new Date(now.getTime() - PAYOUT_FOLLOW_GRACE_MS), FOLLOW_BATCH]);
  let settled = 0;
  for (const row of rows) {
    if (row.attempts === 0) {
      const sent = await sendPayout(deps.database.query, deps.pay, row, now);
      if (sent.state !== 'paying') settled += 1;
      continue;
    }
    const provider = row.provider ? deps.pay.byName(row.provider) : null;
    const answer = provider?.queryTransfer ? await provider.queryTransfer(row.out_batch_no).catch(() => null) : null;
    if (!answer || answer.state === 'processing') {
      // Asked and still running (or unreachable): to the back of the queue, so others are asked next time.
      await deps.database.query(`UPDATE red_envelope_payouts SET updated_at = $2 WHERE id = $1 AND state = 'paying'`, [row.id, now]);
      continue;
    }
    const paid = answer.state === 'success';
    const moved = await deps.database.query(
      `UPDATE red_envelope_payouts SET state = $2, transfer_id = coalesce($3, transfer_id), fail_reason = $4,
         paid_at = CASE WHEN $2 = 'paid' THEN $5::timestamptz ELSE paid_at END, updated_at = $5
       WHERE id = $1 AND state = 'paying' RETURNING id`,
      [row.id, paid ? 'paid' : 'failed', answer.transferId ?? null, paid ? null : (answer.failReason ?? '转账失败'), now],
    );
    if (moved.length) settled += 1;
  }
  return settled;
}
