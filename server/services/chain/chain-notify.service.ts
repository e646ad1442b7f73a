import { BRANDS, DEFAULT_BRAND, type TBrandId } from '../../../schemas/brands';
import type { Database } from '../../db/client';
import type { SmsProvider } from '../../providers/sms';
import { sendOnOwnersCount } from '../money/owner-sms.service';
import { plainTitle } from '../report/report-subjects';

/** Texts claimed by one run at most (the next run takes the rest). */
const NOTIFY_BATCH = 100;
/** How often each process looks for texts a crash left owed. */
export const CHAIN_NOTIFY_EVERY_MS = 60_000;

interface ClaimedNotice {
  phone: string;
  name: string;
  brand: string;
  title: string;
  place: number | string;
  owner_id: number;
  project_id: number;
}

/** 【接龙通】张三，你在「周六羽毛球」的候补已转为正式报名，现排第 3 位。 */
export const chainPromotionText = (brandName: string, name: string, title: string, place: number): string =>
  `【${brandName}】${name ? `${name}，` : ''}你在「${plainTitle(title).slice(0, 30)}」的候补已转为正式报名，现排第 ${place} 位。`;

/**
 * Tell promoted waitlisters who left a phone (issue 43 item 4). The promotion marked the entry (notify_pending) in
 * its own transaction; ONE conditional UPDATE … RETURNING claims the marked entries (FOR UPDATE SKIP LOCKED in its
 * subquery, notify_pending rechecked on the row), so whichever processes run it each text is claimed once; the texts
 * go out after the claim commits, through the SMS provider (the outbox by default), signed with the brand the
 * person joined on, each taking one unit of the project owner's SMS count (none left: not sent, the owner told
 * why; sendOnOwnersCount). A text not sent is not retried (a courtesy, as appointment reminders). Returns the
 * number sent.
 */
export async function sendChainPromotions(deps: { database: Database; sms: SmsProvider; now?: () => Date }): Promise<number> {
  const claimed = await deps.database.query<ClaimedNotice>(
    `UPDATE chain_entries AS u SET notify_pending = false
     FROM projects p
     WHERE u.id IN (SELECT e.id FROM chain_entries e WHERE e.notify_pending ORDER BY e.id LIMIT $1 FOR UPDATE OF e SKIP LOCKED)
       AND u.notify_pending AND p.id = u.project_id
     RETURNING u.phone, u.name, u.brand, p.title, p.owner_id, p.id AS project_id,
       (SELECT count(*) FROM chain_entries j WHERE j.project_id = u.project_id AND j.state = 'joined' AND j.seq <= u.seq) AS place`,
    [NOTIFY_BATCH],
  );
  let sent = 0;
  for (const c of claimed) {
    const brand = BRANDS[(c.brand in BRANDS ? c.brand : DEFAULT_BRAND) as TBrandId];
    // Claimed and not sent (no SMS count left, or refused by the provider): not retried (docs/decisions.md).
    const outcome = await sendOnOwnersCount(
      deps,
      { ownerId: c.owner_id, projectId: c.project_id, title: c.title, what: '候补转正通知' },
      {
        phone: c.phone,
        brand: brand.id,
        text: chainPromotionText(brand.name, c.name, c.title, Number(c.place)),
        code: '',
        minutes: 0,
        purpose: 'chainPromotion',
      },
    );
    if (outcome === 'sent') sent += 1;
  }
  return sent;
}

/**
 * After a change that promoted someone committed: their texts now. A failure leaves them owed, and the sweep
 * (createChainNotifier) sends them; the change itself stands either way.
 */
export async function tellPromoted(deps: { database: Database; sms: SmsProvider; now?: () => Date }, promoted: readonly string[]): Promise<void> {
  if (promoted.length) await sendChainPromotions(deps).catch(() => 0);
}

export interface ChainNotifier {
  start(): void;
  stop(): void;
  runOnce(): Promise<number>;
}

/** The sweep of promotion texts a crash (or a failed claim) left owed, on a timer; any process may run it. */
export function createChainNotifier(
  deps: { database: Database; sms: SmsProvider; now?: () => Date },
  log: (message: string, error: unknown) => void,
  everyMs = CHAIN_NOTIFY_EVERY_MS,
): ChainNotifier {
  let timer: NodeJS.Timeout | null = null;
  const runOnce = () => sendChainPromotions(deps);
  const run = () => void runOnce().catch((error) => log('sending chain promotion texts failed', error));
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
