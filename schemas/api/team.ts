import { z } from 'zod';
import { contract, ZNull } from './contract';
import { ZQuestionId, ZQuestionRef } from './question';

/** Collaboration calls (spec §7 Team; §6 powers; §9 invite validity and copied text). */
export const ZPowerType = z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '权限类型无效' });
export type TPowerType = z.infer<typeof ZPowerType>;
export const INVITEE_POWERS = [
  { powerType: 3, label: '加入团队后可查看' },
  { powerType: 2, label: '可编辑' },
  { powerType: 1, label: '可管理' },
] as const;
export const POWER_LABELS: Record<number, string> = { 1: '可管理', 2: '可编辑', 3: '可查看' };

export const ZTeamWorkCodeRequest = z.object({ questionId: ZQuestionId, powerType: ZPowerType });
export const ZUpdateWorkTypeRequest = z.object({ workCodeId: z.string().min(8).max(64), powerType: ZPowerType });
export const ZWorkCode = z.object({
  workCode: z
    .string()
    .min(8, '邀请链接无效')
    .max(64, '邀请链接无效')
    .regex(/^[\w-]+$/, '邀请链接无效'),
});
export const ZMemberRef = z.object({ questionId: ZQuestionId, userId: z.string().min(8).max(64) });
export const ZMemberPowerRequest = ZMemberRef.extend({ powerType: ZPowerType });
/** The owner's switch 允许通过邀请链接加入 (project setting isFriendAddTeamWork, spec §6). */
export const ZTeamSwitchRequest = z.object({ questionId: ZQuestionId, isFriendAddTeamWork: z.union([z.literal(0), z.literal(1)], { error: '开关取值无效' }) });

/** While isFriendAddTeamWork is 0 no invitation is made and no link admits anyone. */
export const INVITE_CLOSED = '邀请链接已关闭，开启“允许通过邀请链接加入”后才能邀请';

export const ZTeamWorkCode = z.object({
  teamWorkCodeId: z.string(),
  workCode: z.string(),
  powerType: z.number(),
  /** Valid from today to today + 7 (Beijing dates, YYYY-MM-DD): until 23:59:59 of validTo. */
  validFrom: z.string(),
  validTo: z.string(),
});
export type TTeamWorkCode = z.infer<typeof ZTeamWorkCode>;

/** 重置链接: every earlier link of the project stops working and a fresh one is made. */
export const ZResetWorkCode = ZTeamWorkCode.extend({ revoked: z.number() });
export type TResetWorkCode = z.infer<typeof ZResetWorkCode>;

export const ZTeamMember = z.object({
  userId: z.string(),
  username: z.string(),
  headImg: z.string(),
  powerType: z.number(),
  isOwner: z.boolean(),
  joinTime: z.string(),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;

/** Why a join failed; /cooperationError.html?reason=… shows the matching text. */
export const JOIN_ERRORS = {
  expired: '邀请链接已过期，请联系项目创建者重新邀请',
  unknown: '邀请链接无效',
  revoked: '邀请链接已失效，请联系项目创建者重新邀请',
  closed: '项目创建者已关闭通过邀请链接加入，请联系项目创建者',
  deleted: '该项目已被删除',
} as const;
export type TJoinError = keyof typeof JOIN_ERRORS;

/** The text the copy button puts on the clipboard (spec §9). */
export const inviteText = (link: string, title: string, validFrom: string, validTo: string) =>
  `邀请你加入项目协作：${title}\n链接：${link}\n有效期：${validFrom} 至 ${validTo}\n请在电脑浏览器中打开链接`;

/** Collaboration calls (spec §7 Team). */
export const teamCalls = {
  getTeamWorkCode: contract({
    path: 'activity/question/getTeamWorkCode',
    summary: '获取协作邀请链接',
    request: ZTeamWorkCodeRequest,
    response: ZTeamWorkCode,
    auth: 'required',
  }),
  updateWorkType: contract({
    path: 'activity/question/updateWorkType',
    summary: '修改邀请链接权限',
    request: ZUpdateWorkTypeRequest,
    response: z.object({ teamWorkCodeId: z.string(), powerType: ZPowerType }),
    auth: 'required',
    okMessage: '修改成功',
  }),
  resetTeamWorkCode: contract({
    path: 'code/resetTeamWorkCode',
    summary: '重置邀请链接',
    request: ZTeamWorkCodeRequest,
    response: ZResetWorkCode,
    auth: 'required',
    okMessage: '链接已重置，之前的邀请链接已失效',
  }),
  setFriendAddTeamWork: contract({
    path: 'code/setFriendAddTeamWork',
    summary: '允许通过邀请链接加入',
    request: ZTeamSwitchRequest,
    response: z.object({ isFriendAddTeamWork: z.union([z.literal(0), z.literal(1)]) }),
    auth: 'required',
  }),
  joinTeamWork: contract({
    path: 'code/joinTeamWork',
    summary: '加入项目协作',
    request: ZWorkCode,
    response: z.object({ questionId: z.string(), powerType: z.number() }),
    auth: 'required',
    okMessage: '已加入项目协作',
  }),
  getTeamMemberList: contract({
    path: 'code/getTeamMemberList',
    summary: '协作成员列表',
    request: ZQuestionRef,
    response: z.array(ZTeamMember),
    auth: 'required',
  }),
  updateMemberPower: contract({
    path: 'code/updateMemberPower',
    summary: '修改成员权限',
    request: ZMemberPowerRequest,
    response: ZNull,
    auth: 'required',
    okMessage: '权限已修改',
  }),
  removeMember: contract({
    path: 'code/removeMember',
    summary: '移除协作成员',
    request: ZMemberRef,
    response: ZNull,
    auth: 'required',
    okMessage: '已移除成员',
  }),
  leaveTeamWork: contract({
    path: 'code/leaveTeamWork',
    summary: '退出项目协作',
    request: ZQuestionRef,
    response: ZNull,
    auth: 'required',
    okMessage: '已退出项目协作',
  }),
};
