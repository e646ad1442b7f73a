import { useDndContext } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { GripVertical } from 'lucide-react';
import { memo, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { cx } from '../../../ui/cx';
import { useEditorUi } from '../use-editor';
import { useDropHint } from './drop-hint';
import styles from './subject-page.module.css';

/**
 * From this many subjects the canvas only mounts the cards near the viewport (plus the selected and the
 * dragged one). An 800-subject project mounted every card: ~6 s to interactive and ~0.6 s to commit a
 * drop, since dnd-kit re-renders every sortable row on drag end (bench/editor).
 */
export const WINDOW_FROM = 100;
/** The gap between cards (as the list's flex gap when every card is mounted). */
const GAP = 10;

/**
 * No layout animation after a drop: the rows already stand in their new places (moved by transforms while
 * dragging). dnd-kit's default measures every row whose index changed and renders the list twice more to
 * animate it.
 */
const noLayoutAnimation = () => false;

/** One sortable row: the drag handle and the drop-line live here; the card itself is memoised. */
export const SortableSubject = memo(function SortableSubject({
  id,
  label,
  readOnly,
  children,
}: {
  id: string;
  label: string;
  readOnly: boolean;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: readOnly,
    animateLayoutChanges: noLayoutAnimation,
  });
  const hint = useDropHint(id);
  return (
    <div
      ref={setNodeRef}
      className={cx(styles.sortable, isDragging && styles.dragSource, hint && styles[`hint-${hint}`])}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {!readOnly ? (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className={styles.handle}
          {...attributes}
          {...listeners}
          aria-roledescription="可排序的题目"
          aria-label={`拖动${label}`}
        >
          <GripVertical size={16} aria-hidden />
        </button>
      ) : null}
      {children}
    </div>
  );
});

export interface TSubjectListProps {
  ids: readonly string[];
  /** The row of subject `i` (a SortableSubject around its card). */
  row: (index: number) => ReactNode;
}

/** The canvas's cards: all of them for a usual survey, a window of them for a long one. */
export function SubjectList(props: TSubjectListProps) {
  if (props.ids.length < WINDOW_FROM) {
    return <div className={styles.list}>{props.ids.map((_, i) => props.row(i))}</div>;
  }
  return <WindowedList {...props} />;
}

/** Where the list starts inside the scrolling <main> (the survey head and batch bar sit above it). */
function useOffsetIn(list: HTMLElement | null, scroller: HTMLElement | null): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    if (!list || !scroller) return;
    const measure = () => setOffset(Math.round(list.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop));
    measure();
    // What sits above the list changes size (a longer description) or comes and goes (the batch bar, which
    // also resizes the canvas).
    const observer = new ResizeObserver(measure);
    for (let node = list.previousElementSibling; node; node = node.previousElementSibling) observer.observe(node);
    if (list.parentElement) observer.observe(list.parentElement);
    return () => observer.disconnect();
  }, [list, scroller]);
  return offset;
}

function WindowedList({ ids, row }: TSubjectListProps) {
  const [list, setList] = useState<HTMLDivElement | null>(null);
  // The selected card (it may be mid-edit) and the dragged one stay mounted wherever the window is.
  const selected = useEditorUi((ui) => ui.active);
  const focusTick = useEditorUi((ui) => ui.focusTick);
  const dragged = useDndContext().active?.id;
  const keep = [ids.indexOf(selected ?? ''), ids.indexOf(String(dragged ?? ''))];
  const scroller = list?.closest('main') ?? null;
  const offset = useOffsetIn(list, scroller);
  const keepRef = useRef(keep);
  keepRef.current = keep;
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scroller,
    estimateSize: () => 180,
    overscan: 4,
    scrollMargin: offset,
    getItemKey: (index) => ids[index] ?? index,
    gap: GAP,
    rangeExtractor: (range) =>
      [...new Set([...defaultRangeExtractor(range), ...keepRef.current.filter((i) => i >= 0 && i < range.count)])].sort((a, b) => a - b),
  });

  // A focus request (a finding's link, a new subject) brings its card into the window; the card then
  // scrolls itself to the middle.
  const target = focusTick ? ids.indexOf(selected ?? '') : -1;
  useEffect(() => {
    if (target < 0 || !scroller) return;
    // A frame later: the router restores the scroll position of a page it opens after the page rendered.
    const frame = requestAnimationFrame(() => virtualizer.scrollToIndex(target, { align: 'center' }));
    return () => cancelAnimationFrame(frame);
    // Only a new request (or the scroller being found) scrolls, not the list changing under it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusTick, scroller]);

  return (
    <div ref={setList} className={styles.windowedList} style={{ height: virtualizer.getTotalSize() }} data-windowed="">
      {virtualizer.getVirtualItems().map((item) => (
        <div key={item.key} ref={virtualizer.measureElement} data-index={item.index} className={styles.windowedRow} style={{ top: item.start - offset }}>
          {row(item.index)}
        </div>
      ))}
    </div>
  );
}
