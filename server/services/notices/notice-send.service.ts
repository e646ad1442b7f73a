import { BRANDS, DEFAULT_BRAND, type TBrandId } from '../../../schemas/brands';
import type { TNoticeKind, TNoticeOutcome } from '../../../schemas/notice/notice-kinds';
import type { Database } from '../../db/client';
import { col, defineSql } from '../../db/sql';
import type { SmsProvider } from '../../providers/sms';
import { sendOnOwnersCount, type TOwnerSmsOutcome } from '../money/owner-sms.service';
import { NOTICE_SMS_WHAT } from './notice-channels';

/** Texts claimed by one run at most (the next run takes the rest). */
const SEND_BATCH = 100;
/** How often each process looks for texts a crash or a failed claim left pending. */
export const NOTICE_SEND_EVERY_MS = 60_000;

export interface NoticeSendDeps {
  database: Database;
  sms: SmsProvider;
  now?: () => Date;
}

/**
 * ONE conditional UPDATE … RETURNING claims pending SMS notices (FOR UPDATE SKIP LOCKED in its subquery, the
 * outcome rechecked on the row), so whichever processes run it, each text is claimed once.
 */
const claimSql = defineSql(
  'notice-send.claim',
  {
    id: col.int,
    kind: col.text.as<TNoticeKind>(),
    phone: col.text,
    brand: col.text,
    text: col.text,
    title: col.text,
    owner_id: col.int,
    project_id: col.int,
  },
  `UPDATE notices AS u SET outcome = 'sending', updated_at = $2
   FROM projects p
   WHERE u.id IN (SELECT n.id FROM notices n WHERE n.outcome = 'pending' AND n.channel = 'sms' AND ($3::int[] IS NULL OR n.id = ANY($3::int[]))
                  ORDER BY n.id LIMIT $1 FOR UPDATE OF n SKIP LOCKED)
     AND u.outcome = 'pending' AND p.id = u.project_id
   RETURNING u.id, u.kind, u.phone, u.brand, u.text, p.title, p.owner_id, p.id AS project_id`,
);

const OUTCOME_OF: Record<TOwnerSmsOutcome, TNoticeOutcome> = { sent: 'sent', noQuota: 'no_quota', refused: 'refused' };

/**
 * Send the pending SMS notices after the events that recorded them committed: each signed with the brand the
 * person used, through the SMS provider, on the project owner's SMS count (none left: not sent, the owner told
 * why; sendOnOwnersCount), and its outcome written on the notice. A text not sent is not retried (a courtesy, as
 * appointment reminders) but waits on the participant's page instead; one claimed by a process that died stays
 * `sending`, shown so. `only`: these notices
 * alone (a sweep that recorded them), else any pending. Returns the number sent.
 */
export async function sendPendingNotices(deps: NoticeSendDeps, only: readonly number[] | null = null): Promise<number> {
  const now = () => deps.now?.() ?? new Date();
  const claimed = await claimSql.run(deps.database.query, [SEND_BATCH, now(), only]);
  let sent = 0;
  for (const c of claimed) {
    const brand = BRANDS[(c.brand in BRANDS ? c.brand : DEFAULT_BRAND) as TBrandId];
    const outcome = await sendOnOwnersCount(
      deps,
      { ownerId: c.owner_id, projectId: c.project_id, title: c.title, what: NOTICE_SMS_WHAT[c.kind] },
      { phone: c.phone, brand: brand.id, text: `【${brand.name}】${c.text}`, code: '', minutes: 0, purpose: `notice:${c.kind}` },
    );
    await deps.database.query('UPDATE notices SET outcome = $2, updated_at = $3 WHERE id = $1', [c.id, OUTCOME_OF[outcome], now()]);
    if (outcome === 'sent') sent += 1;
    else await pageFallback(deps.database, c.id, now());
  }
  return sent;
}

/**
 * A text that could not go (no SMS count, refused by the provider) still reaches its participant: the same words
 * wait on their page for the next visit, as a second notice (its own once-only key), so the record keeps both.
 * Not a booking reminder: it is about a slot about to start, and no page reads a booking's notices yet.
 */
async function pageFallback(database: Database, id: number, now: Date): Promise<void> {
  await database.query(
    `INSERT INTO notices (project_id, kind, participant, recipient_name, phone, brand, channel, outcome, text, once_key, created_at, updated_at)
     SELECT project_id, kind, participant, recipient_name, phone, brand, 'page', 'pending', text, once_key || ':page', $2, $2 FROM notices WHERE id = $1 AND kind <> 'booking_reminder'
     ON CONFLICT (once_key) DO NOTHING`,
    [id, now],
  );
}

/** After an event that recorded notices committed: their texts now. A failure leaves them pending for the sweep. */
export async function sendNoticesNow(deps: NoticeSendDeps, recorded: boolean): Promise<void> {
  if (recorded) await sendPendingNotices(deps).catch(() => 0);
}

export interface NoticeSender {
  start(): void;
  stop(): void;
  runOnce(): Promise<number>;
}

/** The sweep of pending texts on a timer; any process may run it. */
export function createNoticeSender(deps: NoticeSendDeps, log: (message: string, error: unknown) => void, everyMs = NOTICE_SEND_EVERY_MS): NoticeSender {
  let timer: NodeJS.Timeout | null = null;
  const runOnce = () => sendPendingNotices(deps);
  const run = () => void runOnce().catch((error) => log('sending notices failed', error));
  return {
    start() {
      if (timer) return;
      timer = setInterval(run, everyMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    runOnce,
  };
}
