import { Plus, Trash2 } from 'lucide-react';
import type { TSchedule } from '../../../schemas/appointment/schedule';
import { Button } from '../../ui/button';
import styles from './appointment-styles';
import { WeeklyEditor } from './weekly-editor';

type TResource = TSchedule['resources'][number];

/** 预约设置's 资源 card: rooms or staff, each with a name, a key and its own weekly slots. */
export function AppointmentResourcesCard({ draft, disabled, set }: { draft: TSchedule; disabled: boolean; set: (patch: Partial<TSchedule>) => void }) {
  const update = (i: number, patch: Partial<TResource>) => set({ resources: draft.resources.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
  return (
    <section className={styles.card} aria-label="资源">
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>资源（房间、人员）</h2>
        <span className={styles.hint}>添加后，预约人先选资源再选时段，每个资源的名额单独计算</span>
      </div>
      {draft.resources.map((r, i) => (
        <div key={i} className={styles.resource} data-testid="appointment-resource">
          <div className={styles.row}>
            <input
              className={styles.input}
              value={r.name}
              placeholder="名称，如 1 号诊室"
              disabled={disabled}
              aria-label={`资源${i + 1}名称`}
              onChange={(e) => update(i, { name: e.target.value })}
            />
            <input
              className={styles.input}
              value={r.key}
              placeholder="编号，如 room1"
              disabled={disabled}
              aria-label={`资源${i + 1}编号`}
              onChange={(e) => update(i, { key: e.target.value })}
            />
            <Button
              variant="ghost"
              size="sm"
              disabled={disabled}
              aria-label={`删除资源${i + 1}`}
              onClick={() => set({ resources: draft.resources.filter((_, j) => j !== i) })}
            >
              <Trash2 size={14} aria-hidden />
              删除
            </Button>
          </div>
          <WeeklyEditor weekly={r.weekly} disabled={disabled} name={r.name || `资源${i + 1}`} onChange={(weekly) => update(i, { weekly })} />
        </div>
      ))}
      <div>
        <Button
          variant="ghost"
          size="sm"
          disabled={disabled}
          onClick={() =>
            set({
              resources: [...draft.resources, { key: `r${draft.resources.length + 1}`, name: '', weekly: draft.weekly }],
            })
          }
        >
          <Plus size={14} aria-hidden />
          添加资源
        </Button>
      </div>
    </section>
  );
}
