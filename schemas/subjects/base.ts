import { z } from 'zod/mini';
import { zIntMini } from '../int-mini';
import { msg, type SubjectMessage } from './messages';
import { isSafeUrl } from '../rich-text/allow-list';
import { randomUuid } from '../random-id';
import { SUBJECT_TYPE_NAMES, isNumberedSubjectType, type SubjectTypeNumber } from './subject-types';
import { withDefaults, type ReportPoint, type SubjectTraits } from './traits';

/**
 * A uuid chosen by the editor. "__proto__" is refused (parsers drop it as a record key), and so is an id of blanks
 * only: an answer naming it reads as unanswered (a matrix pick " " was taken for an empty row).
 */
export const ZId = z.string().check(
  z.minLength(1),
  z.maxLength(64),
  z.refine((id) => id !== '__proto__' && id.trim() !== '', { message: '标识无效' }),
);

/**
 * A record's own value for an id. Answers are records keyed by ids the editor chose, so a plain `a[id]`
 * could reach Object.prototype ("toString", "constructor") instead of the respondent's value.
 */
export const own = <T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined =>
  record !== undefined && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;

/** Fields every subject has, answerable or not (catalogue: "Common to every answerable type"). */
export const ZSubjectBase = z.object({
  uuid: ZId,
  /** Sanitised rich text (schemas/rich-text). May contain `{{Q3}}` piping placeholders. */
  title: z.string().check(z.maxLength(10_000)),
  description: z.string().check(z.maxLength(50_000)),
  required: z.boolean(),
  indexSort: z.number(),
  /** false: the stem shows no number and the subject does not take one (see numbering.ts). */
  isStemIndex: z.boolean(),
  /** Exam: points for this subject. */
  score: z.optional(z.number().check(z.gte(0), z.lte(10_000))),
  /** Exam: explanation shown after submission. */
  answerAnalysis: z.optional(z.string().check(z.maxLength(50_000))),
});
export type TSubjectBase = z.infer<typeof ZSubjectBase>;

export const ZOption = z.object({
  uuid: ZId,
  title: z.string().check(z.maxLength(2_000)),
  image: z.optional(z.string().check(z.maxLength(2_000))),
  /** Exam: points for choosing this option when it is not the correct one (see schemas/scoring). */
  score: z.optional(z.number().check(z.gte(-10_000), z.lte(10_000))),
  isCorrect: z.optional(z.boolean()),
  /** Choosing it clears the others ("none of the above"). */
  exclusive: z.optional(z.boolean()),
  /** Hidden by the editor: shown to nobody, cannot be chosen. */
  hidden: z.optional(z.boolean()),
  /** Shows a text box beside the option ("other, please specify"). */
  fillIn: z.optional(z.boolean()),
  fillInRequired: z.optional(z.boolean()),
  /** Shorthand for a per-option quota that hides the option when full (logic/ast.ts has the general form). */
  quota: z.optional(zIntMini(0)),
});
export type TOption = z.infer<typeof ZOption>;

export const MAX_FILL_IN_LENGTH = 500;

export function hasUniqueIds(list: readonly { uuid: string }[]): boolean {
  return new Set(list.map((x) => x.uuid)).size === list.length;
}

/** A list of uniquely identified parts (options, rows, columns, blanks, items). */
export function ZParts<T extends z.ZodMiniType<{ uuid: string }>>(part: T, min = 1, max = 500) {
  return z.array(part).check(z.minLength(min), z.maxLength(max), z.refine(hasUniqueIds, { message: '标识重复' }));
}

export const ZLabelled = z.object({ uuid: ZId, title: z.string().check(z.maxLength(2_000)) });
export type TLabelled = z.infer<typeof ZLabelled>;

/** What logic predicates read from an answer (logic/evaluator.ts). */
export interface AnswerFacts {
  empty: boolean;
  /** Option ids (matrix: `row:column`) the answer picks. */
  chosen: readonly string[];
  /** The answer as display text (used by equals / contains and piping). */
  text: string;
  /** The answer as one number, when it is one. */
  number: number | undefined;
}

/** What logic can test on a subject (the checker uses it to find conditions that can never hold). */
export interface LogicShape {
  /** Ids "chose" can name (options; matrix `row:column`; cascade nodes; products; labels). */
  choices?: readonly string[];
  /** At most one of `choices` can be picked. */
  single?: boolean;
  /** The range of the answer's number, for "greater" / "less" / numeric "equals". */
  number?: { min: number; max: number; integer: boolean };
}

export const EMPTY_FACTS: AnswerFacts = Object.freeze({ empty: true, chosen: [], text: '', number: undefined });

/** Empty means "not answered": nothing but blank strings, empty lists and empty objects. */
export function isDeepEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isDeepEmpty);
  if (typeof value === 'object') return Object.values(value).every(isDeepEmpty);
  return false;
}

/** Characters as a respondent counts them (a Chinese character or an emoji is one). */
export const textLength = (s: string) => [...s].length;

export interface CreateInit {
  uuid: string;
  indexSort: number;
  newId?: () => string;
}

export const newUuid = randomUuid;

/** The base fields of a newly dropped subject. */
export function baseDefaults(init: CreateInit, title: string, required = true): TSubjectBase {
  return { uuid: init.uuid, title, description: '', required, indexSort: init.indexSort, isStemIndex: true };
}

export function defaultOptions(init: CreateInit, titles: readonly string[]): TOption[] {
  const id = init.newId ?? newUuid;
  return titles.map((title) => ({ uuid: id(), title }));
}

export const defaultLabelled = (init: CreateInit, titles: readonly string[]): TLabelled[] =>
  defaultOptions(init, titles).map(({ uuid, title }) => ({ uuid, title }));

type SubjectShape = { subjectType: number; uuid: string; required: boolean };

/** What one subject-type file declares besides its two schemas: only the traits that differ from the defaults (traits.ts). */
export interface SubjectTypeSpec<S extends SubjectShape, A> extends Partial<SubjectTraits> {
  subjectType: SubjectTypeNumber;
  create(init: CreateInit): S;
  /** Turns what a widget or a client sent into the stored shape (e.g. strips non-digits). Never throws. */
  normalize?(subject: S, raw: unknown): unknown;
  isEmpty?(value: unknown): boolean;
  /**
   * The answer's common shape checked by hand, giving exactly what the answer schema would (undefined: not that
   * shape, the schema decides). For the hot path of the submit: a schema run per answer is most of a sheet's check.
   */
  quick?(value: unknown): A | undefined;
  /** Rules beyond the answer's shape; only called with a parsed, non-empty answer. */
  rules?(subject: S, answer: A): SubjectMessage[];
  /** The display column of the catalogue. */
  format?(subject: S, answer: A): string;
  facts?(subject: S, answer: A): Partial<AnswerFacts>;
  logic?(subject: S): LogicShape;
  /** The points of a small integer scale, in order (scale, NPS, stars, evaluation score, matrix scale columns). */
  points?(subject: S): ReportPoint[];
}

export type ParsedAnswer<A> = { ok: true; empty: true; value: undefined } | { ok: true; empty: false; value: A } | { ok: false; messages: SubjectMessage[] };

/** A registered subject type: the spec plus the derived operations every caller uses. */
export interface SubjectEntry<S extends SubjectShape = SubjectShape, A = unknown> extends SubjectTraits {
  subjectType: SubjectTypeNumber;
  name: { zh: string; en: string };
  numbered: boolean;
  answerable: boolean;
  /** The points of a small integer scale (see SubjectTypeSpec.points); undefined for other types. */
  points: ((subject: S) => ReportPoint[]) | undefined;
  schema: z.ZodMiniType<S>;
  answer: z.ZodMiniType<A> | undefined;
  create(init: CreateInit): S;
  /** Normalises, checks emptiness and shape. Never throws. */
  parse(subject: S, raw: unknown): ParsedAnswer<A>;
  /** Messages for the respondent; empty when the answer is acceptable. Never throws. */
  validate(subject: S, raw: unknown): SubjectMessage[];
  /** Display text of a valid answer. */
  format(subject: S, answer: A): string;
  /** Display text of whatever was stored; '' when it is empty or unreadable. */
  formatRaw(subject: S, raw: unknown): string;
  facts(subject: S, raw: unknown): AnswerFacts;
  /** validate and facts from one parse (the server's sheet check reads both of every answer). */
  inspect(subject: S, raw: unknown): { messages: SubjectMessage[]; facts: AnswerFacts };
  logicShape(subject: S): LogicShape;
}

/**
 * Facts of a non-empty answer. The display text is made only when a predicate or a pipe reads it (most answers
 * are never shown as text); the getter sits on the prototype, so making one costs no closure per property.
 */
class LazyFacts implements AnswerFacts {
  readonly empty = false;
  constructor(
    readonly chosen: readonly string[],
    readonly number: number | undefined,
    private made: string | undefined,
    private readonly make: () => string,
  ) {}
  get text(): string {
    return (this.made ??= this.make());
  }
}

/**
 * Builds a registry entry. Curried so that the subject and answer types are fixed by the schemas before the
 * spec is checked: `defineSubjectType(ZSubject, ZAnswer)({ subjectType, create, rules, format })`.
 * Layout blocks pass no answer schema.
 */
export function defineSubjectType<S extends SubjectShape, A = never>(schema: z.ZodMiniType<S>, answerSchema?: z.ZodMiniType<A>) {
  return (spec: SubjectTypeSpec<S, A>): SubjectEntry<S, A> => buildEntry(schema, answerSchema, spec);
}

function buildEntry<S extends SubjectShape, A>(
  schema: z.ZodMiniType<S>,
  answerSchema: z.ZodMiniType<A> | undefined,
  spec: SubjectTypeSpec<S, A>,
): SubjectEntry<S, A> {
  const answerable = answerSchema !== undefined;
  const isEmpty = spec.isEmpty ?? isDeepEmpty;
  const format = (subject: S, answer: A) => (spec.format ? spec.format(subject, answer) : '');

  const parse = (subject: S, raw: unknown): ParsedAnswer<A> => {
    const value = spec.normalize ? spec.normalize(subject, raw) : raw;
    if (isEmpty(value)) return { ok: true, empty: true, value: undefined };
    if (!answerSchema) return { ok: false, messages: [msg.notAnswerable()] };
    const quick = spec.quick?.(value);
    if (quick !== undefined) return { ok: true, empty: false, value: quick };
    const parsed = answerSchema.safeParse(value);
    return parsed.success ? { ok: true, empty: false, value: parsed.data } : { ok: false, messages: [msg.invalid()] };
  };

  const messagesOf = (subject: S, parsed: ParsedAnswer<A>): SubjectMessage[] => {
    if (!parsed.ok) return parsed.messages;
    if (parsed.empty) return answerable && subject.required ? [msg.required()] : [];
    return spec.rules ? spec.rules(subject, parsed.value) : [];
  };

  const factsOf = (subject: S, parsed: ParsedAnswer<A>): AnswerFacts => {
    if (!parsed.ok || parsed.empty) return EMPTY_FACTS;
    const { value } = parsed;
    const own = spec.facts ? spec.facts(subject, value) : {};
    const number = 'number' in own ? own.number : typeof value === 'number' ? value : undefined;
    return new LazyFacts(own.chosen ?? [], number, own.text, () => format(subject, value));
  };

  const { subjectType } = spec;
  return {
    ...withDefaults(spec, answerable),
    subjectType,
    name: SUBJECT_TYPE_NAMES[subjectType],
    numbered: isNumberedSubjectType(subjectType),
    answerable,
    points: spec.points,
    schema,
    answer: answerSchema,
    create: spec.create,
    parse,
    validate: (subject, raw) => messagesOf(subject, parse(subject, raw)),
    inspect(subject, raw) {
      const parsed = parse(subject, raw);
      return { messages: messagesOf(subject, parsed), facts: factsOf(subject, parsed) };
    },
    format,
    formatRaw(subject, raw) {
      const parsed = parse(subject, raw);
      return parsed.ok && !parsed.empty ? format(subject, parsed.value) : '';
    },
    logicShape: (subject) => (spec.logic ? spec.logic(subject) : {}),
    facts: (subject, raw) => factsOf(subject, parse(subject, raw)),
  };
}

/** An address for media or links: http(s), mailto, tel or relative (rich-text/allow-list.ts). */
export const ZSafeUrl = z.string().check(z.maxLength(2_000), z.refine(isSafeUrl, { message: '地址无效' }));
