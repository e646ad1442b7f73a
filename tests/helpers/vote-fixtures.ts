import { randomBytes } from 'node:crypto';
import type { TRequestOf } from '../../schemas/api/contract';
import type { voteCalls } from '../../schemas/api/vote';
import type { TVoteSettings } from '../../schemas/vote/vote-rules';
import type { TestApp } from './test-app';

type Headers = { token: string };

/** A running vote of `headers`' user with the rules given and players named in order (1号, 2号 …). */
export async function runningVote(
  t: TestApp,
  headers: Headers,
  options: { settings?: Partial<TVoteSettings>; players?: string[]; title?: string; basics?: Partial<TRequestOf<typeof voteCalls.saveOrUpdateVote>> } = {},
): Promise<{ voteId: string; playerIds: string[] }> {
  const voteId = await draftVote(t, headers, options);
  const started = await t.call('activity/vote/getVoteSuspendOrStart', { voteId, action: 'start' }, headers);
  if (started.resultCode !== '200') throw new Error(`start: ${started.resultMsg}`);
  return { voteId, playerIds: await addNames(t, headers, voteId, options.players ?? ['张三', '李四', '王五']) };
}

export async function draftVote(
  t: TestApp,
  headers: Headers,
  options: { settings?: Partial<TVoteSettings>; title?: string; basics?: Partial<TRequestOf<typeof voteCalls.saveOrUpdateVote>> } = {},
): Promise<string> {
  const saved = await t.call<{ voteId: string; isCreate: number }>(
    'activity/vote/saveOrUpdateVote',
    { title: options.title ?? '最美教师评选', settings: options.settings ?? {}, ...options.basics },
    headers,
  );
  if (saved.resultCode !== '200' || saved.data.isCreate !== 1) throw new Error(`saveOrUpdateVote: ${saved.resultCode} ${saved.resultMsg}`);
  return saved.data.voteId;
}

export async function addNames(t: TestApp, headers: Headers, voteId: string, names: string[]): Promise<string[]> {
  const added = await t.call<{ players: { playerId: string }[] }>('activity/player/batchNameAddPlayer', { voteId, names: names.join('\n') }, headers);
  if (added.resultCode !== '200') throw new Error(`batchNameAddPlayer: ${added.resultMsg}`);
  return added.data.players.map((p) => p.playerId);
}

export const ballotId = () => `b${randomBytes(9).toString('hex')}`;
export const deviceId = () => `d${randomBytes(9).toString('hex')}`;

/** One ballot; the envelope as it came. */
export function vote(t: TestApp, voteId: string, playerIds: string[], extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return t.call<{ remaining: number; replay: boolean; players: { playerId: string; votes: number | null }[]; voterToken: string | null; reason?: string }>(
    'activity/vote/getVotePraise',
    { voteId, playerIds, ballotId: ballotId(), deviceId: 'device-one', ...extra },
    headers,
  );
}
