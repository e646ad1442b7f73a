import type { Query } from '../../../server/db/client';
import { submissionId } from '../../helpers/publish';
import type { TestApp } from '../../helpers/test-app';
import { buy } from '../../server/pay/pay-helpers';
import { callOk, type Filled } from './fill';

/** The tables whose new rows the acceptance names: sheets, orders, ballots, chain entries. */
export const ID_TABLES = ['answer_sheets', 'orders', 'vote_ballots', 'chain_entries'] as const;
export type IdMarks = Record<(typeof ID_TABLES)[number], { max: number; rows: number }>;

interface MarkRow {
  max: number | string | null;
  rows: number | string;
}
interface SplitRow {
  below: number | string;
  above: number | string;
}

export async function idMarks(query: Query): Promise<IdMarks> {
  const marks = {} as IdMarks;
  for (const table of ID_TABLES) {
    const [row] = await query<MarkRow>(`SELECT max(id) AS max, count(*) AS rows FROM ${table}`);
    marks[table] = { max: Number(row!.max ?? 0), rows: Number(row!.rows) };
  }
  return marks;
}

/** Per table: the rows at or below the old mark (must be the old rows, untouched) and the rows past it (the new ones). */
export async function idSplit(query: Query, marks: IdMarks): Promise<Record<string, { below: number; above: number }>> {
  const split: Record<string, { below: number; above: number }> = {};
  for (const table of ID_TABLES) {
    const [row] = await query<SplitRow>(`SELECT count(*) FILTER (WHERE id <= $1) AS below, count(*) FILTER (WHERE id > $1) AS above FROM ${table}`, [
      marks[table].max,
    ]);
    split[table] = { below: Number(row!.below), above: Number(row!.above) };
  }
  return split;
}

/** One new sheet, order, ballot and chain entry, each through its call (an id that collides fails the call). */
export async function writeOneOfEach(t: TestApp, filled: Filled, chainId: string): Promise<void> {
  const { questionId, choice, other } = filled.survey;
  await callOk(t, 'active/write/submit', {
    questionId,
    submissionId: submissionId(),
    deviceId: 'rt-after-move',
    durationSeconds: 40,
    answers: { [choice.uuid]: { optionIds: [`${choice.uuid}-o1`] }, [other.uuid]: { optionIds: [`${other.uuid}-o2`] } },
  });
  const order = await buy(t, filled.shop, 'rt-after-move', [{ productId: filled.shop.ticket, quantity: 1 }]);
  if (order.resultCode !== '200') throw new Error(`submit (order): ${order.resultCode} ${order.resultMsg}`);
  const toupiao = { host: 'toupiao.localhost' };
  const votes = await callOk<{ list: { voteId: string }[] }>(t, 'activity/vote/getVoteList', { page: 1, pageSize: 10 }, { token: filled.demo, ...toupiao });
  const voteId = votes.list[0]!.voteId;
  const players = await callOk<{ list: { playerId: string }[] }>(t, 'activity/player/getPlayerList', { voteId, page: 1, pageSize: 1 }, toupiao);
  await callOk(
    t,
    'activity/vote/getVotePraise',
    { voteId, ballotId: 'rt-after-move-1', playerIds: [players.list[0]!.playerId], deviceId: 'rt-after-move' },
    toupiao,
  );
  await callOk(t, 'activity/question/solitaire/joinChain', { questionId: chainId, deviceId: 'rt-after-move', name: '搬家后' });
}
