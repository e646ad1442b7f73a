import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import type { TSubject } from '../../../schemas/subjects/registry';
import { SUBJECT_TYPE_NAMES } from '../../../schemas/subjects/subject-types';
import { plainText } from '../../ui/subject-preview';
import styles from './ai-generate-styles';

const PREVIEW_PARTS = 5;

/** What a subject offers, on one line: its options, rows, items or products ("满意 / 一般 / 不满意"), or nothing. */
export function partsPreview(subject: TSubject): string {
  const s = subject as unknown as Record<string, unknown>;
  const parts = (['options', 'rows', 'items', 'products'] as const)
    .map((key) => s[key])
    .find((value): value is Array<{ title?: string; label?: string; hidden?: boolean }> => Array.isArray(value) && value.length > 0);
  if (!parts) return '';
  const titles = parts.filter((p) => !p.hidden).map((p) => plainText(p.title ?? p.label ?? ''));
  const shown = titles.slice(0, PREVIEW_PARTS).join(' / ');
  return titles.length > PREVIEW_PARTS ? `${shown} 等${titles.length}项` : shown;
}

export const typeName = (subjectType: number) => SUBJECT_TYPE_NAMES[subjectType as keyof typeof SUBJECT_TYPE_NAMES]?.zh ?? '题目';

/** A subject's title as a text box that grows with what it holds (a long title wraps instead of scrolling); Enter adds no line. */
function TitleField({ value, label, onChange }: { value: string; label: string; onChange: (title: string) => void }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${box.scrollHeight + 2}px`;
  }, [value]);
  return (
    <textarea
      ref={ref}
      className={styles.subjectTitleInput}
      value={value}
      rows={1}
      maxLength={500}
      aria-label={label}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault();
      }}
      onChange={(event) => onChange(event.target.value.replace(/\n/g, ' '))}
    />
  );
}

interface TSubjectCardProps {
  subject: TSubject;
  index: number;
  count: number;
  /** Rename, remove and move; absent while the subjects stream in or once created. */
  edit?: {
    rename: (title: string) => void;
    remove: () => void;
    move: (by: -1 | 1) => void;
  };
}

/** One generated subject: its number, type, title (a text field when editable) and what it offers. */
export function SubjectCard({ subject, index, count, edit }: TSubjectCardProps) {
  const title = plainText(subject.title);
  const parts = partsPreview(subject);
  const label = `第${index + 1}题`;
  return (
    <li className={styles.subjectCard} data-testid="ai-subject">
      <div className={styles.subjectHead}>
        <span className={styles.subjectIndex}>{index + 1}</span>
        <span className={styles.subjectType}>{typeName(subject.subjectType)}</span>
        {edit ? (
          <div className={styles.subjectTools}>
            <button type="button" className={styles.tool} onClick={() => edit.move(-1)} disabled={index === 0} aria-label={`${label}上移`} title="上移">
              <ArrowUp size={16} aria-hidden />
            </button>
            <button type="button" className={styles.tool} onClick={() => edit.move(1)} disabled={index === count - 1} aria-label={`${label}下移`} title="下移">
              <ArrowDown size={16} aria-hidden />
            </button>
            <button type="button" className={styles.toolDanger} onClick={edit.remove} aria-label={`删除${label}`} title="删除">
              <Trash2 size={16} aria-hidden />
            </button>
          </div>
        ) : null}
      </div>
      {edit ? <TitleField value={title} label={`${label}标题`} onChange={edit.rename} /> : <p className={styles.subjectTitle}>{title || '（无标题）'}</p>}
      {parts ? <p className={styles.subjectParts}>{parts}</p> : null}
    </li>
  );
}
