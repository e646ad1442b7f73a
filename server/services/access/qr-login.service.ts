import { USER_MESSAGES } from '../../../schemas/api/user';
import { badInput, tooMany } from '../errors';
import { randomToken, safeEqual, sha256 } from '../crypto';
import type { Deps } from '../deps';
import { hit } from './rate-limit.service';
import { createSession } from './sessions.service';
import { col, defineSql } from '../../db/sql';

export const QR_SECONDS = 120;

/** The QR code carries only the challenge id; the desktop polls with a separate secret. */
export async function createChallenge(deps: Deps, origin: string, ip: string) {
  if (!(await hit(deps, `qr:ip:${ip}`, 60, 600))) throw tooMany('请求太频繁，请稍后再试');
  const qrId = randomToken(16);
  const pollSecret = randomToken(24);
  await deps.database.query(`INSERT INTO qr_logins (id, poll_secret_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
    qrId,
    sha256(pollSecret),
    QR_SECONDS,
  ]);
  return { qrId, pollSecret, qrContent: `${origin}/auth?qr=${encodeURIComponent(qrId)}`, expiresIn: QR_SECONDS };
}

type Status = 'waiting' | 'scanned' | 'confirmed' | 'expired';

const pollChallengeSql = defineSql(
  'qr-login.pollChallenge',
  { poll_secret_hash: col.text, status: col.text, expired: col.bool },
  'SELECT poll_secret_hash, status, expires_at <= now() AS expired FROM qr_logins WHERE id = $1',
);
const pollChallengeSql2 = defineSql(
  'qr-login.pollChallenge2',
  { user_id: col.int },
  `UPDATE qr_logins SET status = 'delivered' WHERE id = $1 AND status = 'confirmed' RETURNING user_id`,
);

export async function pollChallenge(deps: Deps, qrId: string, pollSecret: string): Promise<{ status: Status; token?: string }> {
  const { database } = deps;
  const rows = await pollChallengeSql.run(database.query, [qrId]);
  const row = rows[0];
  if (!row || !safeEqual(row.poll_secret_hash, sha256(pollSecret))) return { status: 'expired' };
  if (row.status === 'confirmed') {
    // Delivered once: the conditional update decides which poll receives the token.
    const taken = await pollChallengeSql2.run(database.query, [qrId]);
    if (taken[0]) return { status: 'confirmed', token: await createSession(database, taken[0].user_id) };
    return { status: 'expired' };
  }
  if (row.status === 'delivered' || row.expired) return { status: 'expired' };
  return { status: row.status as Status };
}

/** A logged-in phone scans (confirm false) or approves (confirm true); a challenge is approved once. */
export async function answerChallenge(deps: Deps, qrId: string, userId: number, confirm: boolean): Promise<void> {
  const rows = confirm
    ? await deps.database.query(
        `UPDATE qr_logins SET status = 'confirmed', user_id = $2 WHERE id = $1 AND status IN ('waiting', 'scanned') AND expires_at > now() RETURNING id`,
        [qrId, userId],
      )
    : await deps.database.query(
        `UPDATE qr_logins SET status = 'scanned' WHERE id = $1 AND status IN ('waiting', 'scanned') AND expires_at > now() RETURNING id`,
        [qrId],
      );
  if (!rows.length) throw badInput(USER_MESSAGES.qrExpired, 'qrId');
}
