import { POWER_NEEDS, type TPowerNeed, type TPowerType } from '../../../schemas/project-kinds';
import type { Query } from '../../db/client';
import type { ProjectRow } from '../../db/rows';
import { forbidden, notFound, unauthorized } from '../errors';
import type { AuthUser } from './sessions.service';

export interface ProjectAccess {
  project: ProjectRow;
  /** null: a template read by someone who holds no power on it. */
  powerType: TPowerType | null;
  isOwner: boolean;
}

export interface AccessOptions {
  /** Bin calls reach deleted projects. */
  allowDeleted?: boolean;
  /** Templates are readable (and copyable) by every logged-in user. */
  allowTemplate?: boolean;
}

/**
 * The one guard of every project call: (user, project, power needed) → access, or
 * "401" logged out, "404" for a stranger (existence never leaks), "403" for too little power.
 */
export async function accessProject(
  query: Query,
  user: AuthUser | null,
  questionId: string,
  need: TPowerNeed,
  options: AccessOptions = {},
): Promise<ProjectAccess> {
  if (!user) {
    if (!options.allowTemplate || need !== 'read') throw unauthorized();
    const rows = await query<ProjectRow>('SELECT * FROM projects WHERE public_id = $1 AND is_template AND deleted_at IS NULL', [questionId]);
    if (!rows[0]) throw unauthorized();
    return { project: rows[0], powerType: null, isOwner: false };
  }
  const rows = await query<ProjectRow & { member_power: number | null }>(
    `SELECT p.*, m.power_type AS member_power FROM projects p
     LEFT JOIN project_members m ON m.project_id = p.id AND m.user_id = $2
     WHERE p.public_id = $1`,
    [questionId, user.id],
  );
  const row = rows[0];
  if (!row) throw notFound();
  const isOwner = row.owner_id === user.id;
  const powerType = (isOwner ? 1 : row.member_power) as TPowerType | null;
  if (row.is_template && !powerType) {
    if (options.allowTemplate && need === 'read' && !row.deleted_at) return { project: row, powerType: null, isOwner: false };
    throw notFound();
  }
  if (!powerType) throw notFound();
  if (row.deleted_at && !options.allowDeleted) throw notFound();
  if (need === 'owner') {
    if (!isOwner) throw forbidden('只有项目创建者可以进行此操作');
  } else if (!(POWER_NEEDS[need] as readonly number[]).includes(powerType)) {
    throw forbidden();
  }
  return { project: row, powerType, isOwner };
}
