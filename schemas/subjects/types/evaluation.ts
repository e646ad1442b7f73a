import { z } from 'zod/mini';
import { ZLabelled, ZParts, ZSubjectBase, baseDefaults, defaultLabelled, defineSubjectType, textLength } from '../base';
import { pointsFrom } from '../traits';
import { msg, type SubjectMessage } from '../messages';

export const ZEvaluationSubject = z.extend(ZSubjectBase, {
  subjectType: z.literal(38),
  /** Stars: a score is 1..maxScore. */
  maxScore: z.number().check(z.int(), z.gte(1), z.lte(10)),
  /** Answers store a label by its title (spec §3 labelTitle), so titles are unique. */
  labels: ZParts(ZLabelled, 0, 50).check(z.refine((l) => new Set(l.map((x) => x.title)).size === l.length, { message: '评价标签重复' })),
  allowComment: z.boolean(),
  commentMaxLength: z.number().check(z.int(), z.gte(1), z.lte(5_000)),
});
export type TEvaluationSubject = z.infer<typeof ZEvaluationSubject>;

/** Spec §3: answer parts by evaluateType — 1 score, 2 label (labelTitle), 3 comment. */
export const ZEvaluationPart = z.discriminatedUnion('evaluateType', [
  z.object({ evaluateType: z.literal(1), score: z.number() }),
  z.object({ evaluateType: z.literal(2), labelTitle: z.string().check(z.maxLength(2_000)) }),
  z.object({ evaluateType: z.literal(3), answerContent: z.string().check(z.maxLength(50_000)) }),
]);
export const ZEvaluationAnswer = z.array(ZEvaluationPart).check(z.maxLength(60));
export type TEvaluationAnswer = z.infer<typeof ZEvaluationAnswer>;

export function evaluationParts(a: TEvaluationAnswer) {
  const scores: number[] = [];
  const labels: string[] = [];
  const comments: string[] = [];
  for (const part of a) {
    if (part.evaluateType === 1) scores.push(part.score);
    else if (part.evaluateType === 2) labels.push(part.labelTitle);
    else comments.push(part.answerContent);
  }
  return { scores, labels, comment: comments.join('\n').trim() };
}

export const evaluation = defineSubjectType(
  ZEvaluationSubject,
  ZEvaluationAnswer,
)({
  subjectType: 38,
  multiple: true,
  gauge: true,
  reportKind: 'choice',
  exportFormat: 'evaluation',
  points: (s) => pointsFrom(1, s.maxScore, (v) => `${v}分`),
  create: (init) => ({
    ...baseDefaults(init, '请对本次服务进行评价'),
    subjectType: 38,
    maxScore: 5,
    labels: defaultLabelled(init, ['服务热情', '响应及时', '专业可靠']),
    allowComment: true,
    commentMaxLength: 500,
  }),
  rules: (s, a) => {
    const { scores, labels, comment } = evaluationParts(a);
    if (scores.length > 1 || a.filter((p) => p.evaluateType === 3).length > 1) return [msg.invalid()];
    const out: SubjectMessage[] = [];
    const score = scores[0];
    if (score === undefined) {
      if (s.required) out.push(msg.scoreRequired());
    } else if (!(Number.isInteger(score) && score >= 1 && score <= s.maxScore)) out.push(msg.point());
    const known = new Set(s.labels.map((l) => l.title));
    if (new Set(labels).size !== labels.length) out.push(msg.duplicateOption());
    out.push(...labels.filter((l) => !known.has(l)).map((l) => msg.labelUnknown(l)));
    if (comment && !s.allowComment) out.push(msg.commentDisabled());
    else if (textLength(comment) > s.commentMaxLength) out.push(msg.maxLength(s.commentMaxLength));
    return out;
  },
  // Score, labels and comment combined: "4分；服务热情、响应及时；很满意"
  format: (_s, a) => {
    const { scores, labels, comment } = evaluationParts(a);
    return [scores.length ? `${scores[0]}分` : '', labels.join('、'), comment].filter(Boolean).join('；');
  },
  facts: (s, a) => {
    const { scores, labels } = evaluationParts(a);
    const byTitle = new Map(s.labels.map((l) => [l.title, l.uuid]));
    return { number: scores[0], chosen: labels.map((l) => byTitle.get(l) ?? l) };
  },
  logic: (s) => ({ choices: s.labels.map((l) => l.uuid), number: { min: 1, max: s.maxScore, integer: true } }),
});
