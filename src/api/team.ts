import { queryOptions } from '@tanstack/react-query';
import { editorCalls } from '../../schemas/api/editor';
import { teamCalls } from '../../schemas/api/team';
import type { TPowerType } from '../../schemas/api/team';
import { call } from './client';

/** Team calls (spec §7 Team): invitations, joining, members. Power types arrive as numbers from the pickers; the server checks them. */
export const getTeamWorkCode = (questionId: string, powerType: number) => call(teamCalls.getTeamWorkCode, { questionId, powerType: powerType as TPowerType });
export const updateWorkType = (workCodeId: string, powerType: number) => call(teamCalls.updateWorkType, { workCodeId, powerType: powerType as TPowerType });
export const resetTeamWorkCode = (questionId: string, powerType: number) =>
  call(teamCalls.resetTeamWorkCode, { questionId, powerType: powerType as TPowerType });
export const setFriendAddTeamWork = (questionId: string, isFriendAddTeamWork: 0 | 1) =>
  call(teamCalls.setFriendAddTeamWork, { questionId, isFriendAddTeamWork });
export const joinTeamWork = (workCode: string) => call(teamCalls.joinTeamWork, { workCode });
export const getTeamMemberList = (questionId: string) => call(teamCalls.getTeamMemberList, { questionId });
export const updateMemberPower = (questionId: string, userId: string, powerType: number) =>
  call(teamCalls.updateMemberPower, { questionId, userId, powerType: powerType as TPowerType });
export const removeMember = (questionId: string, userId: string) => call(teamCalls.removeMember, { questionId, userId });
export const leaveTeamWork = (questionId: string) => call(teamCalls.leaveTeamWork, { questionId });

/** The project's 允许通过邀请链接加入 switch, read from its settings (shared by the 协作 popover and the settings page). */
export const teamSwitchQuery = (questionId: string) =>
  queryOptions({
    queryKey: ['team', 'switch', questionId],
    queryFn: async () => (await call(editorCalls.getWxQuestionSetting, { questionId })).settings.isFriendAddTeamWork !== 0,
  });
export const teamMembersQuery = (questionId: string) =>
  queryOptions({ queryKey: ['team', 'members', questionId], queryFn: () => getTeamMemberList(questionId) });
