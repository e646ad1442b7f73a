// A small writer for template content: subjects come from the registry's `create` (so every default a newly
// dropped subject has is there) and are then given their text. Ids are derived from the template key, so a
// template has the same uuids in every database and its logic can name them.
import { emptyLogic, type TCondition, type TLogic, type TPredicate } from '../../../schemas/logic/ast';
import type { TContentMode } from '../../../schemas/checkin/days';
import type { TQuestionType } from '../../../schemas/project-kinds';
import type { TOption } from '../../../schemas/subjects/base';
import { createSubject, type TSubject, type TSubjectOf } from '../../../schemas/subjects/registry';
import { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';

export type SubjectType = TSubject['subjectType'];
export type SubjectPatch<N extends SubjectType> = Partial<Omit<TSubjectOf<N>, 'subjectType' | 'uuid' | 'indexSort'>>;

/** One template of the library, as written in the kind files. */
export interface TemplateDef {
  /** Stable and unique across the library; prefixes every id inside the template. */
  key: string;
  questionType: TQuestionType;
  /** Name of its category (template_types row of the same kind). */
  category: string;
  solitaireType?: 1 | 2 | 3 | 4;
  title: string;
  subtitle: string;
  conclusion: string;
  /** Times used; orders the hot list. */
  hot: number;
  subjects: TSubject[];
  logic: TLogic;
  /**
   * A sign-up chain's settings (solitaireType 4): written to the template's chain_settings row and copied with
   * the template. No deadline: a template cannot know the date of its event.
   */
  chain?: TTemplateChain;
  /**
   * A daily check-in's settings (solitaireType 1): written to the template's checkin_settings row and copied with
   * the template. The period is relative: it starts on the day the template is used and lasts `days` days.
   */
  checkIn?: TTemplateCheckIn;
}

/** What a check-in template sets: its period length, days, window, content asked and make-up days. */
export interface TTemplateCheckIn {
  /** Days the period lasts from the day of use (21 → today and the 20 days after), or null for no end. */
  days: number | null;
  /** 1 Monday … 7 Sunday. */
  weekdays: number[];
  /** 'HH:MM'; windowEnd '24:00' for the end of the day. */
  windowStart: string;
  windowEnd: string;
  lateAfter: string | null;
  textMode: TContentMode;
  photoMode: TContentMode;
  numberMode: TContentMode;
  numberLabel: string;
  numberUnit: string;
  makeupDays: number;
}

/** What a sign-up chain template sets (the rest of the chain starts at its defaults). */
export interface TTemplateChain {
  /** Places (people), or null for no limit. */
  cap: number | null;
  waitlist: boolean;
  /** Several entries per person. */
  multiple: boolean;
  maskNames: boolean;
  pinnedNote: string;
}

export type OptionSpec = string | (Partial<TOption> & { title: string });

export interface OptionFlags {
  /** Exam: indexes of the correct options. */
  correct?: readonly number[];
  /** Indexes of options that clear the others ("none of the above"). */
  exclusive?: readonly number[];
}

type WithOptions = { uuid: string; options: readonly TOption[] };
type Target = { uuid: string };

const OTHER = /^其他|^其它/;

export class TemplateBuilder {
  private readonly subjects: TSubject[] = [];
  private readonly logic: TLogic = emptyLogic();
  private seq = 0;

  constructor(private readonly key: string) {}

  private id(kind: string): string {
    this.seq += 1;
    return `${this.key}-${kind}${this.seq}`;
  }

  /** A subject of any type, as the editor drops it, with `patch` applied. */
  add<N extends SubjectType>(subjectType: N, patch: SubjectPatch<N>): TSubjectOf<N> {
    const index = this.subjects.length + 1;
    const created = createSubject(subjectType, { uuid: `${this.key}-q${index}`, indexSort: index, newId: () => this.id('x') });
    const subject = { ...created, ...patch } as TSubjectOf<N>;
    this.subjects.push(subject);
    return subject;
  }

  /** Options with ids; an option starting with 其他 gets a text box. */
  opts(specs: readonly OptionSpec[], flags: OptionFlags = {}): TOption[] {
    return specs.map((spec, i) => {
      const option: TOption = typeof spec === 'string' ? { uuid: this.id('o'), title: spec } : { uuid: this.id('o'), ...spec };
      if (typeof spec === 'string' && OTHER.test(spec)) option.fillIn = true;
      if (flags.correct?.includes(i)) option.isCorrect = true;
      if (flags.exclusive?.includes(i)) option.exclusive = true;
      return option;
    });
  }

  /** Labelled parts (rows, columns, items) with ids. */
  parts(titles: readonly string[]): { uuid: string; title: string }[] {
    return titles.map((title) => ({ uuid: this.id('p'), title }));
  }

  /** The subjects written so far, in order. */
  written(): readonly TSubject[] {
    return this.subjects;
  }

  newId(kind = 'i'): string {
    return this.id(kind);
  }

  single(title: string, options: readonly OptionSpec[], patch: SubjectPatch<1> = {}) {
    return this.add(1, { title, options: this.opts(options), ...patch });
  }

  multiple(title: string, options: readonly OptionSpec[], patch: SubjectPatch<2> = {}, flags: OptionFlags = {}) {
    return this.add(2, { title, options: this.opts(options, flags), ...patch });
  }

  dropdown(title: string, options: readonly OptionSpec[], patch: SubjectPatch<3> = {}) {
    return this.add(3, { title, options: this.opts(options), ...patch });
  }

  text(title: string, patch: SubjectPatch<6> = {}) {
    return this.add(6, { title, ...patch });
  }

  textarea(title: string, patch: SubjectPatch<7> = {}) {
    return this.add(7, { title, required: false, ...patch });
  }

  /** A description block; `html` is its rich text. */
  paragraph(html: string, title = '') {
    return this.add(15, { title, description: html });
  }

  page(patch: SubjectPatch<16> = {}) {
    return this.add(16, patch);
  }

  name(title = '姓名') {
    return this.text(title, { maxLength: 20, placeholder: '请输入姓名' });
  }

  mobile(title = '手机号码') {
    return this.add(26, { title });
  }

  /** Exam: a single choice (type 1) or multiple choice (type 2) with its correct options, points and analysis. */
  quiz(subjectType: 1 | 2, title: string, options: readonly string[], correct: readonly number[], score: number, answerAnalysis: string) {
    const patch = { title, options: this.opts(options, { correct }), score, answerAnalysis };
    return subjectType === SUBJECT_TYPE.singleChoice ? this.add(1, patch) : this.add(2, { ...patch, scoring: 'partial' as const });
  }

  /** Exam: a true/false question. */
  judge(title: string, isTrue: boolean, score: number, answerAnalysis: string) {
    return this.quiz(1, title, ['正确', '错误'], [isTrue ? 0 : 1], score, answerAnalysis);
  }

  chose(subject: WithOptions, optionIndex: number): TPredicate {
    return { op: 'chose', subject: subject.uuid, option: this.optionAt(subject, optionIndex) };
  }

  private optionAt(subject: WithOptions, i: number): string {
    const option = subject.options[i];
    if (!option) throw new Error(`${this.key}: ${subject.uuid} has no option ${i}`);
    return option.uuid;
  }

  /** `target` is shown only while `when` holds. */
  showWhen(target: Target, predicates: readonly TPredicate[], match: TCondition['match'] = 'any'): void {
    this.logic.display.push({ id: this.id('r'), target: target.uuid, when: { match, predicates: [...predicates] } });
  }

  /** After `from`, go to `to` (a subject or the end) when the predicates hold. */
  jump(from: Target, predicates: readonly TPredicate[], to: Target | { end: string }): void {
    this.logic.jumps.push({
      id: this.id('r'),
      from: from.uuid,
      when: { match: 'any', predicates: [...predicates] },
      to: 'end' in to ? { kind: 'end', message: to.end } : { kind: 'subject', subject: to.uuid },
    });
  }

  /** Any one of the options (by index) of `subject` chosen. */
  choseAny(subject: WithOptions, optionIndexes: readonly number[]): TPredicate[] {
    return optionIndexes.map((i) => this.chose(subject, i));
  }

  /** The options of `target` (by index) are offered only while `when` holds. */
  linkOptions(target: WithOptions, optionIndexes: readonly number[], predicates: readonly TPredicate[], match: TCondition['match'] = 'any'): void {
    this.logic.optionLinkage.push({
      id: this.id('r'),
      target: target.uuid,
      options: optionIndexes.map((i) => this.optionAt(target, i)),
      when: { match, predicates: [...predicates] },
    });
  }

  /** An option (by index) takes `limit` answers, then it is no longer offered. */
  quota(subject: WithOptions, optionIndex: number, limit: number): void {
    this.logic.quotas.push({
      id: this.id('r'),
      basis: 'option',
      subject: subject.uuid,
      option: this.optionAt(subject, optionIndex),
      limit,
      onFull: { action: 'hideOption' },
    });
  }

  /** Exam: show `draw` of the subjects, shuffled. */
  randomGroup(subjects: readonly Target[], draw: number): void {
    this.logic.random.push({ id: this.id('r'), subjects: subjects.map((s) => s.uuid), draw, shuffle: true });
  }

  build(meta: Omit<TemplateDef, 'key' | 'subjects' | 'logic'>): TemplateDef {
    return { key: this.key, ...meta, subjects: [...this.subjects], logic: this.logic };
  }
}

/** Writes one template: `template('survey-csat', (b) => { …subjects… ; return meta })`. */
export function template(key: string, write: (b: TemplateBuilder) => Omit<TemplateDef, 'key' | 'subjects' | 'logic'>): TemplateDef {
  const b = new TemplateBuilder(key);
  const meta = write(b);
  return b.build(meta);
}
