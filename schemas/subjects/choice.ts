// Shared by the choice types (1 single, 2 multiple, 3 dropdown, 5 image, 8 option fill-in): one answer
// shape, one set of rules, one formatter, so the five stay consistent.
import { z } from 'zod/mini';
import { MAX_FILL_IN_LENGTH, ZId, ZOption, ZParts, isDeepEmpty, own, textLength, type TOption } from './base';
import { msg, type SubjectMessage } from './messages';

export const ZChoiceAnswer = z.object({
  optionIds: z.array(ZId).check(z.maxLength(500)),
  /** Fill-in texts keyed by option uuid (only read for chosen options). */
  texts: z.optional(z.record(ZId, z.string().check(z.maxLength(10_000)))),
});
export type TChoiceAnswer = z.infer<typeof ZChoiceAnswer>;

/**
 * Issue 54: the answer nearly every choice subject gets, `{ optionIds: [ids] }` as JSON carries it, checked by hand
 * exactly as ZChoiceAnswer checks it (ZId: 1–64 characters, not "__proto__", not blanks only; at most 500), so the
 * submit does not run the schema 20 times a sheet. Anything else — texts, another key, a wrong id — is undefined: the
 * schema decides it, with its messages. tests/schemas/subjects/choice-quick.test.ts holds the two to the same answers.
 */
export function quickChoiceAnswer(value: unknown): TChoiceAnswer | undefined {
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  const ids = (value as { optionIds?: unknown }).optionIds;
  if (!Array.isArray(ids) || ids.length > 500) return undefined;
  let keys = 0;
  for (const _ in value) keys += 1;
  if (keys !== 1) return undefined;
  const out: string[] = new Array<string>(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const id: unknown = ids[i];
    if (typeof id !== 'string' || id.length === 0 || id.length > 64 || id === '__proto__' || id.trim() === '') return undefined;
    out[i] = id;
  }
  return { optionIds: out };
}

export const visibleOptions = (options: readonly TOption[]) => options.filter((o) => !o.hidden);

export const ZOptionList = ZParts(ZOption).check(
  z.refine((options) => visibleOptions(options).length > 0, {
    message: '至少需要一个可见选项',
  }),
);

export const ZPickLimits = {
  minPicks: z.optional(z.number().check(z.int(), z.gte(1), z.lte(500))),
  maxPicks: z.optional(z.number().check(z.int(), z.gte(1), z.lte(500))),
};

/** A pick limit the options can satisfy: otherwise no respondent could ever answer. */
export function pickLimitsSatisfiable(c: { options: TOption[]; minPicks?: number; maxPicks?: number }): boolean {
  const visible = visibleOptions(c.options);
  if (c.minPicks !== undefined && c.maxPicks !== undefined && c.minPicks > c.maxPicks) return false;
  if (c.minPicks === undefined) return true;
  const plain = visible.filter((o) => !o.exclusive).length;
  const reachable = plain >= c.minPicks && (c.maxPicks === undefined || c.maxPicks >= c.minPicks);
  return reachable || visible.some((o) => o.exclusive);
}

export function isChoiceEmpty(value: unknown): boolean {
  if (value && typeof value === 'object' && Array.isArray((value as { optionIds?: unknown }).optionIds)) {
    return (value as { optionIds: unknown[] }).optionIds.length === 0;
  }
  return isDeepEmpty(value);
}

export interface ChoiceRuleOptions {
  single: boolean;
  minPicks?: number;
  maxPicks?: number;
  /** Type 8: every option carries its own text box. */
  everyOptionFillIn?: boolean;
}

// A subject's options by id, made once per options list (the server checks every sheet against the same subjects).
const byIdCache = new WeakMap<readonly TOption[], ReadonlyMap<string, TOption>>();
function optionsById(options: readonly TOption[]): ReadonlyMap<string, TOption> {
  let byId = byIdCache.get(options);
  if (!byId) byIdCache.set(options, (byId = new Map(options.map((o) => [o.uuid, o]))));
  return byId;
}

export function choiceRules(options: readonly TOption[], answer: TChoiceAnswer, rule: ChoiceRuleOptions): SubjectMessage[] {
  const ids = answer.optionIds;
  if (new Set(ids).size !== ids.length) return [msg.duplicateOption()];
  const byId = optionsById(options);
  const out: SubjectMessage[] = [];
  const chosen: TOption[] = [];
  for (const id of ids) {
    const option = byId.get(id);
    if (!option) out.push(msg.unknownOption(id));
    else if (option.hidden) out.push(msg.hiddenOption(option.title, id));
    else chosen.push(option);
  }
  if (out.length) return out;
  if (rule.single && ids.length > 1) return [msg.singleOnly()];
  const exclusive = chosen.find((o) => o.exclusive);
  if (exclusive && chosen.length > 1) out.push(msg.exclusive(exclusive.title, exclusive.uuid));
  if (!exclusive && rule.minPicks !== undefined && chosen.length < rule.minPicks) out.push(msg.minPicks(rule.minPicks));
  if (rule.maxPicks !== undefined && chosen.length > rule.maxPicks) out.push(msg.maxPicks(rule.maxPicks));
  for (const option of chosen) {
    if (!(option.fillIn || rule.everyOptionFillIn)) continue;
    const text = own(answer.texts, option.uuid) ?? '';
    if (option.fillInRequired && text.trim() === '') out.push(msg.fillInRequired(option.title, option.uuid));
    if (textLength(text) > MAX_FILL_IN_LENGTH) out.push(msg.fillInTooLong(option.title, MAX_FILL_IN_LENGTH, option.uuid));
  }
  return out;
}

/** "option title", plus "（fill-in text）" when the option carries text. */
export function optionLabel(option: TOption, answer: TChoiceAnswer, everyOptionFillIn = false): string {
  const text = option.fillIn || everyOptionFillIn ? (own(answer.texts, option.uuid) ?? '').trim() : '';
  return text ? `${option.title}（${text}）` : option.title;
}

/** Chosen options in the order the editor lists them, each as its label, joined with ", ". */
export function formatChoice(options: readonly TOption[], answer: TChoiceAnswer, everyOptionFillIn = false): string {
  const picked = new Set(answer.optionIds);
  return options
    .filter((o) => picked.has(o.uuid))
    .map((o) => optionLabel(o, answer, everyOptionFillIn))
    .join(', ');
}

export const choiceFacts = (answer: TChoiceAnswer) => ({ chosen: answer.optionIds });
