import { Plus, X } from 'lucide-react';
import type { TCondition, TPredicate } from '../../../../schemas/logic/ast';
import { logicShape, subjectEntry, type TSubject } from '../../../../schemas/subjects/registry';
import { choiceLabel, subjectRef, type TSentenceContext } from './logic-sentence';
import styles from './logic.module.css';

const OP_NAMES: Record<TPredicate['op'], string> = {
  chose: '选择了',
  notChose: '没有选择',
  equals: '等于',
  contains: '包含',
  greater: '大于',
  less: '小于',
  answered: '已作答',
  empty: '未作答',
};

export function opsFor(subject: TSubject): TPredicate['op'][] {
  const shape = logicShape(subject);
  if (shape.choices?.length) return ['chose', 'notChose', 'answered', 'empty'];
  if (shape.number) return ['greater', 'less', 'equals', 'answered', 'empty'];
  return ['equals', 'contains', 'answered', 'empty'];
}

/** Subjects a condition may read (answerable ones). */
export const answerableSubjects = (subjects: readonly TSubject[]) => subjects.filter((s) => subjectEntry(s.subjectType).answerable);

/** A first predicate on a subject: its first option when it has options. */
export function defaultPredicate(subject: TSubject): TPredicate {
  const shape = logicShape(subject);
  if (shape.choices?.length) return { op: 'chose', subject: subject.uuid, option: shape.choices[0]! };
  if (shape.number) return { op: 'greater', subject: subject.uuid, value: shape.number.min === -Infinity ? 0 : shape.number.min };
  return { op: 'answered', subject: subject.uuid };
}

function changeOp(p: TPredicate, op: TPredicate['op'], subject: TSubject): TPredicate {
  const shape = logicShape(subject);
  switch (op) {
    case 'chose':
    case 'notChose':
      return { op, subject: p.subject, option: 'option' in p ? p.option : (shape.choices?.[0] ?? '') };
    case 'greater':
    case 'less':
      return { op, subject: p.subject, value: 'value' in p && typeof p.value === 'number' ? p.value : 0 };
    case 'equals':
      return { op, subject: p.subject, value: shape.number ? ('value' in p && typeof p.value === 'number' ? p.value : 0) : '' };
    case 'contains':
      return { op, subject: p.subject, value: 'value' in p && typeof p.value === 'string' && p.value ? p.value : '' };
    default:
      return { op, subject: p.subject };
  }
}

function PredicateRow({
  value,
  onChange,
  onRemove,
  candidates,
  ctx,
  removable,
}: {
  value: TPredicate;
  onChange: (p: TPredicate) => void;
  onRemove: () => void;
  candidates: readonly TSubject[];
  ctx: TSentenceContext;
  removable: boolean;
}) {
  const subject = candidates.find((s) => s.uuid === value.subject) ?? ctx.subjects.find((s) => s.uuid === value.subject);
  const shape = subject ? logicShape(subject) : {};
  return (
    <div className={styles.predicate}>
      <select
        aria-label="条件题目"
        value={value.subject}
        onChange={(event) => {
          const next = candidates.find((s) => s.uuid === event.target.value);
          if (next) onChange(defaultPredicate(next));
        }}
      >
        {subject && !candidates.includes(subject) ? <option value={subject.uuid}>{subjectRef(ctx, subject.uuid)}</option> : null}
        {candidates.map((s) => (
          <option key={s.uuid} value={s.uuid}>
            {subjectRef(ctx, s.uuid)}：{(ctx.plain ?? ((t: string) => t))(s.title).slice(0, 20)}
          </option>
        ))}
      </select>
      {subject ? (
        <select aria-label="判断方式" value={value.op} onChange={(event) => onChange(changeOp(value, event.target.value as TPredicate['op'], subject))}>
          {opsFor(subject).map((op) => (
            <option key={op} value={op}>
              {OP_NAMES[op]}
            </option>
          ))}
        </select>
      ) : null}
      {(value.op === 'chose' || value.op === 'notChose') && subject ? (
        <select aria-label="选项" value={value.option} onChange={(event) => onChange({ ...value, option: event.target.value })}>
          {(shape.choices ?? []).map((id) => (
            <option key={id} value={id}>
              {choiceLabel(ctx, subject.uuid, id)}
            </option>
          ))}
        </select>
      ) : null}
      {value.op === 'greater' || value.op === 'less' || (value.op === 'equals' && typeof value.value === 'number') ? (
        <input
          aria-label="数值"
          type="number"
          value={value.value}
          onChange={(event) => onChange({ ...value, value: Number(event.target.value) } as TPredicate)}
        />
      ) : null}
      {(value.op === 'equals' && typeof value.value === 'string') || value.op === 'contains' ? (
        <input
          aria-label="文字"
          value={value.value}
          placeholder="填写内容"
          onChange={(event) => onChange({ ...value, value: event.target.value } as TPredicate)}
        />
      ) : null}
      {removable ? (
        <button type="button" className={styles.iconButton} onClick={onRemove} aria-label="删除此条件">
          <X size={14} aria-hidden />
        </button>
      ) : null}
    </div>
  );
}

/** Any / all of predicates on the candidate subjects. */
export function ConditionEditor({
  value,
  onChange,
  candidates,
  ctx,
}: {
  value: TCondition;
  onChange: (c: TCondition) => void;
  candidates: readonly TSubject[];
  ctx: TSentenceContext;
}) {
  return (
    <div className={styles.condition}>
      {value.predicates.length > 1 ? (
        <label className={styles.match}>
          满足
          <select aria-label="条件关系" value={value.match} onChange={(event) => onChange({ ...value, match: event.target.value as 'all' | 'any' })}>
            <option value="all">全部条件</option>
            <option value="any">任一条件</option>
          </select>
        </label>
      ) : null}
      {value.predicates.map((p, i) => (
        <PredicateRow
          key={i}
          value={p}
          ctx={ctx}
          candidates={candidates}
          removable={value.predicates.length > 1}
          onChange={(next) => onChange({ ...value, predicates: value.predicates.map((q, j) => (j === i ? next : q)) })}
          onRemove={() => onChange({ ...value, predicates: value.predicates.filter((_, j) => j !== i) })}
        />
      ))}
      {candidates.length ? (
        <button
          type="button"
          className={styles.addLink}
          onClick={() => onChange({ ...value, predicates: [...value.predicates, defaultPredicate(candidates[0]!)] })}
        >
          <Plus size={14} aria-hidden />
          添加条件
        </button>
      ) : null}
    </div>
  );
}
