import { useMutation, useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { groupLabel } from '../../../schemas/api/contacts';
import { SMS_MAX_CHARS } from '../../../schemas/api/invitations';
import { fillVariables, SMS_LINK_ESTIMATE, smsLength, smsParts, smsWholeText, variablesProblem } from '../../../schemas/sms/sms-text';
import { ApiError } from '../../api/client';
import { contactGroupsQuery } from '../../api/contacts';
import { questionListQuery } from '../../api/question';
import { addSmsDetail, smsSignStatusQuery } from '../../api/sms';
import { Button } from '../../ui/button';
import { DateTimeField } from '../../ui/date-time-field';
import { ManageHeader, ManagePage } from '../../ui/manage-page';
import { ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import styles from './sms-styles';

/** ?contactIds=1,2,3 / ?groupId=4 / ?questionId=… as the address book and the project pages link here. */
function useSendParams() {
  return useLocation({
    select: (l) => {
      const s = l.search as Record<string, unknown>;
      const ids = String(s.contactIds ?? '')
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0);
      const group = s.groupId === undefined || s.groupId === '' ? null : Number(s.groupId);
      return { contactIds: ids, groupId: Number.isInteger(group) ? group : null, questionId: String(s.questionId ?? '') };
    },
  });
}

const DEFAULT_TEXT = '{姓名}您好，诚邀您参与问卷调查：{链接}';

/** The text with a sample name and a link of a typical length: what the count and the preview show. */
const sampleOf = (sign: string, content: string) => smsWholeText(sign, fillVariables(content, { name: '张三', link: 'x'.repeat(SMS_LINK_ESTIMATE) }));

/**
 * /sms/sendSms.html (发送短信, issue 50 item 2): a project, the recipients (a group or a selection from the address
 * book), the text with 插入姓名 / 插入链接, its live length and billed messages (signature and 回T退订 included), the
 * SMS counts left (购买短信条数), now or at a set time.
 */
export function SendSmsPage() {
  const params = useSendParams();
  const groups = useQuery({ ...contactGroupsQuery(), enabled: params.groupId !== null });
  const navigate = useNavigate();
  const status = useQuery(smsSignStatusQuery());
  const projects = useQuery(questionListQuery({ page: 1, pageSize: 100 } as never));
  const [questionId, setQuestionId] = useState(params.questionId);
  const [content, setContent] = useState(DEFAULT_TEXT);
  const [later, setLater] = useState(false);
  const [sendAt, setSendAt] = useState('');
  const [error, setError] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const send = useMutation({
    mutationFn: () =>
      addSmsDetail({
        questionId,
        channel: 'sms',
        content,
        ...(params.groupId !== null ? { groupIds: [params.groupId] } : {}),
        contactIds: params.contactIds,
        ...(later && sendAt ? { sendAt: new Date(`${sendAt}:00+08:00`).toISOString() } : {}),
      }),
    onSuccess: (r) => {
      toast.success(
        `已提交：${r.queued}条待发送${r.refused ? `，${r.refused}条因条数不足未发送` : ''}${r.skipped ? `，${r.skipped}人未发送（已退订或无手机号）` : ''}`,
      );
      void navigate({ to: '/sms/recordDetail.html', search: { invitationId: r.invitationId } as never });
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : '发送失败，请重试'),
  });
  if (status.isPending) return <LoadingState />;
  if (status.isError)
    return <ErrorState title="加载失败" description={status.error.message} actions={<Button onClick={() => void status.refetch()}>重试</Button>} />;
  const sign = status.data.chosen?.name ?? '';
  const sample = sampleOf(sign || '签名', content);
  const length = smsLength(sample);
  const parts = smsParts(length);
  const recipients = params.contactIds.length + (params.groupId !== null ? 1 : 0);
  const insert = (variable: string) => {
    const el = box.current;
    const at = el ? el.selectionStart : content.length;
    setContent(content.slice(0, at) + variable + content.slice(at));
  };
  const submit = () => {
    const problem = !questionId ? '请选择项目' : !recipients ? '请先在通讯录中选择联系人或分组' : variablesProblem(content);
    if (problem) return setError(problem);
    if (length > SMS_MAX_CHARS) return setError(`短信内容（含签名）最多${SMS_MAX_CHARS}个字`);
    if (later && !sendAt) return setError('请选择定时发送时间');
    setError('');
    send.mutate();
  };
  return (
    <ManagePage>
      <ManageHeader
        back={{ to: '/sms/sendSmsRecord.html', label: '返回发送记录' }}
        title="发送短信"
        meta={<p className={styles.meta}>每位联系人收到自己的专属链接，作答后可在发送详情中看到</p>}
      />
      {!status.data.chosen ? (
        <p className={styles.notice} role="status">
          发送短信需要审核通过的短信签名。<a href="/smsSign/index.html">去申请签名</a>
        </p>
      ) : null}
      <div className={styles.grid}>
        <section className={styles.card} aria-labelledby="send-title">
          <h2 id="send-title" className={styles.cardTitle}>
            短信内容
          </h2>
          <label className={styles.field}>
            <span className={styles.fieldLabel}>项目</span>
            <select className={styles.input} value={questionId} onChange={(e) => setQuestionId(e.currentTarget.value)} aria-label="项目">
              <option value="">请选择项目</option>
              {(projects.data?.list ?? []).map((p) => (
                <option key={p.questionId} value={p.questionId}>
                  {p.title || '未命名项目'}
                </option>
              ))}
            </select>
          </label>
          <div className={styles.field}>
            <span className={styles.fieldLabel}>发送对象</span>
            <p className={styles.inline} data-testid="sms-recipients">
              {params.groupId !== null ? `${groupLabel(params.groupId, groups.data)} 的联系人` : null}
              {params.groupId !== null && params.contactIds.length ? ' 和 ' : null}
              {params.contactIds.length ? `已选 ${params.contactIds.length} 位联系人` : null}
              {!recipients ? '尚未选择联系人' : null} <a href="/email.html">从通讯录选择</a>
            </p>
          </div>
          <label className={styles.field}>
            <span className={styles.fieldLabel}>内容（签名和“回T退订”会自动加上）</span>
            <textarea ref={box} className={styles.textarea} value={content} onChange={(e) => setContent(e.currentTarget.value)} aria-label="短信内容" />
          </label>
          <div className={styles.row}>
            <Button size="sm" onClick={() => insert('{姓名}')}>
              插入姓名
            </Button>
            <Button size="sm" onClick={() => insert('{链接}')}>
              插入链接
            </Button>
            <span className={styles.count} data-testid="sms-count">
              约 {length} 字，按 {parts} 条计费{length > 70 ? '（超过70字按每67字一条）' : ''}
            </span>
          </div>
          <div className={styles.row}>
            <label className={styles.row}>
              <input type="radio" checked={!later} onChange={() => setLater(false)} /> 立即发送
            </label>
            <label className={styles.row}>
              <input type="radio" checked={later} onChange={() => setLater(true)} /> 定时发送
            </label>
            {later ? <DateTimeField mode="datetime" value={sendAt} onChange={setSendAt} label="定时发送时间" /> : null}
          </div>
          {error ? (
            <p className={styles.warn} role="alert">
              {error}
            </p>
          ) : null}
          <div className={styles.row}>
            <Button variant="primary" onClick={submit} disabled={send.isPending || !status.data.chosen}>
              {send.isPending ? '提交中…' : '发送'}
            </Button>
          </div>
        </section>
        <aside className={styles.card} aria-labelledby="quota-title">
          <h2 id="quota-title" className={styles.cardTitle}>
            剩余短信条数
          </h2>
          <p className={styles.big} data-testid="sms-remaining">
            {status.data.smsRemaining}
          </p>
          <a href="/buySmsAccound.html">购买短信条数</a>
          <h2 className={styles.cardTitle}>预览</h2>
          <p className={styles.preview}>{sampleOf(sign || '签名', content).replace('x'.repeat(SMS_LINK_ESTIMATE), 'https://…/s/…?ct=…')}</p>
          <p className={styles.hint}>
            发送签名：{sign ? `【${sign}】` : '未选择'} · <a href="/smsSign/index.html">管理签名</a>
          </p>
        </aside>
      </div>
    </ManagePage>
  );
}
