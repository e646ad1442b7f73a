import { Plus, Trash2 } from 'lucide-react';
import type { z } from 'zod';
import type { ZBlank } from '../../schemas/subjects/types/multi-blank';
import { cx } from '../ui/cx';
import bare from '../ui/icon-button.module.css';
import { newId } from './new-id';
import { CheckField, TextField, type TCommit } from './property-fields';
import styles from './property-panel.module.css';

type TBlank = z.infer<typeof ZBlank>;

/** Accepted answers are typed on one line, split at | (or the full-width ｜). */
const splitAnswers = (text: string | undefined) =>
  (text ?? '')
    .split(/[|｜]/)
    .map((a) => a.trim())
    .filter(Boolean);

/** Drops an empty accepted-answer list, so a blank without answers is simply not scored. */
function withAnswers(blank: TBlank, answers: string[]): TBlank {
  const { acceptedAnswers: _, ...rest } = blank;
  return answers.length ? { ...rest, acceptedAnswers: answers } : rest;
}

/**
 * The blanks of a multi-blank fill-in (type 10): each with its name, whether it must be filled and, in an
 * exam, the answers accepted as correct for it.
 */
export function BlanksField({ blanks, exam, commit }: { blanks: TBlank[]; exam: boolean; commit: TCommit<TBlank[]> }) {
  const set = (i: number, blank: TBlank) => commit(blanks.map((b, j) => (j === i ? blank : b)));
  return (
    <div className={styles.listField}>
      <span className={styles.label}>填空项</span>
      {blanks.map((blank, i) => (
        <div key={blank.uuid} className={styles.listItem} role="group" aria-label={`填空${i + 1}`}>
          <div className={styles.listItemHead}>
            <strong>填空 {i + 1}</strong>
            <button
              type="button"
              className={cx(bare.iconButton, styles.iconButton)}
              disabled={blanks.length <= 1}
              onClick={() => commit(blanks.filter((_, j) => j !== i))}
              aria-label={`删除填空${i + 1}`}
              title="删除填空"
            >
              <Trash2 size={14} aria-hidden />
            </button>
          </div>
          <TextField label="名称" placeholder="如：姓名" value={blank.label} onCommit={(label) => set(i, { ...blank, label: label ?? '' })} />
          <CheckField label="必填" checked={blank.required} onCommit={(required) => set(i, { ...blank, required })} />
          {exam ? (
            <TextField
              label="正确答案"
              hint="多个可接受的答案用“|”分隔；留空则本空不计分"
              placeholder="如：北京|北京市"
              value={blank.acceptedAnswers?.join(' | ')}
              onCommit={(text) => set(i, withAnswers(blank, splitAnswers(text)))}
            />
          ) : null}
        </div>
      ))}
      <button
        type="button"
        className={styles.addButton}
        onClick={() => commit([...blanks, { uuid: newId(), label: `填空${blanks.length + 1}`, required: true }])}
      >
        <Plus size={14} aria-hidden />
        添加填空
      </button>
    </div>
  );
}
