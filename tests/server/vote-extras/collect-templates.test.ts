import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCollection } from '../../../schemas/api/vote-extras-models';
import { seedTemplates } from '../../../server/seed/templates/seed-templates';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { creator, makeVote } from './vote-fixture';

/** Issue 46 item 6: 我的收藏 keeps templates of the template centre beside votes and players. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedTemplates(t.database);
}, 60_000);
afterAll(() => t.close());

const C = 'activity/collect/';
type Who = { headers: { token: string } };
const page = (who: Who, body: object = {}) => t.call<{ list: TCollection[]; total: number }>(`${C}getCollectionPage`, body, who.headers);
const set = (who: Who, body: object) => t.call<{ collected: boolean; collectionId: string | null }>(`${C}getCollectionSetting`, body, who.headers);

async function templates(n: number): Promise<{ questionId: string; title: string; questionType: number }[]> {
  const rows = await t.database.query<{ public_id: string; title: string; question_type: number }>(
    'SELECT public_id, title, question_type FROM projects WHERE is_template AND deleted_at IS NULL ORDER BY id LIMIT $1',
    [n],
  );
  return rows.map((r) => ({ questionId: r.public_id, title: r.title, questionType: r.question_type }));
}

describe(`favourite templates (${engineName()})`, () => {
  it('stars a template once however often it is clicked, lists it under 模板 beside votes and players, and unstars it', async () => {
    const [me, owner] = [await creator(t), await creator(t)];
    const [a, b] = await templates(2);
    expect((await t.call(`${C}getCollectionWhether`, { questionId: a!.questionId }, me.headers)).data).toEqual({ collected: false, collectionId: null });
    const clicks = await Promise.all([1, 2, 3].map(() => set(me, { questionId: a!.questionId })));
    expect(clicks.map((c) => c.data.collected)).toEqual([true, true, true]);
    expect(new Set(clicks.map((c) => c.data.collectionId)).size).toBe(1);
    await set(me, { questionId: b!.questionId });
    const { voteId, players } = await makeVote(t, owner.id, { title: '校园歌手大赛' });
    await set(me, { voteId, playerId: players[0] });

    const all = (await page(me)).data;
    expect(all.total).toBe(3);
    expect(all.list.map((c) => [c.kind, c.title])).toEqual([
      ['player', '选手1'],
      ['template', b!.title],
      ['template', a!.title],
    ]);
    const onlyTemplates = (await page(me, { kind: 'template', pageSize: 1, page: 2 })).data;
    expect(onlyTemplates.total).toBe(2);
    expect(onlyTemplates.list).toEqual([
      expect.objectContaining({ kind: 'template', title: a!.title, questionId: a!.questionId, questionType: a!.questionType, voteId: null }),
    ]);
    expect((await page(me, { kind: 'player' })).data.list).toEqual([
      expect.objectContaining({ kind: 'player', title: '选手1', voteTitle: '校园歌手大赛', playerId: players[0] }),
    ]);

    const off = await t.call<{ cancelled: number }>(`${C}getCollectionCancel`, { questionId: a!.questionId }, me.headers);
    expect(off.data.cancelled).toBe(1);
    expect((await t.call(`${C}getCollectionWhether`, { questionId: a!.questionId }, me.headers)).data).toEqual({ collected: false, collectionId: null });
    const unset = await set(me, { questionId: b!.questionId, collect: false });
    expect(unset.data).toEqual({ collected: false, collectionId: null });
    expect((await page(me, { kind: 'template' })).data.total).toBe(0);
  });

  it('another user’s favourites are neither listed nor cancelled by their ids', async () => {
    const [me, other] = [await creator(t), await creator(t)];
    const [a] = await templates(1);
    const mine = (await set(me, { questionId: a!.questionId })).data.collectionId!;
    expect((await page(other)).data).toEqual({ list: [], total: 0 });
    expect((await t.call<TCollection[]>(`${C}getCollectionList`, {}, other.headers)).data).toEqual([]);
    const byOther = await t.call<{ cancelled: number }>(`${C}getCollectionCancel`, { collectionIds: [mine] }, other.headers);
    expect(byOther.data.cancelled).toBe(0);
    expect((await page(me)).data.total).toBe(1);
    const byMe = await t.call<{ cancelled: number }>(`${C}getCollectionCancel`, { collectionIds: [mine] }, me.headers);
    expect(byMe.data.cancelled).toBe(1);
  });

  it('only templates of the centre can be starred; one taken out of the centre leaves the list', async () => {
    const me = await creator(t);
    const own = await t.call<{ questionId: string }>('activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: '我的问卷' }, me.headers);
    const refused = await set(me, { questionId: own.data.questionId });
    expect(refused).toMatchObject({ resultCode: '404', resultMsg: '模板不存在或已删除' });
    const [a] = await templates(1);
    await set(me, { questionId: a!.questionId });
    await t.database.query('UPDATE projects SET deleted_at = now() WHERE public_id = $1', [a!.questionId]);
    try {
      expect((await page(me)).data.total).toBe(0);
      expect((await set(me, { questionId: a!.questionId })).resultCode).toBe('404');
    } finally {
      await t.database.query('UPDATE projects SET deleted_at = NULL WHERE public_id = $1', [a!.questionId]);
    }
  });

  it('refuses a target that is neither or both, bad ids and kinds, with Chinese messages; needs login', async () => {
    const me = await creator(t);
    const [a] = await templates(1);
    const { voteId } = await makeVote(t, me.id);
    const cases: [object, string][] = [
      [{}, '请选择要收藏的投票、选手或模板'],
      [{ voteId, questionId: a!.questionId }, '请选择要收藏的投票、选手或模板'],
      [{ questionId: a!.questionId, playerId: 'player-0001' }, '请选择要收藏的投票、选手或模板'],
      [{ questionId: 'x' }, '模板编号无效'],
      [{ questionId: 'bad id!!' }, '模板编号无效'],
    ];
    for (const [body, message] of cases) {
      for (const call of ['getCollectionSetting', 'getCollectionWhether']) {
        const answer = await t.call(`${C}${call}`, body, me.headers);
        expect(answer.resultCode, `${call} ${JSON.stringify(body)}`).toBe('400');
        expect(answer.resultMsg).toContain(message);
      }
    }
    expect((await page(me, { kind: 'song' })).resultMsg).toContain('收藏类型无效');
    expect((await t.call(`${C}getCollectionSetting`, { questionId: a!.questionId })).resultCode).toBe('401');
  });
});
