// The editor's static review of the logic. Each finding names the subjects involved (uuid + displayed index)
// in Chinese; 'error' blocks publishing, 'warning' does not.
import type { LogicShape } from '../subjects/base';
import { displayIndexes, sortByIndex } from '../subjects/numbering';
import { logicShape, subjectEntry, type TSubject } from '../subjects/registry';
import type { TCondition, TLogic, TPredicate } from './ast';
import { parseTemplate } from './piping';

export type Severity = 'error' | 'warning';

export type FindingCode =
  | 'duplicate-rule-id'
  | 'rule-subject-missing'
  | 'jump-target-missing'
  | 'jump-backward'
  | 'jump-cycle'
  | 'unreachable'
  | 'condition-subject-missing'
  | 'condition-subject-later'
  | 'condition-option-missing'
  | 'condition-type-mismatch'
  | 'condition-never-holds'
  | 'linkage-option-missing'
  | 'quota-option-missing'
  | 'random-subject-missing'
  | 'random-overlap'
  | 'random-draw-too-large'
  | 'random-condition-order'
  | 'pipe-subject-missing'
  | 'pipe-subject-later';

export interface FindingSubject {
  uuid: string;
  /** Displayed index; null for layout blocks, unnumbered or deleted subjects. */
  index: number | null;
}

export interface Finding {
  code: FindingCode;
  severity: Severity;
  message: string;
  subjects: FindingSubject[];
  ruleId?: string;
}

const SEVERITY: Record<FindingCode, Severity> = {
  'duplicate-rule-id': 'error',
  'rule-subject-missing': 'error',
  'jump-target-missing': 'error',
  'jump-backward': 'error',
  'jump-cycle': 'error',
  unreachable: 'warning',
  'condition-subject-missing': 'error',
  'condition-subject-later': 'error',
  'condition-option-missing': 'error',
  'condition-type-mismatch': 'warning',
  'condition-never-holds': 'warning',
  'linkage-option-missing': 'error',
  'quota-option-missing': 'error',
  'random-subject-missing': 'error',
  'random-overlap': 'error',
  'random-draw-too-large': 'error',
  'random-condition-order': 'warning',
  'pipe-subject-missing': 'error',
  'pipe-subject-later': 'error',
};

export const blocksPublishing = (findings: readonly Finding[]) => findings.some((f) => f.severity === 'error');

/** Where a condition sits: what it controls, and how far it may read. */
interface ConditionSite {
  ruleId: string;
  /** "第3题的显示条件" … */
  what: string;
  owner: string | undefined;
  /** Last position the condition may read; undefined: any (quotas). */
  limit: number | undefined;
}

export function checkLogic(subjects: readonly TSubject[], logic: TLogic): Finding[] {
  const sorted = sortByIndex(subjects);
  const pos = new Map(sorted.map((s, i) => [s.uuid, i]));
  const byUuid = new Map(sorted.map((s) => [s.uuid, s]));
  const index = displayIndexes(subjects);
  const findings: Finding[] = [];

  const ref = (uuid: string): FindingSubject => ({ uuid, index: index.get(uuid) ?? null });
  const label = (uuid: string): string => {
    const s = byUuid.get(uuid);
    if (!s) return '已删除的题目';
    const i = index.get(uuid);
    if (i) return `第${i}题`;
    const title = s.title
      .replace(/<[^>]*>/g, '')
      .trim()
      .slice(0, 12);
    return title ? `${subjectEntry(s.subjectType).name.zh}“${title}”` : `${subjectEntry(s.subjectType).name.zh}（第${pos.get(uuid)! + 1}项）`;
  };
  const report = (code: FindingCode, message: string, uuids: readonly (string | undefined)[], ruleId?: string) => {
    const seen = [...new Set(uuids.filter((u): u is string => u !== undefined))];
    findings.push({ code, severity: SEVERITY[code], message, subjects: seen.map(ref), ...(ruleId ? { ruleId } : {}) });
  };
  const shape = (uuid: string): LogicShape => logicShape(byUuid.get(uuid)!);

  // Rule ids are how the editor points at a rule; two rules sharing one are indistinguishable.
  const ids = [...logic.jumps, ...logic.display, ...logic.optionLinkage, ...logic.quotas, ...logic.random].map((r) => r.id);
  for (const id of new Set(ids.filter((id, i) => ids.indexOf(id) !== i))) {
    report('duplicate-rule-id', `多条逻辑规则使用了同一个标识“${id}”`, [], id);
  }

  const checkCondition = (c: TCondition, site: ConditionSite) => {
    const usable: TPredicate[] = [];
    for (const p of c.predicates) {
      const at = pos.get(p.subject);
      if (at === undefined) {
        report('condition-subject-missing', `${site.what}引用了已删除的题目`, [site.owner, p.subject], site.ruleId);
        continue;
      }
      if (site.limit !== undefined && at > site.limit) {
        report('condition-subject-later', `${site.what}引用了在它之后的${label(p.subject)}`, [site.owner, p.subject], site.ruleId);
        continue;
      }
      const mismatch = typeMismatch(p, byUuid.get(p.subject)!, shape(p.subject));
      if (mismatch) {
        report('condition-type-mismatch', `${site.what}对${label(p.subject)}使用了“${mismatch}”，该题型不适用`, [site.owner, p.subject], site.ruleId);
        continue;
      }
      if ((p.op === 'chose' || p.op === 'notChose') && !shape(p.subject).choices!.includes(p.option)) {
        report('condition-option-missing', `${site.what}引用了${label(p.subject)}中不存在的选项`, [site.owner, p.subject], site.ruleId);
        continue;
      }
      usable.push(p);
    }
    if (usable.length === c.predicates.length && neverHolds(c, shape)) {
      report('condition-never-holds', `${site.what}永远不会成立`, [site.owner, ...c.predicates.map((p) => p.subject)], site.ruleId);
    }
  };

  // Display rules and option linkage read only earlier subjects.
  for (const r of logic.display) {
    const at = pos.get(r.target);
    if (at === undefined) report('rule-subject-missing', '显示逻辑所控制的题目已被删除', [r.target], r.id);
    else checkCondition(r.when, { ruleId: r.id, what: `${label(r.target)}的显示条件`, owner: r.target, limit: at - 1 });
  }
  for (const r of logic.optionLinkage) {
    const at = pos.get(r.target);
    if (at === undefined) {
      report('rule-subject-missing', '选项关联所控制的题目已被删除', [r.target], r.id);
      continue;
    }
    const choices = shape(r.target).choices ?? [];
    if (r.options.some((o) => !choices.includes(o))) {
      report('linkage-option-missing', `${label(r.target)}的选项关联引用了不存在的选项`, [r.target], r.id);
    }
    checkCondition(r.when, { ruleId: r.id, what: `${label(r.target)}的选项关联条件`, owner: r.target, limit: at - 1 });
  }

  // Jumps go forward; a jump's condition may read its own subject.
  for (const j of logic.jumps) {
    const from = pos.get(j.from);
    if (from === undefined) {
      report('rule-subject-missing', '跳转逻辑所在的题目已被删除', [j.from], j.id);
      continue;
    }
    if (j.to.kind === 'subject') {
      const to = pos.get(j.to.subject);
      if (to === undefined) report('jump-target-missing', `${label(j.from)}的跳转目标已被删除`, [j.from], j.id);
      else if (to <= from) {
        const where = to === from ? '它自己' : `之前的${label(j.to.subject)}`;
        report('jump-backward', `${label(j.from)}的跳转指向了${where}，答题者会回到已答过的题目`, [j.from, j.to.subject], j.id);
      }
    }
    if (j.when) checkCondition(j.when, { ruleId: j.id, what: `${label(j.from)}的跳转条件`, owner: j.from, limit: from });
  }

  for (const q of logic.quotas) {
    const [subject, option] = q.basis === 'option' ? [q.subject, q.option] : q.onFull.action === 'hideOption' ? [q.onFull.subject, q.onFull.option] : [];
    if (subject !== undefined && option !== undefined) {
      if (!byUuid.has(subject)) report('rule-subject-missing', `配额“${q.id}”引用的题目已被删除`, [], q.id);
      else if (!(shape(subject).choices ?? []).includes(option)) {
        report('quota-option-missing', `配额“${q.id}”引用了${label(subject)}中不存在的选项`, [subject], q.id);
      }
    }
    if (q.basis === 'condition') checkCondition(q.when, { ruleId: q.id, what: `配额“${q.id}”的条件`, owner: undefined, limit: undefined });
  }

  const grouped = new Map<string, string>();
  for (const g of logic.random) {
    const members = [...new Set(g.subjects)];
    const missing = members.filter((u) => !byUuid.has(u));
    if (missing.length) report('random-subject-missing', `随机抽题组“${g.id}”中有${missing.length}道题目已被删除`, [], g.id);
    for (const u of members.filter((u) => byUuid.has(u))) {
      if (grouped.has(u)) report('random-overlap', `${label(u)}同时属于多个随机抽题组`, [u], g.id);
      else grouped.set(u, g.id);
    }
    const present = members.length - missing.length;
    if (g.draw > present)
      report(
        'random-draw-too-large',
        `随机抽题组“${g.id}”要抽取${g.draw}题，但组内只有${present}题`,
        members.filter((u) => byUuid.has(u)),
        g.id,
      );
  }

  // A shuffled group may place a member before a subject its condition reads; that read then finds nothing.
  const groupStart = new Map<string, number>();
  for (const g of logic.random) {
    const at = g.subjects.map((u) => pos.get(u)).filter((p): p is number => p !== undefined);
    for (const u of g.subjects) if (!groupStart.has(u) && at.length) groupStart.set(u, Math.min(...at));
  }
  for (const r of [...logic.display, ...logic.optionLinkage]) {
    const start = groupStart.get(r.target);
    if (start === undefined) continue;
    const late = r.when.predicates.map((p) => p.subject).filter((u) => (pos.get(u) ?? -1) >= start && u !== r.target);
    if (late.length) {
      report('random-condition-order', `${label(r.target)}在随机抽题组中，其条件所引用的${label(late[0]!)}可能被排到它之后`, [r.target, ...late], r.id);
    }
  }

  for (const s of sorted) {
    for (const [field, text] of [
      ['标题', s.title],
      ['说明', s.description],
    ] as const) {
      for (const part of parseTemplate(text)) {
        if (part.kind !== 'pipe') continue;
        const r = part.ref;
        const target = r.kind === 'index' ? [...index].find(([, i]) => i === r.index)?.[0] : r.uuid;
        if (target === undefined || !byUuid.has(target)) {
          report('pipe-subject-missing', `${label(s.uuid)}的${field}引用了不存在的题目 ${part.source}`, [s.uuid]);
        } else if (pos.get(target)! >= pos.get(s.uuid)!) {
          report('pipe-subject-later', `${label(s.uuid)}的${field}引用了${target === s.uuid ? '它自己' : `在它之后的${label(target)}`}`, [s.uuid, target]);
        }
      }
    }
  }

  checkFlow(sorted, logic, pos, { report, label });
  return findings;
}

function typeMismatch(p: TPredicate, subject: TSubject, shape: LogicShape): string | undefined {
  if (!subjectEntry(subject.subjectType).answerable) return '作答判断';
  if ((p.op === 'chose' || p.op === 'notChose') && !shape.choices) return p.op === 'chose' ? '选中' : '未选中';
  if ((p.op === 'greater' || p.op === 'less' || (p.op === 'equals' && typeof p.value === 'number')) && !shape.number) {
    return p.op === 'greater' ? '大于' : p.op === 'less' ? '小于' : '等于数值';
  }
  return undefined;
}

/** A predicate that no answer satisfies, given what the subject can hold. */
function predicateNeverHolds(p: TPredicate, shape: LogicShape): boolean {
  const range = shape.number;
  if (!range) return false;
  if (p.op === 'greater') return p.value >= range.max;
  if (p.op === 'less') return p.value <= range.min;
  if (p.op === 'equals' && typeof p.value === 'number') {
    return p.value < range.min || p.value > range.max || (range.integer && !Number.isInteger(p.value));
  }
  return false;
}

/** Whether a condition can never hold: contradictions between predicates on one subject, or impossible ones. */
export function neverHolds(c: TCondition, shapeOf: (uuid: string) => LogicShape): boolean {
  if (c.match === 'any') return c.predicates.every((p) => predicateNeverHolds(p, shapeOf(p.subject)));
  if (c.predicates.some((p) => predicateNeverHolds(p, shapeOf(p.subject)))) return true;
  const bySubject = new Map<string, TPredicate[]>();
  for (const p of c.predicates) bySubject.set(p.subject, [...(bySubject.get(p.subject) ?? []), p]);
  for (const [subject, ps] of bySubject) if (contradicts(ps, shapeOf(subject))) return true;
  return false;
}

function contradicts(ps: readonly TPredicate[], shape: LogicShape): boolean {
  const chose = new Set<string>();
  const notChose = new Set<string>();
  const texts = new Set<string>();
  const numbers = new Set<number>();
  let lo = -Infinity;
  let hi = Infinity;
  let empty = false;
  let needsAnswer = false;
  for (const p of ps) {
    if (p.op === 'chose') chose.add(p.option);
    if (p.op === 'notChose') notChose.add(p.option);
    if (p.op === 'equals' && typeof p.value === 'number') numbers.add(p.value);
    if (p.op === 'equals' && typeof p.value === 'string') texts.add(p.value.trim());
    if (p.op === 'greater') lo = Math.max(lo, p.value);
    if (p.op === 'less') hi = Math.min(hi, p.value);
    if (p.op === 'empty') empty = true;
    else if (p.op !== 'notChose') needsAnswer = true;
  }
  if ([...chose].some((o) => notChose.has(o))) return true;
  if (shape.single && chose.size > 1) return true;
  if (empty && needsAnswer) return true;
  if (texts.size > 1 || numbers.size > 1) return true;
  const integer = shape.number?.integer ?? false;
  for (const v of numbers) if (!(v > lo && v < hi)) return true;
  if (lo >= hi) return true;
  return integer && Math.floor(lo) + 1 > Math.ceil(hi) - 1;
}

interface Reporter {
  report: (code: FindingCode, message: string, uuids: readonly (string | undefined)[], ruleId?: string) => void;
  label: (uuid: string) => string;
}

/**
 * The flow graph: each subject falls through to the next unless it always jumps; jumps add edges. Reports
 * cycles (strongly connected parts) and subjects no path from the first subject reaches.
 */
function checkFlow(sorted: readonly TSubject[], logic: TLogic, pos: ReadonlyMap<string, number>, { report, label }: Reporter) {
  const n = sorted.length;
  if (n === 0) return;
  const edges: number[][] = Array.from({ length: n }, () => []);
  const jumpsFrom = new Map<number, TLogic['jumps']>();
  for (const j of logic.jumps) {
    const from = pos.get(j.from);
    if (from === undefined) continue;
    jumpsFrom.set(from, [...(jumpsFrom.get(from) ?? []), j]);
    if (j.to.kind === 'subject') {
      const to = pos.get(j.to.subject);
      if (to !== undefined) edges[from]!.push(to);
    }
  }
  const displayed = new Set(logic.display.map((r) => r.target));
  const inRandom = new Set(logic.random.flatMap((g) => g.subjects));
  for (let p = 0; p < n - 1; p++) {
    const s = sorted[p]!;
    // A subject that may be hidden never blocks the fall-through: its jumps only fire when it is shown.
    const mayBeHidden = displayed.has(s.uuid) || inRandom.has(s.uuid);
    if (mayBeHidden || !alwaysJumps(s, jumpsFrom.get(p) ?? [])) edges[p]!.push(p + 1);
  }

  for (const component of stronglyConnected(edges)) {
    if (component.length < 2 && !edges[component[0]!]!.includes(component[0]!)) continue;
    const members = component.sort((a, b) => a - b).map((p) => sorted[p]!.uuid);
    const first = members[0]!;
    const last = members[members.length - 1]!;
    report('jump-cycle', `${label(first)}到${label(last)}之间的跳转形成了循环，答题者可能无法结束`, members);
  }

  const reached = new Uint8Array(n);
  const stack = [0];
  reached[0] = 1;
  while (stack.length) {
    for (const q of edges[stack.pop()!]!) {
      if (reached[q]) continue;
      reached[q] = 1;
      stack.push(q);
    }
  }
  for (let p = 0; p < n; p++) {
    if (reached[p]) continue;
    let end = p;
    while (end + 1 < n && !reached[end + 1]) end++;
    const run = sorted.slice(p, end + 1).map((s) => s.uuid);
    const what = run.length === 1 ? label(run[0]!) : `${label(run[0]!)}至${label(run[run.length - 1]!)}`;
    report('unreachable', `${what}在任何答题路径上都不会出现`, run);
    p = end;
  }
}

/**
 * A subject always jumps when it has an unconditional jump, or when it is a required single choice and
 * every visible option has its own "chose this option" jump.
 */
function alwaysJumps(s: TSubject, jumps: TLogic['jumps']): boolean {
  if (jumps.some((j) => !j.when)) return true;
  const shape = logicShape(s);
  if (!s.required || !shape.single || !('options' in s)) return false;
  const covered = new Set(
    jumps.flatMap((j) =>
      j.when!.predicates.length === 1 && j.when!.predicates[0]!.op === 'chose' && j.when!.predicates[0]!.subject === s.uuid
        ? [j.when!.predicates[0]!.option]
        : [],
    ),
  );
  return s.options.filter((o) => !o.hidden).every((o) => covered.has(o.uuid));
}

/** Tarjan's algorithm, iterative (800 subjects would be a deep recursion). */
function stronglyConnected(edges: readonly number[][]): number[][] {
  const n = edges.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const out: number[][] = [];
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    const work: [number, number][] = [[root, 0]];
    while (work.length) {
      const frame = work[work.length - 1]!;
      const [v, i] = frame;
      if (i === 0) {
        index[v] = low[v] = counter++;
        stack.push(v);
        onStack[v] = 1;
      }
      if (i < edges[v]!.length) {
        frame[1]++;
        const w = edges[v]![i]!;
        if (index[w] === -1) work.push([w, 0]);
        else if (onStack[w]) low[v] = Math.min(low[v]!, index[w]!);
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1]![0];
        low[parent] = Math.min(low[parent]!, low[v]!);
      }
      if (low[v] === index[v]) {
        const component: number[] = [];
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          component.push(w);
        } while (w !== v);
        out.push(component);
      }
    }
  }
  return out;
}
