import type { Database, Query } from '../../db/client';
import { conflict, notFound } from '../errors';
import type { AuthUser } from '../access/sessions.service';
import { publicVote, accessVote } from './vote-access.service';
import { cleanTitle } from './vote-text';
import { col, defineSql } from '../../db/sql';

type TypeRow = { id: number; name: string; sort: number; player_count: number };
const view = (r: TypeRow) => ({ typeId: r.id, name: r.name, sort: r.sort, playerCount: r.player_count });

export async function typesOf(query: Query, voteId: number, approvedOnly: boolean) {
  const rows = await query<TypeRow>(
    `SELECT t.id, t.name, t.sort, (SELECT count(*)::int FROM vote_players p WHERE p.type_id = t.id ${approvedOnly ? "AND p.review = 'approved'" : ''}) AS player_count
     FROM vote_player_types t WHERE t.vote_id = $1 ORDER BY t.sort, t.id`,
    [voteId],
  );
  return rows.map(view);
}

/** getPlayerTypeList: for the voting page (any vote out of the bin) or the owner (also in the bin). */
export async function listTypes(database: Database, user: AuthUser | null, voteId: string) {
  const vote = await publicVote(database.query, voteId).catch(async (error) => {
    if (!user) throw error;
    return (await accessVote(database.query, user, voteId, { allowDeleted: true })).vote;
  });
  return typesOf(database.query, vote.id, !user || vote.owner_id !== user.id);
}

/** Group names are unique in a vote (the import and copies find groups by name). */
async function nameTaken(query: Query, voteId: number, name: string, except: number | null): Promise<boolean> {
  return (await query('SELECT 1 FROM vote_player_types WHERE vote_id = $1 AND name = $2 AND id <> coalesce($3, 0)', [voteId, name, except])).length > 0;
}

export async function saveType(database: Database, user: AuthUser, body: { voteId: string; typeId?: number; name: string; sort?: number }) {
  return database.transaction(async (query) => {
    const { vote } = await accessVote(query, user, body.voteId, { lock: true });
    const name = cleanTitle(body.name, '分组名称');
    if (await nameTaken(query, vote.id, name, body.typeId ?? null)) throw conflict(`分组「${name}」已存在`);
    const rows = body.typeId
      ? await query<TypeRow>(
          'UPDATE vote_player_types SET name = $3, sort = coalesce($4, sort) WHERE id = $2 AND vote_id = $1 RETURNING id, name, sort, 0 AS player_count',
          [vote.id, body.typeId, name, body.sort ?? null],
        )
      : await query<TypeRow>(
          `INSERT INTO vote_player_types (vote_id, name, sort) VALUES ($1, $2, coalesce($3, (SELECT coalesce(max(sort) + 1, 0) FROM vote_player_types WHERE vote_id = $1)))
           RETURNING id, name, sort, 0 AS player_count`,
          [vote.id, name, body.sort ?? null],
        );
    if (!rows[0]) throw notFound('分组不存在');
    return (await typesOf(query, vote.id, false)).find((t) => t.typeId === rows[0]!.id)!;
  });
}

const ensureTypesSql = defineSql('player-types.ensureTypes', { id: col.int, name: col.text }, 'SELECT id, name FROM vote_player_types WHERE vote_id = $1');

/** The group ids of names, creating the missing ones (the vote row is locked by the caller). */
export async function ensureTypes(query: Query, voteId: number, names: string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(names.map((n) => cleanTitle(n, '分组名称')))];
  for (const name of wanted)
    await query(
      `INSERT INTO vote_player_types (vote_id, name, sort) SELECT $1, $2, (SELECT coalesce(max(sort) + 1, 0) FROM vote_player_types WHERE vote_id = $1)
       WHERE NOT EXISTS (SELECT 1 FROM vote_player_types WHERE vote_id = $1 AND name = $2)`,
      [voteId, name],
    );
  const rows = await ensureTypesSql.run(query, [voteId]);
  return new Map(rows.map((r) => [r.name, r.id]));
}

export async function addTypes(database: Database, user: AuthUser, voteId: string, names: string[]) {
  return database.transaction(async (query) => {
    const { vote } = await accessVote(query, user, voteId, { lock: true });
    await ensureTypes(query, vote.id, names);
    return typesOf(query, vote.id, false);
  });
}

/** delWxPlayerType: the group goes; its players stay, without a group. */
export async function deleteType(database: Database, user: AuthUser, voteId: string, typeId: number): Promise<null> {
  const { vote } = await accessVote(database.query, user, voteId);
  const rows = await database.query('DELETE FROM vote_player_types WHERE id = $1 AND vote_id = $2 RETURNING id', [typeId, vote.id]);
  if (!rows.length) throw notFound('分组不存在');
  return null;
}
