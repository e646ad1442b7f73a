import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { MessageCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { TAuthInfo, TAuthInfoList } from '../../../schemas/api/component';
import { authInfoListQuery, completeAuthorisation, componentKeys, deleteAuthorizer, preAuthUrl } from '../../api/component';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { AuthorizerRow } from './authorizer-row';
import { NoticeTemplatesDialog } from './notice-templates-dialog';
import { PayDialog } from './pay-dialog';
import styles from './wechat-binding-styles';

/** WeChat returns the administrator here with ?auth_code=…; the code is handed to the server once, then dropped from the address. */
function useAuthCallback() {
  const client = useQueryClient();
  const authCode = useLocation({ select: (l) => new URLSearchParams(l.searchStr).get('auth_code') ?? '' });
  const started = useRef(false);
  const finish = useMutation({
    mutationFn: completeAuthorisation,
    onSuccess: async (account) => {
      toast.success(`已绑定「${account.nickName || account.authorizerAppid}」`);
      await client.invalidateQueries({ queryKey: componentKeys.all });
    },
    onSettled: () => window.history.replaceState(null, '', window.location.pathname),
  });
  useEffect(() => {
    if (!authCode || started.current) return;
    started.current = true;
    finish.mutate(authCode);
  }, [authCode, finish]);
  return finish;
}

function NotConfigured({ data }: { data: TAuthInfoList }) {
  return (
    <section className={styles.notice} data-testid="wechat-not-configured">
      <h2>微信开放平台尚未配置</h2>
      <p>授权绑定需要本站作为微信开放平台的第三方平台。请管理员在服务器上设置以下环境变量后重启：</p>
      <ol>
        {data.missingEnv.map((name) => (
          <li key={name}>
            <code>{name}</code>
          </li>
        ))}
      </ol>
      <p>
        并在开放平台把授权事件接收 URL 填写为 <code>{data.notifyUrl}</code>，授权回调域填写本站域名。
      </p>
    </section>
  );
}

type RowActions = Record<'onPay' | 'onTemplates' | 'onDelete', (a: TAuthInfo) => void>;

function Accounts({ data, onPay, onTemplates, onDelete }: { data: TAuthInfoList } & RowActions) {
  if (!data.list.length)
    return (
      <EmptyState
        icon={<MessageCircle size={32} strokeWidth={1.6} />}
        title="还没有授权绑定的公众号或小程序"
        description={data.configured ? '点击「授权绑定」，用公众号或小程序管理员的微信扫码授权' : '配置完成后即可授权绑定'}
      />
    );
  return (
    <ul className={styles.list} aria-label="已授权的公众号与小程序">
      {data.list.map((account) => (
        <AuthorizerRow
          key={account.authId}
          account={account}
          onPay={() => onPay(account)}
          onTemplates={() => onTemplates(account)}
          onDelete={() => onDelete(account)}
        />
      ))}
    </ul>
  );
}

/**
 * /bindingServicer/index.html (绑定客服): the WeChat official accounts and mini-programs the user authorised this
 * site to act for (issue 46 item 5), 授权绑定 to WeChat's authorisation page, 通知模板 (issue 47 item 4), 支付设置 and
 * 解除绑定 of each; without
 * the platform's keys it names what to configure.
 */
export function BindingPage() {
  const client = useQueryClient();
  const list = useQuery(authInfoListQuery());
  const callback = useAuthCallback();
  const [paying, setPaying] = useState<TAuthInfo | null>(null);
  const [templating, setTemplating] = useState<TAuthInfo | null>(null);
  const [removing, setRemoving] = useState<TAuthInfo | null>(null);
  const authorise = useMutation({ mutationFn: () => preAuthUrl(3), onSuccess: (page) => window.location.assign(page.url) });
  const remove = useMutation({
    mutationFn: (authId: number) => deleteAuthorizer(authId),
    onSuccess: async () => {
      toast.success('已解除绑定');
      setRemoving(null);
      await client.invalidateQueries({ queryKey: componentKeys.all });
    },
    onError: (error: Error) => toast.error(error.message),
  });

  let content;
  if (list.isPending) content = <LoadingState />;
  else if (list.isError)
    content = (
      <ErrorState
        title="授权列表加载失败"
        description={list.error.message}
        actions={
          <Button variant="primary" onClick={() => void list.refetch()}>
            重试
          </Button>
        }
      />
    );
  else content = <Accounts data={list.data} onPay={setPaying} onTemplates={setTemplating} onDelete={setRemoving} />;

  const refusal = authorise.error?.message ?? callback.error?.message;
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div className={styles.headMain}>
          <h1>绑定客服</h1>
          <p className={styles.intro}>授权绑定微信公众号或小程序后，投票、问卷可使用其身份与支付能力</p>
        </div>
        <Button variant="primary" onClick={() => authorise.mutate()} disabled={!list.data?.configured || authorise.isPending}>
          {authorise.isPending ? '正在前往微信…' : '授权绑定'}
        </Button>
      </header>
      {list.data && !list.data.configured ? <NotConfigured data={list.data} /> : null}
      {callback.isPending ? (
        <section className={styles.panel} aria-live="polite">
          <LoadingState compact label="正在完成授权…" />
        </section>
      ) : null}
      {refusal ? (
        <p role="alert" className={styles.error}>
          {refusal}
        </p>
      ) : null}
      <section className={styles.panel}>{content}</section>
      <PayDialog account={paying} onClose={() => setPaying(null)} />
      <NoticeTemplatesDialog account={templating} onClose={() => setTemplating(null)} />
      <ConfirmDialog
        open={removing !== null}
        title="解除绑定"
        message={`解除后将不能再使用「${removing?.nickName ?? ''}」的身份和支付能力，可随时重新授权。若要彻底取消，请在公众号或小程序后台的授权管理中取消授权。`}
        confirmLabel="解除绑定"
        cancelLabel="取消"
        tone="danger"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.authId)}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
