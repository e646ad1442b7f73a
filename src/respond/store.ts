// The respondent's sheet as one small store: answers, the shared logic evaluator (jumps, display conditions,
// option linkage, piping, quotas, random draws), pages split at page breaks, validation messages. React reads
// it per subject through useSyncExternalStore, so one answer re-renders only the subjects it changed.
import type { TLogic } from '../../schemas/logic/ast';
import { compileLogic, type CompiledLogic } from '../../schemas/logic/compile';
import { LogicEvaluator } from '../../schemas/logic/evaluator';
import type { SubjectMessage } from '../../schemas/subjects/messages';
import { subjectEntry, type TSubject } from '../../schemas/subjects/registry';
import { SUBJECT_TYPE, isNumberedSubjectType } from '../../schemas/subjects/subject-types';

export interface TPage {
  /** The page break that starts the page; null for the first page. */
  breakUuid: string | null;
  /** Page-break timer (exams): seconds allowed on this page. */
  timerSeconds: number | undefined;
  uuids: string[];
}

export interface TSubjectState {
  subject: TSubject;
  /** Displayed number; null for layout blocks and subjects without a stem number. */
  number: number | null;
  visible: boolean;
  answer: unknown;
  /** Options hidden by linkage or full quotas (the editor's own hidden options are dropped by the widget). */
  hidden: ReadonlySet<string>;
  title: string;
  description: string;
  errors: readonly SubjectMessage[];
}

/** Which page is shown and where it may go: changes only when the page or the pages with content change. */
export interface TPaging {
  page: number;
  /** Position of the page among pages that have something to show, from 1. */
  pageNumber: number;
  pageCount: number;
  hasPrev: boolean;
  hasNext: boolean;
}

/** Visible answerable subjects, and how many of them are answered (the progress bar). */
export interface TProgress {
  answered: number;
  answerable: number;
}

export type TSheetView = TPaging & TProgress;

/** Pages in display order: a page break (16) starts a new page; empty pages are dropped. */
export function buildPages(ordered: readonly TSubject[]): TPage[] {
  const pages: TPage[] = [{ breakUuid: null, timerSeconds: undefined, uuids: [] }];
  for (const s of ordered) {
    if (s.subjectType === SUBJECT_TYPE.pageBreak) pages.push({ breakUuid: s.uuid, timerSeconds: s.timerSeconds, uuids: [] });
    else pages[pages.length - 1]!.uuids.push(s.uuid);
  }
  return pages.filter((p) => p.uuids.length > 0);
}

/** 1, 2, 3 … over numbered types in display order (random draws applied, undrawn subjects skipped). */
export function numberSubjects(compiled: CompiledLogic): Map<string, number | null> {
  const out = new Map<string, number | null>();
  let n = 0;
  compiled.subjects.forEach((s, p) => {
    out.set(s.uuid, !compiled.excluded[p] && isNumberedSubjectType(s.subjectType) && s.isStemIndex ? ++n : null);
  });
  return out;
}

const NO_MESSAGES: readonly SubjectMessage[] = [];

/** Choice answers keep only options still on screen (linkage or a full quota may hide a picked one). */
function withoutHidden(value: unknown, hidden: ReadonlySet<string>): unknown {
  if (!hidden.size || !value || typeof value !== 'object' || !Array.isArray((value as { optionIds?: unknown }).optionIds)) return value;
  const answer = value as { optionIds: string[] };
  const kept = answer.optionIds.filter((id) => !hidden.has(id));
  return kept.length === answer.optionIds.length ? value : { ...answer, optionIds: kept };
}

export interface TStoreInit {
  subjects: readonly TSubject[];
  logic: TLogic;
  quotaCounts?: Readonly<Record<string, number>>;
  /** The submission id: the random order depends on it only. */
  seed: string;
  answers?: Readonly<Record<string, unknown>>;
  page?: number;
}

export class SheetStore {
  readonly compiled: CompiledLogic;
  readonly evaluator: LogicEvaluator;
  readonly pages: TPage[];
  readonly numbers: Map<string, number | null>;
  private readonly bySubject: Map<string, TSubject>;
  private readonly pageOf = new Map<string, number>();
  private answers: Record<string, unknown>;
  private readonly answered = new Set<string>();
  private readonly errors = new Map<string, readonly SubjectMessage[]>();
  private readonly cache = new Map<string, TSubjectState>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly viewListeners = new Set<() => void>();
  private readonly anyListeners = new Set<() => void>();
  private current: number;
  private view: TSheetView;
  private paging: TPaging;
  private progress: TProgress;
  /** Each subject's share of the progress counts: 0 none, 1 answerable and visible, 2 also answered. */
  private readonly counted = new Map<string, 0 | 1 | 2>();
  private answerable = 0;
  private answeredCount = 0;
  /** Pages whose timer ran out: never shown again. */
  readonly locked = new Set<number>();

  constructor(init: TStoreInit) {
    this.compiled = compileLogic(init.subjects, init.logic, init.seed);
    this.bySubject = new Map(this.compiled.subjects.map((s) => [s.uuid, s]));
    this.answers = {};
    for (const [uuid, value] of Object.entries(init.answers ?? {})) if (this.bySubject.has(uuid)) this.answers[uuid] = value;
    this.evaluator = new LogicEvaluator(this.compiled, this.answers, init.quotaCounts ?? {});
    this.pages = buildPages(this.compiled.subjects);
    this.pages.forEach((p, i) => p.uuids.forEach((u) => this.pageOf.set(u, i)));
    this.numbers = numberSubjects(this.compiled);
    for (const uuid of Object.keys(this.answers)) this.markAnswered(uuid);
    for (const s of this.compiled.subjects) this.recount(s.uuid);
    this.current = 0;
    this.view = this.computeView();
    this.current = this.settle(Math.min(init.page ?? 0, Math.max(0, this.pages.length - 1)));
    this.view = this.computeView();
    this.paging = pagingOf(this.view);
    this.progress = { answered: this.view.answered, answerable: this.view.answerable };
  }

  // ---- reading ----

  get page(): number {
    return this.current;
  }

  getView = (): TSheetView => this.view;

  /** The same object until the paging changes, so a page that reads only this skips progress-only changes. */
  getPaging = (): TPaging => this.paging;

  /** The same object until a count changes. */
  getProgress = (): TProgress => this.progress;

  subject(uuid: string): TSubject | undefined {
    return this.bySubject.get(uuid);
  }

  pageIndexOf(uuid: string): number | undefined {
    return this.pageOf.get(uuid);
  }

  allAnswers(): Readonly<Record<string, unknown>> {
    return this.answers;
  }

  getSubjectState(uuid: string): TSubjectState {
    let state = this.cache.get(uuid);
    if (!state) {
      const e = this.evaluator;
      state = {
        subject: this.bySubject.get(uuid)!,
        number: this.numbers.get(uuid) ?? null,
        visible: e.isVisible(uuid),
        answer: this.answers[uuid],
        hidden: e.hiddenOptions(uuid),
        title: e.title(uuid),
        description: e.description(uuid),
        errors: this.errors.get(uuid) ?? NO_MESSAGES,
      };
      this.cache.set(uuid, state);
    }
    return state;
  }

  subscribe(uuid: string, listener: () => void): () => void {
    let set = this.listeners.get(uuid);
    if (!set) this.listeners.set(uuid, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  subscribeView = (listener: () => void): (() => void) => {
    this.viewListeners.add(listener);
    return () => this.viewListeners.delete(listener);
  };

  /** Any change at all (the draft is saved from here). */
  subscribeAll(listener: () => void): () => void {
    this.anyListeners.add(listener);
    return () => this.anyListeners.delete(listener);
  }

  // ---- answering ----

  setAnswer(uuid: string, value: unknown): void {
    if (!this.bySubject.has(uuid)) return;
    const touched = new Set<string>([uuid]);
    this.answers = { ...this.answers, [uuid]: value };
    let change = this.evaluator.setAnswer(uuid, value);
    // Hiding a picked option drops the pick; that may change further subjects, so settle in a few rounds.
    for (let round = 0; round < 8; round++) {
      change.visibility.forEach((u) => touched.add(u));
      change.texts.forEach((u) => touched.add(u));
      const pruned: Record<string, unknown> = {};
      for (const u of change.options) {
        touched.add(u);
        const before = this.answers[u];
        const after = withoutHidden(before, this.evaluator.hiddenOptions(u));
        if (after !== before) pruned[u] = after;
      }
      if (!Object.keys(pruned).length) break;
      this.answers = { ...this.answers, ...pruned };
      Object.keys(pruned).forEach((u) => this.markAnswered(u));
      change = this.evaluator.setAnswers(pruned);
    }
    this.markAnswered(uuid);
    // A subject showing messages is checked again as it is fixed, so the message goes when the answer is right.
    for (const u of touched) {
      if (this.errors.has(u)) this.setErrors(u, this.evaluator.isVisible(u) ? this.check(u) : []);
    }
    this.emit(touched);
  }

  // ---- validation ----

  /** Messages for one subject, from the subject schemas; hidden subjects take none. */
  check(uuid: string): SubjectMessage[] {
    const subject = this.bySubject.get(uuid);
    if (!subject || !this.evaluator.isVisible(uuid)) return [];
    return subjectEntry(subject.subjectType).validate(subject, this.answers[uuid]);
  }

  /** Checks every visible subject of a page; returns the uuids with messages, in display order. */
  validatePage(index: number): string[] {
    const page = this.pages[index];
    if (!page) return [];
    const bad: string[] = [];
    const touched = new Set<string>();
    for (const uuid of page.uuids) {
      const found = this.check(uuid);
      if (found.length || this.errors.has(uuid)) touched.add(uuid);
      this.setErrors(uuid, found);
      if (found.length) bad.push(uuid);
    }
    this.emit(touched);
    return bad;
  }

  /** Messages the server sent back ("400" naming a subject). */
  showErrors(uuid: string, messages: SubjectMessage[]): void {
    this.setErrors(uuid, messages);
    this.emit(new Set([uuid]));
  }

  /** Visible answered subjects, as the submit call wants them (answers to hidden subjects are not sent). */
  answersForSubmit(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const uuid of this.compiled.order) {
      if (!this.answered.has(uuid) || !this.evaluator.isVisible(uuid)) continue;
      out[uuid] = this.answers[uuid];
    }
    return out;
  }

  quotaEnd(): { message: string } | undefined {
    const end = this.evaluator.quotaEnd();
    return end?.kind === 'end' && end.reason === 'quota' ? { message: end.message } : undefined;
  }

  /** A full 'message' quota the answers match: its message, under its subject when it counts an option. */
  quotaMessage(): { message: string; subject: string | undefined } | undefined {
    const told = this.evaluator.quotaMessage();
    return told && { message: told.message, subject: told.subject && this.compiled.pos.has(told.subject) ? told.subject : undefined };
  }

  setQuotaCounts(counts: Readonly<Record<string, number>>): void {
    const change = this.evaluator.setQuotaCounts(counts);
    const touched = new Set([...change.options, ...change.visibility, ...change.texts]);
    this.emit(touched);
  }

  // ---- pages ----

  private hasContent(index: number): boolean {
    const page = this.pages[index];
    return page !== undefined && !this.locked.has(index) && page.uuids.some((u) => this.evaluator.isVisible(u));
  }

  nextPage(from = this.current): number {
    for (let i = from + 1; i < this.pages.length; i++) if (this.hasContent(i)) return i;
    return -1;
  }

  prevPage(from = this.current): number {
    for (let i = from - 1; i >= 0; i--) if (this.hasContent(i)) return i;
    return -1;
  }

  /** The page itself when it has content, else the next one that has, else the last that has. */
  private settle(index: number): number {
    if (this.hasContent(index)) return index;
    const next = this.nextPage(index);
    if (next >= 0) return next;
    const prev = this.prevPage(index);
    return prev >= 0 ? prev : 0;
  }

  goTo(index: number): void {
    const target = this.settle(index);
    if (target === this.current) return;
    this.current = target;
    this.emit(new Set());
  }

  lockPage(index: number): void {
    this.locked.add(index);
  }

  // ---- internals ----

  private markAnswered(uuid: string) {
    const subject = this.bySubject.get(uuid);
    if (!subject) return;
    const parsed = subjectEntry(subject.subjectType).parse(subject, this.answers[uuid]);
    if (parsed.ok && parsed.empty) this.answered.delete(uuid);
    else this.answered.add(uuid);
  }

  private setErrors(uuid: string, messages: readonly SubjectMessage[]) {
    if (messages.length) this.errors.set(uuid, messages);
    else this.errors.delete(uuid);
  }

  /**
   * Updates one subject's share of the progress counts. Called for the subjects a change touched only, so an
   * answer costs the same on a 10-subject form as on an 800-subject one.
   */
  private recount(uuid: string) {
    const subject = this.bySubject.get(uuid);
    if (!subject) return;
    const before = this.counted.get(uuid) ?? 0;
    const countable = subject.subjectType !== SUBJECT_TYPE.pageBreak && subjectEntry(subject.subjectType).answerable && this.evaluator.isVisible(uuid);
    const after = !countable ? 0 : this.answered.has(uuid) ? 2 : 1;
    if (after === before) return;
    this.answerable += (after > 0 ? 1 : 0) - (before > 0 ? 1 : 0);
    this.answeredCount += (after === 2 ? 1 : 0) - (before === 2 ? 1 : 0);
    this.counted.set(uuid, after);
  }

  private computeView(): TSheetView {
    let pageCount = 0;
    let pageNumber = 0;
    for (let i = 0; i < this.pages.length; i++) {
      if (!this.hasContent(i) && i !== this.current) continue;
      pageCount++;
      if (i === this.current) pageNumber = pageCount;
    }
    return {
      page: this.current,
      pageNumber,
      pageCount,
      hasPrev: this.prevPage() >= 0,
      hasNext: this.nextPage() >= 0,
      answered: this.answeredCount,
      answerable: this.answerable,
    };
  }

  private emit(touched: ReadonlySet<string>) {
    for (const uuid of touched) {
      this.recount(uuid);
      this.cache.delete(uuid);
      this.listeners.get(uuid)?.forEach((l) => l());
    }
    this.anyListeners.forEach((l) => l());
    const next = this.computeView();
    const prev = this.view;
    const paged =
      next.page !== prev.page ||
      next.pageNumber !== prev.pageNumber ||
      next.pageCount !== prev.pageCount ||
      next.hasPrev !== prev.hasPrev ||
      next.hasNext !== prev.hasNext;
    const counted = next.answered !== prev.answered || next.answerable !== prev.answerable;
    if (!paged && !counted) return;
    this.view = next;
    if (paged) this.paging = pagingOf(next);
    if (counted) this.progress = { answered: next.answered, answerable: next.answerable };
    this.viewListeners.forEach((l) => l());
  }
}

const pagingOf = (v: TSheetView): TPaging => ({ page: v.page, pageNumber: v.pageNumber, pageCount: v.pageCount, hasPrev: v.hasPrev, hasNext: v.hasNext });
