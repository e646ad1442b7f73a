import { useState } from 'react';
import type { TSubmitResult } from '../../schemas/api/write';
import { startPay } from './api';
import { deviceId } from './draft';
import { cx } from './widgets/shared';

type TOrder = NonNullable<TSubmitResult['order']>;
const METHODS = [
  { id: 'wechat', name: '微信支付', hint: '推荐微信用户使用' },
  { id: 'alipay', name: '支付宝', hint: '支付宝账户或银行卡' },
] as const;

const yuan = (fen: number) => (fen / 100).toFixed(2);
const clock = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(11, 16);

/**
 * After submitting a sheet that bought something: the amount, the method, and 去支付 to the provider's cashier.
 * The order is only paid when the server says so (the result page asks it); this step never assumes it.
 */
export function PayStep({ order }: { order: TOrder }) {
  const [method, setMethod] = useState<'wechat' | 'alipay'>('wechat');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const pay = () => {
    setBusy(true);
    setError('');
    startPay(method, order.orderNo, deviceId())
      .then((started) => {
        if (started.launch.kind === 'redirect') window.location.assign(started.launch.url);
        else setError('请在微信中打开本页完成支付');
      })
      .catch((e: Error) => setError(e.message))
      .finally(() => setBusy(false));
  };
  const resultPage = `${method === 'wechat' ? '/wechatPay.html' : '/alipaySuccess'}?orderNo=${order.orderNo}`;
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
