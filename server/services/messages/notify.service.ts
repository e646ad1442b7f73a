import type { Query } from '../../db/client';

/**
 * What a message's newsType means (spec §4 routes 10 and 12; the others are ours, docs/decisions.md "Messages").
 * The bell routes 10 → /info.html (the balance and recharge records) and 12 → /member/index.html; others stay.
 */
export const NEWS_TYPES = {
  /** A recharge credited to the balance. */
  recharge: 10,
  /** Membership bought, renewed, expiring within 3 days, expired. */
  member: 12,
  /** A payment received on one of the user's projects (the project's own orders). */
  projectPayment: 20,
  /** An export (我的下载) finished: the bell opens /myDownload.html. */
  exportReady: 21,
  /** Someone joined one of the user's projects through an invitation link, with its power. */
  teamJoined: 22,
  /** A text owed on one of the user's projects was not sent: the SMS count is used up (once a day per project). */
  smsEmpty: 23,
  /** One of the user's orders was shipped (carrier and tracking number; issue 49): the bell leaves it where it is. */
  orderShipped: 24,
  /** A gift exchanged in the gift centre was shipped or cancelled by the site operator (issue 51): the bell opens /giftList.html. */
  giftShipped: 25,
  giftCancelled: 26,
} as const;

export interface Notice {
  title: string;
  newsType: number;
  /** Makes the message once-only for this user (a provider transaction, a membership period's end). */
  key?: string;
}

/**
 * Tell a user something: one row of `messages`. Call it inside the transaction of what it reports, so the message
 * exists exactly when the thing happened; with a key it is written once however often it is called.
 */
export async function notify(q: Query, userId: number, notice: Notice, at: Date): Promise<void> {
  await q(
    `INSERT INTO messages (user_id, title, news_type, key, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, key) DO NOTHING`,
    [userId, notice.title.slice(0, 200), notice.newsType, notice.key ?? null, at],
  );
}

/** A day as a message names it: YYYY-MM-DD in China time. */
export const chinaDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(at);
