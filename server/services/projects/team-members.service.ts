import type { TTeamMember } from '../../../schemas/api/team';
import type { Query } from '../../db/client';
import { badInput, notFound } from '../errors';
import type { ProjectRow } from '../../db/rows';
import { col, defineSql } from '../../db/sql';

const listMembersSql = defineSql(
  'team-members.listMembers',
  { public_id: col.text, username: col.text, head_img: col.text, power_type: col.int, is_owner: col.bool, join_time: col.timestamp },
  `SELECT u.public_id, u.username, u.head_img, 1 AS power_type, true AS is_owner, p.created_at AS join_time FROM projects p JOIN users u ON u.id = p.owner_id WHERE p.id = $1
     UNION ALL
     SELECT u.public_id, u.username, u.head_img, m.power_type, false, m.created_at FROM project_members m JOIN users u ON u.id = m.user_id WHERE m.project_id = $1
     ORDER BY is_owner DESC, join_time`,
);

/** The owner first, then the collaborators in the order they joined. */
export async function listMembers(query: Query, projectId: number): Promise<TTeamMember[]> {
  const rows = await listMembersSql.run(query, [projectId]);
  return rows.map<TTeamMember>((r) => ({
    userId: r.public_id,
    username: r.username,
    headImg: r.head_img,
    powerType: r.power_type,
    isOwner: r.is_owner,
    joinTime: new Date(r.join_time).toISOString(),
  }));
}

const memberIdSql = defineSql('team-members.memberId', { id: col.int }, 'SELECT id FROM users WHERE public_id = $1');

/** Managers (the owner or a collaborator with power 1) act on other members: never on the owner, nor on themselves. */
async function memberId(query: Query, project: ProjectRow, callerId: number, userId: string): Promise<number> {
  const rows = await memberIdSql.run(query, [userId]);
  if (!rows[0]) throw notFound('成员不存在');
  if (rows[0].id === project.owner_id) throw badInput('不能修改项目创建者的权限');
  if (rows[0].id === callerId) throw badInput('不能修改自己的权限，如需退出请使用“退出协作”');
  return rows[0].id;
}

export async function setMemberPower(query: Query, project: ProjectRow, callerId: number, userId: string, powerType: number): Promise<void> {
  const id = await memberId(query, project, callerId, userId);
  const done = await query('UPDATE project_members SET power_type = $3 WHERE project_id = $1 AND user_id = $2 RETURNING user_id', [project.id, id, powerType]);
  if (!done.length) throw notFound('成员不存在');
}

export async function removeMember(query: Query, project: ProjectRow, callerId: number, userId: string): Promise<void> {
  const id = await memberId(query, project, callerId, userId);
  const done = await query('DELETE FROM project_members WHERE project_id = $1 AND user_id = $2 RETURNING user_id', [project.id, id]);
  if (!done.length) throw notFound('成员不存在');
}

/** A collaborator leaves (the owner cannot: the route refuses first). */
export async function leaveProject(query: Query, projectId: number, userId: number): Promise<void> {
  await query('DELETE FROM project_members WHERE project_id = $1 AND user_id = $2', [projectId, userId]);
}
