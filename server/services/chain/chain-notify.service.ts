import type { Query } from '../../db/client';
import type { ChainEntryRow } from '../../db/rows';
import { recordNotice } from '../notices/notice-record.service';
import { sendNoticesNow, type NoticeSendDeps } from '../notices/notice-send.service';
import { plainTitle } from '../report/report-subjects';
import { col, defineSql } from '../../db/sql';

/** The entry's number on the joined list (1…n in arrival order, as the page numbers it). */
const placeSql = defineSql(
  'chain-notify.place',
  { place: col.int },
  `SELECT count(*)::int AS place FROM chain_entries WHERE project_id = $1 AND state = 'joined' AND seq <= $2`,
);

/** 张三，你在「周六羽毛球」的候补已转为正式报名，现排第 3 位。(a text is signed 【接龙通】 by the SMS channel) */
export const chainPromotionText = (name: string, title: string, place: number): string =>
  `${name ? `${name}，` : ''}你在「${plainTitle(title).slice(0, 30)}」的候补已转为正式报名，现排第 ${place} 位。`;

/**
 * A waitlister promoted (issue 43 item 4, issue 47 item 4): one notice, recorded in the promotion's transaction
 * with the once-only key of the entry (an entry is promoted at most once), by SMS where a phone was left, else on
 * the participant's page at the next visit. The place is counted here, where the promotion holds the chain's row.
 */
export async function noticePromotion(query: Query, row: ChainEntryRow, title: string, now: Date): Promise<void> {
  const [place] = await placeSql.run(query, [row.project_id, row.seq]);
  await recordNotice(
    query,
    {
      projectId: row.project_id,
      kind: 'waitlist_promoted',
      recipient: { participant: row.participant, name: row.name, phone: row.phone, brand: row.brand },
      text: chainPromotionText(row.name, title, place!.place),
      onceKey: `waitlist_promoted:${row.id}`,
    },
    now,
  );
}

/**
 * After a change that promoted someone committed: their texts now. A failure leaves them pending, and the notice
 * sender's sweep sends them; the change itself stands either way.
 */
export async function tellPromoted(deps: NoticeSendDeps, promoted: readonly string[]): Promise<void> {
  await sendNoticesNow(deps, promoted.length > 0);
}
