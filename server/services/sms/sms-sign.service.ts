import { SMS_MESSAGES, SMS_SIGN_MAX, type TSmsSign, type TSmsSignStatus } from '../../../schemas/api/sms';
import type { Database, Query } from '../../db/client';
import type { SmsSignRow } from '../../db/rows';
import type { AuthUser } from '../access/sessions.service';
import { quotasOf } from '../money/quota.service';
import { AppError, badInput, conflict, notFound } from '../errors';

/**
 * 短信签名 (/smsSign/index.html, issue 50 item 2): a user applies for signatures (审核中), an operator approves or
 * rejects them with a reason (dev/smsSign/*), and the user chooses the approved one that signs their SMS sends.
 */
export const signView = (r: SmsSignRow): TSmsSign => ({
  signId: r.id,
  name: r.name,
  purpose: r.purpose,
  state: r.state,
  reason: r.reason,
  chosen: r.chosen,
  createTime: new Date(r.created_at).toISOString(),
  reviewTime: r.reviewed_at ? new Date(r.reviewed_at).toISOString() : null,
});

export async function listSigns(query: Query, user: AuthUser): Promise<{ list: TSmsSign[] }> {
  const rows = await query<SmsSignRow>('SELECT * FROM sms_signs WHERE user_id = $1 ORDER BY id DESC', [user.id]);
  return { list: rows.map(signView) };
}

const uniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** Apply for a signature, or change one not yet approved (it goes back to review). */
export async function saveSign(database: Database, user: AuthUser, body: { signId?: number; name: string; purpose: string }, now: Date): Promise<TSmsSign> {
  if (/[【】[\]]/.test(body.name)) throw badInput(SMS_MESSAGES.signBrackets, 'name');
  try {
    return await database.transaction(async (q) => {
      if (body.signId) {
        const [row] = await q<SmsSignRow>(
          `UPDATE sms_signs SET name = $3, purpose = $4, state = 'reviewing', reason = NULL, reviewed_at = NULL, updated_at = $5
           WHERE id = $1 AND user_id = $2 AND state <> 'approved' RETURNING *`,
          [body.signId, user.id, body.name, body.purpose, now],
        );
        if (row) return signView(row);
        const [had] = await q<SmsSignRow>('SELECT * FROM sms_signs WHERE id = $1 AND user_id = $2', [body.signId, user.id]);
        throw had ? conflict(SMS_MESSAGES.signReviewed) : notFound(SMS_MESSAGES.signNotFound);
      }
      // The user's row serialises parallel applications, so the cap holds.
      await q('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user.id]);
      const [count] = await q<{ n: number }>('SELECT count(*)::int AS n FROM sms_signs WHERE user_id = $1', [user.id]);
      if (count!.n >= SMS_SIGN_MAX) throw badInput(SMS_MESSAGES.signTooMany);
      const [row] = await q<SmsSignRow>(`INSERT INTO sms_signs (user_id, name, purpose, created_at, updated_at) VALUES ($1, $2, $3, $4, $4) RETURNING *`, [
        user.id,
        body.name,
        body.purpose,
        now,
      ]);
      return signView(row!);
    });
  } catch (error) {
    if (uniqueViolation(error)) throw conflict(SMS_MESSAGES.signDuplicate);
    throw error;
  }
}

/** The chosen approved signature, or null. */
export async function chosenSign(query: Query, userId: number): Promise<SmsSignRow | null> {
  const [row] = await query<SmsSignRow>(`SELECT * FROM sms_signs WHERE user_id = $1 AND chosen AND state = 'approved'`, [userId]);
  return row ?? null;
}

export async function signStatus(query: Query, user: AuthUser): Promise<TSmsSignStatus> {
  const rows = await query<SmsSignRow>('SELECT * FROM sms_signs WHERE user_id = $1', [user.id]);
  const chosen = rows.find((r) => r.chosen && r.state === 'approved');
  const quotas = await quotasOf(query, user.id);
  return {
    chosen: chosen ? signView(chosen) : null,
    approved: rows.filter((r) => r.state === 'approved').length,
    reviewing: rows.filter((r) => r.state === 'reviewing').length,
    smsRemaining: quotas.sms,
  };
}

/** Choose the approved signature that signs sends (the one chosen before is unchosen in the same transaction). */
export async function chooseSign(database: Database, user: AuthUser, signId: number, now: Date): Promise<TSmsSign> {
  return database.transaction(async (q) => {
    const [row] = await q<SmsSignRow>('SELECT * FROM sms_signs WHERE id = $1 AND user_id = $2 FOR UPDATE', [signId, user.id]);
    if (!row) throw notFound(SMS_MESSAGES.signNotFound);
    if (row.state !== 'approved') throw badInput(SMS_MESSAGES.signNotApproved);
    await q('UPDATE sms_signs SET chosen = false, updated_at = $2 WHERE user_id = $1 AND chosen AND id <> $3', [user.id, now, signId]);
    const [chosen] = await q<SmsSignRow>('UPDATE sms_signs SET chosen = true, updated_at = $2 WHERE id = $1 RETURNING *', [signId, now]);
    return signView(chosen!);
  });
}

// The operator's review (dev/smsSign/*).

export async function reviewList(query: Query, state: string | undefined) {
  const rows = await query<SmsSignRow & { account: string }>(
    `SELECT s.*, u.phone AS account FROM sms_signs s JOIN users u ON u.id = s.user_id
     WHERE ($1::text IS NULL OR s.state = $1) ORDER BY s.id DESC LIMIT 200`,
    [state ?? null],
  );
  return { list: rows.map((r) => ({ ...signView(r), userId: r.user_id, account: r.account })) };
}

/** Approve or reject a signature in review; a user's first approved signature is chosen at once. */
export async function reviewSign(database: Database, signId: number, decision: { approve: true } | { approve: false; reason: string }, now: Date) {
  return database.transaction(async (q) => {
    const [row] = await q<SmsSignRow>(
      `UPDATE sms_signs SET state = $2, reason = $3, reviewed_at = $4, updated_at = $4 WHERE id = $1 AND state = 'reviewing' RETURNING *`,
      [signId, decision.approve ? 'approved' : 'rejected', decision.approve ? null : decision.reason, now],
    );
    if (!row) {
      const [had] = await q('SELECT id FROM sms_signs WHERE id = $1', [signId]);
      throw had ? new AppError('409', SMS_MESSAGES.signNotReviewing) : notFound(SMS_MESSAGES.signNotFound);
    }
    if (!decision.approve) return signView(row);
    const [chosen] = await q<SmsSignRow>(
      `UPDATE sms_signs SET chosen = true WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM sms_signs o WHERE o.user_id = $2 AND o.chosen) RETURNING *`,
      [signId, row.user_id],
    );
    return signView(chosen ?? row);
  });
}
