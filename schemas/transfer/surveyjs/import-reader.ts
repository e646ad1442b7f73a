// What every SurveyJS element builder shares: a property reader that remembers what it read, and the result shape.
import { createSubject, type TSubject } from '../../subjects/registry';
import type { ImportSubject } from './expressions';
import { readText } from './text';
import type { SjObject } from './types';

export class Reader {
  readonly used = new Set<string>();
  constructor(readonly el: SjObject) {}
  get(key: string): unknown {
    this.used.add(key);
    return this.el[key];
  }
  num(key: string): number | undefined {
    const v = this.get(key);
    return typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined;
  }
  str(key: string): string | undefined {
    const v = readText(this.get(key));
    return v === '' ? undefined : v;
  }
}

export interface Built {
  subject: TSubject;
  expr: Omit<ImportSubject, 'uuid'>;
  /** Option uuid → the choice's own visibleIf. */
  choiceConditions: { option: string; expression: string }[];
  notes: string[];
  /** An exam answer was carried over. */
  scored: boolean;
}

export type BuildResult = Built | { reason: string };

export interface Ctx {
  newId: () => string;
  indexSort: number;
}

export const make = <N extends TSubject['subjectType']>(type: N, ctx: Ctx) =>
  createSubject(type, { uuid: ctx.newId(), indexSort: ctx.indexSort, newId: ctx.newId });
export const built = (subject: TSubject, expr: Built['expr'] = {}, notes: string[] = []): Built => ({
  subject,
  expr,
  choiceConditions: [],
  notes,
  scored: false,
});
