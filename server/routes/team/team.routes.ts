import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZQuestionId } from '../../../schemas/api/question';
import { ZMemberPowerRequest, ZMemberRef, ZTeamSwitchRequest, ZTeamWorkCodeRequest, ZUpdateWorkTypeRequest, ZWorkCode } from '../../../schemas/api/team';
import { defineCall } from '../../http/define-call';
import { badInput } from '../../http/errors';
import { accessProject } from '../../services/access/powers.service';
import { setInviteLinks } from '../../services/projects/project-settings.service';
import { listMembers, leaveProject, removeMember, setMemberPower } from '../../services/projects/team-members.service';
import { assertCanInvite, createWorkCode, joinByCode, resetInvitations, setWorkCodePower } from '../../services/projects/team.service';

const ZQuestionRef = z.object({ questionId: ZQuestionId });

/** Team calls (spec §7): invitation codes, joining, members and their powers, leaving. */
export function teamRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const { database } = deps;

  defineCall(app, { path: 'activity/question/getTeamWorkCode', body: ZTeamWorkCodeRequest, auth: 'required' }, async (body, { user }) => {
    const access = await accessProject(database.query, user, body.questionId, 'manage');
    assertCanInvite(access);
    return createWorkCode(database.query, access, user!.id, body.powerType, deps.now());
  });

  defineCall(
    app,
    { path: 'activity/question/updateWorkType', body: ZUpdateWorkTypeRequest, auth: 'required', okMessage: '修改成功' },
    async (body, { user }) => {
      await setWorkCodePower(database.query, user, body.workCodeId, body.powerType);
      return { teamWorkCodeId: body.workCodeId, powerType: body.powerType };
    },
  );

  defineCall(
    app,
    { path: 'code/resetTeamWorkCode', body: ZTeamWorkCodeRequest, auth: 'required', okMessage: '链接已重置，之前的邀请链接已失效' },
    async (body, { user }) => resetInvitations(database, user, body.questionId, body.powerType, deps.now()),
  );

  defineCall(app, { path: 'code/setFriendAddTeamWork', body: ZTeamSwitchRequest, auth: 'required' }, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'owner');
    await setInviteLinks(database.query, project.id, body.isFriendAddTeamWork);
    return { isFriendAddTeamWork: body.isFriendAddTeamWork };
  });

  defineCall(app, { path: 'code/joinTeamWork', body: ZWorkCode, auth: 'required', okMessage: '已加入项目协作' }, async (body, { user }) =>
    joinByCode(database.query, user!.id, body.workCode, deps.now()),
  );

  defineCall(app, { path: 'code/getTeamMemberList', body: ZQuestionRef, auth: 'required' }, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'read');
    return listMembers(database.query, project.id);
  });

  defineCall(app, { path: 'code/updateMemberPower', body: ZMemberPowerRequest, auth: 'required', okMessage: '权限已修改' }, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'manage');
    await setMemberPower(database.query, project, user!.id, body.userId, body.powerType);
    return null;
  });

  defineCall(app, { path: 'code/removeMember', body: ZMemberRef, auth: 'required', okMessage: '已移除成员' }, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'manage');
    await removeMember(database.query, project, user!.id, body.userId);
    return null;
  });

  defineCall(app, { path: 'code/leaveTeamWork', body: ZQuestionRef, auth: 'required', okMessage: '已退出项目协作' }, async (body, { user }) => {
    const { project, isOwner } = await accessProject(database.query, user, body.questionId, 'read');
    if (isOwner) throw badInput('项目创建者不能退出协作');
    await leaveProject(database.query, project.id, user!.id);
    return null;
  });
}
