import { z } from 'zod';
import { contract } from './contract';

/** wxApplet/member/getMemberList (spec §7, §9): the four levels, what each adds, their prices, and the caller's own. */
export const ZMemberLevelView = z.object({
  memberLevel: z.number(),
  name: z.string(),
  maxNumber: z.number(),
  subjectCount: z.number(),
  /** From the §9 table only. */
  adds: z.array(z.string()),
  /** Null for the free level, which is never bought. */
  monthFen: z.number().nullable(),
  yearFen: z.number().nullable(),
  monthPlanId: z.string().nullable(),
  yearPlanId: z.string().nullable(),
});
export const ZMemberList = z.object({
  levels: z.array(ZMemberLevelView),
  /** The caller's membership (null when logged out): the level in force, its end and how it was last bought. */
  current: z
    .object({
      memberLevel: z.number(),
      expDate: z.string().nullable(),
      memberTime: z.string().nullable(),
      memberUpgradeType: z.number().nullable(),
      balanceFen: z.number(),
    })
    .nullable(),
});
export type TMemberList = z.infer<typeof ZMemberList>;

export const memberCalls = {
  getMemberList: contract({
    path: 'wxApplet/member/getMemberList',
    summary: '会员版本与价格',
    request: z.object({}).passthrough(),
    response: ZMemberList,
    auth: 'optional',
  }),
};
