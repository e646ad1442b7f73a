import { INVITATION_VARIABLES, MAIL_BODY_MAX, MAIL_SUBJECT_MAX } from '../../../schemas/api/invitations';

/** The e-mail send page's fields and their checks before the call (the server checks them again). */
export interface TMailDraft {
  questionId: string;
  subject: string;
  content: string;
  /** '' = now; else the field's YYYY-MM-DDTHH:mm (Shanghai time). */
  sendAt: string;
  scheduled: boolean;
  oneSheet: boolean;
}

export const DEFAULT_CONTENT = `${INVITATION_VARIABLES.name}您好：\n\n诚邀您参加本次问卷调查，请点击下面的链接填写：\n${INVITATION_VARIABLES.link}\n\n感谢您的支持！`;

/** Who the page sends to: the address book's selection or group, from the address (?contactIds=1,2 / ?groupId=3). */
export function recipientsOf(search: Record<string, unknown>): { contactIds: number[]; groupIds: number[] } {
  const ids = (value: unknown) =>
    String(value ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => /^\d{1,10}$/.test(s))
      .map(Number)
      .filter((n) => Number.isInteger(n) && n >= 0 && n <= 2_147_483_647);
  return { contactIds: ids(search.contactIds).filter((n) => n > 0), groupIds: ids(search.groupId) };
}

/** The first problem with the draft, in the words shown beside the 发送 button; null when it may go. */
export function draftProblem(draft: TMailDraft, recipients: { contactIds: number[]; groupIds: number[] }, now = Date.now()): string | null {
  if (!draft.questionId) return '请选择要邀请填写的项目';
  if (!recipients.contactIds.length && !recipients.groupIds.length) return '请先在通讯录中选择联系人或分组';
  if (!draft.subject.trim()) return '请填写邮件主题';
  if (draft.subject.trim().length > MAIL_SUBJECT_MAX) return `邮件主题最多${MAIL_SUBJECT_MAX}个字`;
  if (!draft.content.trim()) return '请填写发送内容';
  if (draft.content.trim().length > MAIL_BODY_MAX) return `发送内容最多${MAIL_BODY_MAX}个字`;
  if (!draft.content.includes(INVITATION_VARIABLES.link)) return `发送内容须包含${INVITATION_VARIABLES.link}，每位联系人会收到自己的填写链接`;
  if (draft.scheduled) {
    if (!draft.sendAt) return '请选择定时发送的时间';
    if (new Date(`${draft.sendAt}:00+08:00`).getTime() <= now) return '定时发送的时间须晚于现在';
  }
  return null;
}

/** Puts `text` where the cursor is (or at the end), returning the new value and the cursor after it. */
export function insertAt(value: string, text: string, start: number | null, end: number | null): { value: string; cursor: number } {
  const from = start ?? value.length;
  const to = end ?? from;
  return { value: value.slice(0, from) + text + value.slice(to), cursor: from + text.length };
}
