import type { TGroupBuyView } from '../../../schemas/api/groupbuy';
import { LIST_STATE, groupBuyTime } from './groupbuy-view';

/** 接龙订单: the live orders in number order, names masked. */
export function GroupBuyList({ orders }: { orders: TGroupBuyView['orders'] }) {
  return (
    <section className="c-section" aria-label="接龙订单">
      <h2 className="c-section-title">接龙订单</h2>
      {orders.length ? (
        <ol className="c-list">
          {orders.map((o) => (
            <li key={o.seq} className="c-row" data-testid="gb-row">
              <span className="c-seq">{o.seq}.</span>
              <div className="c-main">
                <div className="c-line">
                  <span className="c-name">{o.name}</span>
                  <span className="c-people">{LIST_STATE[o.state]}</span>
                </div>
                <p className="c-answer">{o.items}</p>
                <time className="c-time" dateTime={o.time}>
                  {groupBuyTime(o.time)}
                </time>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="c-empty">还没有人下单，快来第一个接龙吧</p>
      )}
    </section>
  );
}
