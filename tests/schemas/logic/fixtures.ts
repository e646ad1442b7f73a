// Small surveys for logic tests, with readable ids: subjects q1…, options q1a, q1b ….
import type { TCondition, TLogic, TPredicate } from '../../../schemas/logic/ast';
import { emptyLogic } from '../../../schemas/logic/ast';
import { createSubject, type TSubject } from '../../../schemas/subjects/registry';

type Kind = 'single' | 'multiple' | 'text' | 'number' | 'nps' | 'page' | 'paragraph';
const TYPE: Record<Kind, TSubject['subjectType']> = { single: 1, multiple: 2, text: 6, number: 21, nps: 22, page: 16, paragraph: 15 };

/** Subjects from a list of kinds; choice subjects get options `${id}a`, `${id}b`, `${id}c`. */
export function survey(kinds: readonly Kind[], ids?: readonly string[]): TSubject[] {
  return kinds.map((kind, i) => {
    const uuid = ids?.[i] ?? `q${i + 1}`;
    let n = 0;
    const s = createSubject(TYPE[kind], { uuid, indexSort: (i + 1) * 10, newId: () => `${uuid}${'abc'[n++]}` });
    if ('options' in s) s.options = ['a', 'b', 'c'].map((l, k) => ({ uuid: `${uuid}${l}`, title: `${uuid.toUpperCase()}选项${k + 1}` }));
    s.title = `${uuid} 标题`;
    s.required = false;
    return s;
  });
}

export const logic = (patch: Partial<TLogic>): TLogic => ({ ...emptyLogic(), ...patch });
export const all = (...predicates: TPredicate[]): TCondition => ({ match: 'all', predicates });
export const any = (...predicates: TPredicate[]): TCondition => ({ match: 'any', predicates });
export const chose = (subject: string, option: string): TPredicate => ({ op: 'chose', subject, option });
export const notChose = (subject: string, option: string): TPredicate => ({ op: 'notChose', subject, option });
export const pick = (...optionIds: string[]) => ({ optionIds });
