import type { TChainCounts, TChainEntry, TChainManageEntry, TChainSettings } from '../../../schemas/api/chain';
import { CHAIN_MESSAGES } from '../../../schemas/api/chain';
import { maskName } from '../../../schemas/chain/names';
import { SOLITAIRE_TYPE } from '../../../schemas/project-kinds';
import type { Query } from '../../db/client';
import type { ChainEntryRow, ChainSettingsRow } from '../../db/rows';
import { solitaireAccess, type SolitaireProject } from '../projects/solitaire-access.service';
import type { AuthUser } from '../access/sessions.service';
import { col, defineSql } from '../../db/sql';

export type ChainProject = SolitaireProject;

const access = solitaireAccess(SOLITAIRE_TYPE.signUp, CHAIN_MESSAGES.notChain);
/** A project of this kind as anyone reaches it by its link: live (not binned, not a template), or "404". */
export const publicChain = access.byLink;
/** Any 接龙 project by its link (sign-up, check-in, group-buy…): what their shared live feed opens. */
export const publicSolitaire = solitaireAccess('any', CHAIN_MESSAGES.notSolitaire).byLink;
/** A project of this kind as its creator or a collaborator reaches it: the power checked first. */
export const managedChain = access.managed;

/** The chain's row, made with the defaults the first time anyone needs it. */
export async function ensureChain(query: Query, projectId: number): Promise<void> {
  // Read first: an INSERT … ON CONFLICT against the existing row waits for whoever holds it (every join does).
  const found = await query('SELECT 1 FROM chain_settings WHERE project_id = $1', [projectId]);
  if (!found.length) await query('INSERT INTO chain_settings (project_id) VALUES ($1) ON CONFLICT (project_id) DO NOTHING', [projectId]);
}

/** Lock the chain's row for a change (every change of a chain takes it first, so they never deadlock). */
export async function lockChain(query: Query, projectId: number): Promise<ChainSettingsRow> {
  await ensureChain(query, projectId);
  const rows = await query<ChainSettingsRow>('SELECT * FROM chain_settings WHERE project_id = $1 FOR UPDATE', [projectId]);
  return rows[0]!;
}

export async function readChain(query: Query, projectId: number): Promise<ChainSettingsRow> {
  await ensureChain(query, projectId);
  const rows = await query<ChainSettingsRow>('SELECT * FROM chain_settings WHERE project_id = $1', [projectId]);
  return rows[0]!;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export const settingsOf = (row: ChainSettingsRow): TChainSettings => ({
  cap: row.cap,
  capChosen: row.cap_chosen,
  waitlist: row.waitlist,
  multiple: row.multiple,
  maskNames: row.mask_names,
  deadline: row.deadline ? iso(row.deadline) : null,
  pinnedNote: row.pinned_note,
  closed: row.closed,
  wechatAuthId: row.wechat_auth_id,
  queryEnabled: row.query_enabled,
});

const countsOfSql = defineSql(
  'chain-project.countsOf',
  { used: col.int, waiting: col.int, joined: col.int },
  `SELECT used, waiting, joined FROM chain_settings WHERE project_id = $1`,
);

export async function countsOf(query: Query, projectId: number): Promise<TChainCounts> {
  const rows = await countsOfSql.run(query, [projectId]);
  return countsOfRow(rows[0]);
}

/** A chain's counts from its row (or the part of it read). */
export const countsOfRow = (row: Pick<ChainSettingsRow, 'used' | 'joined' | 'waiting'> | undefined): TChainCounts => ({
  joinedPeople: row?.used ?? 0,
  joinedCount: row?.joined ?? 0,
  waitingCount: row?.waiting ?? 0,
});

/** An entry as the chain's pages show it (a stored row, or the one a join is about to store). */
export const publicEntry = (
  row: Pick<ChainEntryRow, 'public_id' | 'seq' | 'name' | 'answer' | 'people' | 'state' | 'created_at' | 'updated_at'>,
  mask: boolean,
): TChainEntry => ({
  entryId: row.public_id,
  seq: row.seq,
  name: mask ? maskName(row.name) : row.name,
  answer: row.answer,
  people: row.people,
  state: row.state,
  joinTime: iso(row.created_at),
  updateTime: iso(row.updated_at),
});

export const manageEntry = (row: ChainEntryRow, mask: boolean): TChainManageEntry => ({
  ...publicEntry(row, mask),
  realName: row.name,
  reason: row.reason,
});

/** Who is asking: the login when there is one, else the page's device key. */
export const participantOf = (user: AuthUser | null, deviceId: string | undefined): string | null =>
  user ? `u:${user.id}` : deviceId ? `d:${deviceId}` : null;

/**
 * A copy of a sign-up chain (a template's "use", a list's copy) starts with the source's settings: cap (and whether
 * it was chosen), waitlist,
 * entries per person, masked names and the pinned note; never its deadline, closing, entries or counters.
 * Nothing happens when the source has no chain row.
 */
export async function copyChainSettings(query: Query, fromProjectId: number, toQuestionId: string): Promise<void> {
  await query(
    `INSERT INTO chain_settings (project_id, cap, cap_chosen, waitlist, multiple, mask_names, pinned_note)
     SELECT p.id, c.cap, c.cap_chosen, c.waitlist, c.multiple, c.mask_names, c.pinned_note
     FROM chain_settings c, projects p WHERE c.project_id = $1 AND p.public_id = $2
     ON CONFLICT (project_id) DO NOTHING`,
    [fromProjectId, toQuestionId],
  );
}
