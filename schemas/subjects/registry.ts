// One registry: subject-type number → its entry (schemas, default, validator, formatter). Adding a type is
// adding its file under types/ and its entry to ENTRIES.
import { z } from 'zod/mini';
import type { AnswerFacts, CreateInit, LogicShape, SubjectEntry } from './base';
import type { SubjectMessage } from './messages';
import { appointment } from './types/appointment';
import { audioBlock } from './types/audio-block';
import { cascade } from './types/cascade';
import { constantSum } from './types/constant-sum';
import { contactUs } from './types/contact-us';
import { dateTime } from './types/date-time';
import { divider } from './types/divider';
import { dropdown } from './types/dropdown';
import { email } from './types/email';
import { evaluation } from './types/evaluation';
import { fileUpload } from './types/file-upload';
import { idCard } from './types/id-card';
import { imageBlock } from './types/image-block';
import { imageChoice } from './types/image-choice';
import { location } from './types/location';
import { matrixMultiple } from './types/matrix-multiple';
import { matrixScale } from './types/matrix-scale';
import { matrixSingle } from './types/matrix-single';
import { matrixText } from './types/matrix-text';
import { mobile } from './types/mobile';
import { multiBlank } from './types/multi-blank';
import { multipleChoice } from './types/multiple-choice';
import { nps } from './types/nps';
import { numberInput } from './types/number-input';
import { optionFill } from './types/option-fill';
import { pageBreak } from './types/page-break';
import { paragraph } from './types/paragraph';
import { product } from './types/product';
import { ranking } from './types/ranking';
import { rating } from './types/rating';
import { region } from './types/region';
import { scale } from './types/scale';
import { signature } from './types/signature';
import { singleChoice } from './types/single-choice';
import { slider } from './types/slider';
import { textInput } from './types/text-input';
import { textarea } from './types/textarea';
import { videoBlock } from './types/video-block';

const ENTRIES = [
  singleChoice,
  multipleChoice,
  dropdown,
  region,
  imageChoice,
  textInput,
  textarea,
  optionFill,
  ranking,
  multiBlank,
  matrixSingle,
  matrixMultiple,
  fileUpload,
  dateTime,
  paragraph,
  pageBreak,
  cascade,
  matrixScale,
  scale,
  constantSum,
  numberInput,
  nps,
  rating,
  slider,
  matrixText,
  mobile,
  email,
  idCard,
  location,
  divider,
  imageBlock,
  videoBlock,
  signature,
  product,
  audioBlock,
  contactUs,
  appointment,
  evaluation,
] as const;

type EntrySubject<E> = E extends SubjectEntry<infer S, infer _A> ? S : never;

/** Any subject, discriminated by `subjectType`. */
export type TSubject = EntrySubject<(typeof ENTRIES)[number]>;
export type TSubjectOf<N extends TSubject['subjectType']> = Extract<TSubject, { subjectType: N }>;

// Each entry's schema is a Zod object with a literal `subjectType`; the cast only restates that for the
// union's static type, which z.ZodMiniType<S> on the entry does not carry.
export const ZSubject = z.discriminatedUnion(
  'subjectType',
  ENTRIES.map((e) => e.schema) as unknown as Parameters<typeof z.discriminatedUnion>[1],
) as unknown as z.ZodMiniType<TSubject>;

/** An entry seen through the union: callers pass any subject and whatever answer they hold. */
export type AnySubjectEntry = SubjectEntry<TSubject, unknown>;

export const subjectRegistry: ReadonlyMap<number, AnySubjectEntry> = new Map(ENTRIES.map((e) => [e.subjectType, e as unknown as AnySubjectEntry]));

export function subjectEntry(subjectType: number): AnySubjectEntry {
  const entry = subjectRegistry.get(subjectType);
  if (!entry) throw new Error(`unknown subjectType ${subjectType}`);
  return entry;
}

export const validateAnswer = (subject: TSubject, answer: unknown): SubjectMessage[] => subjectEntry(subject.subjectType).validate(subject, answer);

/** validateAnswer and answerFacts from one parse. */
export const inspectAnswer = (subject: TSubject, answer: unknown): { messages: SubjectMessage[]; facts: AnswerFacts } =>
  subjectEntry(subject.subjectType).inspect(subject, answer);

export const formatAnswer = (subject: TSubject, answer: unknown): string => subjectEntry(subject.subjectType).formatRaw(subject, answer);

export const answerFacts = (subject: TSubject, answer: unknown): AnswerFacts => subjectEntry(subject.subjectType).facts(subject, answer);

export const createSubject = <N extends TSubject['subjectType']>(subjectType: N, init: CreateInit): TSubjectOf<N> =>
  subjectEntry(subjectType).create(init) as TSubjectOf<N>;

export const logicShape = (subject: TSubject): LogicShape => subjectEntry(subject.subjectType).logicShape(subject);

/** Whether an answer to this subject may hold more than one choice (the `multiple` trait, read on the subject when it is 'bySubject'). */
export function isMultipleSubject(subject: TSubject): boolean {
  const multiple = subjectEntry(subject.subjectType).multiple;
  return multiple === 'bySubject' ? (subject as { multiple?: boolean }).multiple === true : multiple;
}

/** The types that have a trait, in type order (e.g. `typesWith((e) => e.uploads)`). */
export const typesWith = (test: (entry: AnySubjectEntry) => boolean): number[] => [...subjectRegistry.values()].filter(test).map((e) => e.subjectType);
