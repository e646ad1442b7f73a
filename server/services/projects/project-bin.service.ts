import type { Query } from '../../db/client';

/** Into the owner's recycle bin: out of every list, and paused. */
export async function moveToBin(query: Query, projectId: number): Promise<void> {
  await query('UPDATE projects SET deleted_at = now(), status = 0 WHERE id = $1 AND deleted_at IS NULL', [projectId]);
}

export async function restoreFromBin(query: Query, projectId: number): Promise<void> {
  await query('UPDATE projects SET deleted_at = NULL, updated_at = now() WHERE id = $1', [projectId]);
}

/** Projects matching `where` deleted with everything of theirs (the cascade; a sheet's choices are on its own row). */
const deleteProjects = (where: string) => `DELETE FROM projects WHERE ${where} RETURNING id`;

/** Delete for good one project that is in the bin; how many went (0 when it was not in the bin). */
export async function deleteFromBin(query: Query, projectId: number): Promise<number> {
  return (await query(deleteProjects('id = $1 AND deleted_at IS NOT NULL'), [projectId])).length;
}

/** Empty the owner's bin of one kind of project. */
export async function emptyBin(query: Query, ownerId: number, questionType: number): Promise<number> {
  return (await query(deleteProjects('owner_id = $1 AND question_type = $2 AND deleted_at IS NOT NULL AND NOT is_template'), [ownerId, questionType])).length;
}

/** Every project a user owns deleted for good (their account is being deleted); templates stay, being the site's. */
export async function deleteOwnedProjects(query: Query, ownerId: number): Promise<number> {
  return (await query(deleteProjects('owner_id = $1 AND NOT is_template'), [ownerId])).length;
}
