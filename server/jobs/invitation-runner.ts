import { hostname } from 'node:os';
import { pollLoop } from './poll-loop';
import type { TInvitationChannel } from '../db/tables-contacts';
import type { InvitationMessageRow } from '../db/rows';
import type { Query } from '../db/client';
import { randomToken } from '../services/crypto';
import type { Deps } from '../services/deps';
import { ChannelSendError, type ChannelSender } from '../services/invitations/channel';
import { unsubscribeLink } from '../services/invitations/unsubscribe-token';
import { contactLink, smsUnits } from '../services/sms/invitation-plan';
import { refundSms } from '../services/sms/sms-quota';

/**
 * Sends invitation messages (issue 50 item 3). Any process may run it: each tick takes due messages with one
 * UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING, so a message is taken by one process; a taken
 * message whose process died is taken again once its lock passes. Each goes through its channel's ChannelSender at
 * no more than `ratePerSecond`; `unavailable` is tried again after a growing delay up to `maxAttempts`, a refusal
 * fails it for good (an SMS's counts come back). A send is 'done' when none of its messages is left.
 */
export interface InvitationRunnerOptions {
  worker?: string;
  /** How often an idle runner looks for due messages. */
  pollMs?: number;
  /** Messages this process sends per second at most (INVITATION_RATE). */
  ratePerSecond?: number;
  /** Messages taken at once (default: one second's worth). */
  batchSize?: number;
  maxAttempts?: number;
  /** The first retry's delay; each next one doubles it. */
  backoffMs?: number;
  /** How long a taken message stays this process's before another may take it again. */
  lockMs?: number;
  log?: (message: string, error: unknown) => void;
}

export interface InvitationRunner {
  readonly worker: string;
  start(): void;
  stop(): Promise<void>;
  /** Messages were queued in this process: look now. */
  kick(): void;
  /** Take and send one batch; how many were taken. */
  runOnce(): Promise<number>;
}

export const INVITATION_MAX_ATTEMPTS = 5;
const BACKOFF_MS = 30_000;
const LOCK_MS = 120_000;

type Taken = InvitationMessageRow & { origin: string; brand: string; token: string; public_id: string; user_id: number };

// The due rows are chosen once (a CTE with FOR UPDATE is evaluated once; a bare IN-subquery beside the joins may be
// rescanned per joined row and take more than the limit); the outer WHERE repeats the condition for the row version
// the UPDATE finally sees.
const CLAIM_SQL = `WITH due AS (
    SELECT d.id FROM invitation_messages d JOIN invitations di ON di.id = d.invitation_id
    WHERE ((d.state = 'queued' AND d.next_attempt_at <= $3) OR (d.state = 'sending' AND d.locked_until < $3))
      AND di.state IN ('scheduled', 'sending') AND d.channel = ANY($5::text[])
    ORDER BY d.next_attempt_at, d.id LIMIT $4 FOR UPDATE OF d SKIP LOCKED)
  UPDATE invitation_messages m SET state = 'sending', claimed_by = $1, locked_until = $2, attempts = m.attempts + 1
  FROM invitations i, contact_links l, projects p
  WHERE m.id IN (SELECT id FROM due)
    AND ((m.state = 'queued' AND m.next_attempt_at <= $3) OR (m.state = 'sending' AND m.locked_until < $3))
    AND i.id = m.invitation_id AND l.id = m.link_id AND p.id = i.project_id
  RETURNING m.*, i.origin, i.brand, i.user_id, l.token, p.public_id`;

/** Take up to `limit` due messages of the channels this process can send. */
export async function claimMessages(query: Query, worker: string, now: Date, limit: number, channels: string[], lockMs = LOCK_MS): Promise<Taken[]> {
  const rows = await query<Taken>(CLAIM_SQL, [worker, new Date(now.getTime() + lockMs), now, limit, channels]);
  const ids = [...new Set(rows.map((r) => r.invitation_id))];
  if (ids.length) await query(`UPDATE invitations SET state = 'sending' WHERE id = ANY($1::int[]) AND state = 'scheduled'`, [ids]);
  return rows;
}

/** Mark the sends with no message left to send 'done'. */
export async function finishInvitations(query: Query, ids: number[], now: Date): Promise<void> {
  if (!ids.length) return;
  await query(
    `UPDATE invitations i SET state = 'done', finished_at = $2 WHERE i.id = ANY($1::int[]) AND i.state IN ('scheduled', 'sending')
       AND NOT EXISTS (SELECT 1 FROM invitation_messages m WHERE m.invitation_id = i.id AND m.state IN ('queued', 'sending'))`,
    [ids, now],
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createInvitationRunner(
  deps: Deps,
  senders: Partial<Record<TInvitationChannel, ChannelSender>>,
  options: InvitationRunnerOptions = {},
): InvitationRunner {
  const worker = options.worker ?? `${hostname()}:${process.pid}:${randomToken(4)}`;
  const pollMs = options.pollMs ?? 1_000;
  const rate = options.ratePerSecond ?? deps.env.INVITATION_RATE ?? 20;
  const batch = options.batchSize ?? rate;
  const maxAttempts = options.maxAttempts ?? INVITATION_MAX_ATTEMPTS;
  const backoffMs = options.backoffMs ?? BACKOFF_MS;
  const channels = Object.keys(senders);
  const { database } = deps;
  /** The earliest time the next message may go (the rate limit). */
  let nextAt = 0;

  async function fail(m: Taken, reason: string) {
    const now = deps.now();
    await database.transaction(async (q) => {
      const done = await q(
        'UPDATE invitation_messages SET state = $2, reason = $3, claimed_by = NULL, locked_until = NULL WHERE id = $1 AND claimed_by = $4 RETURNING id',
        [m.id, 'failed', reason, worker],
      );
      if (done.length && m.channel === 'sms') await refundSms(q, m.user_id, smsUnits(m.content), now);
    });
  }

  async function sendOne(m: Taken): Promise<void> {
    const sender = senders[m.channel]!;
    const wait = nextAt - Date.now();
    if (wait > 0) await sleep(wait);
    nextAt = Math.max(Date.now(), nextAt) + 1000 / rate;
    try {
      const link = contactLink(m.origin, m.public_id, m.token);
      const unsubscribe = m.contact_id === null ? '' : unsubscribeLink(deps.secret, m.origin, m.channel, m.contact_id);
      const { providerId } = await sender.send(m, { brand: m.brand, link, unsubscribe });
      await database.query(
        `UPDATE invitation_messages SET state = 'sent', provider_id = $2, sent_at = $3, reason = NULL, claimed_by = NULL, locked_until = NULL
         WHERE id = $1 AND claimed_by = $4`,
        [m.id, providerId, deps.now(), worker],
      );
    } catch (error) {
      const kind = error instanceof ChannelSendError ? error.kind : 'unavailable';
      const reason = (error as Error).message || '发送失败';
      if (kind === 'refused' || m.attempts >= maxAttempts) return fail(m, reason);
      const next = new Date(deps.now().getTime() + backoffMs * 2 ** (m.attempts - 1));
      await database.query(
        `UPDATE invitation_messages SET state = 'queued', reason = $2, next_attempt_at = $3, claimed_by = NULL, locked_until = NULL WHERE id = $1 AND claimed_by = $4`,
        [m.id, reason, next, worker],
      );
    }
  }

  async function runOnce(): Promise<number> {
    if (!channels.length) return 0;
    const taken = await claimMessages(database.query, worker, deps.now(), batch, channels, options.lockMs);
    for (const m of taken) {
      try {
        await sendOne(m);
      } catch (error) {
        options.log?.(`invitation message ${m.id} failed`, error);
      }
    }
    await finishInvitations(database.query, [...new Set(taken.map((m) => m.invitation_id))], deps.now());
    return taken.length;
  }

  const loop = pollLoop({ runOnce, batch, pollMs, onError: (error) => options.log?.('invitation runner failed', error) });
  return { worker, ...loop, runOnce };
}
