import type { TNoticeKind } from '../../../schemas/notice/notice-kinds';
import type { Query } from '../../db/client';
import type { NoticeRow, WechatAuthorizerRow } from '../../db/rows';
import { channelFor, openidOf, type NoticeRecipient } from './notice-channels';

export interface NoticeToRecord {
  projectId: number;
  kind: TNoticeKind;
  recipient: NoticeRecipient;
  /** The words, without the brand's signature (the SMS channel signs them). */
  text: string;
  /** Once-only: a second record of the same event (a parallel promotion, a retry) adds nothing. */
  onceKey: string;
}

/**
 * The project owner's authorised official account that sends this kind by WeChat (a template chosen for it): the
 * one the openid belongs to when the event names it or the project is a 仅限微信授权参与 chain (its account), else
 * the owner's latest such account; null when none.
 */
async function wechatSender(query: Query, notice: NoticeToRecord): Promise<number | null> {
  if (openidOf(notice.recipient.participant) === null) return null;
  const [row] = await query<Pick<WechatAuthorizerRow, 'id'>>(
    `SELECT a.id FROM projects p
     JOIN wechat_authorizers a ON a.user_id = p.owner_id AND a.kind = 'mp' AND a.status = 'authorized' AND a.refresh_token IS NOT NULL
     JOIN wechat_notice_templates t ON t.authorizer_id = a.id AND t.kind = $2
     LEFT JOIN chain_settings c ON c.project_id = p.id
     WHERE p.id = $1 AND (COALESCE($3::text, c.wechat_appid) IS NULL OR a.authorizer_appid = COALESCE($3::text, c.wechat_appid))
     ORDER BY a.id DESC LIMIT 1`,
    [notice.projectId, notice.kind, notice.recipient.wechatAppid ?? null],
  );
  return row?.id ?? null;
}

/**
 * Record a notice inside the transaction of the event it tells (so it exists exactly when the event does): ONE
 * INSERT … ON CONFLICT (once_key) DO NOTHING, its channel the first that reaches the recipient (WeChat, SMS, the
 * page), its outcome `opted_out` when the participant turned the project's notices off, else `pending` (the sender
 * sends it, or the page shows it at the next visit). Returns the notice's id when this call recorded it, else null.
 */
export async function recordNotice(query: Query, notice: NoticeToRecord, now: Date): Promise<number | null> {
  const { recipient: r } = notice;
  const wechatAuthId = await wechatSender(query, notice);
  const channel = channelFor(r, { wechatAuthId });
  const rows = await query<Pick<NoticeRow, 'id'>>(
    `INSERT INTO notices (project_id, kind, participant, recipient_name, phone, brand, channel, outcome, text, once_key, created_at, updated_at,
       wechat_authorizer_id)
     SELECT $1, $2, $3, $4, $5, $6, $7,
       CASE WHEN EXISTS (SELECT 1 FROM notice_optouts o WHERE o.project_id = $1 AND o.participant = $3) THEN 'opted_out' ELSE 'pending' END,
       $8, $9, $10, $10, $11
     ON CONFLICT (once_key) DO NOTHING RETURNING id`,
    [
      notice.projectId,
      notice.kind,
      r.participant,
      r.name,
      r.phone,
      r.brand,
      channel,
      notice.text,
      notice.onceKey,
      now,
      channel === 'wechat' ? wechatAuthId : null,
    ],
  );
  return rows[0]?.id ?? null;
}
