import { useQuery } from '@tanstack/react-query';
import { Banknote, RefreshCw, Search, Wallet } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TSandboxTransfer } from '../../../schemas/api/dev';
import { yuan } from '../../../schemas/red-envelope/rules';
import { messageOf } from '../../../machines/shared/error-message';
import { devTransfersQuery } from '../../api/red-envelope';
import { Button } from '../../ui/button';
import { shanghaiTime } from '../../ui/shanghai-time';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import styles from './dev-transfers-styles';

/** How a payee reads: an openid as it is, the sandbox's stand-ins in words. */
function payeeText(payee: string): string {
  if (payee.startsWith('user:')) return `登录用户 #${payee.slice(5)}`;
  if (payee.startsWith('sheet:')) return `匿名答卷 ${payee.slice(6, 16)}`;
  if (payee.startsWith('ballot:')) return `匿名投票 ${payee.slice(7, 17)}`;
  return payee;
}

function TransfersTable({ rows }: { rows: TSandboxTransfer[] }) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">金额</th>
          <th scope="col">收款人</th>
          <th scope="col">来源</th>
          <th scope="col">转账单号</th>
          <th scope="col">时间</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.outBatchNo} data-testid="sandbox-transfer">
            <td className={styles.amount}>¥{yuan(r.amountFen)}</td>
            <td className={styles.mono}>{payeeText(r.payee)}</td>
            <td>
              {r.source ? `${r.source.kind === 'vote' ? '投票' : '问卷'}：${r.source.title || '未命名'}` : r.remark}
              {r.source ? <span className={styles.sub}>{`${r.source.kind === 'vote' ? '投票' : '答卷'} ${r.source.sheetId.slice(0, 14)}`}</span> : null}
            </td>
            <td className={styles.mono}>
              {r.transferId}
              <span className={styles.sub}>{r.outBatchNo}</span>
            </td>
            <td className={styles.time}>{shanghaiTime(r.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * /dev/transfers: what the pay sandbox "paid out" (red envelopes' 商家转账), newest first, so a tester sees who was
 * paid and how much. Outside production only, like /dev/outbox.
 */
export function DevTransfersPage() {
  const [draft, setDraft] = useState('');
  const [payee, setPayee] = useState('');
  const query = useQuery(devTransfersQuery(payee));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setPayee(draft.trim());
  };
  let body;
  if (query.isPending) body = <LoadingState label="正在读取沙箱转账…" />;
  else if (query.isError) body = <ErrorState title="沙箱转账读取失败" description={messageOf(query.error)} />;
  else if (query.data.length === 0)
    body = <EmptyState icon={<Wallet size={32} />} title="沙箱还没有转账" description="红包审核通过后，沙箱的模拟转账会出现在这里。" />;
  else body = <TransfersTable rows={query.data} />;
  const total = query.data?.reduce((sum, r) => sum + r.amountFen, 0) ?? 0;
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>
            <Banknote size={22} aria-hidden />
            沙箱转账
          </h1>
          <p className={styles.subtitle}>支付沙箱模拟的商家转账（红包发放），不会真实到账。仅在非生产环境、本机可见。</p>
        </div>
      </header>
      <div className={styles.toolbar}>
        <form className={styles.filter} onSubmit={apply} role="search">
          <label htmlFor="transfer-payee" className={styles.label}>
            收款人
          </label>
          <input
            id="transfer-payee"
            className={styles.input}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="openid 或 user:1 / sheet:…"
          />
          <Button type="submit" variant="soft">
            <Search size={14} aria-hidden />
            筛选
          </Button>
          {payee ? (
            <Button
              variant="ghost"
              onClick={() => {
                setDraft('');
                setPayee('');
              }}
            >
              清除
            </Button>
          ) : null}
        </form>
        <div className={styles.right}>
          {query.data ? (
            <span className={styles.count}>
              最近 {query.data.length} 笔，共 ¥{yuan(total)}
            </span>
          ) : null}
          <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
            <RefreshCw size={14} className={query.isFetching ? styles.spin : undefined} aria-hidden />
            刷新
          </Button>
        </div>
      </div>
      <div className={styles.panel}>{body}</div>
    </div>
  );
}

export default DevTransfersPage;
