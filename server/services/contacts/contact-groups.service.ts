import { CONTACT_MESSAGES, UNGROUPED_NAME, type TContactGroup, type TGroupList } from '../../../schemas/api/contacts';
import type { Database, Query } from '../../db/client';
import type { Deps } from '../deps';
import { badInput, conflict, notFound } from '../errors';
import { countOf } from './contact-cap';
import type { CountOf, GroupCountRow, GroupNameRow, IdRow } from './contact-rows';

/**
 * 分组 (activity/contact/*ContactGroup*): a user's groups with their counts. A contact is in at most one group; a
 * deleted group's contacts become 未分组, or go with it when the caller asks (delContactGroup withContacts).
 */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** The caller's group, or "404" (another user's group answers the same as a missing one). */
export async function ownGroup(query: Query, userId: number, groupId: number): Promise<{ id: number; name: string }> {
  const [row] = await query<GroupNameRow>('SELECT id, name FROM contact_groups WHERE id = $1 AND user_id = $2', [groupId, userId]);
  if (!row) throw notFound(CONTACT_MESSAGES.groupNotFound);
  return row;
}

/** getContactGroupNameList: the groups by creation, each with its count, then 未分组 and the whole book. */
export async function groupList(query: Query, userId: number): Promise<TGroupList> {
  const rows = await query<GroupCountRow>(
    `SELECT g.id, g.name, (SELECT count(*) FROM contacts c WHERE c.user_id = $1 AND c.group_id = g.id) AS n
       FROM contact_groups g WHERE g.user_id = $1 ORDER BY g.id`,
    [userId],
  );
  const [all] = await query<CountOf<'total' | 'ungrouped'>>(
    'SELECT count(*) AS total, count(*) FILTER (WHERE group_id IS NULL) AS ungrouped FROM contacts WHERE user_id = $1',
    [userId],
  );
  return {
    list: rows.map((r) => ({ groupId: r.id, name: r.name, count: Number(r.n) })),
    ungrouped: Number(all?.ungrouped ?? 0),
    total: Number(all?.total ?? 0),
  };
}

/** getContactGroupTotal: how big the book is. */
export async function groupTotal(query: Query, userId: number) {
  const list = await groupList(query, userId);
  return { groups: list.list.length, contacts: list.total, fields: await countOf(query, userId, 'fields'), ungrouped: list.ungrouped };
}

/** saveOrUpdateContactGroup: a new group (within the limit, one conditional INSERT) or a new name for one. */
export async function saveGroup(deps: Pick<Deps, 'database' | 'contactCap'>, userId: number, body: { groupId?: number; name: string }): Promise<TContactGroup> {
  if (body.name === UNGROUPED_NAME) throw badInput(CONTACT_MESSAGES.groupReserved, 'name');
  const { database, contactCap } = deps;
  try {
    if (body.groupId !== undefined) return await renameGroup(database.query, userId, body.groupId, body.name);
    if (!(await contactCap.precheck(database.query, userId, 'groups', 1))) throw badInput(CONTACT_MESSAGES.tooManyGroups);
    return await database.transaction(async (query) => {
      const guard = await contactCap.guard(query, userId, 'groups', 1);
      const [row] = await query<IdRow>(`INSERT INTO contact_groups (user_id, name) SELECT $1, $2 WHERE ${guard} RETURNING id`, [userId, body.name]);
      if (!row) throw badInput(CONTACT_MESSAGES.tooManyGroups);
      return { groupId: row.id, name: body.name, count: 0 };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CONTACT_MESSAGES.groupTaken);
    throw error;
  }
}

async function renameGroup(query: Query, userId: number, groupId: number, name: string): Promise<TContactGroup> {
  const [row] = await query<IdRow & CountOf<'n'>>(
    `UPDATE contact_groups g SET name = $3 WHERE g.id = $1 AND g.user_id = $2
     RETURNING g.id, (SELECT count(*) FROM contacts c WHERE c.group_id = g.id) AS n`,
    [groupId, userId, name],
  );
  if (!row) throw notFound(CONTACT_MESSAGES.groupNotFound);
  return { groupId: row.id, name, count: Number(row.n) };
}

/** delContactGroup: the group goes; its contacts become 未分组 (the foreign key's SET NULL) or are deleted with it; answers how many. */
export async function delGroup(database: Database, userId: number, body: { groupId: number; withContacts: boolean }): Promise<{ contacts: number }> {
  return database.transaction(async (query) => {
    await ownGroup(query, userId, body.groupId);
    const gone = body.withContacts
      ? await query('DELETE FROM contacts WHERE user_id = $1 AND group_id = $2 RETURNING id', [userId, body.groupId])
      : await query('SELECT id FROM contacts WHERE user_id = $1 AND group_id = $2', [userId, body.groupId]);
    await query('DELETE FROM contact_groups WHERE id = $1 AND user_id = $2', [body.groupId, userId]);
    return { contacts: gone.length };
  });
}
