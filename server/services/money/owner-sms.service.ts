import type { Database } from '../../db/client';
import type { SmsMessage, SmsProvider } from '../../providers/sms';
import { plainTitle } from '../report/report-subjects';
import { chinaDay, NEWS_TYPES, notify } from '../messages/notify.service';
import { consumeQuota, refundQuota } from './quota.service';

export interface OwnerSmsDeps {
  database: Database;
  sms: SmsProvider;
  now?: () => Date;
}

/** The project a text is sent for, and what the text is (预约提醒, 候补转正通知), as the owner's message names it. */
export interface OwnerSmsFor {
  ownerId: number;
  projectId: number;
  title: string;
  what: string;
}

export type TOwnerSmsOutcome = 'sent' | 'noQuota' | 'refused';

/**
 * A text the product sends on a project owner's behalf (an appointment reminder, a waitlist promotion): it takes
 * one unit of the owner's SMS count first (one conditional statement, so parallel texts never take more than was
 * bought), then goes to the provider; a text the provider refuses gives its unit back. With none left it is not
 * sent, and the owner is told why in a message (once a day per project, so a busy project does not flood the bell).
 */
export async function sendOnOwnersCount(deps: OwnerSmsDeps, owner: OwnerSmsFor, message: SmsMessage): Promise<TOwnerSmsOutcome> {
  const now = deps.now?.() ?? new Date();
  const left = await consumeQuota(deps.database.query, owner.ownerId, 'sms', 1, now);
  if (left === null) {
    const title = `短信条数不足：「${plainTitle(owner.title).slice(0, 30)}」的${owner.what}短信未发送，请购买短信条数`;
    await notify(deps.database.query, owner.ownerId, { title, newsType: NEWS_TYPES.smsEmpty, key: `sms-empty:${owner.projectId}:${chinaDay(now)}` }, now);
    return 'noQuota';
  }
  try {
    await deps.sms.send(message);
    return 'sent';
  } catch {
    await refundQuota(deps.database.query, owner.ownerId, 'sms', 1, now);
    return 'refused';
  }
}
