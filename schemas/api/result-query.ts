import { z } from 'zod';
import { CHAIN_ENTRY_STATES } from '../chain/entry-states';
import { contract } from './contract';
import { ZQuestionId } from './question';

/**
 * 结果查询 (/activityquery.html, issue 48 item 4): a respondent looks up their own sheets by the project's query key
 * (settings queryEnabled, queryKey …). Public calls under active/write, like the other respondent calls.
 */
export const QUERY_MESSAGES = {
  closed: '该项目未开启结果查询',
  /** A wrong key and no sheet answer alike, so nobody learns who answered. */
  none: '未查询到结果',
  tooMany: '查询太频繁，请稍后再试',
  phone: '请输入正确的手机号',
  code: '请输入6位短信验证码',
  name: '请输入姓名',
  value: (label: string) => `请输入${label}`,
} as const;

/** Per client address and per project, in 10 minutes (server/services/result-query/). */
export const QUERY_LIMITS = { perIp: 20, perProject: 600, windowSeconds: 600 } as const;
/** At most this many sheets answer one query, newest first. */
export const QUERY_MAX_SHEETS = 20;

export const ZQueryFormRequest = z.object({ questionId: ZQuestionId });
export const ZQueryForm = z.object({
  questionId: z.string(),
  title: z.string(),
  questionType: z.number(),
  queryKey: z.enum(['phone', 'field']),
  /** Plain-text titles of the key's subjects, as the respondent saw them. */
  nameLabel: z.string(),
  fieldLabel: z.string(),
});
export type TQueryForm = z.infer<typeof ZQueryForm>;

export const ZQuerySmsRequest = z.object({ questionId: ZQuestionId, phone: z.string().max(32) });

export const ZQueryRequest = z.object({
  questionId: ZQuestionId,
  phone: z.string().max(32).optional(),
  code: z.string().max(6).optional(),
  name: z.string().max(100).optional(),
  value: z.string().max(200).optional(),
});
export type TQueryRequest = z.infer<typeof ZQueryRequest>;

export const ZQueriedSheet = z.object({
  submitTime: z.string(),
  /** An exam's score, when its settings show scores. */
  score: z.object({ total: z.number(), max: z.number() }).nullable(),
  /** A sign-up chain: this sheet's place among the valid sign-ups (1 first). */
  place: z.number().nullable(),
  /** A sign-up chain's entry (报名接龙, not a sheet): its place among the joined or the waiting, or where it went. */
  entry: z
    .object({
      name: z.string(),
      people: z.number(),
      state: z.enum(CHAIN_ENTRY_STATES),
      /** 1 first among the joined (state joined) or the waiting (waitlisted); null once withdrawn or removed. */
      place: z.number().nullable(),
    })
    .nullable(),
  /** `item`: the booked resource's name ('' on a shared calendar). */
  booking: z.object({ date: z.string(), start: z.string(), end: z.string(), item: z.string(), partySize: z.number(), stateName: z.string() }).nullable(),
  /** `items`: 苹果（5斤装）×2、香蕉 ×1; a group-buy's `point` (自提点) and `pickupNo` (the order's 序号 on the organiser's list). */
  order: z
    .object({
      orderNo: z.string(),
      items: z.string(),
      amountFen: z.number(),
      stateName: z.string(),
      point: z.string(),
      pickupNo: z.number().nullable(),
    })
    .nullable(),
  /** The sheet's own answers, when the creator shows them (queryShowAnswers). */
  answers: z.array(z.object({ index: z.number().nullable(), title: z.string(), text: z.string() })).nullable(),
});
export type TQueriedSheet = z.infer<typeof ZQueriedSheet>;
export const ZQueryResult = z.object({ title: z.string(), list: z.array(ZQueriedSheet) });
export type TQueryResult = z.infer<typeof ZQueryResult>;

const W = 'active/write';
export const resultQueryCalls = {
  getQueryForm: contract({ path: `${W}/getQueryForm`, summary: '结果查询页：查询条件', request: ZQueryFormRequest, response: ZQueryForm, auth: 'optional' }),
  sendQuerySms: contract({
    path: `${W}/sendQuerySms`,
    summary: '结果查询：发送短信验证码',
    request: ZQuerySmsRequest,
    response: z.null(),
    auth: 'optional',
    okMessage: '验证码已发送',
  }),
  queryResult: contract({
    path: `${W}/queryResult`,
    summary: '结果查询：查询本人的提交结果',
    request: ZQueryRequest,
    response: ZQueryResult,
    auth: 'optional',
  }),
};
