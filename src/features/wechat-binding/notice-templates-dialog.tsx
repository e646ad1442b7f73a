import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { TAuthInfo, TNoticeTemplates } from '../../../schemas/api/component';
import { NOTICE_KIND_WORDS, NOTICE_KINDS, type TNoticeKind } from '../../../schemas/notice/notice-kinds';
import { componentKeys, noticeTemplatesQuery, saveNoticeTemplate } from '../../api/component';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { ErrorState, LoadingState } from '../../ui/states';
import styles from './wechat-binding-styles';

/**
 * The kinds a WeChat user can be told by a template message, with what each tells (so the owner picks a template
 * that fits). A payment received reaches WeChat buyers of a 仅限微信授权参与 group-buy; a booking's participant has
 * no openid, so a template for it would never be used: it is not offered.
 */
const KIND_HINT: Partial<Record<TNoticeKind, string>> = {
  waitlist_promoted: '接龙候补转为正式报名时',
  order_ready_for_pickup: '团购订单可以取货时',
  payment_received: '微信授权团购的买家付款成功时',
  order_shipped: '微信授权团购的订单发货时（快递公司、单号）',
};
const WECHAT_KINDS = NOTICE_KINDS.filter((kind) => KIND_HINT[kind]);

function KindRow({ kind, data, authId }: { kind: TNoticeKind; data: TNoticeTemplates; authId: number }) {
  const id = useId();
  const client = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (templateId: string) => saveNoticeTemplate({ authId, kind, templateId }),
    onSuccess: (next) => {
      setRefusal(null);
      client.setQueryData(componentKeys.noticeTemplates(authId), next);
    },
    onError: (error: Error) => setRefusal(error.message),
  });
  const current = data.chosen.find((c) => c.kind === kind)?.templateId ?? '';
  const template = data.templates.find((t) => t.templateId === current);
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        {NOTICE_KIND_WORDS[kind]}
        <span className={styles.hint}>（{KIND_HINT[kind]}）</span>
      </label>
      <select id={id} className={styles.select} value={current} disabled={save.isPending} onChange={(e) => save.mutate(e.target.value)}>
        <option value="">不用微信发送</option>
        {data.templates.map((t) => (
          <option key={t.templateId} value={t.templateId}>
            {t.title}
          </option>
        ))}
        {current && !template ? <option value={current}>{data.chosen.find((c) => c.kind === kind)?.title || current}（公众号后台已删除）</option> : null}
      </select>
      {template ? <pre className={styles.templateContent}>{template.content}</pre> : null}
      {refusal ? (
        <p role="alert" className={styles.error}>
          {refusal}
        </p>
      ) : null}
    </div>
  );
}

/**
 * 通知模板 of one authorised official account (issue 47 item 4): per notice kind, which of the account's own
 * template messages (as WeChat lists them now) carries it to participants known by WeChat; 不用微信发送 leaves the
 * kind to SMS and the page. Each choice is saved when made.
 */
export function NoticeTemplatesDialog({ account, onClose }: { account: TAuthInfo | null; onClose: () => void }) {
  const templates = useQuery({ ...noticeTemplatesQuery(account?.authId ?? 0), enabled: account !== null });
  let body;
  if (!account) body = null;
  else if (templates.isPending) body = <LoadingState compact />;
  else if (templates.isError) body = <ErrorState compact title="模板列表加载失败" description={templates.error.message} />;
  else
    body = (
      <div className={styles.form}>
        <p className={styles.hint}>
          微信授权参与的人会收到此公众号的模板消息。模板取自公众号后台「模板消息」中已添加的模板
          {templates.data.templates.length ? '' : '（目前一个也没有，请先在公众号后台添加）'}
          ；字段按类型填写：第一个「事物」字段为项目名称，其后为通知内容，「状态」为通知类型，「时间」为通知时间，「姓名」为参与者。
        </p>
        {WECHAT_KINDS.map((kind) => (
          <KindRow key={kind} kind={kind} data={templates.data} authId={account.authId} />
        ))}
        <p className={styles.hint}>收款成功只在付款页上提示；预约提醒仍用短信（预约者没有微信身份）。</p>
        <div className={styles.formActions}>
          <Button onClick={onClose}>完成</Button>
        </div>
      </div>
    );
  return (
    <Dialog open={account !== null} onOpenChange={(open) => !open && onClose()} title={`通知模板 · ${account?.nickName ?? ''}`} width={480}>
      {body}
    </Dialog>
  );
}
