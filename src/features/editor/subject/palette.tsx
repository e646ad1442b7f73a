import { useDraggable } from '@dnd-kit/core';
import { memo } from 'react';
import { cx } from '../../../ui/cx';
import { paletteGroupsFor, typeIcon, typeName } from './subject-kinds';
import styles from './subject-page.module.css';

export const PALETTE_PREFIX = 'palette:';
export const paletteTypeOf = (id: string | number): number | null =>
  String(id).startsWith(PALETTE_PREFIX) ? Number(String(id).slice(PALETTE_PREFIX.length)) : null;

function PaletteItem({ subjectType, onAdd }: { subjectType: number; onAdd: (subjectType: number) => void }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `${PALETTE_PREFIX}${subjectType}` });
  const Icon = typeIcon(subjectType);
  const name = typeName(subjectType);
  return (
    <button
      ref={setNodeRef}
      type="button"
      className={cx(styles.paletteItem, isDragging && styles.paletteDragging)}
      {...listeners}
      {...attributes}
      aria-roledescription="可拖动的题型"
      aria-label={`添加${name}`}
      title={`点击添加，或拖到右侧画布中的任意位置`}
      data-type={subjectType}
      onClick={() => onAdd(subjectType)}
    >
      <Icon size={16} aria-hidden />
      <span>{name}</span>
    </button>
  );
}

/** The subject types that fit the project, in their groups: click to append, drag onto the canvas to place. */
export const Palette = memo(function Palette({ onAdd, questionType }: { onAdd: (subjectType: number) => void; questionType: number | undefined }) {
  return (
    <nav className={styles.palette} aria-label="题型">
      <p className={styles.paletteHint}>点击或拖动题型到画布</p>
      {paletteGroupsFor(questionType).map((group) => (
        <section key={group.name} className={styles.paletteGroup} aria-label={group.name}>
          <h3>{group.name}</h3>
          <div className={styles.paletteGrid}>
            {group.types.map((type) => (
              <PaletteItem key={type} subjectType={type} onAdd={onAdd} />
            ))}
          </div>
        </section>
      ))}
    </nav>
  );
});
