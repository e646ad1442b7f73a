import type { FastifyInstance } from 'fastify';
import { teamCalls } from '../../../schemas/api/team';
import { defineCall } from '../../http/define-call';
import { badInput } from '../../services/errors';
import { accessProject } from '../../services/access/powers.service';
import { setInviteLinks } from '../../services/projects/project-settings.service';
import { listMembers, leaveProject, removeMember, setMemberPower } from '../../services/projects/team-members.service';
import { assertCanInvite, createWorkCode, joinTeam, resetInvitations, setWorkCodePower } from '../../services/projects/team.service';

/** Team calls (spec §7): invitation codes, joining, members and their powers, leaving. */
export function teamRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const { database } = deps;

  defineCall(app, teamCalls.getTeamWorkCode, async (body, { user }) => {
    const access = await accessProject(database.query, user, body.questionId, 'manage');
    assertCanInvite(access);
    return createWorkCode(database.query, access, user!.id, body.powerType, deps.now());
  });

  defineCall(app, teamCalls.updateWorkType, async (body, { user }) => {
    await setWorkCodePower(database.query, user, body.workCodeId, body.powerType);
    return { teamWorkCodeId: body.workCodeId, powerType: body.powerType };
  });

  defineCall(app, teamCalls.resetTeamWorkCode, async (body, { user }) => resetInvitations(database, user, body.questionId, body.powerType, deps.now()));

  defineCall(app, teamCalls.setFriendAddTeamWork, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'owner');
    await setInviteLinks(database.query, project.id, body.isFriendAddTeamWork);
    return { isFriendAddTeamWork: body.isFriendAddTeamWork };
  });

  defineCall(app, teamCalls.joinTeamWork, async (body, { user }) => joinTeam(database, user!.id, body.workCode, deps.now()));

  defineCall(app, teamCalls.getTeamMemberList, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'read');
    return listMembers(database.query, project.id);
  });

  defineCall(app, teamCalls.updateMemberPower, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'manage');
    await setMemberPower(database.query, project, user!.id, body.userId, body.powerType);
    return null;
  });

  defineCall(app, teamCalls.removeMember, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'manage');
    await removeMember(database.query, project, user!.id, body.userId);
    return null;
  });

  defineCall(app, teamCalls.leaveTeamWork, async (body, { user }) => {
    const { project, isOwner } = await accessProject(database.query, user, body.questionId, 'read');
    if (isOwner) throw badInput('项目创建者不能退出协作');
    await leaveProject(database.query, project.id, user!.id);
    return null;
  });
}
