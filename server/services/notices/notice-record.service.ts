import type { TNoticeKind } from '../../../schemas/notice/notice-kinds';
import type { Query } from '../../db/client';
import type { NoticeRow } from '../../db/rows';
import { channelFor, type NoticeRecipient } from './notice-channels';

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
 * Record a notice inside the transaction of the event it tells (so it exists exactly when the event does): ONE
 * INSERT … ON CONFLICT (once_key) DO NOTHING, its channel the first that reaches the recipient, its outcome
 * `opted_out` when the participant turned the project's notices off, else `pending` (the sender texts it, or the
 * page shows it at the next visit). Returns the notice's id when this call recorded it, else null.
 */
export async function recordNotice(query: Query, notice: NoticeToRecord, now: Date): Promise<number | null> {
  const { recipient: r } = notice;
  const rows = await query<Pick<NoticeRow, 'id'>>(
    `INSERT INTO notices (project_id, kind, participant, recipient_name, phone, brand, channel, outcome, text, once_key, created_at, updated_at)
     SELECT $1, $2, $3, $4, $5, $6, $7,
       CASE WHEN EXISTS (SELECT 1 FROM notice_optouts o WHERE o.project_id = $1 AND o.participant = $3) THEN 'opted_out' ELSE 'pending' END,
       $8, $9, $10, $10
     ON CONFLICT (once_key) DO NOTHING RETURNING id`,
    [notice.projectId, notice.kind, r.participant, r.name, r.phone, r.brand, channelFor(r), notice.text, notice.onceKey, now],
  );
  return rows[0]?.id ?? null;
}
