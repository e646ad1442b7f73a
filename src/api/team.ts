import { queryOptions } from '@tanstack/react-query';
import type { TResetWorkCode, TTeamMember, TTeamWorkCode } from '../../schemas/api/team';
import { call } from './client';

/** Team calls (spec §7 Team): invitations, joining, members. */
export const getTeamWorkCode = (questionId: string, powerType: number) => call<TTeamWorkCode>('activity/question/getTeamWorkCode', { questionId, powerType });
export const updateWorkType = (workCodeId: string, powerType: number) =>
  call<{ powerType: number }>('activity/question/updateWorkType', { workCodeId, powerType });
export const resetTeamWorkCode = (questionId: string, powerType: number) => call<TResetWorkCode>('code/resetTeamWorkCode', { questionId, powerType });
export const setFriendAddTeamWork = (questionId: string, isFriendAddTeamWork: 0 | 1) =>
  call<{ isFriendAddTeamWork: 0 | 1 }>('code/setFriendAddTeamWork', { questionId, isFriendAddTeamWork });
export const joinTeamWork = (workCode: string) => call<{ questionId: string; powerType: number }>('code/joinTeamWork', { workCode });
export const getTeamMemberList = (questionId: string) => call<TTeamMember[]>('code/getTeamMemberList', { questionId });
export const updateMemberPower = (questionId: string, userId: string, powerType: number) =>
  call<null>('code/updateMemberPower', { questionId, userId, powerType });
export const removeMember = (questionId: string, userId: string) => call<null>('code/removeMember', { questionId, userId });
export const leaveTeamWork = (questionId: string) => call<null>('code/leaveTeamWork', { questionId });

/** The project's 允许通过邀请链接加入 switch, read from its settings (shared by the 协作 popover and the settings page). */
export const teamSwitchQuery = (questionId: string) =>
  queryOptions({
    queryKey: ['team', 'switch', questionId],
    queryFn: async () =>
      (await call<{ settings: { isFriendAddTeamWork: number } }>('activity/question/getWxQuestionSetting', { questionId })).settings.isFriendAddTeamWork !== 0,
  });
export const teamMembersQuery = (questionId: string) =>
  queryOptions({ queryKey: ['team', 'members', questionId], queryFn: () => getTeamMemberList(questionId) });
