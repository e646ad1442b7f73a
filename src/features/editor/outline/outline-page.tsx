import { DndContext, KeyboardSensor, MouseSensor, TouchSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Link } from '@tanstack/react-router';
import { ArrowDown, ArrowUp, GripVertical, ListTree } from 'lucide-react';
import { memo } from 'react';
import { selectDocument, selectReadOnly } from '../../../../machines/editor/editor.selectors';
import { canEditPower, numberingOf } from '../../../../machines/editor/editor.rules';
import { pagesOf } from '../../../../machines/editor/editor.operations';
import type { TSubject } from '../../../../schemas/subjects/registry';
import { cx } from '../../../ui/cx';
import { EmptyState } from '../../../ui/states';
import { EditorFrame } from '../editor-frame';
import { EDITOR_PAGES } from '../editor-paths';
import { plainOf } from '../../../ui/rich-text/sanitize';
import { subjectLabel } from '../subject/subject-card';
import { typeIcon, typeName } from '../../../subjects/subject-looks';
import { useEdit, useEditor, useEditorApi, useEditorSession } from '../use-editor';
import styles from './outline.module.css';

const Row = memo(function Row({ subject, number, readOnly, questionId }: { subject: TSubject; number: number | null; readOnly: boolean; questionId: string }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: subject.uuid, disabled: readOnly });
  const Icon = typeIcon(subject.subjectType);
  const label = subjectLabel(subject, number);
  return (
    <li
      ref={setNodeRef}
      className={cx(styles.row, isDragging && styles.dragging)}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-uuid={subject.uuid}
    >
      {readOnly ? null : (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className={styles.grip}
          {...attributes}
          {...listeners}
          aria-roledescription="可排序的题目"
          aria-label={`拖动${label}`}
        >
          <GripVertical size={14} aria-hidden />
        </button>
      )}
      <span className={styles.number}>{number ?? ''}</span>
      <Icon size={14} className={styles.icon} aria-hidden />
      <Link to={EDITOR_PAGES.subject} search={{ questionId, focus: subject.uuid }} className={styles.title}>
        {plainOf(subject.title) || typeName(subject.subjectType)}
      </Link>
      {subject.required ? <span className={styles.required}>必答</span> : null}
      <span className={styles.type}>{typeName(subject.subjectType)}</span>
    </li>
  );
});

function PageHead({ page, pages, breakSubject, readOnly }: { page: number; pages: number; breakSubject?: TSubject; readOnly: boolean }) {
  const api = useEditorApi();
  const run = useEdit();
  const sortable = useSortable({ id: breakSubject?.uuid ?? '__page1', disabled: readOnly || !breakSubject });
  return (
    <li
      ref={breakSubject ? sortable.setNodeRef : undefined}
      className={cx(styles.pageHead, sortable.isDragging && styles.dragging)}
      style={breakSubject ? { transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition } : undefined}
    >
      {breakSubject && !readOnly ? (
        <button
          type="button"
          ref={sortable.setActivatorNodeRef}
          className={styles.grip}
          {...sortable.attributes}
          {...sortable.listeners}
          aria-roledescription="可排序的分页符"
          aria-label={`拖动第${page}页的分页符`}
        >
          <GripVertical size={14} aria-hidden />
        </button>
      ) : null}
      <strong>第 {page} 页</strong>
      {!readOnly && page > 1 ? (
        <span className={styles.pageActions}>
          <button type="button" disabled={page <= 2} onClick={() => run(api.movePage(page, page - 1))} aria-label={`第${page}页上移`}>
            <ArrowUp size={13} aria-hidden />
            上移本页
          </button>
          <button type="button" disabled={page >= pages} onClick={() => run(api.movePage(page, page + 1))} aria-label={`第${page}页下移`}>
            <ArrowDown size={13} aria-hidden />
            下移本页
          </button>
        </span>
      ) : null}
    </li>
  );
}

function OutlineWorkspace() {
  const { questionId } = useEditorSession();
  const api = useEditorApi();
  const run = useEdit();
  const doc = useEditor(selectDocument);
  const readOnly = useEditor((s) => selectReadOnly(s) || !canEditPower(s.context.project?.powerType));
  const numbering = numberingOf(doc);
  const ids = doc.subjects.map((s) => s.uuid);
  const pages = pagesOf(doc.subjects);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    run(api.moveSubject(String(active.id), to > from ? ids[to]! : (ids[to - 1] ?? null)));
  };
  const position = (id: string | number) => `第${ids.indexOf(String(id)) + 1}个位置`;
  return (
    <div className={styles.wrap}>
      <header className={styles.head}>
        <ListTree size={20} aria-hidden />
        <div>
          <h1>问卷大纲</h1>
          <p>
            共 {pages.length} 页、{[...numbering.values()].filter((n) => n !== null).length} 道题。拖动题目或分页符调整顺序，点击题目回到编辑。
          </p>
        </div>
      </header>
      {doc.subjects.length === 0 ? (
        <EmptyState title="还没有题目" description="回到“题目”页添加题目后，这里会显示问卷的结构" />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements: {
              onDragStart: () => '已拿起。按上下方向键移动，按空格键放下。',
              onDragOver: ({ over }) => (over ? `移到了${position(over.id)}。` : '不在可放置的区域。'),
              onDragEnd: ({ over }) => (over ? `已放到${position(over.id)}。` : '已放下。'),
              onDragCancel: () => '已取消拖动。',
            },
          }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={readOnly}>
            <ol className={styles.tree}>
              {pages.map((page, p) => {
                const breakSubject = p > 0 ? page[0] : undefined;
                const members = p > 0 ? page.slice(1) : page;
                return (
                  <li key={breakSubject?.uuid ?? 'page-1'} className={styles.page}>
                    <ol className={styles.pageList}>
                      <PageHead page={p + 1} pages={pages.length} breakSubject={breakSubject} readOnly={readOnly} />
                      {members.map((s) => (
                        <Row key={s.uuid} subject={s} number={numbering.get(s.uuid) ?? null} readOnly={readOnly} questionId={questionId} />
                      ))}
                      {members.length === 0 ? <li className={styles.emptyPage}>本页暂无题目</li> : null}
                    </ol>
                  </li>
                );
              })}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </div>
  );
}

/** /questionnaire/edit/outline.html: pages and subjects as a compact tree. */
export function OutlinePage() {
  return (
    <EditorFrame page="outline">
      <OutlineWorkspace />
    </EditorFrame>
  );
}
