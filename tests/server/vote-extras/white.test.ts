import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { creator, makeVote } from './vote-fixture';

let t: TestApp;
let owner: Awaited<ReturnType<typeof creator>>;
let stranger: Awaited<ReturnType<typeof creator>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await creator(t);
  stranger = await creator(t);
}, 60_000);
afterAll(() => t.close());

const W = 'activity/vote/white/';

describe('vote whitelist', () => {
  it('adds pasted numbers and names, counting duplicates and refusing lines without a number', async () => {
    const { voteId } = await makeVote(t, owner.id, { settings: { identity: 'sms' } });
    const text = ['13800001111 张三', '李四,13900002222', '+86 139 0000 2222', '１３７００００３３３３', '王五', '', '13800001111'].join('\n');
    const added = await t.call<{ added: number; duplicates: number; invalid: string[]; total: number }>(`${W}batchAddWhite`, { voteId, text }, owner.headers);
    expect(added.resultCode).toBe('200');
    expect(added.data).toEqual({ added: 3, duplicates: 2, invalid: ['王五'], total: 3 });
    const again = await t.call<{ added: number; duplicates: number }>(`${W}batchAddWhite`, { voteId, text: '13800001111\n13600004444' }, owner.headers);
    expect(again.data).toMatchObject({ added: 1, duplicates: 1 });

    const page = await t.call<{ list: { phone: string; name: string | null }[]; total: number }>(`${W}getWhitePage`, { voteId, pageSize: 2 }, owner.headers);
    expect(page.data.total).toBe(4);
    expect(page.data.list).toHaveLength(2);
    const search = await t.call<{ list: { phone: string; name: string | null }[] }>(`${W}getWhitePage`, { voteId, keyword: '李四' }, owner.headers);
    expect(search.data.list).toEqual([expect.objectContaining({ phone: '13900002222', name: '李四' })]);
    const all = await t.call<{ phone: string }[]>(`${W}getWhiteList`, { voteId }, owner.headers);
    expect(all.data.map((e) => e.phone).sort()).toEqual(['13600004444', '13700003333', '13800001111', '13900002222']);

    const del = await t.call<{ deleted: number }>(`${W}batchDelWhite`, { voteId, whiteIds: ['13600004444', '13000000000'] }, owner.headers);
    expect(del.data.deleted).toBe(1);
    const cleared = await t.call<{ deleted: number }>(`${W}batchDelWhite`, { voteId, all: true }, owner.headers);
    expect(cleared.data.deleted).toBe(3);
  });

  it('turns the list on only with an identity rule and a non-empty list, and the vote rules follow', async () => {
    const open = await makeVote(t, owner.id);
    const noIdentity = await t.call(`${W}updateWhiteSetting`, { voteId: open.voteId, whiteOpen: true }, owner.headers);
    expect(noIdentity.resultCode).toBe('400');
    expect(noIdentity.resultMsg).toContain('投票身份');

    const { voteId, id } = await makeVote(t, owner.id, { settings: { identity: 'login' } });
    const empty = await t.call(`${W}updateWhiteSetting`, { voteId, whiteOpen: true }, owner.headers);
    expect(empty.resultCode).toBe('400');
    await t.call(`${W}batchAddWhite`, { voteId, text: '13800001111' }, owner.headers);
    const on = await t.call<{ whiteOpen: boolean; total: number }>(`${W}updateWhiteSetting`, { voteId, whiteOpen: true }, owner.headers);
    expect(on.data).toMatchObject({ whiteOpen: true, total: 1 });
    const [row] = await t.database.query<{ settings: { whitelist: boolean; identity: string } }>('SELECT settings FROM vote_activities WHERE id = $1', [id]);
    expect(row!.settings).toMatchObject({ whitelist: true, identity: 'login' });
    const read = await t.call<{ whiteOpen: boolean; whiteTip: string }>(`${W}getWhiteSetting`, { voteId }, owner.headers);
    expect(read.data.whiteOpen).toBe(true);
    expect(read.data.whiteTip).toContain('白名单');
  });

  it('answers "404" to strangers and "401" without login, for every call', async () => {
    const { voteId } = await makeVote(t, owner.id, { settings: { identity: 'sms' } });
    const bodies: Record<string, object> = {
      getWhiteSetting: { voteId },
      getWhiteList: { voteId },
      getWhitePage: { voteId },
      batchAddWhite: { voteId, text: '13800001111' },
      batchDelWhite: { voteId, all: true },
      updateWhiteSetting: { voteId, whiteOpen: false },
    };
    for (const [name, body] of Object.entries(bodies)) {
      expect((await t.call(`${W}${name}`, body, stranger.headers)).resultCode, name).toBe('404');
      expect((await t.call(`${W}${name}`, body)).resultCode, name).toBe('401');
    }
    const [n] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM vote_whitelist w JOIN vote_activities v ON v.id = w.vote_id WHERE v.public_id = $1',
      [voteId],
    );
    expect(n!.n).toBe(0);
  });
});
