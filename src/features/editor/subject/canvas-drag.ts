import { closestCenter, pointerWithin, type Announcements, type CollisionDetection } from '@dnd-kit/core';
import { useRef } from 'react';
import { numberingOf } from '../../../../machines/editor/editor.rules';
import { useEditorSession } from '../use-editor';
import { paletteEntryOf } from './palette';
import { subjectLabel } from './subject-card';
import { entryName } from './subject-kinds';

/** The droppable after the last subject (drop a type there to add it at the end). */
export const END_ZONE = 'canvas-end';

/** Types from the palette land where the pointer is; subjects use the sortable list's nearest slot. */
export const canvasCollision: CollisionDetection = (args) => {
  if (paletteEntryOf(args.active.id) === null) return closestCenter(args);
  const hits = pointerWithin(args);
  return hits.length ? hits : closestCenter(args);
};

/** What a screen reader hears while a type or a subject is dragged over the canvas (ids: the subjects in order). */
export function useDragAnnouncements(ids: string[]): Announcements {
  const session = useEditorSession();
  // Labels for announcements, read when they are spoken (the list changes while dragging from the palette).
  const labelOf = (id: string | number) => {
    const entry = paletteEntryOf(id);
    if (entry !== null) return `题型“${entryName(entry)}”`;
    const doc = session.actor.getSnapshot().context.document;
    const subject = doc.subjects.find((s) => s.uuid === id);
    return subject ? subjectLabel(subject, numberingOf(doc).get(subject.uuid) ?? null) : '题目';
  };
  const positionOf = (id: string | number) => (id === END_ZONE ? '最后' : `第${ids.indexOf(String(id)) + 1}个位置`);
  // The label is taken when the drag starts: the number changes once the subject lands.
  const dragLabel = useRef('');
  const lastOver = useRef<string | number | null>(null);
  return {
    onDragStart: ({ active }) => {
      dragLabel.current = labelOf(active.id);
      lastOver.current = active.id;
      return `已拿起${dragLabel.current}。按上下方向键移动，按空格键放下，按 Esc 键取消。`;
    },
    onDragOver: ({ over }) => {
      // Only real moves are spoken (the first "over" is the subject's own place).
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over ? `${dragLabel.current}移到了${positionOf(over.id)}。` : `${dragLabel.current}不在可放置的区域。`;
    },
    onDragEnd: ({ over }) => (over ? `${dragLabel.current}已放到${positionOf(over.id)}。` : `已放下${dragLabel.current}。`),
    onDragCancel: () => `已取消拖动，${dragLabel.current}回到原位置。`,
  };
}
