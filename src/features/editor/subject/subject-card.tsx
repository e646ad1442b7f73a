import { ArrowDown, ArrowUp, BookmarkPlus, Copy, Timer, Trash2, TriangleAlert } from 'lucide-react';
import { memo, useEffect, useRef, type MouseEvent } from 'react';
import { subjectEntry, type TSubject } from '../../../../schemas/subjects/registry';
import { SUBJECT_TYPE } from '../../../../schemas/subjects/subject-types';
import type { TOption } from '../../../../schemas/subjects/base';
import { saveSubjectBank } from '../../../api/editor';
import { cx } from '../../../ui/cx';
import { toast } from '../../../ui/toast';
import { numberingOf } from '../../../../machines/editor/editor.rules';
import { pipeSources } from '../logic/logic-sentence';
import { RichText } from '../../../ui/rich-text/rich-text';
import { cleanHtml, plainOf } from '../../../ui/rich-text/sanitize';
import { useEdit, useEditorApi, useEditorSession, useEditorUi, useLookProject } from '../use-editor';
import { OptionEditor } from './option-editor';
import { SubjectBody, sameContent } from './subject-body';
import { subjectLook, typeIcon, typeName } from '../../../subjects/subject-looks';
import styles from './subject-card.module.css';

export interface TSubjectCardProps {
  subject: TSubject;
  /** Displayed number; null for layout blocks and unnumbered stems. */
  number: number | null;
  /** Page breaks: the page that starts here. */
  pageNo?: number;
  exam: boolean;
  readOnly: boolean;
  /** Where 上移 / 下移 put it (the subject it goes after); undefined when it cannot move that way. */
  upAfter?: string | null;
  downAfter?: string;
  /** The logic checker's findings about this subject's piping (a reference to a later or deleted subject). */
  problem?: string;
}

export const subjectLabel = (subject: Pick<TSubject, 'subjectType'>, number: number | null) =>
  number !== null ? `第${number}题` : typeName(subject.subjectType);

function Toolbar({ subject, number, upAfter, downAfter }: Pick<TSubjectCardProps, 'subject' | 'number' | 'upAfter' | 'downAfter'>) {
  const api = useEditorApi();
  const run = useEdit();
  const answerable = subjectEntry(subject.subjectType).answerable;
  const stop = (event: MouseEvent) => event.stopPropagation();
  const remove = () => {
    if (run(api.deleteSubjects([subject.uuid]))) {
      toast.success(`已删除${subjectLabel(subject, number)}`, { action: { label: '撤销', onClick: api.undo } });
    }
  };
  const toBank = async () => {
    try {
      await saveSubjectBank(subject);
      toast.success('已存入我的题库');
    } catch {
      // The api client has shown the message.
    }
  };
  return (
    <div className={styles.toolbar} onClick={stop}>
      {answerable ? (
        <label className={styles.requiredSwitch}>
          <input type="checkbox" role="switch" checked={subject.required} onChange={(event) => run(api.setRequired([subject.uuid], event.target.checked))} />
          必答
        </label>
      ) : (
        <span />
      )}
      <div className={styles.tools}>
        <button
          type="button"
          onClick={() => upAfter !== undefined && run(api.moveSubject(subject.uuid, upAfter))}
          disabled={upAfter === undefined}
          title="上移"
        >
          <ArrowUp size={15} aria-hidden />
          上移
        </button>
        <button
          type="button"
          onClick={() => downAfter !== undefined && run(api.moveSubject(subject.uuid, downAfter))}
          disabled={downAfter === undefined}
          title="下移"
        >
          <ArrowDown size={15} aria-hidden />
          下移
        </button>
        <button type="button" onClick={() => run(api.copySubject(subject.uuid))} title="复制">
          <Copy size={15} aria-hidden />
          复制
        </button>
        {answerable ? (
          <button type="button" onClick={() => void toBank()} title="存入题库">
            <BookmarkPlus size={15} aria-hidden />
            存入题库
          </button>
        ) : null}
        <button type="button" className={styles.danger} onClick={remove} title="删除">
          <Trash2 size={15} aria-hidden />
          删除
        </button>
      </div>
    </div>
  );
}

function PageBreakCard({
  subject,
  pageNo,
  exam,
  active,
  readOnly,
  toolbar,
}: {
  subject: TSubject & { timerSeconds?: number };
  pageNo?: number;
  exam: boolean;
  active: boolean;
  readOnly: boolean;
  toolbar: React.ReactNode;
}) {
  return (
    <>
      <div className={styles.pageBreak}>
        <span className={styles.pageLabel}>分页 · 第 {pageNo ?? '?'} 页开始</span>
        {exam && subject.timerSeconds ? (
          <span className={styles.timer}>
            <Timer size={13} aria-hidden />
            本页限时 {Math.round(subject.timerSeconds / 60)} 分钟
          </span>
        ) : null}
      </div>
      {active && !readOnly ? toolbar : null}
    </>
  );
}

const sameProps = (a: TSubjectCardProps, b: TSubjectCardProps) =>
  a.number === b.number &&
  a.pageNo === b.pageNo &&
  a.exam === b.exam &&
  a.readOnly === b.readOnly &&
  a.upAfter === b.upAfter &&
  a.downAfter === b.downAfter &&
  a.problem === b.problem &&
  sameContent(a.subject, b.subject);

/** One subject on the canvas: read-only until selected, then edited in place. */
export const SubjectCard = memo(function SubjectCard({ subject, number, pageNo, exam, readOnly, upAfter, downAfter, problem }: TSubjectCardProps) {
  const session = useEditorSession();
  const api = useEditorApi();
  const run = useEdit();
  const project = useLookProject();
  const active = useEditorUi((ui) => ui.active === subject.uuid);
  const checked = useEditorUi((ui) => ui.checked.has(subject.uuid));
  const focusTick = useEditorUi((ui) => (ui.active === subject.uuid ? ui.focusTick : 0));
  const ref = useRef<HTMLElement>(null);
  const Icon = typeIcon(subject.subjectType);
  const look = subjectLook(subject.subjectType);
  const pageBreak = subject.subjectType === SUBJECT_TYPE.pageBreak;
  const label = subjectLabel(subject, number);
  const editing = active && !readOnly;

  useEffect(() => {
    // A windowed canvas scrolls to the card itself (the card may not exist until it has). A frame later:
    // the router restores the scroll position of a page it opens after the page rendered.
    const card = ref.current;
    if (!focusTick || !card || card.closest('[data-windowed]')) return;
    const frame = requestAnimationFrame(() => card.scrollIntoView({ block: 'center', behavior: 'smooth' }));
    return () => cancelAnimationFrame(frame);
  }, [focusTick]);

  const select = () => {
    if (!active) session.ui.set({ active: subject.uuid });
  };
  const toggle = (on: boolean) =>
    session.ui.set((ui) => {
      const next = new Set(ui.checked);
      if (on) next.add(subject.uuid);
      else next.delete(subject.uuid);
      return { checked: next };
    });
  const toolbar = <Toolbar subject={subject} number={number} upAfter={upAfter} downAfter={downAfter} />;
  const showStem = !look?.optionalStem || subject.title !== '' || editing;
  // 插入引用 offers the questions before this one, as they are when the menu opens.
  const references = () => {
    const doc = session.actor.getSnapshot().context.document;
    return pipeSources({ subjects: doc.subjects, numbering: numberingOf(doc), plain: plainOf }, subject.uuid);
  };

  return (
    <article
      ref={ref}
      className={cx(styles.card, active && styles.active, checked && styles.checked, pageBreak && styles.breakCard)}
      data-testid="subject-card"
      data-uuid={subject.uuid}
      data-type={subject.subjectType}
      aria-label={label}
      onClick={select}
      onFocus={select}
    >
      {!readOnly ? (
        <input
          type="checkbox"
          className={styles.check}
          checked={checked}
          onChange={(event) => toggle(event.target.checked)}
          onClick={(event) => event.stopPropagation()}
          aria-label={`选择${label}`}
        />
      ) : null}
      {pageBreak ? (
        <PageBreakCard subject={subject} pageNo={pageNo} exam={exam} active={active} readOnly={readOnly} toolbar={toolbar} />
      ) : (
        <>
          <div className={styles.head}>
            {showStem ? (
              <div className={styles.stem}>
                {subject.required && subjectEntry(subject.subjectType).answerable ? (
                  <span className={styles.required} aria-label="必答">
                    *
                  </span>
                ) : null}
                {number !== null ? <span className={styles.number}>{number}.</span> : null}
                {editing ? (
                  <RichText
                    className={styles.stemEditor}
                    value={subject.title}
                    label={`${label}题干`}
                    placeholder="请输入题目"
                    references={references}
                    onCommit={(title) => run(api.patchSubject(subject.uuid, { title }))}
                  />
                ) : (
                  <span
                    className={styles.stemText}
                    dangerouslySetInnerHTML={{ __html: cleanHtml(subject.title) || '<span style="color:#646d7a">（无标题）</span>' }}
                  />
                )}
              </div>
            ) : (
              <span />
            )}
            <span className={styles.typeTag}>
              <Icon size={13} aria-hidden />
              {typeName(subject.subjectType)}
              {exam && subject.score !== undefined ? <em>{subject.score}分</em> : null}
            </span>
          </div>
          {look?.cardEditor !== 'description' && (editing || subject.description) ? (
            editing ? (
              <RichText
                className={styles.description}
                value={subject.description}
                label={`${label}说明`}
                placeholder="添加题目说明（选填）"
                references={references}
                onCommit={(description) => run(api.patchSubject(subject.uuid, { description }))}
              />
            ) : (
              <div className={cx(styles.description, styles.descriptionText)} dangerouslySetInnerHTML={{ __html: cleanHtml(subject.description) }} />
            )
          ) : null}
          {problem ? (
            <p className={styles.problem} role="note">
              <TriangleAlert size={14} aria-hidden />
              {problem}
            </p>
          ) : null}
          <div className={styles.body}>
            {editing && look?.cardEditor === 'options' ? (
              <OptionEditor subject={subject as TSubject & { options: TOption[] }} exam={exam} />
            ) : editing && look?.cardEditor === 'description' ? (
              <RichText
                value={subject.description}
                label="段落说明内容"
                placeholder="请输入说明文字"
                onCommit={(description) => run(api.patchSubject(subject.uuid, { description }))}
              />
            ) : (
              <SubjectBody subject={subject} exam={exam} project={project} />
            )}
          </div>
          {exam && editing && subject.answerAnalysis ? <p className={styles.analysis}>答案解析：{subject.answerAnalysis}</p> : null}
          {editing ? toolbar : null}
        </>
      )}
    </article>
  );
}, sameProps);
