import { z } from 'zod';
import { zInt } from '../int';
import { contract } from './contract';
import { ZQuestionRef } from './question';

/** /optionsQuota.html (issue 49 item 3): a quota's target changed while collecting, never below what is used. */
export const ZUpdateQuotaRequest = ZQuestionRef.extend({
  quotaId: z.string({ error: '请选择配额' }).trim().min(1, '请选择配额').max(300, '配额不存在'),
  limit: zInt(0, 10_000_000, '配额须为 0 到 10000000 之间的整数'),
});
export type TUpdateQuotaRequest = z.infer<typeof ZUpdateQuotaRequest>;

export const ZUpdateQuotaResult = z.object({ id: z.string(), limit: z.number(), used: z.number(), version: z.number() });
export type TUpdateQuotaResult = z.infer<typeof ZUpdateQuotaResult>;

/** The refusal of a target below the sheets already counted. */
export const QUOTA_BELOW_USED = (used: number) => `配额不能小于已使用的数量（已使用 ${used}）`;
export const QUOTA_GONE = '配额不存在或已被删除，请刷新页面';

const P = 'activity/question/quota';
/** Option quotas (spec §7 "quota"): the fill is read with question/statement/getQuotaStatement. */
export const optionQuotaCalls = {
  updateQuota: contract({
    path: `${P}/updateQuota`,
    summary: '修改配额数量',
    request: ZUpdateQuotaRequest,
    response: ZUpdateQuotaResult,
    auth: 'required',
    okMessage: '配额已更新',
  }),
};
