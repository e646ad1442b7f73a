import { CHAIN_MESSAGES, type TChainSettings } from '../../../schemas/api/chain';
import type { Query } from '../../db/client';
import { badInput } from '../errors';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';
import { recordEvent } from './chain-events.service';
import type { ChainLive } from './chain-live.service';
import { lockChain, managedChain, readChain, settingsOf } from './chain-project.service';
import { tellPromoted } from './chain-notify.service';
import { promoteWaiting } from './chain-promote.service';
import { saveChainWechat } from './chain-wechat.service';

export interface SettingsPatch {
  cap?: number | null;
  waitlist?: boolean;
  multiple?: boolean;
  maskNames?: boolean;
  deadline?: string | null;
  pinnedNote?: string;
  closed?: boolean;
  /** 仅限微信授权参与: the owner's authorised official account, or null for off (chain-wechat.service.ts). */
  wechatAuthId?: number | null;
  /** 结果查询 by phone + SMS code (issue 48 item 4). */
  queryEnabled?: boolean;
}

const COLUMNS: Record<Exclude<keyof SettingsPatch, 'wechatAuthId'>, string> = {
  cap: 'cap',
  waitlist: 'waitlist',
  multiple: 'multiple',
  maskNames: 'mask_names',
  deadline: 'deadline',
  pinnedNote: 'pinned_note',
  closed: 'closed',
  queryEnabled: 'query_enabled',
};

/**
 * The creator's changes of a chain (settings, pinned note, close early or reopen), one transaction each on the
 * locked row: a cap raised or removed promotes the waiting entries that now fit; a cap below the places already
 * taken is refused. Every change is an event, so open pages follow it.
 */
export async function changeChain(deps: Deps, live: ChainLive, user: AuthUser | null, questionId: string, patch: SettingsPatch): Promise<TChainSettings> {
  const project = await managedChain(deps.database.query, user, questionId, 'edit');
  let promoted: string[] = [];
  const settings = await deps.database.transaction(async (query) => {
    const chain = await lockChain(query, project.id);
    if (patch.cap !== undefined && patch.cap !== null && patch.cap < chain.used)
      throw badInput(`${CHAIN_MESSAGES.capBelowJoined}（已报名${chain.used}人）`, 'cap');
    await applyPatch(query, project.id, patch, deps.now());
    if (patch.wechatAuthId !== undefined) await saveChainWechat(query, project.id, patch.wechatAuthId);
    promoted = await promoteWaiting(query, project.id, deps.now());
    await recordEvent(query, project.id, 'settings', null);
    return settingsOf(await readChain(query, project.id));
  });
  live.changed(project.id);
  await tellPromoted(deps, promoted);
  return settings;
}

async function applyPatch(query: Query, projectId: number, patch: SettingsPatch, now: Date): Promise<void> {
  const keys = (Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]).filter((key) => patch[key] !== undefined);
  if (!keys.length) return;
  const sets = keys.map((key, i) => `${COLUMNS[key]} = $${i + 3}`).join(', ');
  const values = keys.map((key) => (key === 'deadline' && patch.deadline ? new Date(patch.deadline) : patch[key]));
  // Saving a cap, or none (null), is the creator's choice that publishing asks for.
  const chosen = patch.cap !== undefined ? ', cap_chosen = true' : '';
  await query(`UPDATE chain_settings SET ${sets}${chosen}, updated_at = $2 WHERE project_id = $1`, [projectId, now, ...values]);
}
