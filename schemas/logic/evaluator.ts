// The one evaluator the editor preview, the respondent page and the server share. Given the compiled
// survey, the answers so far and the quota counts, it knows which subjects and options are visible, where
// "next" goes, which quotas apply and the piped titles.
//
// Incremental by construction: every concern (a subject's visibility, its jumps, its options, its piped
// title, a quota) is a unit that is recomputed only when something it reads changed. Units run in display
// order through a priority queue, and rules read only earlier subjects, so one pass settles everything; a
// full evaluation is the same pass with every unit queued.
import { EMPTY_FACTS, type AnswerFacts } from '../subjects/base';
import { answerFacts } from '../subjects/registry';
import type { CompiledCondition, CompiledLogic, CompiledPipe } from './compile';
import { predicateHolds } from './predicates';
import { renderTemplate, type TPipePart } from './piping';

export type NextStep =
  | { kind: 'subject'; uuid: string }
  | { kind: 'end'; reason: 'complete' }
  | { kind: 'end'; reason: 'jump'; ruleId: string; message: string | undefined }
  | { kind: 'end'; reason: 'quota'; quotaId: string; message: string };

export interface EvaluationChange {
  visibility: string[];
  options: string[];
  texts: string[];
  jumps: string[];
  quotas: string[];
}

export interface EvaluationSnapshot {
  /** Every subject in display order (random groups applied), visible or not. */
  order: string[];
  visible: string[];
  hiddenOptions: Record<string, string[]>;
  /** Piped titles and descriptions, for subjects that have placeholders. */
  titles: Record<string, string>;
  descriptions: Record<string, string>;
  /** Jump rule in force per subject it leaves from. */
  jumps: Record<string, string>;
  /** Quotas the current answers count toward (the server increments them on submit). */
  matchedQuotas: string[];
  fullQuotas: string[];
  end: NextStep | undefined;
}

const NO_OPTIONS: ReadonlySet<string> = new Set();

class UnitQueue {
  private heap: number[] = [];
  private queued: Uint8Array;
  constructor(
    private priority: (unit: number) => number,
    size: number,
  ) {
    this.queued = new Uint8Array(size);
  }
  get size() {
    return this.heap.length;
  }
  push(u: number) {
    if (this.queued[u]) return;
    this.queued[u] = 1;
    const h = this.heap;
    h.push(u);
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.priority(h[parent]!) <= this.priority(u)) break;
      h[i] = h[parent]!;
      i = parent;
    }
    h[i] = u;
  }
  pop(): number {
    const h = this.heap;
    const top = h[0]!;
    const last = h.pop()!;
    if (h.length) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= h.length) break;
        const r = l + 1;
        const c = r < h.length && this.priority(h[r]!) < this.priority(h[l]!) ? r : l;
        if (this.priority(h[c]!) >= this.priority(last)) break;
        h[i] = h[c]!;
        i = c;
      }
      h[i] = last;
    }
    this.queued[top] = 0;
    return top;
  }
}

export class LogicEvaluator {
  private readonly n: number;
  private readonly facts: AnswerFacts[];
  private readonly answers = new Map<string, unknown>();
  private readonly visible: Uint8Array;
  private readonly skip: Int32Array;
  /** Per "from" position: index of the jump rule in force, or -1. */
  private readonly activeJump: Int32Array;
  private readonly hidden = new Map<number, ReadonlySet<string>>();
  private readonly texts = new Map<number, { title?: string; description?: string }>();
  private readonly matched: Uint8Array;
  private full: Uint8Array;
  private fullHides = new Map<string, Set<string>>();
  private readonly queue: UnitQueue;
  private change: EvaluationChange = emptyChange();
  /** Units evaluated since construction: how much work the incremental path really does. */
  unitsEvaluated = 0;

  constructor(
    readonly compiled: CompiledLogic,
    answers: Readonly<Record<string, unknown>> = {},
    quotaCounts: Readonly<Record<string, number>> = {},
    /** How an answer's facts are read (the server's sheet check reads them with the messages, in one parse). */
    private readonly factsOf: (subject: CompiledLogic['subjects'][number], value: unknown) => AnswerFacts = answerFacts,
  ) {
    const n = (this.n = compiled.order.length);
    this.facts = new Array<AnswerFacts>(n).fill(EMPTY_FACTS);
    this.visible = new Uint8Array(n);
    this.skip = new Int32Array(n + 1);
    this.activeJump = new Int32Array(n).fill(-1);
    this.matched = new Uint8Array(compiled.quotas.length);
    this.full = new Uint8Array(compiled.quotas.length);
    this.queue = new UnitQueue((u) => compiled.units[u]!.priority, compiled.units.length);
    for (const [uuid, value] of Object.entries(answers)) this.storeAnswer(uuid, value);
    this.applyCounts(quotaCounts);
    for (let u = 0; u < compiled.units.length; u++) this.queue.push(u);
    this.run();
  }

  /** Records one answer and re-evaluates what depends on it; returns what changed. */
  setAnswer(uuid: string, value: unknown): EvaluationChange {
    const p = this.storeAnswer(uuid, value);
    if (p !== undefined && this.visible[p]) this.queueReaders(p);
    return this.run();
  }

  setAnswers(answers: Readonly<Record<string, unknown>>): EvaluationChange {
    for (const [uuid, value] of Object.entries(answers)) {
      const p = this.storeAnswer(uuid, value);
      if (p !== undefined && this.visible[p]) this.queueReaders(p);
    }
    return this.run();
  }

  /** New quota counts (quota id → sheets counted); re-evaluates option hiding and quota endings. */
  setQuotaCounts(counts: Readonly<Record<string, number>>): EvaluationChange {
    this.applyCounts(counts);
    this.compiled.units.forEach((u, id) => {
      if (u.kind === 'options' || u.kind === 'quota') this.queue.push(id);
    });
    return this.run();
  }

  get order(): readonly string[] {
    return this.compiled.order;
  }

  answer(uuid: string): unknown {
    return this.answers.get(uuid);
  }

  /** What the stored answer of a subject says (chosen ids, number, text), whether or not it is visible. */
  answerFacts(uuid: string): AnswerFacts {
    const p = this.compiled.pos.get(uuid);
    return p === undefined ? EMPTY_FACTS : this.facts[p]!;
  }

  isVisible(uuid: string): boolean {
    const p = this.compiled.pos.get(uuid);
    return p !== undefined && this.visible[p] === 1;
  }

  visibleSubjects(): string[] {
    return this.compiled.order.filter((_, p) => this.visible[p]);
  }

  /** Options hidden by linkage or full quotas (options the editor hid are hidden by the widget itself). */
  hiddenOptions(uuid: string): ReadonlySet<string> {
    const p = this.compiled.pos.get(uuid);
    return (p !== undefined && this.hidden.get(p)) || NO_OPTIONS;
  }

  /** The title with placeholders filled in. */
  title(uuid: string): string {
    const p = this.compiled.pos.get(uuid);
    if (p === undefined) return '';
    return this.texts.get(p)?.title ?? this.compiled.subjects[p]!.title;
  }

  description(uuid: string): string {
    const p = this.compiled.pos.get(uuid);
    if (p === undefined) return '';
    return this.texts.get(p)?.description ?? this.compiled.subjects[p]!.description;
  }

  /** The first quota that ends this respondent, if any. */
  quotaEnd(): NextStep | undefined {
    const qs = this.compiled.quotas;
    for (let k = 0; k < qs.length; k++) {
      const q = qs[k]!;
      if (this.full[k] && this.matched[k] && q.onFull.action === 'end') {
        return { kind: 'end', reason: 'quota', quotaId: q.id, message: q.onFull.message };
      }
    }
    return undefined;
  }

  /** The first full quota that tells this respondent a message and keeps them answering ('message'), if any. */
  quotaMessage(): { quotaId: string; message: string; subject: string | undefined } | undefined {
    const qs = this.compiled.quotas;
    for (let k = 0; k < qs.length; k++) {
      const q = qs[k]!;
      if (this.full[k] && this.matched[k] && q.onFull.action === 'message')
        return { quotaId: q.id, message: q.onFull.message, subject: q.basis === 'option' ? q.subject : undefined };
    }
    return undefined;
  }

  /** Where "next" goes from `uuid` (null: the start). */
  next(uuid: string | null): NextStep {
    const ended = this.quotaEnd();
    if (ended) return ended;
    let start = 0;
    if (uuid !== null) {
      const p = this.compiled.pos.get(uuid);
      if (p === undefined) return { kind: 'end', reason: 'complete' };
      const j = this.activeJump[p]!;
      const rule = j >= 0 ? this.jumpRule(p, j) : undefined;
      if (rule?.toEnd) return { kind: 'end', reason: 'jump', ruleId: rule.id, message: rule.endMessage };
      start = p + 1;
    }
    for (let p = start; p < this.n; p++) {
      if (this.visible[p]) return { kind: 'subject', uuid: this.compiled.order[p]! };
    }
    return { kind: 'end', reason: 'complete' };
  }

  matchedQuotas(): string[] {
    return this.compiled.quotas.filter((_, k) => this.matched[k]).map((q) => q.id);
  }

  fullQuotas(): string[] {
    return this.compiled.quotas.filter((_, k) => this.full[k]).map((q) => q.id);
  }

  snapshot(): EvaluationSnapshot {
    const { order } = this.compiled;
    const hiddenOptions: Record<string, string[]> = {};
    for (const [p, set] of this.hidden) if (set.size) hiddenOptions[order[p]!] = [...set].sort();
    const titles: Record<string, string> = {};
    const descriptions: Record<string, string> = {};
    for (const [p, t] of this.texts) {
      if (t.title !== undefined) titles[order[p]!] = t.title;
      if (t.description !== undefined) descriptions[order[p]!] = t.description;
    }
    const jumps: Record<string, string> = {};
    this.activeJump.forEach((j, p) => {
      if (j >= 0) jumps[order[p]!] = this.jumpRule(p, j)!.id;
    });
    return {
      order: [...order],
      visible: this.visibleSubjects(),
      hiddenOptions,
      titles,
      descriptions,
      jumps,
      matchedQuotas: this.matchedQuotas(),
      fullQuotas: this.fullQuotas(),
      end: this.quotaEnd(),
    };
  }

  // ---- internals ----

  private storeAnswer(uuid: string, value: unknown): number | undefined {
    const p = this.compiled.pos.get(uuid);
    if (p === undefined) return undefined;
    this.answers.set(uuid, value);
    this.facts[p] = this.factsOf(this.compiled.subjects[p]!, value);
    return p;
  }

  private applyCounts(counts: Readonly<Record<string, number>>) {
    this.full = new Uint8Array(this.compiled.quotas.map((q) => ((counts[q.id] ?? 0) >= q.limit ? 1 : 0)));
    this.fullHides = new Map();
    this.compiled.quotas.forEach((q, k) => {
      if (!this.full[k] || q.onFull.action !== 'hideOption') return;
      const [subject, option] = q.basis === 'option' ? [q.subject, q.option] : [q.onFull.subject, q.onFull.option];
      this.fullHides.set(subject, (this.fullHides.get(subject) ?? new Set()).add(option));
    });
  }

  /** What predicates see: a hidden subject reads as unanswered (its answer is dropped on submit). */
  private effective(p: number): AnswerFacts {
    return p >= 0 && this.visible[p] ? this.facts[p]! : EMPTY_FACTS;
  }

  private holds(c: CompiledCondition): boolean {
    const test = (cp: CompiledCondition['preds'][number]) => predicateHolds(cp.p, this.effective(cp.src));
    return c.match === 'all' ? c.preds.every(test) : c.preds.some(test);
  }

  private queueReaders(p: number) {
    for (const u of this.compiled.readers[p]!) this.queue.push(u);
  }

  private jumpRule(p: number, j: number) {
    const unit = this.compiled.units[this.compiled.jumpUnit[p]!];
    return unit?.kind === 'jump' ? unit.rules[j] : undefined;
  }

  private run(): EvaluationChange {
    while (this.queue.size) this.evaluateUnit(this.queue.pop());
    const done = this.change;
    this.change = emptyChange();
    return done;
  }

  private evaluateUnit(id: number) {
    this.unitsEvaluated++;
    const unit = this.compiled.units[id]!;
    const uuid = (p: number) => this.compiled.order[p]!;
    switch (unit.kind) {
      case 'vis': {
        const p = unit.pos;
        const shown = !this.compiled.excluded[p] && this.skip[p] === 0 && unit.rules.every((r) => this.holds(r));
        if (shown === (this.visible[p] === 1)) return;
        this.visible[p] = shown ? 1 : 0;
        this.change.visibility.push(uuid(p));
        if (!this.facts[p]!.empty) this.queueReaders(p);
        const jump = this.compiled.jumpUnit[p]!;
        if (jump >= 0) this.queue.push(jump);
        return;
      }
      case 'jump': {
        const p = unit.pos;
        const next = this.visible[p] ? unit.rules.findIndex((j) => j.to > p && (!j.when || this.holds(j.when))) : -1;
        const before = this.activeJump[p]!;
        if (next === before) return;
        if (before >= 0) this.moveSkip(p + 1, unit.rules[before]!.to, -1);
        if (next >= 0) this.moveSkip(p + 1, unit.rules[next]!.to, +1);
        this.activeJump[p] = next;
        this.change.jumps.push(uuid(p));
        return;
      }
      case 'options': {
        const p = unit.pos;
        const set = new Set(this.fullHides.get(uuid(p)));
        for (const l of unit.linkage) if (!this.holds(l.when)) l.options.forEach((o) => set.add(o));
        if (sameSet(set, this.hidden.get(p) ?? NO_OPTIONS)) return;
        this.hidden.set(p, set);
        this.change.options.push(uuid(p));
        return;
      }
      case 'pipe': {
        const text = this.render(unit.pipe);
        const before = this.texts.get(unit.pos);
        if (before && before.title === text.title && before.description === text.description) return;
        this.texts.set(unit.pos, text);
        this.change.texts.push(uuid(unit.pos));
        return;
      }
      case 'quota': {
        const now = this.holds(unit.basis) ? 1 : 0;
        if (now === this.matched[unit.quota]) return;
        this.matched[unit.quota] = now;
        this.change.quotas.push(this.compiled.quotas[unit.quota]!.id);
        return;
      }
    }
  }

  /** Positions [from, to) gain or lose one covering jump; those that flip between skipped and not re-check. */
  private moveSkip(from: number, to: number, delta: 1 | -1) {
    for (let p = from; p < Math.min(to, this.n); p++) {
      const was = this.skip[p]!;
      this.skip[p] = was + delta;
      if ((was === 0) !== (this.skip[p] === 0)) this.queue.push(this.compiled.visUnit[p]!);
    }
  }

  private render(pipe: CompiledPipe): { title?: string; description?: string } {
    const valueOf = (part: TPipePart) => this.effective(pipe.refs.get(part.source) ?? -1).text;
    return {
      title: pipe.title && renderTemplate(pipe.title, valueOf),
      description: pipe.description && renderTemplate(pipe.description, valueOf),
    };
  }
}

function emptyChange(): EvaluationChange {
  return { visibility: [], options: [], texts: [], jumps: [], quotas: [] };
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}
