import { useMutation, useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { Mail, Users } from 'lucide-react';
import { useRef, useState } from 'react';
import { INVITATION_VARIABLES, MAIL_SUBJECT_MAX, type TAddInvitationResult } from '../../../schemas/api/invitations';
import { groupLabel } from '../../../schemas/api/contacts';
import { contactGroupsQuery } from '../../api/contacts';
import { sendableProjectsQuery } from '../../api/mail';
import { addSmsDetail } from '../../api/sms';
import { Button } from '../../ui/button';
import { DateTimeField } from '../../ui/date-time-field';
import { ManageHeader, ManagePage } from '../../ui/manage-page';
import { fromFieldValue } from '../../ui/shanghai-time';
import { toast } from '../../ui/toast';
import { DEFAULT_CONTENT, draftProblem, insertAt, recipientsOf, type TMailDraft } from './send-mail-form';
import styles from './send-mail.module.css';

function Recipients({ contactIds, groupIds }: { contactIds: number[]; groupIds: number[] }) {
  const none = !contactIds.length && !groupIds.length;
  const groups = useQuery({ ...contactGroupsQuery(), enabled: groupIds.length > 0 });
  return (
    <div className={styles.recipients} data-testid="mail-recipients">
      <Users size={16} aria-hidden />
      {none ? <span>还没有选择收件人</span> : null}
      {contactIds.length ? <span>已选 {contactIds.length} 位联系人</span> : null}
      {groupIds.length ? <span>{groupIds.map((g) => groupLabel(g, groups.data)).join('、')} 的全部联系人</span> : null}
      <a href="/email.html">{none ? '去通讯录选择' : '重新选择'}</a>
    </div>
  );
}

function Sent({ result, questionId }: { result: TAddInvitationResult; questionId: string }) {
  return (
    <div className={styles.sent} role="status">
      <strong>已提交发送：{result.queued} 封邮件排队发送</strong>
      {result.skipped ? <span>跳过 {result.skipped} 人（已退订或没有邮箱）</span> : null}
      <a href={`/SMSReceipt.html?questionId=${encodeURIComponent(questionId)}`}>查看邀请回执</a>
    </div>
  );
}

function Body({ draft, set }: { draft: TMailDraft; set: (patch: Partial<TMailDraft>) => void }) {
  const area = useRef<HTMLTextAreaElement>(null);
  const insert = (text: string) => {
    const el = area.current;
    const next = insertAt(draft.content, text, el?.selectionStart ?? null, el?.selectionEnd ?? null);
    set({ content: next.value });
    requestAnimationFrame(() => el?.setSelectionRange(next.cursor, next.cursor));
  };
  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label htmlFor="mail-content">邮件内容</label>
        <div className={styles.inserts}>
          <Button size="sm" variant="soft" onClick={() => insert(INVITATION_VARIABLES.name)}>
            插入姓名
          </Button>
          <Button size="sm" variant="soft" onClick={() => insert(INVITATION_VARIABLES.link)}>
            插入链接
          </Button>
        </div>
      </div>
      <textarea id="mail-content" ref={area} className={styles.textarea} value={draft.content} onChange={(e) => set({ content: e.target.value })} />
      <p className={styles.hint}>
        {INVITATION_VARIABLES.name} 换成联系人的姓名，{INVITATION_VARIABLES.link} 换成每人专属的填写链接；邮件末尾自动附上退订链接。
      </p>
    </div>
  );
}

function Schedule({ draft, set }: { draft: TMailDraft; set: (patch: Partial<TMailDraft>) => void }) {
  return (
    <fieldset className={styles.schedule}>
      <legend>发送时间</legend>
      <label>
        <input type="radio" name="mail-when" checked={!draft.scheduled} onChange={() => set({ scheduled: false })} /> 立即发送
      </label>
      <label>
        <input type="radio" name="mail-when" checked={draft.scheduled} onChange={() => set({ scheduled: true })} /> 定时发送
      </label>
      {draft.scheduled ? <DateTimeField mode="datetime" label="定时发送时间" value={draft.sendAt} onChange={(sendAt) => set({ sendAt })} /> : null}
    </fieldset>
  );
}

/**
 * /mail/sendMail.html (发送邮件, issue 50 item 2): an e-mail invitation to the address book's selection or group
 * (?contactIds= / ?groupId=) for one project (?questionId=): subject, body with 插入姓名 / 插入链接, now or at a
 * set time; 发送 calls activity/message/contact/addSmsDetail with channel 'email'.
 */
export function SendMailPage() {
  const search = useLocation({ select: (l) => l.search as Record<string, unknown> });
  const recipients = recipientsOf(search);
  const projects = useQuery(sendableProjectsQuery());
  const [draft, setDraft] = useState<TMailDraft>({
    questionId: String(search.questionId ?? ''),
    subject: '',
    content: DEFAULT_CONTENT,
    sendAt: '',
    scheduled: false,
    oneSheet: true,
  });
  const set = (patch: Partial<TMailDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const send = useMutation({
    mutationFn: () =>
      addSmsDetail({
        questionId: draft.questionId,
        channel: 'email',
        ...recipients,
        subject: draft.subject.trim(),
        content: draft.content.trim(),
        sendAt: draft.scheduled ? (fromFieldValue(draft.sendAt) ?? undefined) : undefined,
        oneSheet: draft.oneSheet,
      }),
    onSuccess: () => toast.success(draft.scheduled ? '已设置定时发送' : '已提交发送'),
  });
  const problem = draftProblem(draft, recipients);
  const [tried, setTried] = useState(false);
  const submit = () => (setTried(true), problem ? toast.error(problem) : send.mutate());
  return (
    <ManagePage>
      <ManageHeader
        back={{ to: '/email.html', label: '返回通讯录' }}
        title="发送邮件"
        meta={<p className={styles.meta}>给联系人发送问卷邀请邮件，每人一个专属填写链接</p>}
      />
      <section className={styles.card} aria-label="邮件">
        <Recipients {...recipients} />
        <div className={styles.field}>
          <label htmlFor="mail-project">邀请填写的项目</label>
          <select id="mail-project" className={styles.input} value={draft.questionId} onChange={(e) => set({ questionId: e.target.value })}>
            <option value="">{projects.isPending ? '正在加载项目…' : '请选择项目'}</option>
            {(projects.data?.list ?? []).map((p) => (
              <option key={p.questionId} value={p.questionId}>
                {p.title}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="mail-subject">邮件主题</label>
          <input
            id="mail-subject"
            className={styles.input}
            value={draft.subject}
            maxLength={MAIL_SUBJECT_MAX}
            placeholder="例如：邀请您参加员工满意度调查"
            onChange={(e) => set({ subject: e.target.value })}
          />
        </div>
        <Body draft={draft} set={set} />
        <Schedule draft={draft} set={set} />
        <label className={styles.check}>
          <input type="checkbox" checked={draft.oneSheet} onChange={(e) => set({ oneSheet: e.target.checked })} /> 每个链接只能提交一份答卷
        </label>
        {tried && problem ? (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        ) : null}
        {send.isSuccess ? <Sent result={send.data} questionId={draft.questionId} /> : null}
        <div className={styles.actions}>
          <Button variant="primary" onClick={submit} disabled={send.isPending}>
            <Mail size={14} aria-hidden />
            {send.isPending ? '正在提交…' : draft.scheduled ? '定时发送' : '发送'}
          </Button>
        </div>
      </section>
    </ManagePage>
  );
}

export default SendMailPage;
