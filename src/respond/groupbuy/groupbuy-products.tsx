import type { TGroupBuyProduct } from '../../../schemas/api/groupbuy';
import { isSafeUrl } from '../../../schemas/rich-text/allow-list';
import { yuan } from './groupbuy-view';

export type TCart = Record<string, number>;
const keyOf = (p: TGroupBuyProduct) => `${p.subjectId}|${p.productId}|${p.specId}`;
export const quantityOf = (cart: TCart, p: TGroupBuyProduct) => cart[keyOf(p)] ?? 0;

/** The most one order may take of a product: what is left and the per-person limit. */
export const capOf = (p: TGroupBuyProduct) => Math.min(p.stock ?? 999, p.maxPerPerson ?? 999);

/** Products, one row per spec (规格), with price, what is left (已售罄 at 0) and the per-person limit; a stepper per product when `open`. */
export function GroupBuyProducts({
  products,
  cart,
  open,
  onChange,
}: {
  products: TGroupBuyProduct[];
  cart: TCart;
  open: boolean;
  onChange: (cart: TCart) => void;
}) {
  const set = (p: TGroupBuyProduct, n: number) => onChange({ ...cart, [keyOf(p)]: Math.max(0, Math.min(n, capOf(p))) });
  return (
    <ul className="g-products" aria-label="商品">
      {products.map((p) => {
        const n = quantityOf(cart, p);
        const soldOut = p.stock === 0;
        return (
          <li
            key={keyOf(p)}
            className={soldOut ? 'r-product g-product is-out' : n > 0 ? 'r-product g-product is-on' : 'r-product g-product'}
            data-testid="gb-product"
          >
            {p.image && isSafeUrl(p.image) ? <img className="r-product-img" src={p.image} alt="" loading="lazy" /> : null}
            <div className="r-product-body">
              <span className="r-product-title">{p.title || '未命名商品'}</span>
              {p.spec ? <span className="r-product-spec">规格：{p.spec}</span> : null}
              <span className="r-product-price">¥{yuan(p.priceFen)}</span>
              <span className="g-stock" data-testid="gb-stock">
                {soldOut ? <b className="g-soldout">已售罄</b> : p.stock === null ? '库存充足' : `剩余 ${p.stock} 件`}
                {p.maxPerPerson !== null ? ` · 每人限购 ${p.maxPerPerson} 件` : ''}
              </span>
            </div>
            {open && !soldOut ? (
              <div className="r-stepper" role="group" aria-label={`${p.title}${p.spec ? `（${p.spec}）` : ''} 数量`}>
                <button type="button" aria-label="减少" disabled={n === 0} onClick={() => set(p, n - 1)}>
                  −
                </button>
                <output aria-live="polite">{n}</output>
                <button type="button" aria-label="增加" disabled={n >= capOf(p)} onClick={() => set(p, n + 1)}>
                  +
                </button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
