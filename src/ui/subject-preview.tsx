import { displayIndexes, sortByIndex } from '../../schemas/subjects/numbering';
import { SUBJECT_TYPE, SUBJECT_TYPE_NAMES } from '../../schemas/subjects/subject-types';
import { cx } from './cx';
import styles from './subject-preview.module.css';

/** What the preview reads of a subject: the common fields and whichever list of parts its type has. */
export interface TPreviewSubject {
  uuid: string;
  subjectType: number;
  indexSort: number;
  isStemIndex: boolean;
  title: string;
  description?: string;
  required?: boolean;
  options?: Array<{ uuid: string; title: string; hidden?: boolean }>;
  rows?: Array<{ uuid: string; title: string }>;
  columns?: Array<{ uuid: string; title: string }>;
  items?: Array<{ uuid: string; title: string }>;
  blanks?: Array<{ uuid: string; label: string }>;
  products?: Array<{ uuid: string; title: string; price: number }>;
  minLabel?: string;
  maxLabel?: string;
}

/** Rich text as plain text: the preview never renders stored HTML. */
export function plainText(html: string | undefined): string {
  if (!html) return '';
  if (typeof DOMParser !== 'undefined') return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim();
  return html.replace(/<[^>]*>/g, '').trim();
}

/** The mark before an option: a square for a multiple choice, the position for a ranking, a circle otherwise. */
const markOf = (subjectType: number): 'radio' | 'check' | 'order' =>
  subjectType === SUBJECT_TYPE.multipleChoice ? 'check' : subjectType === SUBJECT_TYPE.ranking ? 'order' : 'radio';

function Parts({ subject }: { subject: TPreviewSubject }) {
  const mark = markOf(subject.subjectType);
  const options = (subject.options ?? []).filter((option) => !option.hidden);
  if (options.length) {
    return (
      <ul className={styles.options}>
        {options.map((option, i) => (
          <li key={option.uuid}>
            <span className={cx(styles.mark, mark === 'check' && styles.square, mark === 'order' && styles.order)} aria-hidden>
              {mark === 'order' ? i + 1 : null}
            </span>
            {plainText(option.title)}
          </li>
        ))}
      </ul>
    );
  }
  if (subject.rows?.length && subject.columns?.length) {
    return (
      <div className={styles.matrix}>
        <p className={styles.columns}>{subject.columns.map((column) => plainText(column.title)).join(' / ')}</p>
        <ul className={styles.rows}>
          {subject.rows.map((row) => (
            <li key={row.uuid}>{plainText(row.title)}</li>
          ))}
        </ul>
      </div>
    );
  }
  const parts =
    subject.items?.map((item) => ({ id: item.uuid, text: plainText(item.title) })) ??
    subject.blanks?.map((blank) => ({ id: blank.uuid, text: blank.label })) ??
    subject.products?.map((product) => ({ id: product.uuid, text: `${product.title}  ¥${(product.price / 100).toFixed(2)}` }));
  if (parts?.length) {
    return (
      <ul className={styles.rows}>
        {parts.map((part) => (
          <li key={part.id}>{part.text}</li>
        ))}
      </ul>
    );
  }
  if (subject.minLabel || subject.maxLabel) {
    return (
      <p className={styles.scale}>
        <span>{subject.minLabel}</span>
        <span>{subject.maxLabel}</span>
      </p>
    );
  }
  return <div className={styles.answerLine} aria-hidden />;
}

export interface TSubjectPreviewProps {
  subjects: readonly TPreviewSubject[];
  language?: 'zh' | 'en';
  requiredLabel: string;
  pageBreakLabel: string;
  className?: string;
}

/**
 * Subjects read-only, as a respondent would see their stems: numbered with the editor's rule
 * (displayIndexes), layout blocks unnumbered, options listed under each question.
 */
export function SubjectPreview({ subjects, language = 'zh', requiredLabel, pageBreakLabel, className }: TSubjectPreviewProps) {
  const numbers = displayIndexes(subjects);
  return (
    <ol className={cx(styles.list, className)}>
      {sortByIndex(subjects).map((subject) => {
        const type = SUBJECT_TYPE_NAMES[subject.subjectType as keyof typeof SUBJECT_TYPE_NAMES];
        if (subject.subjectType === SUBJECT_TYPE.pageBreak) {
          return (
            <li key={subject.uuid} className={styles.pageBreak}>
              <span>{pageBreakLabel}</span>
            </li>
          );
        }
        if (subject.subjectType === SUBJECT_TYPE.divider) return <li key={subject.uuid} className={styles.divider} aria-hidden />;
        if (subject.subjectType === SUBJECT_TYPE.paragraph) {
          return (
            <li key={subject.uuid} className={styles.paragraph}>
              {plainText(subject.title)}
              {subject.description ? <p>{plainText(subject.description)}</p> : null}
            </li>
          );
        }
        const n = numbers.get(subject.uuid);
        return (
          <li key={subject.uuid} className={styles.subject}>
            <div className={styles.stem}>
              {subject.required ? (
                <span className={styles.required} title={requiredLabel}>
                  *
                </span>
              ) : null}
              {n ? <span className={styles.index}>{n}.</span> : null}
              <span className={styles.title}>{plainText(subject.title)}</span>
              {type ? <span className={styles.type}>{type[language]}</span> : null}
            </div>
            {subject.description ? <p className={styles.description}>{plainText(subject.description)}</p> : null}
            <Parts subject={subject} />
          </li>
        );
      })}
    </ol>
  );
}
