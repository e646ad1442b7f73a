import { brandById } from '../../../schemas/brands';
import type { TNoticeChannel, TNoticeKind, TNoticeOutcome } from '../../../schemas/notice/notice-kinds';
import type { Database } from '../../db/client';
import { col, defineSql, type SqlRow } from '../../db/sql';
import type { SmsProvider } from '../../providers/sms';
import { sendOnOwnersCount, type TOwnerSmsOutcome } from '../money/owner-sms.service';
import { NOTICE_SMS_WHAT } from './notice-channels';
import { sendWechatNotice, type WechatSendDeps } from './notice-wechat.service';

/** Texts claimed by one run at most (the next run takes the rest). */
const SEND_BATCH = 100;
/** How often each process looks for texts a crash or a failed claim left pending. */
export const NOTICE_SEND_EVERY_MS = 60_000;

/** The WeChat channel's needs (the adapter and env; without them a WeChat notice is not delivered and falls back). */
export interface NoticeSendDeps extends WechatSendDeps {
  sms: SmsProvider;
  now?: () => Date;
}

/**
 * ONE conditional UPDATE … RETURNING claims pending WeChat and SMS notices (FOR UPDATE SKIP LOCKED in its
 * subquery, the outcome rechecked on the row), so whichever processes run it, each is claimed once.
 */
const claimSql = defineSql(
  'notice-send.claim',
  {
    id: col.int,
    kind: col.text.as<TNoticeKind>(),
    channel: col.text.as<TNoticeChannel>(),
    participant: col.text,
    recipient_name: col.text,
    phone: col.text,
    brand: col.text,
    text: col.text,
    wechat_authorizer_id: col.int.orNull(),
    created_at: col.timestamp,
    title: col.text,
    owner_id: col.int,
    project_id: col.int,
  },
  `UPDATE notices AS u SET outcome = 'sending', updated_at = $2
   FROM projects p
   WHERE u.id IN (SELECT n.id FROM notices n WHERE n.outcome = 'pending' AND n.channel IN ('wechat', 'sms') AND ($3::int[] IS NULL OR n.id = ANY($3::int[]))
                  ORDER BY n.id LIMIT $1 FOR UPDATE OF n SKIP LOCKED)
     AND u.outcome = 'pending' AND p.id = u.project_id
   RETURNING u.id, u.kind, u.channel, u.participant, u.recipient_name, u.phone, u.brand, u.text, u.wechat_authorizer_id, u.created_at,
     p.title, p.owner_id, p.id AS project_id`,
);
type Claimed = SqlRow<typeof claimSql>;

const OUTCOME_OF: Record<TOwnerSmsOutcome, TNoticeOutcome> = { sent: 'sent', noQuota: 'no_quota', refused: 'refused' };

/** A text on the owner's SMS count, signed with the brand the person used; whether it went. */
async function sendText(deps: NoticeSendDeps, c: Claimed, now: () => Date): Promise<boolean> {
  const brand = brandById(c.brand);
  const outcome = await sendOnOwnersCount(
    deps,
    { ownerId: c.owner_id, projectId: c.project_id, title: c.title, what: NOTICE_SMS_WHAT[c.kind] },
    { phone: c.phone, brand: brand.id, text: `【${brand.name}】${c.text}`, code: '', minutes: 0, purpose: `notice:${c.kind}` },
  );
  await deps.database.query('UPDATE notices SET outcome = $2, updated_at = $3 WHERE id = $1', [c.id, OUTCOME_OF[outcome], now()]);
  return outcome === 'sent';
}

/** A template message; its outcome written with WeChat's errcode when refused; whether it went. */
async function sendWechat(deps: NoticeSendDeps, c: Claimed, now: () => Date): Promise<boolean> {
  const outcome = await sendWechatNotice(deps, now, c);
  await deps.database.query('UPDATE notices SET outcome = $2, errcode = $3, updated_at = $4 WHERE id = $1', [
    c.id,
    outcome.sent ? 'sent' : 'refused',
    outcome.sent ? null : outcome.errcode,
    now(),
  ]);
  return outcome.sent;
}

/**
 * Send the pending WeChat and SMS notices after the events that recorded them committed: a template message of
 * the owner's official account (sendWechatNotice), or a text on the owner's SMS count (none left: not sent, the
 * owner told why; sendOnOwnersCount); each outcome written on its notice. One not sent is not retried (a courtesy,
 * as appointment reminders) but falls back (fallBack); one claimed by a process that died stays `sending`, shown
 * so. `only`: these notices alone (a sweep that recorded them), else any pending. Returns the number sent.
 */
export async function sendPendingNotices(deps: NoticeSendDeps, only: readonly number[] | null = null): Promise<number> {
  const now = () => deps.now?.() ?? new Date();
  const claimed = await claimSql.run(deps.database.query, [SEND_BATCH, now(), only]);
  let sent = 0;
  const texts: number[] = [];
  for (const c of claimed) {
    if (await (c.channel === 'wechat' ? sendWechat : sendText)(deps, c, now)) sent += 1;
    else texts.push(...(await fallBack(deps.database, c, now())));
  }
  // A refused WeChat message becomes a text where a phone was left: sent now, as the claim's own.
  return sent + (texts.length ? await sendPendingNotices(deps, texts) : 0);
}

/**
 * A notice that could not go still reaches its participant, as a second notice with its own once-only key (so the
 * record keeps both): a WeChat message refused becomes a text where a phone was left (`<key>:sms`), else, as a text
 * not sent, the same words wait on their page for the next visit (`<key>:page`). A booking reminder never waits on
 * a page (it is about a slot about to start). Returns the ids of the texts added.
 */
async function fallBack(database: Database, c: Claimed, now: Date): Promise<number[]> {
  const channel = c.channel === 'wechat' && c.phone !== '' ? 'sms' : 'page';
  const rows = await database.query<{ id: number }>(
    `INSERT INTO notices (project_id, kind, participant, recipient_name, phone, brand, channel, outcome, text, once_key, created_at, updated_at)
     SELECT project_id, kind, participant, recipient_name, phone, brand, $3, 'pending', text, once_key || ':' || $3, $2, $2 FROM notices
     WHERE id = $1 AND ($3 = 'sms' OR kind <> 'booking_reminder')
     ON CONFLICT (once_key) DO NOTHING RETURNING id`,
    [c.id, now, channel],
  );
  return channel === 'sms' ? rows.map((r) => r.id) : [];
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
