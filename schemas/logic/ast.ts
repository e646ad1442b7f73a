// The logic of a survey as one typed document. Every rule names subjects and options by uuid; the editor
// writes it, the respondent page and the server evaluate it (evaluator.ts), the checker reviews it.
import { z } from 'zod';
import { zInt } from '../int';
import { ZId } from '../subjects/base';

/** One test on an earlier subject's answer. */
export const ZPredicate = z.discriminatedUnion('op', [
  z.object({ op: z.literal('chose'), subject: ZId, option: ZId }),
  z.object({ op: z.literal('notChose'), subject: ZId, option: ZId }),
  /** Numbers compare as numbers; text compares with the answer's display text, trimmed. */
  z.object({ op: z.literal('equals'), subject: ZId, value: z.union([z.string().max(1_000), z.number()]) }),
  z.object({ op: z.literal('contains'), subject: ZId, value: z.string().min(1).max(1_000) }),
  z.object({ op: z.literal('greater'), subject: ZId, value: z.number() }),
  z.object({ op: z.literal('less'), subject: ZId, value: z.number() }),
  z.object({ op: z.literal('answered'), subject: ZId }),
  z.object({ op: z.literal('empty'), subject: ZId }),
]);
export type TPredicate = z.infer<typeof ZPredicate>;
export type PredicateOp = TPredicate['op'];

export const ZCondition = z.object({
  match: z.enum(['all', 'any']),
  predicates: z.array(ZPredicate).min(1).max(100),
});
export type TCondition = z.infer<typeof ZCondition>;

export const ZJumpTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('subject'), subject: ZId }),
  z.object({ kind: z.literal('end'), message: z.string().max(2_000).optional() }),
]);

/**
 * After `from`, go to `to` when `when` holds (always, without `when`); the subjects between are skipped.
 * "Option → subject" is a jump whose condition is `chose(from, option)`. The first rule of a subject that
 * holds wins.
 */
export const ZJumpRule = z.object({ id: ZId, from: ZId, when: ZCondition.optional(), to: ZJumpTarget });
export type TJumpRule = z.infer<typeof ZJumpRule>;

/** `target` is shown only while `when` holds (several rules on one target must all hold). */
export const ZDisplayRule = z.object({ id: ZId, target: ZId, when: ZCondition });
export type TDisplayRule = z.infer<typeof ZDisplayRule>;

/** `options` of `target` are shown only while `when` holds (options shown by earlier picks). */
export const ZOptionLinkageRule = z.object({
  id: ZId,
  target: ZId,
  options: z.array(ZId).min(1).max(500),
  when: ZCondition,
});
export type TOptionLinkageRule = z.infer<typeof ZOptionLinkageRule>;

const ZEndWithMessage = z.object({ action: z.literal('end'), message: z.string().max(2_000) });
/** The respondent stays on the sheet: the message is shown and the sheet is not accepted until the answers change. */
const ZTellMessage = z.object({ action: z.literal('message'), message: z.string().trim().min(1, '请填写配额已满时的提示语').max(2_000) });

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
    limit: zInt(0),
    onFull: z.discriminatedUnion('action', [z.object({ action: z.literal('hideOption') }), ZEndWithMessage, ZTellMessage]),
  }),
  z.object({
    id: ZId,
    basis: z.literal('condition'),
    when: ZCondition,
    limit: zInt(0),
    onFull: z.discriminatedUnion('action', [z.object({ action: z.literal('hideOption'), subject: ZId, option: ZId }), ZEndWithMessage, ZTellMessage]),
  }),
]);
export type TQuotaRule = z.infer<typeof ZQuotaRule>;

/** Show `draw` subjects drawn from the group (e.g. an exam's question pool), shuffled when asked. */
export const ZRandomGroup = z.object({
  id: ZId,
  subjects: z.array(ZId).min(1).max(2_000),
  draw: zInt(1),
  shuffle: z.boolean(),
});
export type TRandomGroup = z.infer<typeof ZRandomGroup>;

export const ZLogic = z.object({
  jumps: z.array(ZJumpRule).max(5_000).default([]),
  display: z.array(ZDisplayRule).max(5_000).default([]),
  optionLinkage: z.array(ZOptionLinkageRule).max(5_000).default([]),
  quotas: z.array(ZQuotaRule).max(1_000).default([]),
  random: z.array(ZRandomGroup).max(200).default([]),
});
export type TLogic = z.infer<typeof ZLogic>;

export const emptyLogic = (): TLogic => ({ jumps: [], display: [], optionLinkage: [], quotas: [], random: [] });

/** The quota id an option's `quota` shorthand (subjects/base.ts) counts under. */
export const optionQuotaId = (subject: string, option: string) => `option:${subject}:${option}`;
