import type { ReactNode } from 'react';
import type { TGroupBuyView } from '../../../schemas/api/groupbuy';
import { respondentPayResultUrl } from '../../../schemas/order/pay-result-pages';
import { LIST_STATE, yuan } from './groupbuy-view';

/** 我的订单: the buyer's own orders with their state and a link to each; `children` sit under the title. */
export function GroupBuyMine({ orders, children }: { orders: TGroupBuyView['mine']; children?: ReactNode }) {
  return (
    <section className="c-section" aria-label="我的订单">
      <h2 className="c-section-title">我的订单</h2>
      {children}
      <ul className="c-list">
        {orders.map((o) => (
          <li key={o.orderNo} className="c-row is-mine">
            <span className="c-seq">{o.seq}.</span>
            <div className="c-main">
              <p className="c-answer">{o.items}</p>
              <span className="c-time">
                ¥{yuan(o.amountFen)} · {LIST_STATE[o.state] ?? '已取消'}
              </span>
              {o.shipping ? (
                <span className="c-time" data-testid="gb-shipping">
                  物流：{o.shipping}
                </span>
              ) : null}
            </div>
            <a className="r-btn r-btn-soft g-mine-link" href={respondentPayResultUrl(o.orderNo)}>
              查看
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
