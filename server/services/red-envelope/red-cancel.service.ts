import type { TDecisions } from '../../../schemas/api/red-envelope';
import { RED_MESSAGES } from '../../../schemas/red-envelope/rules';
import type { Database } from '../../db/client';
import type { RedEnvelopePayoutRow, RedEnvelopeRow } from '../../db/rows';
import { ownerCol, type RedOwner } from './red-envelope-access';
import { returnToPayer } from './red-return.service';

type Decision = TDecisions['results'][number];

/**
 * cancelRedPacket (放弃发放): the creator gives up a failed payout. In one transaction per sheet: the payout moves
 * failed → cancelled (one conditional UPDATE, so a retry that pays it meanwhile wins and nothing is given up
 * twice), its amount goes back into the envelope (allocated and the count paid go down: a running envelope can pay
 * another sheet with it; a 'cancel' ledger row), and when the envelope has ended it goes on to the payer's balance
 * at once (returned goes up; 'return' rows in both ledgers).
 */
export async function cancelPayouts(database: Database, owner: RedOwner, sheetIds: string[], now: Date): Promise<TDecisions> {
  const column = ownerCol(owner);
  const results: Decision[] = [];
  for (const sheetId of new Set(sheetIds)) {
    const decision = await database.transaction(async (q): Promise<Decision> => {
      const [payout] = await q<RedEnvelopePayoutRow>(
        `UPDATE red_envelope_payouts SET state = 'cancelled', updated_at = $3 WHERE ${column} = $1 AND sheet_public_id = $2 AND state = 'failed' RETURNING *`,
        [owner.id, sheetId, now],
      );
      if (!payout) return { sheetId, ok: false, amountFen: 0, state: null, message: RED_MESSAGES.notCancellable };
      const ended = `state = 'ended'`;
      const [envelope] = await q<Pick<RedEnvelopeRow, 'state' | 'payer_id' | 'order_no'>>(
        `UPDATE red_envelopes SET allocated_fen = allocated_fen - $2, paid_count = paid_count - 1,
           returned_fen = returned_fen + CASE WHEN ${ended} THEN $2 ELSE 0 END, updated_at = $3
         WHERE ${column} = $1 RETURNING state, payer_id, order_no`,
        [owner.id, payout.amount_fen, now],
      );
      await q(`INSERT INTO red_envelope_ledger (${column}, kind, amount_fen, reference, created_at) VALUES ($1, 'cancel', $2, $3, $4)`, [
        owner.id,
        payout.amount_fen,
        payout.out_batch_no,
        now,
      ]);
      if (envelope!.state === 'ended') {
        const back = { amount: payout.amount_fen, reference: `${payout.out_batch_no}-R`, title: '红包放弃发放，金额退回' };
        await returnToPayer(q, owner, { ...envelope!, ...back }, now);
      }
      return { sheetId, ok: true, amountFen: payout.amount_fen, state: 'cancelled', message: '' };
    });
    results.push(decision);
  }
  return { results, done: results.filter((r) => r.ok).length, refused: results.filter((r) => !r.ok).length };
}
