import type { TChainManageView, TChainView } from '../../../schemas/api/chain';
import { missingNames, parseNameList } from '../../../schemas/chain/names';
import { CHAIN_LIMITS } from '../../../schemas/chain/limits';
import type { ChainEntryRow } from '../../db/rows';
import { badInput } from '../errors';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';
import { lastEventId } from './chain-events.service';
import {
  countsOf,
  manageEntry,
  managedChain,
  participantOf,
  publicChain,
  publicSolitaire,
  publicEntry,
  readChain,
  settingsOf,
  type ChainProject,
} from './chain-project.service';
import { col, defineSql } from '../../db/sql';
import { chainViewer, type ChainCaller } from './chain-wechat.service';

/**
 * What a chain's page shows. The feed position is read before the list, so a change committed in between is in
 * the list and replayed by the stream (pages apply events by entry id), never lost.
 */
async function viewOf(deps: Deps, project: ChainProject, states: string[]) {
  const { query } = deps.database;
  const after = await lastEventId(query, project.id);
  const chain = await readChain(query, project.id);
  const rows = await query<ChainEntryRow>('SELECT * FROM chain_entries WHERE project_id = $1 AND state = ANY($2) ORDER BY seq', [project.id, states]);
  return {
    chain,
    rows,
    base: {
      questionId: project.public_id,
      title: project.title,
      description: project.subtitle ?? '',
      status: project.status,
      settings: settingsOf(chain),
      counts: await countsOf(query, project.id),
      lastEventId: after,
      serverTime: deps.now().toISOString(),
    },
  };
}

export async function getChain(deps: Deps, user: AuthUser | null, questionId: string, caller: ChainCaller): Promise<TChainView> {
  const project = await publicChain(deps.database.query, questionId);
  const { chain, rows, base } = await viewOf(deps, project, ['joined', 'waitlisted']);
  const me = chainViewer(deps, chain, user, caller);
  return {
    ...base,
    entries: rows.map((row) => publicEntry(row, chain.mask_names)),
    mine: rows.filter((row) => me !== null && row.participant === me).map((row) => row.public_id),
  };
}

/** The creator's list: every entry, withdrawn and removed ones too, with real names. */
export async function getChainManage(deps: Deps, user: AuthUser | null, questionId: string): Promise<TChainManageView> {
  const project = await managedChain(deps.database.query, user, questionId, 'read');
  const { chain, rows, base } = await viewOf(deps, project, ['joined', 'waitlisted', 'withdrawn', 'removed']);
  const me = participantOf(user, undefined);
  return {
    ...base,
    powerType: project.powerType,
    entries: rows.map((row) => manageEntry(row, chain.mask_names)),
    mine: rows.filter((row) => row.participant === me).map((row) => row.public_id),
  };
}

const chainMissingSql = defineSql(
  'chain-read.chainMissing',
  { name: col.text },
  `SELECT name FROM chain_entries WHERE project_id = $1 AND state IN ('joined', 'waitlisted')`,
);

/** 未接龙: who of a pasted name list has no joined or waiting entry. */
export async function chainMissing(deps: Deps, user: AuthUser | null, questionId: string, text: string) {
  const project = await managedChain(deps.database.query, user, questionId, 'read');
  const expected = parseNameList(text);
  if (expected.length > CHAIN_LIMITS.missingNames) throw badInput(`名单最多${CHAIN_LIMITS.missingNames}人`, 'names');
  const rows = await chainMissingSql.run(deps.database.query, [project.id]);
  const missing = missingNames(
    expected,
    rows.map((r) => r.name),
  );
  const missingSet = new Set(missing);
  return { expected: expected.length, missing, joined: expected.filter((name) => !missingSet.has(name)) };
}

/** Where a page's live feed starts: the position it asked for, or now. "404" for anything but a live 接龙 project. */
export async function chainFeedStart(deps: Deps, questionId: string, asked: number | undefined): Promise<{ projectId: number; last: number }> {
  const project = await publicSolitaire(deps.database.query, questionId);
  return { projectId: project.id, last: asked ?? (await lastEventId(deps.database.query, project.id)) };
}
