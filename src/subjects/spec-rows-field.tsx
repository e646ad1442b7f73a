import { Plus, Trash2 } from 'lucide-react';
import { specsOf, type TSpecRow } from '../../schemas/subjects/types/product-specs';
import { cx } from '../ui/cx';
import bare from '../ui/icon-button.module.css';
import { newId } from './new-id';
import { NumberField, TextField } from './property-fields';
import styles from './property-panel.module.css';
import specStyles from './spec-rows-field.module.css';

type SpecProduct = { uuid: string; spec?: string; price: number; stock?: number; specs?: TSpecRow[] };
/** What saving the spec rows changes on the product: the rows, and the product's own fields read from the first. */
export type TSpecPatch = { specs: TSpecRow[]; price: number; spec: undefined; stock: undefined };

/** The rows as saved: the product's own price is its highest spec's (the publishing check asks for a priced product). */
function patchOf(rows: TSpecRow[]): TSpecPatch {
  const clean = rows.map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as TSpecRow);
  return { specs: clean, price: Math.max(...clean.map((r) => r.price)), spec: undefined, stock: undefined };
}

/**
 * 规格 (issue 49 item 6): a product's spec rows, each with its name, price and stock. A product saved before specs
 * existed shows its free-text spec, price and stock as the first row, which keeps the product's own id (and so its
 * stock sold so far) when saved.
 */
export function SpecRowsField({ product, onCommit }: { product: SpecProduct; onCommit: (patch: TSpecPatch) => string | null }) {
  const rows = specsOf(product) as TSpecRow[];
  const set = (i: number, patch: Partial<TSpecRow>) => onCommit(patchOf(rows.map((r, j) => (j === i ? { ...r, ...patch } : r))));
  return (
    <div className={specStyles.specs} role="group" aria-label="规格">
      <div className={specStyles.head}>
        <strong>规格</strong>
        <small>每个规格单独定价和计算库存</small>
      </div>
      {rows.map((r, i) => (
        <div key={r.uuid} className={specStyles.row} data-testid="spec-row">
          <div className={styles.listItemHead}>
            <span className={specStyles.rowTitle}>规格 {i + 1}</span>
            <button
              type="button"
              className={cx(bare.iconButton, styles.iconButton)}
              disabled={rows.length <= 1}
              onClick={() => onCommit(patchOf(rows.filter((_, j) => j !== i)))}
              aria-label={`删除规格${i + 1}`}
            >
              <Trash2 size={14} aria-hidden />
            </button>
          </div>
          <TextField
            label="规格名称"
            placeholder={rows.length > 1 ? '例如：10斤装' : '例如：5斤装（选填）'}
            value={r.name || undefined}
            onCommit={(v) => set(i, { name: v ?? '' })}
          />
          <NumberField
            label="价格"
            suffix="元"
            scale={100}
            optional
            placeholder="例如：45"
            hint="不填为免费"
            value={r.price > 0 ? r.price : undefined}
            onCommit={(v) => set(i, { price: Math.round(v ?? 0) })}
          />
          <NumberField label="库存" optional placeholder="不限" value={r.stock} onCommit={(v) => set(i, { stock: v })} />
        </div>
      ))}
      <button
        type="button"
        className={styles.addButton}
        onClick={() => onCommit(patchOf([...rows, { uuid: newId(), name: '', price: rows.at(-1)?.price ?? 0 }]))}
      >
        <Plus size={14} aria-hidden />
        添加规格
      </button>
    </div>
  );
}
