import { Plus, Trash2 } from 'lucide-react';
import type { TSubject } from '../../schemas/subjects/registry';
import { cx } from '../ui/cx';
import { DateTimeField } from '../ui/date-time-field';
import bare from '../ui/icon-button.module.css';
import { newId } from './new-id';
import { ImageField, LinesField, NumberField, TextField, type TCommit } from './property-fields';
import { SpecRowsField } from './spec-rows-field';
import type { TSpecRow } from '../../schemas/subjects/types/product-specs';
import styles from './property-panel.module.css';
import type { TFieldContext } from './subject-look';

// Property-panel fields more than one type's look uses, and the big ones (products, slots) kept out of looks/.

type Labelled = { uuid: string; title: string };
export const relabel = (old: Labelled[], lines: string[]) => lines.map((title, i) => ({ uuid: old[i]?.uuid ?? newId(), title }));

/** A list of titled parts (评价标签…) edited one per line, keeping each line's id. */
export function labelledLines(ctx: TFieldContext, key: string, label: string) {
  const parts = (ctx.subject as unknown as Record<string, Labelled[]>)[key]!;
  return <LinesField key={key} label={label} lines={parts.map((r) => r.title)} onCommit={(l) => ctx.commit(key)(relabel(parts, l))} />;
}

/** Per-point words of a scale (optional). */
export function pointLabels({ subject, commit }: TFieldContext<TSubject & { labels?: string[] }>) {
  return (
    <LinesField
      key="labels"
      label="每级文字（选填）"
      hint="从最低分到最高分，每行一级"
      lines={subject.labels ?? []}
      onCommit={(l) => commit('labels')(l.length ? l : undefined)}
    />
  );
}

export function imageField(ctx: TFieldContext, key: string, label: string) {
  const value = (ctx.subject as unknown as Record<string, string | undefined>)[key];
  return <ImageField key={key} label={label} value={value} onCommit={ctx.commit(key) as TCommit<string | undefined>} />;
}

/** Cascade nodes as "一级/二级/三级" lines and back. */
export type TCascadeNode = { id: string; label: string; children?: TCascadeNode[] };
export function nodesToLines(nodes: TCascadeNode[], prefix = ''): string[] {
  return nodes.flatMap((n) => (n.children?.length ? nodesToLines(n.children, `${prefix}${n.label}/`) : [`${prefix}${n.label}`]));
}
export function linesToNodes(lines: string[], old: TCascadeNode[]): TCascadeNode[] {
  const root: TCascadeNode[] = [];
  for (const line of lines) {
    let level = root;
    let previous: TCascadeNode[] | undefined = old;
    for (const label of line
      .split('/')
      .map((p) => p.trim())
      .filter(Boolean)
      .slice(0, 4)) {
      let node = level.find((n) => n.label === label);
      const before: TCascadeNode | undefined = previous?.find((n) => n.label === label);
      if (!node) {
        node = { id: before?.id ?? newId(), label };
        level.push(node);
      }
      node.children ??= [];
      level = node.children;
      previous = before?.children;
    }
  }
  const prune = (nodes: TCascadeNode[]): TCascadeNode[] =>
    nodes.map((n) => (n.children?.length ? { ...n, children: prune(n.children) } : { id: n.id, label: n.label }));
  return prune(root);
}

type Product = { uuid: string; title: string; spec?: string; price: number; stock?: number; maxPerPerson?: number; image?: string; specs?: TSpecRow[] };
export function ProductsField({ products, commit }: { products: Product[]; commit: TCommit<unknown> }) {
  const set = (i: number, patch: Partial<Product>) => {
    const next = products.map((p, j) => (j === i ? ({ ...p, ...patch } as Product) : p));
    for (const p of next) for (const k of Object.keys(p) as (keyof Product)[]) if (p[k] === undefined) delete p[k];
    return commit(next);
  };
  return (
    <div className={styles.listField}>
      {products.map((p, i) => (
        <div key={p.uuid} className={styles.listItem}>
          <div className={styles.listItemHead}>
            <strong>商品 {i + 1}</strong>
            <button
              type="button"
              className={cx(bare.iconButton, styles.iconButton)}
              disabled={products.length <= 1}
              onClick={() => commit(products.filter((_, j) => j !== i))}
              aria-label={`删除商品${i + 1}`}
            >
              <Trash2 size={14} aria-hidden />
            </button>
          </div>
          <TextField label="名称" placeholder="例如：四川丑橘" value={p.title} onCommit={(v) => set(i, { title: v ?? '' })} />
          <SpecRowsField product={p} onCommit={(patch) => set(i, patch)} />
          <NumberField label="每人限购" optional placeholder="不限" value={p.maxPerPerson} onCommit={(v) => set(i, { maxPerPerson: v })} />
          <ImageField label="商品图片" value={p.image} onCommit={(v) => set(i, { image: v })} />
        </div>
      ))}
      <button type="button" className={styles.addButton} onClick={() => commit([...products, { uuid: newId(), title: '', price: 0 }])}>
        <Plus size={14} aria-hidden />
        添加商品
      </button>
    </div>
  );
}

type Slot = { uuid: string; start: string; end: string; capacity?: number };
export function SlotsField({ weeks, times, commit }: { weeks: number[]; times: Slot[]; commit: (key: string) => TCommit<unknown> }) {
  const setTime = (i: number, patch: Partial<Slot>) => commit('times')(times.map((t, j) => (j === i ? { ...t, ...patch } : t)));
  return (
    <>
      <div className={styles.field}>
        <span className={styles.label}>可预约的星期</span>
        <div className={styles.weekdays}>
          {['一', '二', '三', '四', '五', '六', '日'].map((d, i) => (
            <label key={d} className={styles.weekday}>
              <input
                type="checkbox"
                checked={weeks.includes(i + 1)}
                onChange={(event) => commit('weeks')(event.target.checked ? [...weeks, i + 1].sort() : weeks.filter((w) => w !== i + 1))}
              />
              周{d}
            </label>
          ))}
        </div>
      </div>
      <div className={styles.listField}>
        <span className={styles.label}>预约时段</span>
        {times.map((t, i) => (
          <div key={t.uuid} className={styles.slotRow}>
            <DateTimeField mode="time" className={styles.input} value={t.start} label={`时段${i + 1}开始`} onChange={(start) => setTime(i, { start })} />
            <span>–</span>
            <DateTimeField mode="time" className={styles.input} value={t.end} label={`时段${i + 1}结束`} onChange={(end) => setTime(i, { end })} />
            <button
              type="button"
              className={cx(bare.iconButton, styles.iconButton)}
              disabled={times.length <= 1}
              onClick={() => commit('times')(times.filter((_, j) => j !== i))}
              aria-label={`删除时段${i + 1}`}
            >
              <Trash2 size={14} aria-hidden />
            </button>
          </div>
        ))}
        <button type="button" className={styles.addButton} onClick={() => commit('times')([...times, { uuid: newId(), start: '18:00', end: '19:00' }])}>
          <Plus size={14} aria-hidden />
          添加时段
        </button>
      </div>
    </>
  );
}
