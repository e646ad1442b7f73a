import { Link } from '@tanstack/react-router';
import { CircleAlert, CircleCheck, GitBranch, Pencil, Plus, Quote, Trash2, TriangleAlert } from 'lucide-react';
import { useMemo, useState } from 'react';
import { selectDocument, selectReadOnly } from '../../../../machines/editor/editor.selectors';
import { canEditPower, findingsOf, numberingOf } from '../../../../machines/editor/editor.rules';
import type { TAnyRule, TRuleKind } from '../../../../machines/editor/editor.types';
import type { Finding } from '../../../../schemas/logic/checker';
import type { TLogic } from '../../../../schemas/logic/ast';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { toast } from '../../../ui/toast';
import { EditorFrame } from '../editor-frame';
import { EDITOR_PAGES } from '../editor-paths';
import { plainOf } from '../../../ui/rich-text/sanitize';
import { useEdit, useEditor, useEditorApi, useEditorSession } from '../use-editor';
import {
  displaySentence,
  jumpSentence,
  linkageSentence,
  pipeFinding,
  pipeSentence,
  pipeUses,
  quotaSentence,
  randomSentence,
  subjectRef,
  type TSentenceContext,
} from './logic-sentence';
import { RULE_TITLES, RuleDialog, newRule } from './rule-dialog';
import styles from './logic.module.css';

const SECTIONS: { kind: TRuleKind; hint: string; add: string }[] = [
  { kind: 'jumps', hint: '根据答案跳过中间的题目，或直接结束作答', add: '添加跳转' },
  { kind: 'display', hint: '满足条件时才显示某道题', add: '添加显示条件' },
  { kind: 'optionLinkage', hint: '根据前面的选择，只显示后面题目中的部分选项', add: '添加选项关联' },
  { kind: 'quotas', hint: '某个选项或条件的答卷达到数量后，隐藏选项或结束作答', add: '添加配额' },
  { kind: 'random', hint: '从一组题目中为每位答题者随机抽取若干题（常用于考试）', add: '添加随机抽题组' },
];

function sentenceOf(kind: TRuleKind, rule: TAnyRule, ctx: TSentenceContext): string {
  switch (kind) {
    case 'jumps':
      return jumpSentence(ctx, rule as TLogic['jumps'][number]);
    case 'display':
      return displaySentence(ctx, rule as TLogic['display'][number]);
    case 'optionLinkage':
      return linkageSentence(ctx, rule as TLogic['optionLinkage'][number]);
    case 'quotas':
      return quotaSentence(ctx, rule as TLogic['quotas'][number]);
    case 'random':
      return randomSentence(ctx, rule as TLogic['random'][number]);
  }
}

function Findings({ findings, questionId, ctx }: { findings: Finding[]; questionId: string; ctx: TSentenceContext }) {
  const errors = findings.filter((f) => f.severity === 'error').length;
  return (
    <aside className={styles.findings} aria-label="逻辑检查">
      <div className={cx(styles.findingsHead, errors ? styles.bad : findings.length ? styles.warn : styles.good)}>
        {errors ? <CircleAlert size={18} aria-hidden /> : findings.length ? <TriangleAlert size={18} aria-hidden /> : <CircleCheck size={18} aria-hidden />}
        <div>
          <strong>{errors ? `发现 ${errors} 个错误` : findings.length ? `${findings.length} 个提醒` : '逻辑检查通过'}</strong>
          <p>{errors ? '修改后才能发布' : findings.length ? '不影响发布，建议检查' : '所有逻辑设置均有效'}</p>
        </div>
      </div>
      {findings.length ? (
        <ul className={styles.findingList} role="list">
          {findings.map((f, i) => (
            <li key={i} className={cx(styles.finding, f.severity === 'error' ? styles.findingError : styles.findingWarning)} data-code={f.code}>
              <span className={styles.severity}>{f.severity === 'error' ? '错误' : '提醒'}</span>
              <p>{f.message}</p>
              {f.subjects.length ? (
                <div className={styles.findingLinks}>
                  {f.subjects.slice(0, 6).map((s) => (
                    <Link key={s.uuid} to={EDITOR_PAGES.subject} search={{ questionId, focus: s.uuid }} className={styles.findingLink}>
                      定位{subjectRef(ctx, s.uuid)}
                    </Link>
                  ))}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </aside>
  );
}

function Piping({ ctx, findings, questionId }: { ctx: TSentenceContext; findings: Finding[]; questionId: string }) {
  const uses = pipeUses(ctx.subjects);
  return (
    <section className={styles.section} aria-label="引用答案">
      <header className={styles.sectionHead}>
        <div>
          <h2>
            <Quote size={16} aria-hidden />
            引用答案
            <span className={styles.count}>{uses.length}</span>
          </h2>
          <p>
            在题目标题或说明中点击“插入引用”（或输入 {'{{Q3}}'}），答题时会显示第3题的答案，例如“您选择{'{{Q1}}'}的原因是？”。只能引用前面的题目。
          </p>
        </div>
      </header>
      {uses.length ? (
        <ul className={styles.rules}>
          {uses.map((use, i) => {
            const finding = pipeFinding(findings, ctx, use);
            return (
              <li key={i} className={cx(styles.rule, finding && styles.ruleError)} data-pipe={use.source}>
                <span className={styles.sentence} data-testid="pipe-sentence">
                  {pipeSentence(ctx, use)}
                  {finding ? <span className={styles.ruleProblem}>{finding.message}</span> : null}
                </span>
                <span className={styles.ruleActions}>
                  <Link to={EDITOR_PAGES.subject} search={{ questionId, focus: use.subject }}>
                    <Pencil size={14} aria-hidden />
                    去修改
                  </Link>
                </span>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className={styles.empty}>暂无引用</p>
      )}
    </section>
  );
}

function LogicWorkspace() {
  const { questionId } = useEditorSession();
  const api = useEditorApi();
  const run = useEdit();
  const doc = useEditor(selectDocument);
  const readOnly = useEditor((s) => selectReadOnly(s) || !canEditPower(s.context.project?.powerType));
  const [dialog, setDialog] = useState<{ kind: TRuleKind; rule: TAnyRule; editing: boolean } | null>(null);
  const ctx = useMemo<TSentenceContext>(() => ({ subjects: doc.subjects, numbering: numberingOf(doc), plain: plainOf }), [doc]);
  const findings = findingsOf(doc);
  const flagged = new Map<string, Finding['severity']>();
  for (const f of findings) if (f.ruleId && flagged.get(f.ruleId) !== 'error') flagged.set(f.ruleId, f.severity);

  const add = (kind: TRuleKind) => {
    const rule = newRule(kind, doc.subjects);
    if (!rule) toast.info(kind === 'quotas' ? '请先添加带选项的题目' : '题目数量不足，请先添加题目');
    else setDialog({ kind, rule, editing: false });
  };

  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        <header className={styles.pageHead}>
          <GitBranch size={20} aria-hidden />
          <div>
            <h1>逻辑设置</h1>
            <p>逻辑会在保存时由系统检查；存在错误时不能发布。</p>
          </div>
        </header>
        {SECTIONS.map(({ kind, hint, add: addLabel }) => {
          const rules = doc.logic[kind] as TAnyRule[];
          return (
            <section key={kind} className={styles.section} aria-label={RULE_TITLES[kind]}>
              <header className={styles.sectionHead}>
                <div>
                  <h2>
                    {RULE_TITLES[kind]}
                    <span className={styles.count}>{rules.length}</span>
                  </h2>
                  <p>{hint}</p>
                </div>
                {readOnly ? null : (
                  <Button size="sm" variant="soft" onClick={() => add(kind)}>
                    <Plus size={14} aria-hidden />
                    {addLabel}
                  </Button>
                )}
              </header>
              {rules.length ? (
                <ul className={styles.rules}>
                  {rules.map((rule) => (
                    <li
                      key={rule.id}
                      className={cx(
                        styles.rule,
                        flagged.get(rule.id) === 'error' && styles.ruleError,
                        flagged.get(rule.id) === 'warning' && styles.ruleWarning,
                      )}
                      data-rule={rule.id}
                    >
                      <span className={styles.sentence} data-testid="logic-sentence">
                        {sentenceOf(kind, rule, ctx)}
                      </span>
                      {readOnly ? null : (
                        <span className={styles.ruleActions}>
                          <button type="button" onClick={() => setDialog({ kind, rule, editing: true })} aria-label="编辑规则">
                            <Pencil size={14} aria-hidden />
                            编辑
                          </button>
                          <button type="button" onClick={() => run(api.removeRule(kind, rule.id))} aria-label="删除规则">
                            <Trash2 size={14} aria-hidden />
                            删除
                          </button>
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className={styles.empty}>暂无{RULE_TITLES[kind]}</p>
              )}
            </section>
          );
        })}
        <Piping ctx={ctx} findings={findings} questionId={questionId} />
      </div>
      <Findings findings={findings} questionId={questionId} ctx={ctx} />
      {dialog ? <RuleDialog kind={dialog.kind} initial={dialog.rule} editing={dialog.editing} ctx={ctx} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

/** /questionnaire/edit/logic.html: rules as sentences, edited in forms, checked live. */
export function LogicPage() {
  return (
    <EditorFrame page="logic">
      <LogicWorkspace />
    </EditorFrame>
  );
}
