// Compiles subjects + logic into index structures for the evaluator: positions in display order, one
// evaluation unit per (subject, concern), and for each subject the units that read its answer. Depends on the
// survey version and the seed only, so one compilation serves every answer change of a respondent.
import { displayIndexes, sortByIndex } from '../subjects/numbering';
import type { TSubject } from '../subjects/registry';
import { optionQuotaId, type TCondition, type TLogic, type TPredicate, type TQuotaRule } from './ast';
import { parseTemplate, type TTemplatePart } from './piping';
import { seededDraw, seededShuffle } from './prng';

/** A predicate with the position of the subject it reads; -1 when that read is not allowed (see below). */
export interface CompiledPredicate {
  p: TPredicate;
  src: number;
}
export interface CompiledCondition {
  match: 'all' | 'any';
  preds: CompiledPredicate[];
}

export interface CompiledJump {
  id: string;
  when: CompiledCondition | undefined;
  /** Position the respondent lands on; n for "end". */
  to: number;
  endMessage: string | undefined;
  toEnd: boolean;
}

export interface CompiledPipe {
  title: TTemplatePart[] | undefined;
  description: TTemplatePart[] | undefined;
  /** Position per placeholder source text; -1 when it names no earlier subject. */
  refs: Map<string, number>;
}

export type Unit =
  | { kind: 'vis'; pos: number; priority: number; rules: CompiledCondition[] }
  | { kind: 'jump'; pos: number; priority: number; rules: CompiledJump[] }
  | { kind: 'options'; pos: number; priority: number; linkage: { options: string[]; when: CompiledCondition }[] }
  | { kind: 'pipe'; pos: number; priority: number; pipe: CompiledPipe }
  | { kind: 'quota'; quota: number; priority: number; basis: CompiledCondition };

export interface CompiledLogic {
  /** Subjects in display order (random groups applied; undrawn subjects stay, excluded). */
  subjects: readonly TSubject[];
  order: readonly string[];
  pos: ReadonlyMap<string, number>;
  excluded: Uint8Array;
  displayIndex: ReadonlyMap<string, number | null>;
  units: Unit[];
  visUnit: Int32Array;
  jumpUnit: Int32Array;
  optionsUnit: Int32Array;
  /** Units reading each position's answer. */
  readers: number[][];
  /** Explicit quotas, then the options' `quota` shorthands. */
  quotas: TQuotaRule[];
}

/**
 * Random groups: each group's members keep their slots in indexSort order; the drawn subjects fill the first
 * slots (shuffled when asked), the undrawn fill the rest and are excluded. A subject in two groups belongs to
 * the first (the checker reports the overlap).
 */
function arrange(sorted: TSubject[], logic: TLogic, seed: string): { subjects: TSubject[]; excluded: Set<string> } {
  const out = [...sorted];
  const excluded = new Set<string>();
  const slotOf = new Map(sorted.map((s, i) => [s.uuid, i]));
  const taken = new Set<string>();
  for (const group of logic.random) {
    const members = [...new Set(group.subjects)].filter((u) => slotOf.has(u) && !taken.has(u));
    members.forEach((u) => taken.add(u));
    const slots = members.map((u) => slotOf.get(u)!).sort((a, b) => a - b);
    const inOrder = slots.map((i) => sorted[i]!);
    const drawn = seededDraw(inOrder, group.draw, `${seed}:${group.id}:draw`);
    const shown = group.shuffle ? seededShuffle(drawn, `${seed}:${group.id}:order`) : inOrder.filter((s) => drawn.includes(s));
    const rest = inOrder.filter((s) => !drawn.includes(s));
    rest.forEach((s) => excluded.add(s.uuid));
    [...shown, ...rest].forEach((s, k) => (out[slots[k]!] = s));
  }
  return { subjects: out, excluded };
}

function implicitQuotas(subjects: readonly TSubject[]): TQuotaRule[] {
  const out: TQuotaRule[] = [];
  for (const s of subjects) {
    if (!('options' in s)) continue;
    for (const o of s.options) {
      if (o.quota === undefined) continue;
      const id = optionQuotaId(s.uuid, o.uuid);
      out.push({ id, basis: 'option', subject: s.uuid, option: o.uuid, limit: o.quota, onFull: { action: 'hideOption' } });
    }
  }
  return out;
}

export function compileLogic(subjects: readonly TSubject[], logic: TLogic, seed = ''): CompiledLogic {
  const { subjects: arranged, excluded: excludedSet } = arrange(sortByIndex(subjects), logic, seed);
  const n = arranged.length;
  const order = arranged.map((s) => s.uuid);
  const pos = new Map(order.map((u, i) => [u, i]));
  const excluded = new Uint8Array(n);
  excludedSet.forEach((u) => (excluded[pos.get(u)!] = 1));
  const displayIndex = displayIndexes(subjects);
  const byIndex = new Map([...displayIndex].filter(([, i]) => i !== null).map(([u, i]) => [i!, u]));

  const units: Unit[] = [];
  const readers: number[][] = Array.from({ length: n }, () => []);
  const addUnit = (u: Unit, reads: number[]) => {
    const id = units.push(u) - 1;
    for (const r of new Set(reads)) if (r >= 0) readers[r]!.push(id);
    return id;
  };
  // A rule may read only subjects before the one it controls (a jump may also read its own subject).
  // Anything else (a deleted or later subject) reads as unanswered, so evaluation never depends on the order
  // in which answers arrive; the checker reports such rules.
  const compileCondition = (c: TCondition, limit: number): CompiledCondition => ({
    match: c.match,
    preds: c.predicates.map((p) => {
      const src = pos.get(p.subject);
      return { p, src: src !== undefined && src <= limit ? src : -1 };
    }),
  });
  const reads = (c: CompiledCondition | undefined) => (c ? c.preds.map((p) => p.src) : []);
  const group = <T extends { [k in K]: string }, K extends string>(rules: readonly T[], key: K) => {
    const m = new Map<number, T[]>();
    for (const r of rules) {
      const p = pos.get(r[key]);
      if (p !== undefined) m.set(p, [...(m.get(p) ?? []), r]);
    }
    return m;
  };

  const quotas = [...logic.quotas, ...implicitQuotas(subjects)];
  const display = group(logic.display, 'target');
  const jumps = group(logic.jumps, 'from');
  const linkage = group(logic.optionLinkage, 'target');
  const hideTargets = new Set<number>();
  for (const q of quotas) {
    if (q.onFull.action !== 'hideOption') continue;
    const target = pos.get(q.basis === 'option' ? q.subject : q.onFull.subject);
    if (target !== undefined) hideTargets.add(target);
  }

  const visUnit = new Int32Array(n).fill(-1);
  const jumpUnit = new Int32Array(n).fill(-1);
  const optionsUnit = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const rules = (display.get(i) ?? []).map((r) => compileCondition(r.when, i - 1));
    visUnit[i] = addUnit({ kind: 'vis', pos: i, priority: i * 4, rules }, rules.flatMap(reads));

    const js = jumps.get(i);
    if (js) {
      const compiled = js.map((j): CompiledJump => {
        const to = j.to.kind === 'end' ? n : (pos.get(j.to.subject) ?? -1);
        return {
          id: j.id,
          when: j.when && compileCondition(j.when, i),
          to,
          toEnd: j.to.kind === 'end',
          endMessage: j.to.kind === 'end' ? j.to.message : undefined,
        };
      });
      jumpUnit[i] = addUnit({ kind: 'jump', pos: i, priority: i * 4 + 1, rules: compiled }, [i, ...compiled.flatMap((j) => reads(j.when))]);
    }

    const links = linkage.get(i);
    if (links || hideTargets.has(i)) {
      const compiled = (links ?? []).map((l) => ({ options: l.options, when: compileCondition(l.when, i - 1) }));
      optionsUnit[i] = addUnit(
        { kind: 'options', pos: i, priority: i * 4 + 2, linkage: compiled },
        compiled.flatMap((l) => reads(l.when)),
      );
    }

    const s = arranged[i]!;
    const title = s.title.includes('{{') ? parseTemplate(s.title) : undefined;
    const description = s.description.includes('{{') ? parseTemplate(s.description) : undefined;
    const parts = [...(title ?? []), ...(description ?? [])].filter((p) => p.kind === 'pipe');
    if (parts.length) {
      const refs = new Map<string, number>();
      for (const part of parts) {
        const uuid = part.ref.kind === 'index' ? byIndex.get(part.ref.index) : part.ref.uuid;
        const src = uuid === undefined ? undefined : pos.get(uuid);
        refs.set(part.source, src !== undefined && src < i ? src : -1);
      }
      addUnit({ kind: 'pipe', pos: i, priority: i * 4 + 3, pipe: { title, description, refs } }, [...refs.values()]);
    }
  }

  quotas.forEach((q, k) => {
    const basis =
      q.basis === 'option'
        ? compileCondition({ match: 'all', predicates: [{ op: 'chose', subject: q.subject, option: q.option }] }, n)
        : compileCondition(q.when, n);
    addUnit({ kind: 'quota', quota: k, priority: n * 4 + k, basis }, reads(basis));
  });

  return { subjects: arranged, order, pos, excluded, displayIndex, units, visUnit, jumpUnit, optionsUnit, readers, quotas };
}
