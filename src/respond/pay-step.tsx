import { useEffect, useState } from 'react';
import type { TSubmitResult } from '../../schemas/api/write';
import { respondentPayResultUrl } from '../../schemas/order/pay-result-pages';
import { orderStatus, startPay } from './api';
import { deviceId } from './draft';
import { cx } from './widgets/shared';

type TOrder = NonNullable<TSubmitResult['order']>;
const METHODS = [
  { id: 'wechat', name: '微信支付', hint: '推荐微信用户使用' },
  { id: 'alipay', name: '支付宝', hint: '支付宝账户或银行卡' },
] as const;

const yuan = (fen: number) => (fen / 100).toFixed(2);

/** What became of the payment, as the conclusion's title says it next to 提交成功 (issue 43 item 5). */
export type TPayOutcome = 'unpaid' | 'paid' | 'failed' | 'closed';
export const PAY_OUTCOME_WORDS: Record<TPayOutcome, string> = { unpaid: '待支付', paid: '已支付', failed: '支付未完成', closed: '订单已关闭' };

/**
 * The order's outcome: unpaid until the server says otherwise. Asked again whenever the page comes back into view
 * (the buyer paid in the cashier's tab or app and returned), never guessed.
 */
export function usePayOutcome(orderNo: string | undefined): [TPayOutcome, (outcome: TPayOutcome) => void] {
  const [outcome, setOutcome] = useState<TPayOutcome>('unpaid');
  useEffect(() => {
    setOutcome('unpaid');
    if (!orderNo) return;
    const ask = () => {
      if (document.visibilityState !== 'visible') return;
      orderStatus(orderNo, deviceId())
        .then((order) => {
          if (order.state === 'closed') setOutcome('closed');
          else if (order.state !== 'created') setOutcome('paid');
        })
        .catch(() => undefined);
    };
    document.addEventListener('visibilitychange', ask);
    window.addEventListener('focus', ask);
    return () => {
      document.removeEventListener('visibilitychange', ask);
      window.removeEventListener('focus', ask);
    };
  }, [orderNo]);
  return [outcome, setOutcome];
}
const clock = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(11, 16);

/**
 * After submitting a sheet that bought something: the amount, the method, and 去支付 to the provider's cashier.
 * The order is only paid when the server says so (the result page asks it); this step never assumes it.
 */
export function PayStep({ order, outcome = 'unpaid', onFailed }: { order: TOrder; outcome?: TPayOutcome; onFailed?: () => void }) {
  const [method, setMethod] = useState<'wechat' | 'alipay'>('wechat');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const pay = () => {
    setBusy(true);
    setError('');
    startPay(method, order.orderNo, deviceId())
      .then((started) => {
        if (started.launch.kind === 'redirect') window.location.assign(started.launch.url);
        else {
          setError('请在微信中打开本页完成支付');
          onFailed?.();
        }
      })
      .catch((e: Error) => {
        setError(e.message);
        onFailed?.();
      })
      .finally(() => setBusy(false));
  };
  // The respondent side's public result page for either method.
  const resultPage = respondentPayResultUrl(order.orderNo);
  if (outcome === 'paid' || outcome === 'closed')
    return (
      <section className="r-pay" aria-labelledby="r-pay-title">
        <h2 id="r-pay-title" className="r-pay-title">
          {outcome === 'paid' ? '支付成功' : '订单已超时关闭'}
        </h2>
        <p className="r-pay-amount" data-testid="pay-amount">
          <span>¥</span>
          {yuan(order.amountFen)}
        </p>
        <p className="r-pay-note">订单号 {order.orderNo}</p>
        <a className="r-pay-link" href={resultPage}>
          查看订单
        </a>
      </section>
    );
  return (
    <section className="r-pay" aria-labelledby="r-pay-title">
      <h2 id="r-pay-title" className="r-pay-title">
        待支付
      </h2>
      <p className="r-pay-amount" data-testid="pay-amount">
        <span>¥</span>
        {yuan(order.amountFen)}
      </p>
      <p className="r-pay-note">
        订单号 {order.orderNo} · 请在 {clock(order.closesAt)} 前完成支付，超时订单将自动关闭
      </p>
      <div className="r-pay-methods" role="radiogroup" aria-label="支付方式">
        {METHODS.map((m) => (
          <button
            key={m.id}
            type="button"
            role="radio"
            aria-checked={method === m.id}
            className={cx('r-pay-method', method === m.id && 'is-on')}
            onClick={() => setMethod(m.id)}
          >
            <span className={cx('r-pay-logo', `is-${m.id}`)} aria-hidden>
              {m.id === 'wechat' ? '微' : '支'}
            </span>
            <span className="r-pay-name">
              {m.name}
              <small>{m.hint}</small>
            </span>
            <span className="r-pay-radio" aria-hidden />
          </button>
        ))}
      </div>
      {error ? (
        <p className="r-pay-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className="r-btn r-btn-primary r-btn-lg r-pay-go" disabled={busy} onClick={pay}>
        {busy ? '正在前往收银台…' : `去支付 ¥${yuan(order.amountFen)}`}
      </button>
      <a className="r-pay-link" href={resultPage}>
        查看订单
      </a>
    </section>
  );
}
