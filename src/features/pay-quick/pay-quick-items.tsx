import { Plus, Trash2 } from 'lucide-react';
import type { TPayItem } from '../../../machines/pay-quick-start/pay-quick-start.types';
import { QUICK_PAY_LIMITS } from '../../../machines/pay-quick-start/pay-quick-start.operations';
import { Button } from '../../ui/button';
import styles from '../../ui/quick-start.module.css';

let keys = 0;
/** An empty item row. */
export const blankItem = (): TPayItem => ({ key: `item-${++keys}`, name: '', price: '' });

interface TProps {
  value: TPayItem[];
  onChange: (value: TPayItem[]) => void;
  locked: boolean;
}

/** The things to pay for: name and price in yuan each; add and remove (at least one stays). */
export function PayQuickItems({ value, onChange, locked }: TProps) {
  const set = (key: string, patch: Partial<TPayItem>) => onChange(value.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  return (
    <div className={styles.field}>
      <span>收款项目（付款人选择项目和数量，金额自动合计）</span>
      <ol className={styles.list}>
        {value.map((item, i) => (
          <li key={item.key} className={styles.item}>
            <span className={styles.itemNo} aria-hidden>
              {i + 1}
            </span>
            <input
              aria-label={`第${i + 1}个项目名称`}
              value={item.name}
              maxLength={QUICK_PAY_LIMITS.nameMax}
              placeholder="如：本学期班费"
              readOnly={locked}
              onChange={(event) => set(item.key, { name: event.target.value })}
            />
            <input
              className={styles.price}
              aria-label={`第${i + 1}个项目金额（元）`}
              inputMode="decimal"
              value={item.price}
              placeholder="金额 元"
              readOnly={locked}
              onChange={(event) => set(item.key, { price: event.target.value.replace(/[^\d.]/g, '').slice(0, 9) })}
            />
            <button
              type="button"
              className={styles.remove}
              aria-label={`删除第${i + 1}个项目`}
              disabled={locked || value.length <= 1}
              onClick={() => onChange(value.filter((each) => each.key !== item.key))}
            >
              <Trash2 size={18} aria-hidden />
            </button>
          </li>
        ))}
      </ol>
      <Button type="button" block disabled={locked || value.length >= QUICK_PAY_LIMITS.maxItems} onClick={() => onChange([...value, blankItem()])}>
        <Plus size={16} aria-hidden />
        添加项目
      </Button>
    </div>
  );
}
