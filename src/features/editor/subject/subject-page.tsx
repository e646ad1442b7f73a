import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MeasuringStrategy,
  MouseSensor,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  type MeasuringConfiguration,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useLocation } from '@tanstack/react-router';
import { GripVertical, MousePointerClick } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { selectDocument, selectReadOnly } from '../../../../machines/editor/editor.selectors';
import { canEditPower, findingsOf, numberingOf } from '../../../../machines/editor/editor.rules';
import type { TEditorDocument } from '../../../../machines/editor/editor.types';
import type { TSubject } from '../../../../schemas/subjects/registry';
import { cx } from '../../../ui/cx';
import { EditorFrame } from '../editor-frame';
import { RichText } from '../../../ui/rich-text/rich-text';
import { useEdit, useEditor, useEditorApi, useEditorSession, useKindNoun } from '../use-editor';
import { canvasCollision, END_ZONE, useDragAnnouncements } from './canvas-drag';
import { DragReadyMark } from './drag-ready-mark';
import { CommitInput } from './option-editor';
import { BatchBar } from './batch-bar';
import { getDropHint, setDropHint } from './drop-hint';
import { Palette, paletteEntryOf } from './palette';
import { PropertyPanel } from './property-panel';
import { SubjectCard, subjectLabel } from './subject-card';
import { SortableSubject, SubjectList, WINDOW_FROM } from './subject-list';
import { entryIcon, entryName, type TPaletteEntry } from './subject-kinds';
import styles from './subject-page.module.css';
import { SUBJECT_TYPE } from '../../../../schemas/subjects/subject-types';

/** A windowed canvas mounts cards while dragging: their places are measured again on every move. */
const MEASURE_ALWAYS: MeasuringConfiguration = { droppable: { strategy: MeasuringStrategy.Always } };

/** The checker's piping findings by the subject whose title or description holds the placeholder. */
function pipeProblemsOf(doc: TEditorDocument): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of findingsOf(doc)) {
    const owner = f.subjects[0]?.uuid;
    if (!owner || (f.code !== 'pipe-subject-missing' && f.code !== 'pipe-subject-later')) continue;
    out.set(owner, out.has(owner) ? `${out.get(owner)}；${f.message}` : f.message);
  }
  return out;
}

function EndZone({ active, empty }: { active: boolean; empty: boolean }) {
  const { setNodeRef, isOver } = useDroppable({ id: END_ZONE, disabled: !active && !empty });
  return (
    <div
      ref={setNodeRef}
      className={cx(styles.endZone, empty && styles.emptyZone, isOver && styles.endOver, active && styles.endActive)}
      data-testid="canvas-end"
    >
      {empty ? (
        <>
          <MousePointerClick size={28} aria-hidden />
          <strong>从左侧拖入题型，或点击题型添加第一道题目</strong>
          <span>支持 38 种题型，可随时拖动调整顺序</span>
        </>
      ) : (
        <span>{active ? '松开鼠标，添加到最后' : '拖动题型到这里，添加到最后'}</span>
      )}
    </div>
  );
}

/** The description's hint in the kind's own words (a group-buy is not a survey). */
const SUBTITLE_HINTS: Record<string, string> = {
  问卷: '添加问卷说明，例如调查目的、填写须知（选填）',
  考试: '添加考试说明，例如考试范围、时长与注意事项（选填）',
  团购: '添加团购说明，例如截单时间、发货或自提安排（选填）',
  收款: '添加收款说明，例如收费项目、用途与退款方式（选填）',
  预约: '添加预约说明，例如服务地点、到场须知（选填）',
};

function SurveyHead({ readOnly }: { readOnly: boolean }) {
  const api = useEditorApi();
  const run = useEdit();
  const title = useEditor((s) => s.context.document.title);
  const noun = useKindNoun();
  const subtitle = useEditor((s) => s.context.document.subtitle);
  return (
    <div className={styles.surveyHead}>
      {readOnly ? (
        <h1 className={styles.surveyTitle}>{title}</h1>
      ) : (
        <CommitInput
          className={styles.surveyTitleInput}
          value={title}
          label={`${noun}标题`}
          placeholder={`请输入${noun}标题`}
          onCommit={(t) => run(api.setTitle(t))}
        />
      )}
      {readOnly ? null : (
        <RichText
          className={styles.surveySubtitle}
          value={subtitle}
          label={`${noun}说明`}
          placeholder={SUBTITLE_HINTS[noun] ?? `添加${noun}说明（选填）`}
          onCommit={(t) => run(api.setSubtitle(t))}
        />
      )}
    </div>
  );
}

type TDrag = { kind: 'palette'; entry: TPaletteEntry } | { kind: 'subject'; id: string } | null;

function Workspace() {
  const session = useEditorSession();
  const api = useEditorApi();
  const run = useEdit();
  const doc = useEditor(selectDocument);
  const readOnly = useEditor((s) => selectReadOnly(s) || !canEditPower(s.context.project?.powerType));
  const exam = useEditor((s) => s.context.project?.questionType === 2);
  const questionType = useEditor((s) => s.context.project?.questionType);
  const focus = useLocation({ select: (location) => (location.search as Record<string, unknown>).focus });
  const [drag, setDrag] = useState<TDrag>(null);
  const subjects = doc.subjects;
  const numbering = numberingOf(doc);
  const pipeProblems = pipeProblemsOf(doc);
  const ids = useMemo(() => subjects.map((s) => s.uuid), [subjects]);

  useEffect(() => {
    if (typeof focus === 'string' && focus) session.ui.set((ui) => ({ active: focus, focusTick: ui.focusTick + 1 }));
  }, [focus, session]);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const add = useCallback(
    (entry: TPaletteEntry, after?: string | null) => {
      const { uuid, error } = entry.preset ? api.addPreset(entry.preset, after) : api.addSubject(entry.subjectType, after);
      if (run(error)) session.ui.set((ui) => ({ active: uuid, focusTick: ui.focusTick + 1 }));
    },
    [api, run, session],
  );

  const announcements = useDragAnnouncements(ids);

  const windowed = ids.length >= WINDOW_FROM;

  const onDragStart = ({ active }: DragStartEvent) => {
    const entry = paletteEntryOf(active.id);
    setDrag(entry !== null ? { kind: 'palette', entry } : { kind: 'subject', id: String(active.id) });
  };
  const onDragMove = ({ active, over }: DragMoveEvent) => {
    if (paletteEntryOf(active.id) === null || !over || over.id === END_ZONE) return setDropHint(null);
    const dragged = active.rect.current.translated;
    const middle = dragged ? dragged.top + dragged.height / 2 : 0;
    setDropHint({ id: String(over.id), place: middle > over.rect.top + over.rect.height / 2 ? 'after' : 'before' });
  };
  // dnd-kit's drag end only becomes one intent: add the type there, or move the subject there.
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const hint = getDropHint();
    setDrag(null);
    setDropHint(null);
    const entry = paletteEntryOf(active.id);
    if (entry !== null) {
      if (!over) return;
      if (over.id === END_ZONE || !hint) return add(entry);
      const at = ids.indexOf(hint.id);
      return add(entry, hint.place === 'after' ? hint.id : (ids[at - 1] ?? null));
    }
    if (!over || over.id === active.id || over.id === END_ZONE) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (to < 0) return;
    run(api.moveSubject(String(active.id), to > from ? ids[to]! : (ids[to - 1] ?? null)));
  };
  const onDragCancel = () => {
    setDrag(null);
    setDropHint(null);
  };

  // Page numbers of page breaks, computed once per document for the rows' renderer.
  const pageOf = useMemo(() => {
    const pages = new Map<string, number>();
    let page = 1;
    for (const s of subjects) if (s.subjectType === SUBJECT_TYPE.pageBreak) pages.set(s.uuid, ++page);
    return pages;
  }, [subjects]);
  const row = (i: number) => {
    const subject = subjects[i]!;
    const number = numbering.get(subject.uuid) ?? null;
    return (
      <SortableSubject key={subject.uuid} id={subject.uuid} label={subjectLabel(subject, number)} readOnly={readOnly}>
        <SubjectCard
          subject={subject}
          number={number}
          pageNo={pageOf.get(subject.uuid)}
          exam={exam}
          readOnly={readOnly}
          upAfter={i === 0 ? undefined : (ids[i - 2] ?? null)}
          downAfter={i === ids.length - 1 ? undefined : ids[i + 1]}
          problem={pipeProblems.get(subject.uuid)}
        />
      </SortableSubject>
    );
  };

  const overlay =
    drag?.kind === 'palette' ? (
      <DragChip entry={drag.entry} />
    ) : drag?.kind === 'subject' ? (
      <DraggedSubject subject={subjects.find((s) => s.uuid === drag.id)} number={numbering.get(drag.id) ?? null} />
    ) : null;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={canvasCollision}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      measuring={windowed ? MEASURE_ALWAYS : undefined}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: '按空格键或回车键拿起，使用上下方向键移动，再按空格键放下；按 Esc 键取消。' },
      }}
    >
      <DragReadyMark testId="canvas-drag-ready" />
      <div className={cx(styles.layout, readOnly && styles.layoutReadOnly)}>
        {readOnly ? null : (
          <aside className={styles.paletteColumn}>
            <Palette onAdd={add} questionType={questionType} />
          </aside>
        )}
        <section className={styles.canvas} aria-label="问卷画布" onClick={(event) => event.target === event.currentTarget && session.ui.set({ active: null })}>
          <SurveyHead readOnly={readOnly} />
          {readOnly ? null : <BatchBar exam={exam} />}
          <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={readOnly}>
            <SubjectList ids={ids} row={row} />
          </SortableContext>
          {readOnly ? null : <EndZone active={drag?.kind === 'palette'} empty={subjects.length === 0} />}
        </section>
        {readOnly ? null : (
          <aside className={styles.propertyColumn} aria-label="题目设置">
            <PropertyPanel exam={exam} />
          </aside>
        )}
      </div>
      <DragOverlay dropAnimation={null}>{overlay}</DragOverlay>
    </DndContext>
  );
}

function DragChip({ entry }: { entry: TPaletteEntry }) {
  const Icon = entryIcon(entry);
  return (
    <span className={styles.dragChip}>
      <Icon size={16} aria-hidden />
      {entryName(entry)}
    </span>
  );
}

function DraggedSubject({ subject, number }: { subject: TSubject | undefined; number: number | null }) {
  if (!subject) return null;
  return (
    <div className={styles.dragCard}>
      <GripVertical size={16} aria-hidden />
      <span>{subjectLabel(subject, number)}</span>
      <span className={styles.dragCardTitle}>{subject.title.replace(/<[^>]*>/g, '')}</span>
    </div>
  );
}

/** /questionnaire/edit/subject.html: palette, canvas, property panel. */
export function SubjectPage() {
  return (
    <EditorFrame page="subject">
      <Workspace />
    </EditorFrame>
  );
}
