/**
 * 结果查询 (/activityquery.html, issue 48 item 4): which subjects make a project's query key. Pure and shared: the
 * editor's settings card shows the same choice the server applies. Zod-free.
 */
import { decodeEntities } from './rich-text/entities';
import { SUBJECT_TYPE } from './subjects/subject-types';

/** A subject as far as the key needs it. */
export interface TKeySubject {
  uuid: string;
  subjectType: number;
  title: string;
}

export type TQueryKey = 'phone' | 'field';

export interface TQueryKeySettings {
  queryKey: TQueryKey;
  queryPhoneSubject: string;
  queryNameSubject: string;
  queryFieldSubject: string;
}

/** Subjects whose answer is one short text a respondent can type again exactly. */
export const KEY_FIELD_TYPES: ReadonlySet<number> = new Set([
  SUBJECT_TYPE.textInput,
  SUBJECT_TYPE.numberInput,
  SUBJECT_TYPE.mobile,
  SUBJECT_TYPE.email,
  SUBJECT_TYPE.idCard,
]);

/** A subject's title as plain text, for labels and choices. */
export const plainTitle = (html: string): string =>
  decodeEntities(html.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();

const pick = <T extends TKeySubject>(subjects: readonly T[], uuid: string, fits: (s: T) => boolean, fallback: () => T | undefined): T | null =>
  subjects.find((s) => s.uuid === uuid && fits(s)) ?? fallback() ?? null;

/** The phone subject of the key: the chosen 手机号 subject, else the first. */
export function phoneSubjectOf<T extends TKeySubject>(subjects: readonly T[], settings: TQueryKeySettings): T | null {
  const fits = (s: T) => s.subjectType === SUBJECT_TYPE.mobile;
  return pick(subjects, settings.queryPhoneSubject, fits, () => subjects.find(fits));
}

/** The name subject: the chosen single-line text, else the first whose title says 姓名, else the first single-line text. */
export function nameSubjectOf<T extends TKeySubject>(subjects: readonly T[], settings: TQueryKeySettings): T | null {
  const fits = (s: T) => s.subjectType === SUBJECT_TYPE.textInput;
  return pick(subjects, settings.queryNameSubject, fits, () => subjects.find((s) => fits(s) && plainTitle(s.title).includes('姓名')) ?? subjects.find(fits));
}

/** The second field: the chosen one, else the first key-able subject that is not the name subject. */
export function fieldSubjectOf<T extends TKeySubject>(subjects: readonly T[], settings: TQueryKeySettings): T | null {
  const name = nameSubjectOf(subjects, settings);
  const fits = (s: T) => KEY_FIELD_TYPES.has(s.subjectType) && s.uuid !== name?.uuid;
  return pick(subjects, settings.queryFieldSubject, fits, () => subjects.find(fits));
}

/** The key's subjects, or null when the project has none that fit (the query then cannot be switched on usefully). */
export function querySubjects<T extends TKeySubject>(subjects: readonly T[], settings: TQueryKeySettings): { phone: T } | { name: T; field: T } | null {
  if (settings.queryKey === 'phone') {
    const phone = phoneSubjectOf(subjects, settings);
    return phone ? { phone } : null;
  }
  const name = nameSubjectOf(subjects, settings);
  const field = fieldSubjectOf(subjects, settings);
  return name && field ? { name, field } : null;
}
