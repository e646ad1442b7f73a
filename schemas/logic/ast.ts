// The logic of a survey as one typed document. Every rule names subjects and options by uuid; the editor
// writes it, the respondent page and the server evaluate it (evaluator.ts), the checker reviews it.
import { z } from 'zod/mini';
import { zIntMini } from '../int-mini';
import { ZId } from '../subjects/base';

/** One test on an earlier subject's answer. */
export const ZPredicate = z.discriminatedUnion('op', [
  z.object({ op: z.literal('chose'), subject: ZId, option: ZId }),
  z.object({ op: z.literal('notChose'), subject: ZId, option: ZId }),
  /** Numbers compare as numbers; text compares with the answer's display text, trimmed. */
  z.object({ op: z.literal('equals'), subject: ZId, value: z.union([z.string().check(z.maxLength(1_000)), z.number()]) }),
  z.object({ op: z.literal('contains'), subject: ZId, value: z.string().check(z.minLength(1), z.maxLength(1_000)) }),
  z.object({ op: z.literal('greater'), subject: ZId, value: z.number() }),
  z.object({ op: z.literal('less'), subject: ZId, value: z.number() }),
  z.object({ op: z.literal('answered'), subject: ZId }),
  z.object({ op: z.literal('empty'), subject: ZId }),
]);
export type TPredicate = z.infer<typeof ZPredicate>;
export type PredicateOp = TPredicate['op'];

export const ZCondition = z.object({
  match: z.enum(['all', 'any']),
  predicates: z.array(ZPredicate).check(z.minLength(1), z.maxLength(100)),
});
export type TCondition = z.infer<typeof ZCondition>;

export const ZJumpTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('subject'), subject: ZId }),
  z.object({ kind: z.literal('end'), message: z.optional(z.string().check(z.maxLength(2_000))) }),
]);

/**
 * After `from`, go to `to` when `when` holds (always, without `when`); the subjects between are skipped.
 * "Option → subject" is a jump whose condition is `chose(from, option)`. The first rule of a subject that
 * holds wins.
 */
export const ZJumpRule = z.object({ id: ZId, from: ZId, when: z.optional(ZCondition), to: ZJumpTarget });
export type TJumpRule = z.infer<typeof ZJumpRule>;

/** `target` is shown only while `when` holds (several rules on one target must all hold). */
export const ZDisplayRule = z.object({ id: ZId, target: ZId, when: ZCondition });
export type TDisplayRule = z.infer<typeof ZDisplayRule>;

/** `options` of `target` are shown only while `when` holds (options shown by earlier picks). */
export const ZOptionLinkageRule = z.object({
  id: ZId,
  target: ZId,
  options: z.array(ZId).check(z.minLength(1), z.maxLength(500)),
  when: ZCondition,
});
export type TOptionLinkageRule = z.infer<typeof ZOptionLinkageRule>;

const ZEndWithMessage = z.object({ action: z.literal('end'), message: z.string().check(z.maxLength(2_000)) });
/** The respondent stays on the sheet: the message is shown and the sheet is not accepted until the answers change. */
const ZTellMessage = z.object({
  action: z.literal('message'),
  message: z.string().check(z.trim(), z.minLength(1, '请填写配额已满时的提示语'), z.maxLength(2_000)),
});

/**
 * A quota counts submitted sheets that chose an option (basis 'option') or met a condition (basis
 * 'condition'). When `limit` sheets have counted: 'hideOption' hides the option (for a condition quota, the
 * option it names), 'end' ends the respondent whose answers match, with the message (an end page), 'message'
 * tells a respondent whose answers match the message and keeps them on the sheet to answer differently.
 */
export const ZQuotaRule = z.discriminatedUnion('basis', [
  z.object({
    id: ZId,
    basis: z.literal('option'),
    subject: ZId,
    option: ZId,
    limit: zIntMini(0),
    onFull: z.discriminatedUnion('action', [z.object({ action: z.literal('hideOption') }), ZEndWithMessage, ZTellMessage]),
  }),
  z.object({
    id: ZId,
    basis: z.literal('condition'),
    when: ZCondition,
    limit: zIntMini(0),
    onFull: z.discriminatedUnion('action', [z.object({ action: z.literal('hideOption'), subject: ZId, option: ZId }), ZEndWithMessage, ZTellMessage]),
  }),
]);
export type TQuotaRule = z.infer<typeof ZQuotaRule>;

/** Show `draw` subjects drawn from the group (e.g. an exam's question pool), shuffled when asked. */
export const ZRandomGroup = z.object({
  id: ZId,
  subjects: z.array(ZId).check(z.minLength(1), z.maxLength(2_000)),
  draw: zIntMini(1),
  shuffle: z.boolean(),
});
export type TRandomGroup = z.infer<typeof ZRandomGroup>;

export const ZLogic = z.object({
  jumps: z._default(z.array(ZJumpRule).check(z.maxLength(5_000)), []),
  display: z._default(z.array(ZDisplayRule).check(z.maxLength(5_000)), []),
  optionLinkage: z._default(z.array(ZOptionLinkageRule).check(z.maxLength(5_000)), []),
  quotas: z._default(z.array(ZQuotaRule).check(z.maxLength(1_000)), []),
  random: z._default(z.array(ZRandomGroup).check(z.maxLength(200)), []),
});
export type TLogic = z.infer<typeof ZLogic>;

export const emptyLogic = (): TLogic => ({ jumps: [], display: [], optionLinkage: [], quotas: [], random: [] });

/** The quota id an option's `quota` shorthand (subjects/base.ts) counts under. */
export const optionQuotaId = (subject: string, option: string) => `option:${subject}:${option}`;
