import { useDraggable } from '@dnd-kit/core';
import { memo } from 'react';
import { cx } from '../../../ui/cx';
import { entryIcon, entryName, paletteEntryOfKey, paletteGroupsFor, paletteKey, type TPaletteEntry } from './subject-kinds';
import styles from './subject-page.module.css';

export const PALETTE_PREFIX = 'palette:';
/** The palette entry a drag id names (`palette:1`, `palette:trueFalse`), or null for a subject's id. */
export const paletteEntryOf = (id: string | number): TPaletteEntry | null =>
  String(id).startsWith(PALETTE_PREFIX) ? paletteEntryOfKey(String(id).slice(PALETTE_PREFIX.length)) : null;

function PaletteItem({ entry, onAdd }: { entry: TPaletteEntry; onAdd: (entry: TPaletteEntry) => void }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `${PALETTE_PREFIX}${paletteKey(entry)}` });
  const Icon = entryIcon(entry);
  const name = entryName(entry);
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
      data-type={entry.subjectType}
      data-preset={entry.preset}
      onClick={() => onAdd(entry)}
    >
      <Icon size={16} aria-hidden />
      <span>{name}</span>
    </button>
  );
}

/** The subject types that fit the project, in their groups: click to append, drag onto the canvas to place. */
export const Palette = memo(function Palette({ onAdd, questionType }: { onAdd: (entry: TPaletteEntry) => void; questionType: number | undefined }) {
  return (
    <nav className={styles.palette} aria-label="题型">
      <p className={styles.paletteHint}>点击或拖动题型到画布</p>
      {paletteGroupsFor(questionType).map((group) => (
        <section key={group.name} className={styles.paletteGroup} aria-label={group.name}>
          <h3>{group.name}</h3>
          <div className={styles.paletteGrid}>
            {group.entries.map((entry) => (
              <PaletteItem key={paletteKey(entry)} entry={entry} onAdd={onAdd} />
            ))}
          </div>
        </section>
      ))}
    </nav>
  );
});
