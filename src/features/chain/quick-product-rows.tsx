import { Plus, Trash2 } from 'lucide-react';
import { QUICK_LIMITS } from '../../../machines/chain-quick-start/chain-quick-start.operations';
import type { TProductDraft } from '../../../machines/chain-quick-start/chain-quick-start.types';
import { Button } from '../../ui/button';
import styles from './quick-styles';

export const EMPTY_PRODUCT: TProductDraft = { title: '', price: '', stock: '' };

/** One row of a list edited in place: replace it, or remove it. */
const replaced = <T,>(rows: T[], index: number, row: T) => rows.map((each, i) => (i === index ? row : each));
const removed = <T,>(rows: T[], index: number) => rows.filter((_, i) => i !== index);

/** The group-buy's products: name, price in yuan and stock (empty = 不限) per row; at least one row stays. */
export function QuickProductRows({ rows, onChange }: { rows: TProductDraft[]; onChange: (rows: TProductDraft[]) => void }) {
  return (
    <fieldset className={styles.rows}>
      <legend>商品</legend>
      {rows.map((row, index) => (
        <div key={index} className={styles.product} role="group" aria-label={`商品 ${index + 1}`}>
          <label className={styles.field}>
            <span>商品名称</span>
            <input
              value={row.title}
              maxLength={200}
              placeholder="如：赣南脐橙 10 斤装"
              onChange={(e) => onChange(replaced(rows, index, { ...row, title: e.target.value }))}
            />
          </label>
          <div className={styles.row}>
            <label className={styles.field}>
              <span>价格（元）</span>
              <input
                inputMode="decimal"
                value={row.price}
                placeholder="如 58"
                onChange={(e) => onChange(replaced(rows, index, { ...row, price: e.target.value.replace(/[^\d.]/g, '') }))}
              />
            </label>
            <label className={styles.field}>
              <span>库存</span>
              <input
                inputMode="numeric"
                value={row.stock}
                placeholder="不限"
                onChange={(e) => onChange(replaced(rows, index, { ...row, stock: e.target.value.replace(/\D/g, '') }))}
              />
            </label>
            {rows.length > 1 ? (
              <button type="button" className={styles.remove} aria-label={`删除商品 ${index + 1}`} onClick={() => onChange(removed(rows, index))}>
                <Trash2 size={16} aria-hidden />
              </button>
            ) : null}
          </div>
        </div>
      ))}
      {rows.length < QUICK_LIMITS.maxProducts ? (
        <Button type="button" block onClick={() => onChange([...rows, EMPTY_PRODUCT])}>
          <Plus size={16} aria-hidden />
          添加商品
        </Button>
      ) : null}
    </fieldset>
  );
}

/** Pick-up points (optional): one name per row; blank rows are left out when publishing. */
export function QuickPointRows({ rows, onChange }: { rows: string[]; onChange: (rows: string[]) => void }) {
  return (
    <fieldset className={styles.rows}>
      <legend>自提点（选填）</legend>
      {rows.map((row, index) => (
        <div key={index} className={styles.row}>
          <label className={styles.field}>
            <span className="visually-hidden">自提点 {index + 1}</span>
            <input value={row} maxLength={100} placeholder="如：小区东门、送货上门" onChange={(e) => onChange(replaced(rows, index, e.target.value))} />
          </label>
          <button type="button" className={styles.remove} aria-label={`删除自提点 ${index + 1}`} onClick={() => onChange(removed(rows, index))}>
            <Trash2 size={16} aria-hidden />
          </button>
        </div>
      ))}
      {rows.length < QUICK_LIMITS.maxPoints ? (
        <Button type="button" block onClick={() => onChange([...rows, ''])}>
          <Plus size={16} aria-hidden />
          添加自提点
        </Button>
      ) : null}
      <small className={styles.hint}>不填则买家下单时不选自提点；名称含「送货上门」的会请买家填写地址</small>
    </fieldset>
  );
}
