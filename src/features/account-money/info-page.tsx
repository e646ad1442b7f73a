import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Bell, Wallet } from 'lucide-react';
import type { TMessage } from '../../../schemas/api/message';
import { INVOICE_STATE_TEXT } from '../../../schemas/api/invoice';
import type { TRechargeOrder, TRechargeRecord } from '../../../schemas/api/recharge';
import { yuanOf } from '../../../schemas/money/catalog';
import { messageKeys, messagePageQuery, readAllMessages, readMessage } from '../../api/messages';
import { rechargeListQuery } from '../../api/money';
import { messageTarget } from '../../app/layout/use-messages';
import { Button } from '../../ui/button';
import { formatDateTime } from '../../ui/format-time';
import { Pager } from '../../ui/pager';
import { pagedListState } from '../../ui/paged-list-states';
import { usePagedList, type TPagedList } from '../../ui/use-paged-list';
import styles from './account-money-styles';
import local from './info.module.css';
import { InvoiceDialog } from './invoice-dialog';

const PAGE_SIZE = 10;
const RECHARGE_STATES: Record<TRechargeOrder['state'], string> = { created: '待支付', paid: '已到账', closed: '已关闭' };

/** A paged list's loading, failure and empty states, or its rows and pager. */
function Paged<T>({
  list,
  what,
  empty,
  row,
}: {
  list: TPagedList<{ list: T[]; total: number }>;
  what: string;
  empty: string;
  row: (item: T) => React.ReactNode;
}) {
  const state = pagedListState(list, { what, empty });
  if (state) return state;
  return (
    <>
      <ul className={local.list} aria-label={what}>
        {list.list.map(row)}
      </ul>
      <Pager {...list.pager} totalLabel={`共 ${list.total} 条`} label={`${what}分页`} previousLabel="上一页" nextLabel="下一页" />
    </>
  );
}

function Messages() {
  const list = usePagedList(messagePageQuery, PAGE_SIZE);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: messageKeys.all });
  const open = async (message: TMessage) => {
    if (!message.read) await readMessage(message.id).finally(refresh);
    const to = messageTarget(message.newsType);
    if (to && to !== '/info.html') void navigate({ to });
  };
  const unread = list.list.some((m) => !m.read);
  return (
    <section className={styles.panel} aria-labelledby="info-messages">
      <div className={local.sectionHead}>
        <h2 id="info-messages">
          <Bell size={16} aria-hidden /> 我的消息
        </h2>
        <Button size="sm" disabled={!unread} onClick={() => void readAllMessages().finally(refresh)}>
          全部已读
        </Button>
      </div>
      <Paged
        list={list}
        what="消息"
        empty="暂无消息：充值到账、会员开通与到期、收到付款时会通知你"
        row={(message: TMessage) => (
          <li key={message.id}>
            <button type="button" className={local.item} data-read={message.read} data-testid="info-message" onClick={() => void open(message)}>
              <span className={local.itemTitle}>{message.title}</span>
              <time className={local.itemSub} dateTime={message.createTime}>
                {formatDateTime(message.createTime)}
              </time>
            </button>
          </li>
        )}
      />
    </section>
  );
}

/** A paid recharge's invoice: 申请发票, or the request's state to open. */
function InvoiceAction({ order, onOpen }: { order: TRechargeRecord; onOpen: () => void }) {
  if (order.state !== 'paid') return null;
  if (!order.invoice)
    return (
      <Button size="sm" onClick={onOpen} data-testid="invoice-request">
        申请发票
      </Button>
    );
  return (
    <Button size="sm" variant="ghost" onClick={onOpen} data-testid="invoice-open">
      发票{INVOICE_STATE_TEXT[order.invoice.state]} · 查看
    </Button>
  );
}

function Recharges() {
  const list = usePagedList(rechargeListQuery, PAGE_SIZE);
  const [invoiceOf, setInvoiceOf] = useState<TRechargeRecord | null>(null);
  return (
    <section className={styles.panel} aria-labelledby="info-recharges">
      <div className={local.sectionHead}>
        <h2 id="info-recharges">
          <Wallet size={16} aria-hidden /> 充值记录
        </h2>
        <Button size="sm" variant="primary" asChild>
          <Link to="/accountRecharge/index.html">充值</Link>
        </Button>
      </div>
      <Paged
        list={list}
        what="充值记录"
        empty="暂无充值记录"
        row={(order: TRechargeRecord) => (
          <li key={order.orderNo} className={local.item} data-testid="info-recharge">
            <span className={local.itemTitle}>
              ¥{yuanOf(order.amountFen)} · {RECHARGE_STATES[order.state]}
            </span>
            <span className={local.itemSub}>
              {order.orderNo} · {formatDateTime(order.paidAt ?? order.createdAt)}
            </span>
            <InvoiceAction order={order} onOpen={() => setInvoiceOf(order)} />
          </li>
        )}
      />
      {invoiceOf ? <InvoiceDialog order={invoiceOf} onClose={() => setInvoiceOf(null)} /> : null}
    </section>
  );
}

/** /info.html (消息与充值记录): the user's messages (newest first, read on click) and their recharge orders. */
export function InfoPage() {
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1>消息与充值记录</h1>
          <p className={styles.intro}>系统通知与账户充值，均按时间倒序</p>
        </div>
        <Button asChild>
          <Link to="/transactionsRecord/index.html">交易记录</Link>
        </Button>
      </header>
      <Messages />
      <Recharges />
    </div>
  );
}
