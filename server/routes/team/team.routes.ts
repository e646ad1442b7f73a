import type { FastifyInstance } from 'fastify';
import { teamCalls } from '../../../schemas/api/team';
import { type TTeamMember } from '../../../schemas/api/team';
import { defineCall } from '../../http/define-call';
import { badInput, notFound } from '../../http/errors';
import { accessProject } from '../../services/access/powers.service';
import { assertCanInvite, createWorkCode, joinByCode, resetWorkCodes } from '../../services/projects/team.service';

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
    const rows = await database.query<{ id: number; public_id: string }>(
      'SELECT c.id, p.public_id FROM team_work_codes c JOIN projects p ON p.id = c.project_id WHERE c.public_id = $1',
      [body.workCodeId],
    );
    if (!rows[0]) throw notFound('邀请链接不存在');
    await accessProject(database.query, user, rows[0].public_id, 'manage');
    await database.query('UPDATE team_work_codes SET power_type = $2 WHERE id = $1', [rows[0].id, body.powerType]);
    return { teamWorkCodeId: body.workCodeId, powerType: body.powerType };
  });

  defineCall(app, teamCalls.resetTeamWorkCode, async (body, { user }) =>
    database.transaction(async (query) => {
      const access = await accessProject(query, user, body.questionId, 'manage');
      assertCanInvite(access);
      return resetWorkCodes(query, access, user!.id, body.powerType, deps.now());
    }),
  );

  // The owner's switch; stored in the project's settings without bumping the editor's version, so an open editor
  // keeps saving (updateWxQuestionSetting leaves this field to this call).
  defineCall(app, teamCalls.setFriendAddTeamWork, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'owner');
    await database.query(`UPDATE projects SET settings = jsonb_set(settings, '{isFriendAddTeamWork}', to_jsonb($2::int)) WHERE id = $1`, [
      project.id,
      body.isFriendAddTeamWork,
    ]);
    return { isFriendAddTeamWork: body.isFriendAddTeamWork };
  });

  defineCall(app, teamCalls.joinTeamWork, async (body, { user }) => joinByCode(database.query, user!.id, body.workCode, deps.now()));

  defineCall(app, teamCalls.getTeamMemberList, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'read');
    const rows = await database.query<{ public_id: string; username: string; head_img: string; power_type: number; is_owner: boolean; join_time: Date }>(
      `SELECT u.public_id, u.username, u.head_img, 1 AS power_type, true AS is_owner, p.created_at AS join_time FROM projects p JOIN users u ON u.id = p.owner_id WHERE p.id = $1
       UNION ALL
       SELECT u.public_id, u.username, u.head_img, m.power_type, false, m.created_at FROM project_members m JOIN users u ON u.id = m.user_id WHERE m.project_id = $1
       ORDER BY is_owner DESC, join_time`,
      [project.id],
    );
    return rows.map<TTeamMember>((r) => ({
      userId: r.public_id,
      username: r.username,
      headImg: r.head_img,
      powerType: r.power_type,
      isOwner: r.is_owner,
      joinTime: new Date(r.join_time).toISOString(),
    }));
  });

  /** Managers (the owner or a collaborator with power 1) act on other members: never on the owner, nor on themselves. */
  const memberId = async (projectOwner: number, callerId: number, userId: string) => {
    const rows = await database.query<{ id: number }>('SELECT id FROM users WHERE public_id = $1', [userId]);
    if (!rows[0]) throw notFound('成员不存在');
    if (rows[0].id === projectOwner) throw badInput('不能修改项目创建者的权限');
    if (rows[0].id === callerId) throw badInput('不能修改自己的权限，如需退出请使用“退出协作”');
    return rows[0].id;
  };

  defineCall(app, teamCalls.updateMemberPower, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'manage');
    const id = await memberId(project.owner_id, user!.id, body.userId);
    const done = await database.query('UPDATE project_members SET power_type = $3 WHERE project_id = $1 AND user_id = $2 RETURNING user_id', [
      project.id,
      id,
      body.powerType,
    ]);
    if (!done.length) throw notFound('成员不存在');
    return null;
  });

  defineCall(app, teamCalls.removeMember, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'manage');
    const id = await memberId(project.owner_id, user!.id, body.userId);
    const done = await database.query('DELETE FROM project_members WHERE project_id = $1 AND user_id = $2 RETURNING user_id', [project.id, id]);
    if (!done.length) throw notFound('成员不存在');
    return null;
  });

  defineCall(app, teamCalls.leaveTeamWork, async (body, { user }) => {
    const { project, isOwner } = await accessProject(database.query, user, body.questionId, 'read');
    if (isOwner) throw badInput('项目创建者不能退出协作');
    await database.query('DELETE FROM project_members WHERE project_id = $1 AND user_id = $2', [project.id, user!.id]);
    return null;
  });
}
