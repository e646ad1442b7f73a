// Options ↔ SurveyJS choices. A choice's value is the option's uuid when that is a plain word, else "o<position>".
import type { TOption } from '../../subjects/base';
import { readText, toPlain, toTitleHtml } from './text';
import { isObject, type SjObject } from './types';

export const choiceValue = (o: { uuid: string }, index: number) => (/^[A-Za-z0-9_-]{1,64}$/.test(o.uuid) ? o.uuid : `o${index + 1}`);

/** Our options as choices (fill-in → comment area, exclusive → isExclusive on list answers, hidden → never visible). */
export function choicesOut(options: readonly TOption[], many: boolean): { choices: SjObject[]; values: Map<string, string> } {
  const values = new Map<string, string>();
  const choices = options.map((o, i) => {
    const value = choiceValue(o, i);
    values.set(o.uuid, value);
    const c: SjObject = { value, text: toPlain(o.title) || value };
    if (o.fillIn) c.showCommentArea = true;
    if (o.fillIn && o.fillInRequired) c.isCommentRequired = true;
    if (many && o.exclusive) c.isExclusive = true;
    if (o.hidden) c.visibleIf = 'false';
    return c;
  });
  return { choices, values };
}

/** What an option list carries that SurveyJS choices do not (for the report). */
export function optionLosses(options: readonly TOption[]): string[] {
  const out: string[] = [];
  if (options.some((o) => o.image)) out.push('选项图片');
  if (options.some((o) => o.score !== undefined)) out.push('选项分值');
  if (options.some((o) => o.quota !== undefined)) out.push('选项配额');
  return out;
}

export interface ChoiceIn {
  value: string | number | boolean;
  text: string;
  comment: boolean;
  commentRequired: boolean;
  exclusive: boolean;
  visibleIf?: string;
  imageLink?: string;
}

/** SurveyJS choices (bare values or `{ value, text }`) as plain records; undefined when the list is unreadable. */
export function readChoices(raw: unknown): ChoiceIn[] | undefined {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) return undefined;
  const out: ChoiceIn[] = [];
  for (const item of raw) {
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') {
      out.push({ value: item, text: String(item), comment: false, commentRequired: false, exclusive: false });
    } else if (isObject(item) && ['string', 'number', 'boolean'].includes(typeof item.value)) {
      const value = item.value as string | number | boolean;
      out.push({
        value,
        text: readText(item.text) || String(value),
        comment: item.showCommentArea === true,
        commentRequired: item.isCommentRequired === true,
        exclusive: item.isExclusive === true,
        visibleIf: typeof item.visibleIf === 'string' ? item.visibleIf : undefined,
        imageLink: typeof item.imageLink === 'string' ? item.imageLink : undefined,
      });
    } else return undefined;
  }
  return out;
}

/** Choices as our options, with fresh ids. */
export function optionsIn(choices: readonly ChoiceIn[], newId: () => string): TOption[] {
  return choices.map((c) => {
    const o: TOption = { uuid: newId(), title: toTitleHtml(c.text, 2_000) || toTitleHtml(String(c.value), 2_000) };
    if (c.comment) o.fillIn = true;
    if (c.comment && c.commentRequired) o.fillInRequired = true;
    if (c.exclusive) o.exclusive = true;
    if (c.visibleIf?.trim() === 'false') o.hidden = true;
    return o;
  });
}

/** A value as the key we look options up by ("1" and 1 are the same choice, as SurveyJS compares them). */
export const valueKey = (v: string | number | boolean) => String(v);
