import { useState, type ReactNode } from 'react';
import type { TCondition, TDisplayRule, TJumpRule, TOptionLinkageRule, TQuotaRule, TRandomGroup } from '../../../../schemas/logic/ast';
import { logicShape, type TSubject } from '../../../../schemas/subjects/registry';
import type { TAnyRule, TRuleKind } from '../../../../machines/editor/editor.types';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { newId } from '../../../subjects/new-id';
import { useEdit, useEditorApi } from '../use-editor';
import { ConditionEditor, answerableSubjects, defaultPredicate } from './condition-editor';
import { choiceLabel, subjectRef, type TSentenceContext } from './logic-sentence';
import styles from './logic.module.css';
import { SUBJECT_TYPE } from '../../../../schemas/subjects/subject-types';

export const RULE_TITLES: Record<TRuleKind, string> = {
  jumps: '跳转逻辑',
  display: '显示逻辑',
  optionLinkage: '选项关联',
  quotas: '配额',
  random: '随机抽题',
};

const withChoices = (subjects: readonly TSubject[]) => subjects.filter((s) => (logicShape(s).choices?.length ?? 0) > 0);
const before = (subjects: readonly TSubject[], uuid: string) =>
  subjects.slice(
    0,
    Math.max(
      0,
      subjects.findIndex((s) => s.uuid === uuid),
    ),
  );
const upTo = (subjects: readonly TSubject[], uuid: string) => subjects.slice(0, subjects.findIndex((s) => s.uuid === uuid) + 1);

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.formRow}>
      <span className={styles.formLabel}>{label}</span>
      <div className={styles.formControl}>{children}</div>
    </div>
  );
}

function SubjectSelect({
  label,
  value,
  options,
  onChange,
  ctx,
  extra,
}: {
  label: string;
  value: string;
  options: readonly TSubject[];
  onChange: (uuid: string) => void;
  ctx: TSentenceContext;
  extra?: ReactNode;
}) {
  return (
    <select aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      {options.map((s) => (
        <option key={s.uuid} value={s.uuid}>
          {subjectRef(ctx, s.uuid)}：{(ctx.plain ?? ((t: string) => t))(s.title).slice(0, 24)}
        </option>
      ))}
      {extra}
    </select>
  );
}

/** A new rule of a kind, aimed at sensible first subjects. */
export function newRule(kind: TRuleKind, subjects: readonly TSubject[]): TAnyRule | null {
  const answerable = answerableSubjects(subjects);
  const chooser = withChoices(answerable)[0];
  const id = newId();
  switch (kind) {
    case 'jumps': {
      const from = chooser ?? answerable[0];
      if (!from) return null;
      const next = subjects[subjects.indexOf(from) + 1];
      return {
        id,
        from: from.uuid,
        when: { match: 'all', predicates: [defaultPredicate(from)] },
        to: next ? { kind: 'subject', subject: next.uuid } : { kind: 'end' },
      };
    }
    case 'display': {
      const first = answerable[0];
      const target = subjects.find((s, i) => i > subjects.indexOf(first!) && s.subjectType !== SUBJECT_TYPE.pageBreak);
      if (!first || !target) return null;
      return {
        id,
        target: target.uuid,
        when: { match: 'all', predicates: [defaultPredicate(chooser && subjects.indexOf(chooser) < subjects.indexOf(target) ? chooser : first)] },
      };
    }
    case 'optionLinkage': {
      const first = answerable[0];
      const target = withChoices(subjects).find((s) => first && subjects.indexOf(s) > subjects.indexOf(first));
      if (!first || !target) return null;
      return { id, target: target.uuid, options: [logicShape(target).choices![0]!], when: { match: 'all', predicates: [defaultPredicate(first)] } };
    }
    case 'quotas': {
      if (!chooser) return null;
      return { id, basis: 'option', subject: chooser.uuid, option: logicShape(chooser).choices![0]!, limit: 100, onFull: { action: 'hideOption' } };
    }
    case 'random': {
      if (answerable.length < 2) return null;
      return { id, subjects: answerable.slice(0, 2).map((s) => s.uuid), draw: 1, shuffle: true };
    }
  }
}

function JumpForm({ rule, set, ctx }: { rule: TJumpRule; set: (r: TJumpRule) => void; ctx: TSentenceContext }) {
  const answerable = answerableSubjects(ctx.subjects);
  const from = ctx.subjects.find((s) => s.uuid === rule.from);
  const choices = from ? (logicShape(from).choices ?? []) : [];
  const single = rule.when?.predicates.length === 1 && rule.when.predicates[0]!.op === 'chose' && rule.when.predicates[0]!.subject === rule.from;
  const mode = !rule.when ? 'always' : single ? 'option' : 'condition';
  const later = ctx.subjects.filter((s) => s.uuid !== rule.from);
  return (
    <>
      <Row label="答完">
        <SubjectSelect
          label="跳转来源"
          value={rule.from}
          options={answerable}
          ctx={ctx}
          onChange={(uuid) => {
            const subject = answerable.find((s) => s.uuid === uuid)!;
            set({ ...rule, from: uuid, when: { match: 'all', predicates: [defaultPredicate(subject)] } });
          }}
        />
      </Row>
      <Row label="当">
        <select
          aria-label="跳转条件"
          value={mode}
          onChange={(event) => {
            const next = event.target.value;
            if (next === 'always') set({ ...rule, when: undefined });
            else if (from) set({ ...rule, when: { match: 'all', predicates: [defaultPredicate(from)] } });
          }}
        >
          {choices.length ? <option value="option">选择某个选项时</option> : null}
          <option value="condition">满足条件时</option>
          <option value="always">无条件（答完即跳转）</option>
        </select>
        {mode === 'option' && rule.when ? (
          <select
            aria-label="选项"
            value={(rule.when.predicates[0] as { option: string }).option}
            onChange={(event) => set({ ...rule, when: { match: 'all', predicates: [{ op: 'chose', subject: rule.from, option: event.target.value }] } })}
          >
            {choices.map((id) => (
              <option key={id} value={id}>
                {choiceLabel(ctx, rule.from, id)}
              </option>
            ))}
          </select>
        ) : null}
      </Row>
      {mode === 'condition' && rule.when ? (
        <ConditionEditor
          value={rule.when}
          onChange={(when) => set({ ...rule, when })}
          candidates={answerableSubjects(upTo(ctx.subjects, rule.from))}
          ctx={ctx}
        />
      ) : null}
      <Row label="跳转到">
        <select
          aria-label="跳转目标"
          value={rule.to.kind === 'end' ? '__end' : rule.to.subject}
          onChange={(event) => set({ ...rule, to: event.target.value === '__end' ? { kind: 'end' } : { kind: 'subject', subject: event.target.value } })}
        >
          {later.map((s) => (
            <option key={s.uuid} value={s.uuid}>
              {subjectRef(ctx, s.uuid)}：{(ctx.plain ?? ((t: string) => t))(s.title).slice(0, 24)}
            </option>
          ))}
          <option value="__end">结束作答</option>
        </select>
      </Row>
      {rule.to.kind === 'end' ? (
        <Row label="结束提示">
          <input
            aria-label="结束提示"
            value={rule.to.message ?? ''}
            placeholder="选填，如“感谢参与，您不符合本次调查条件”"
            onChange={(event) => set({ ...rule, to: { kind: 'end', ...(event.target.value ? { message: event.target.value } : {}) } })}
          />
        </Row>
      ) : null}
    </>
  );
}

function TargetCondition<R extends { target: string; when: TCondition }>({
  rule,
  set,
  ctx,
  targets,
  label,
  onTarget,
}: {
  rule: R;
  set: (r: R) => void;
  ctx: TSentenceContext;
  targets: readonly TSubject[];
  label: string;
  onTarget?: (uuid: string) => Partial<R>;
}) {
  const candidates = answerableSubjects(before(ctx.subjects, rule.target));
  return (
    <>
      <Row label={label}>
        <SubjectSelect
          label={label}
          value={rule.target}
          options={targets}
          ctx={ctx}
          onChange={(uuid) => {
            const allowed = answerableSubjects(before(ctx.subjects, uuid));
            const keep = rule.when.predicates.every((p) => allowed.some((s) => s.uuid === p.subject));
            set({
              ...rule,
              target: uuid,
              ...(onTarget?.(uuid) ?? {}),
              when: keep || !allowed[0] ? rule.when : { match: 'all', predicates: [defaultPredicate(allowed[0])] },
            });
          }}
        />
      </Row>
      <Row label="条件">
        {candidates.length ? (
          <ConditionEditor value={rule.when} onChange={(when) => set({ ...rule, when })} candidates={candidates} ctx={ctx} />
        ) : (
          <span className={styles.formHint}>这道题之前没有可作为条件的题目</span>
        )}
      </Row>
    </>
  );
}

function LinkageOptions({ rule, set, ctx }: { rule: TOptionLinkageRule; set: (r: TOptionLinkageRule) => void; ctx: TSentenceContext }) {
  const target = ctx.subjects.find((s) => s.uuid === rule.target);
  const choices = target ? (logicShape(target).choices ?? []) : [];
  return (
    <Row label="显示选项">
      <div className={styles.checks}>
        {choices.map((id) => (
          <label key={id}>
            <input
              type="checkbox"
              checked={rule.options.includes(id)}
              onChange={(event) => set({ ...rule, options: event.target.checked ? [...rule.options, id] : rule.options.filter((o) => o !== id) })}
            />
            {choiceLabel(ctx, rule.target, id)}
          </label>
        ))}
      </div>
    </Row>
  );
}

function QuotaForm({ rule, set, ctx }: { rule: TQuotaRule; set: (r: TQuotaRule) => void; ctx: TSentenceContext }) {
  const choosers = withChoices(answerableSubjects(ctx.subjects));
  const firstChoice = (uuid: string) => logicShape(ctx.subjects.find((s) => s.uuid === uuid)!).choices?.[0] ?? '';
  const endMessage = rule.onFull.action === 'hideOption' ? '' : rule.onFull.message;
  return (
    <>
      <Row label="统计">
        <select
          aria-label="配额依据"
          value={rule.basis}
          onChange={(event) =>
            set(
              event.target.value === 'option'
                ? {
                    id: rule.id,
                    basis: 'option',
                    subject: choosers[0]!.uuid,
                    option: firstChoice(choosers[0]!.uuid),
                    limit: rule.limit,
                    onFull: { action: 'hideOption' },
                  }
                : {
                    id: rule.id,
                    basis: 'condition',
                    when: { match: 'all', predicates: [defaultPredicate(choosers[0]!)] },
                    limit: rule.limit,
                    onFull: { action: 'end', message: '名额已满，感谢您的参与' },
                  },
            )
          }
        >
          <option value="option">选择某个选项的答卷</option>
          <option value="condition">满足条件的答卷</option>
        </select>
      </Row>
      {rule.basis === 'option' ? (
        <Row label="选项">
          <SubjectSelect
            label="配额题目"
            value={rule.subject}
            options={choosers}
            ctx={ctx}
            onChange={(uuid) => set({ ...rule, subject: uuid, option: firstChoice(uuid) })}
          />
          <select aria-label="配额选项" value={rule.option} onChange={(event) => set({ ...rule, option: event.target.value })}>
            {(logicShape(ctx.subjects.find((s) => s.uuid === rule.subject)!).choices ?? []).map((id) => (
              <option key={id} value={id}>
                {choiceLabel(ctx, rule.subject, id)}
              </option>
            ))}
          </select>
        </Row>
      ) : (
        <Row label="条件">
          <ConditionEditor value={rule.when} onChange={(when) => set({ ...rule, when })} candidates={answerableSubjects(ctx.subjects)} ctx={ctx} />
        </Row>
      )}
      <Row label="达到">
        <input
          aria-label="配额数量"
          type="number"
          min={0}
          value={rule.limit}
          onChange={(event) => set({ ...rule, limit: Math.max(0, Math.floor(Number(event.target.value) || 0)) })}
        />
        <span>份后</span>
        <select
          aria-label="满额后"
          value={rule.onFull.action}
          onChange={(event) => {
            if (event.target.value === 'end') set({ ...rule, onFull: { action: 'end', message: '名额已满，感谢您的参与' } } as TQuotaRule);
            else if (event.target.value === 'message') set({ ...rule, onFull: { action: 'message', message: '该选项名额已满，请重新选择' } } as TQuotaRule);
            else if (rule.basis === 'option') set({ ...rule, onFull: { action: 'hideOption' } });
            else set({ ...rule, onFull: { action: 'hideOption', subject: choosers[0]!.uuid, option: firstChoice(choosers[0]!.uuid) } });
          }}
        >
          <option value="hideOption">隐藏选项</option>
          <option value="end">结束作答</option>
          <option value="message">提示后重新选择</option>
        </select>
      </Row>
      {rule.onFull.action !== 'hideOption' ? (
        <Row label="提示">
          <input
            aria-label="满额提示"
            value={endMessage}
            onChange={(event) => set({ ...rule, onFull: { action: rule.onFull.action, message: event.target.value } } as TQuotaRule)}
          />
        </Row>
      ) : null}
    </>
  );
}

function RandomForm({ rule, set, ctx }: { rule: TRandomGroup; set: (r: TRandomGroup) => void; ctx: TSentenceContext }) {
  return (
    <>
      <Row label="题目">
        <div className={styles.checks}>
          {answerableSubjects(ctx.subjects).map((s) => (
            <label key={s.uuid}>
              <input
                type="checkbox"
                checked={rule.subjects.includes(s.uuid)}
                onChange={(event) => set({ ...rule, subjects: event.target.checked ? [...rule.subjects, s.uuid] : rule.subjects.filter((u) => u !== s.uuid) })}
              />
              {subjectRef(ctx, s.uuid)}
            </label>
          ))}
        </div>
      </Row>
      <Row label="每人抽取">
        <input
          aria-label="抽取题数"
          type="number"
          min={1}
          value={rule.draw}
          onChange={(event) => set({ ...rule, draw: Math.max(1, Math.floor(Number(event.target.value) || 1)) })}
        />
        <span>题</span>
        <label className={styles.inlineCheck}>
          <input type="checkbox" checked={rule.shuffle} onChange={(event) => set({ ...rule, shuffle: event.target.checked })} />
          打乱顺序
        </label>
      </Row>
    </>
  );
}

/** Add or edit one rule in a form; saving sends one logic.add / logic.update. */
export function RuleDialog({
  kind,
  initial,
  editing,
  ctx,
  onClose,
}: {
  kind: TRuleKind;
  initial: TAnyRule;
  editing: boolean;
  ctx: TSentenceContext;
  onClose: () => void;
}) {
  const api = useEditorApi();
  const run = useEdit();
  const [rule, setRule] = useState<TAnyRule>(initial);
  const set = (next: TAnyRule) => setRule(next);
  const targets = ctx.subjects.slice(1).filter((s) => s.subjectType !== SUBJECT_TYPE.pageBreak);
  const save = () => {
    if (run(editing ? api.updateRule(kind, rule) : api.addRule(kind, rule))) onClose();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${editing ? '编辑' : '添加'}${RULE_TITLES[kind]}`}
      width={640}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" onClick={save}>
            保存
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        {kind === 'jumps' ? <JumpForm rule={rule as TJumpRule} set={set} ctx={ctx} /> : null}
        {kind === 'display' ? <TargetCondition rule={rule as TDisplayRule} set={set} ctx={ctx} targets={targets} label="显示的题目" /> : null}
        {kind === 'optionLinkage' ? (
          <>
            <TargetCondition
              rule={rule as TOptionLinkageRule}
              set={set}
              ctx={ctx}
              targets={withChoices(targets)}
              label="关联的题目"
              onTarget={(uuid) => ({ options: [logicShape(ctx.subjects.find((s) => s.uuid === uuid)!).choices![0]!] })}
            />
            <LinkageOptions rule={rule as TOptionLinkageRule} set={set} ctx={ctx} />
          </>
        ) : null}
        {kind === 'quotas' ? <QuotaForm rule={rule as TQuotaRule} set={set} ctx={ctx} /> : null}
        {kind === 'random' ? <RandomForm rule={rule as TRandomGroup} set={set} ctx={ctx} /> : null}
      </div>
    </Dialog>
  );
}
