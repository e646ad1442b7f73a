import { INVITE_CLOSED, JOIN_ERRORS, POWER_LABELS, type TJoinError, type TResetWorkCode, type TTeamWorkCode } from '../../../schemas/api/team';
import { ZProjectSettings } from '../../../schemas/api/settings';
import type { Database, Query } from '../../db/client';
import type { ProjectRow, RowOf } from '../../db/rows';
import type { teamWorkCodes } from '../../db/tables';
import { AppError, conflict, notFound } from '../errors';
import { publicId, randomToken } from '../crypto';
import { accessProject, type ProjectAccess } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { POWER } from '../../../schemas/project-kinds';
import { col, defineSql } from '../../db/sql';
import { NEWS_TYPES, notify } from '../messages/notify.service';

export const INVITE_DAYS = 7;
const DAY_MS = 86_400_000;
const BEIJING_MS = 8 * 3_600_000;
/** The Beijing calendar date of an instant, YYYY-MM-DD. */
export const beijingDay = (d: Date) => new Date(d.getTime() + BEIJING_MS).toISOString().slice(0, 10);

/** Spec §9 "today to today + 7": the last millisecond of the Beijing day seven days after `now`'s (23:59:59.999). */
export function inviteExpiry(now: Date): Date {
  const startOfToday = Date.parse(`${beijingDay(now)}T00:00:00+08:00`);
  return new Date(startOfToday + (INVITE_DAYS + 1) * DAY_MS - 1);
}

/** Links admit anyone only while the owner keeps 允许通过邀请链接加入 (isFriendAddTeamWork) on. */
export const linksOpen = (settings: unknown) => ZProjectSettings.parse(settings ?? {}).isFriendAddTeamWork !== 0;

/** Invitations are made only while links are open ("409" otherwise, for every manager including the owner). */
export function assertCanInvite(access: ProjectAccess): void {
  if (!linksOpen(access.project.settings)) throw conflict(INVITE_CLOSED);
}

export async function createWorkCode(query: Query, access: ProjectAccess, userId: number, powerType: number, now: Date): Promise<TTeamWorkCode> {
  const expires = inviteExpiry(now);
  const id = publicId();
  const code = randomToken(16);
  await query(`INSERT INTO team_work_codes (public_id, code, project_id, power_type, created_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    id,
    code,
    access.project.id,
    powerType,
    userId,
    now.toISOString(),
    expires.toISOString(),
  ]);
  return { teamWorkCodeId: id, workCode: code, powerType, validFrom: beijingDay(now), validTo: beijingDay(expires) };
}

/** 重置链接: revoke every live link of the project and make a fresh one, in one transaction. */
export async function resetWorkCodes(query: Query, access: ProjectAccess, userId: number, powerType: number, now: Date): Promise<TResetWorkCode> {
  const revoked = await query('UPDATE team_work_codes SET revoked_at = $2 WHERE project_id = $1 AND revoked_at IS NULL AND expires_at >= $2 RETURNING id', [
    access.project.id,
    now.toISOString(),
  ]);
  return { ...(await createWorkCode(query, access, userId, powerType, now)), revoked: revoked.length };
}

export class JoinError extends AppError {
  constructor(public readonly reason: TJoinError) {
    super('404', JOIN_ERRORS[reason], { reason });
  }
}

/** A code with its project's access facts (one join). */
type CodeRow = Pick<RowOf<typeof teamWorkCodes>, 'project_id' | 'expires_at' | 'revoked_at'> &
  Pick<ProjectRow, 'public_id' | 'owner_id' | 'deleted_at' | 'settings'>;

const readCode = async (query: Query, code: string) =>
  (
    await query<CodeRow>(
      `SELECT c.project_id, c.expires_at, c.revoked_at, p.public_id, p.owner_id, p.deleted_at, p.settings
       FROM team_work_codes c JOIN projects p ON p.id = c.project_id WHERE c.code = $1`,
      [code],
    )
  )[0];

/** Why a code admits nobody now, or null when it does. */
function refusal(row: CodeRow | undefined, now: Date): TJoinError | null {
  if (!row) return 'unknown';
  if (row.deleted_at) return 'deleted';
  if (!linksOpen(row.settings)) return 'closed';
  if (row.revoked_at) return 'revoked';
  if (new Date(row.expires_at) < now) return 'expired';
  return null;
}

const joinByCodeSql = defineSql(
  'team.joinByCode',
  { power_type: col.int, joined: col.bool, created_at: col.timestamp },
  `INSERT INTO project_members AS m (project_id, user_id, power_type)
     SELECT c.project_id, $2, c.power_type FROM team_work_codes c JOIN projects p ON p.id = c.project_id
     WHERE c.code = $1 AND c.revoked_at IS NULL AND c.expires_at >= $3 AND p.deleted_at IS NULL
       AND COALESCE(p.settings->>'isFriendAddTeamWork', '1') <> '0'
     ON CONFLICT (project_id, user_id) DO UPDATE SET power_type = LEAST(m.power_type, EXCLUDED.power_type)
     RETURNING power_type, (xmax = 0) AS joined, created_at`,
);

const joinNoticeSql = defineSql(
  'team.joinNotice',
  { owner_id: col.int, title: col.text, username: col.text },
  'SELECT p.owner_id, p.title, u.username FROM projects p, users u WHERE p.id = $1 AND u.id = $2',
);

/** The owner is told who joined with which power (the bell, once per joining by its key). */
async function tellOwner(query: Query, projectId: number, userId: number, powerType: number, joinedAt: Date, now: Date): Promise<void> {
  const [row] = await joinNoticeSql.run(query, [projectId, userId]);
  if (!row) return;
  // The title as plain text (a title may carry markup; report's plainTitle is out of this folder's reach).
  const project =
    row.title
      .replace(/<[^>]*>/g, '')
      .trim()
      .slice(0, 60) || '未命名项目';
  const title = `${row.username} 通过邀请链接加入了「${project}」的协作，权限：${POWER_LABELS[powerType] ?? '可查看'}`;
  const key = `team-joined:${projectId}:${userId}:${new Date(joinedAt).getTime()}`;
  await notify(query, row.owner_id, { title, newsType: NEWS_TYPES.teamJoined, key }, now);
}

/**
 * Join by work code; joining twice keeps the higher power (1 manage > 2 edit > 3 view). The membership is
 * written by one conditional statement that checks the code again (not revoked, not expired, project not deleted,
 * links open), so a 重置链接 or the owner's switch racing with a join never lets the join through. A first join tells
 * the owner (call inside a transaction, so the message exists exactly when the membership does).
 */
export async function joinByCode(query: Query, userId: number, code: string, now: Date): Promise<{ questionId: string; powerType: number }> {
  const row = await readCode(query, code);
  const reason = refusal(row, now);
  if (reason) throw new JoinError(reason);
  if (row!.owner_id === userId) return { questionId: row!.public_id, powerType: POWER.manage };
  const [joined] = await joinByCodeSql.run(query, [code, userId, now.toISOString()]);
  if (!joined) throw new JoinError(refusal(await readCode(query, code), now) ?? 'revoked');
  if (joined.joined) await tellOwner(query, row!.project_id, userId, joined.power_type, joined.created_at, now);
  return { questionId: row!.public_id, powerType: joined.power_type };
}

const setWorkCodePowerSql = defineSql(
  'team.setWorkCodePower',
  { id: col.int, public_id: col.text },
  'SELECT c.id, p.public_id FROM team_work_codes c JOIN projects p ON p.id = c.project_id WHERE c.public_id = $1',
);

/** A link's power changed by a manager of its project ("404" for an unknown link). */
export async function setWorkCodePower(query: Query, user: AuthUser | null, workCodeId: string, powerType: number): Promise<void> {
  const rows = await setWorkCodePowerSql.run(query, [workCodeId]);
  if (!rows[0]) throw notFound('邀请链接不存在');
  await accessProject(query, user, rows[0].public_id, 'manage');
  await query('UPDATE team_work_codes SET power_type = $2 WHERE id = $1', [rows[0].id, powerType]);
}

/** joinTeamWork as a user asks it: the join and the owner's message in one transaction. */
export async function joinTeam(database: Database, userId: number, code: string, now: Date): Promise<{ questionId: string; powerType: number }> {
  return database.transaction((query) => joinByCode(query, userId, code, now));
}

/** 重置链接 as a manager asks it: checked and done in one transaction. */
export async function resetInvitations(database: Database, user: AuthUser | null, questionId: string, powerType: number, now: Date): Promise<TResetWorkCode> {
  return database.transaction(async (query) => {
    const access = await accessProject(query, user, questionId, 'manage');
    assertCanInvite(access);
    return resetWorkCodes(query, access, user!.id, powerType, now);
  });
}
