import { JOIN_ERRORS, type TJoinError, type TTeamWorkCode } from '../../schemas/api/team';
import { ZProjectSettings } from '../../schemas/api/settings';
import type { Query } from '../db/client';
import { AppError, forbidden } from '../http/errors';
import { publicId, randomToken } from './crypto';
import type { ProjectAccess } from './powers.service';

export const INVITE_DAYS = 7;
const day = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10); // Beijing date

/** Managers invite; a collaborator manager only while the owner allows friends to invite (isFriendAddTeamWork). */
export function assertCanInvite(access: ProjectAccess): void {
  const settings = ZProjectSettings.parse(access.project.settings ?? {});
  if (!access.isOwner && settings.isFriendAddTeamWork === 0) throw forbidden('项目创建者已关闭邀请协作者');
}

export async function createWorkCode(query: Query, access: ProjectAccess, userId: number, powerType: number, now: Date): Promise<TTeamWorkCode> {
  const expires = new Date(now.getTime() + INVITE_DAYS * 86_400_000);
  const id = publicId();
  const code = randomToken(16);
  await query(
    `INSERT INTO team_work_codes (public_id, code, project_id, power_type, created_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [id, code, access.project.id, powerType, userId, now.toISOString(), expires.toISOString()],
  );
  return { teamWorkCodeId: id, workCode: code, powerType, validFrom: day(now), validTo: day(expires) };
}

export class JoinError extends AppError {
  constructor(public readonly reason: TJoinError) {
    super('404', JOIN_ERRORS[reason], { reason });
  }
}

/** Join by work code; joining twice keeps the higher power (1 manage > 2 edit > 3 view). */
export async function joinByCode(query: Query, userId: number, code: string, now: Date): Promise<{ questionId: string; powerType: number }> {
  const rows = await query<{ project_id: number; power_type: number; expires_at: Date | string; revoked_at: Date | null; public_id: string; owner_id: number; deleted_at: Date | null }>(
    `SELECT c.project_id, c.power_type, c.expires_at, c.revoked_at, p.public_id, p.owner_id, p.deleted_at
     FROM team_work_codes c JOIN projects p ON p.id = c.project_id WHERE c.code = $1`,
    [code],
  );
  const row = rows[0];
  if (!row) throw new JoinError('unknown');
  if (row.deleted_at) throw new JoinError('deleted');
  if (row.revoked_at) throw new JoinError('revoked');
  if (new Date(row.expires_at) <= now) throw new JoinError('expired');
  if (row.owner_id === userId) return { questionId: row.public_id, powerType: 1 };
  const joined = await query<{ power_type: number }>(
    `INSERT INTO project_members AS m (project_id, user_id, power_type) VALUES ($1, $2, $3)
     ON CONFLICT (project_id, user_id) DO UPDATE SET power_type = LEAST(m.power_type, EXCLUDED.power_type) RETURNING power_type`,
    [row.project_id, userId, row.power_type],
  );
  return { questionId: row.public_id, powerType: joined[0]!.power_type };
}
