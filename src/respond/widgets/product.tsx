import type { TSubjectOf } from '../../../schemas/subjects/registry';
import { isSafeUrl } from '../../../schemas/rich-text/allow-list';
import { specsOf, type TSpecRow } from '../../../schemas/subjects/types/product-specs';
import { cx, type TWidgetProps } from './shared';

type TLine = { productId: string; specId?: string; quantity: number };
type TProductItem = TSubjectOf<34>['products'][number];

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
/** A line's spec: the one it names, else the product's own (a product without spec rows is its one spec). */
const sameLine = (l: TLine, p: TProductItem, spec: TSpecRow) => l.productId === p.uuid && (l.specId ?? p.uuid) === (p.specs ? spec.uuid : p.uuid);

/**
 * The product subject on the answer page: one row per spec (规格) with its price, what is left (已售罄 at 0) and a
 * stepper; a line names its spec when the product has spec rows (issue 49 item 6).
 */
export function Product({ subject: s, value, onChange, describedBy }: TWidgetProps<TSubjectOf<34>>) {
  const lines = Array.isArray(value) ? (value as TLine[]) : [];
  const qty = (p: TProductItem, spec: TSpecRow) => lines.find((l) => sameLine(l, p, spec))?.quantity ?? 0;
  const set = (p: TProductItem, spec: TSpecRow, n: number) =>
    onChange([
      ...lines.filter((l) => !sameLine(l, p, spec)),
      ...(n > 0 ? [p.specs ? { productId: p.uuid, specId: spec.uuid, quantity: n } : { productId: p.uuid, quantity: n }] : []),
    ]);
  const total = s.products.reduce((t, p) => t + specsOf(p).reduce((u, spec) => u + spec.price * qty(p, spec), 0), 0);
  return (
    <div className="r-products" aria-describedby={describedBy}>
      {s.products.flatMap((p) =>
        specsOf(p).map((spec) => <ProductRow key={`${p.uuid}|${spec.uuid}`} product={p} spec={spec} n={qty(p, spec)} onSet={(n) => set(p, spec, n)} />),
      )}
      <p className="r-products-total">
        合计 <strong>{yuan(total)}</strong>
      </p>
    </div>
  );
}

function ProductRow({ product: p, spec, n, onSet }: { product: TProductItem; spec: TSpecRow; n: number; onSet: (n: number) => void }) {
  const cap = Math.min(spec.stock ?? Infinity, p.maxPerPerson ?? Infinity);
  const soldOut = spec.stock === 0;
  return (
    <div className={cx('r-product', n > 0 && 'is-on')} data-testid="r-product">
      {p.image && isSafeUrl(p.image) ? (
        <img className="r-product-img" src={p.image} alt="" loading="lazy" />
      ) : (
        <span className="r-product-img is-empty" aria-hidden />
      )}
      <div className="r-product-body">
        <span className="r-product-title">{p.title || '未命名商品'}</span>
        {spec.name ? <span className="r-product-spec">{p.specs ? `规格：${spec.name}` : spec.name}</span> : null}
        <span className="r-product-price">{yuan(spec.price)}</span>
        {soldOut ? (
          <b className="r-product-spec g-soldout">已售罄</b>
        ) : spec.stock !== undefined ? (
          <span className="r-product-spec">库存 {spec.stock}</span>
        ) : null}
      </div>
      <div className="r-stepper" role="group" aria-label={`${p.title}${spec.name ? `（${spec.name}）` : ''} 数量`}>
        <button type="button" aria-label="减少" disabled={n === 0} onClick={() => onSet(n - 1)}>
          −
        </button>
        <output aria-live="polite">{n}</output>
        <button type="button" aria-label="增加" disabled={n >= cap} onClick={() => onSet(n + 1)}>
          +
        </button>
      </div>
    </div>
  );
}
