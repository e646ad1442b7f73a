import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { seedVoteTemplates } from '../../../server/services/vote-extras/vote-templates.service';
import { VOTE_TEMPLATES } from '../../../server/seed/vote-templates';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { creator, makeVote } from './vote-fixture';

let t: TestApp;
let user: Awaited<ReturnType<typeof creator>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedVoteTemplates(t.database);
  user = await creator(t);
}, 60_000);
afterAll(() => t.close());

const V = 'activity/vote/';
const A = 'wxApplet/vote/';
type Template = { templateId: string; title: string; playerCount: number; playerTypes: string[]; useCount: number; category: string };

describe('vote templates', () => {
  it('are seeded once as template votes the library lists, with categories and search', async () => {
    expect(await seedVoteTemplates(t.database)).toBe(false);
    const page = await t.call<{ list: Template[]; total: number; categories: string[] }>(`${V}getPageWxAppletTemplate`, { pageSize: 20 });
    expect(page.data.total).toBe(VOTE_TEMPLATES.length);
    expect(page.data.categories).toContain('评选');
    expect(page.data.list.find((x) => x.title === '最美教师评选')).toMatchObject({ playerCount: 6, playerTypes: ['小学组', '初中组', '高中组'] });
    const search = await t.call<{ list: Template[] }>(`${V}getPageWxAppletTemplate`, { keyword: '员工' });
    expect(search.data.list.map((x) => x.title)).toEqual(['年度优秀员工评选']);
    const rec = await t.call<Template[]>(`${V}getVoteRecommendList`, {});
    expect(rec.data.length).toBeGreaterThan(0);
    // Templates are not votes anyone can vote on or manage.
    const id = page.data.list[0]!.templateId;
    expect((await t.call(`${V}getPageWxAppletPicture`, { voteId: id })).resultCode).toBe('404');
  });

  it('shows a template’s rules and players, and using it creates the caller’s draft with groups and players', async () => {
    const page = await t.call<{ list: Template[] }>(`${V}getPageWxAppletTemplate`, { category: '评选' });
    const template = page.data.list[0]!;
    const detail = await t.call<{ rules: string[]; players: { name: string; type: string | null }[] }>(`${A}getWxAppletTemplate`, {
      templateId: template.templateId,
    });
    expect(detail.data.rules[0]).toContain('每天可投3票');
    expect(detail.data.players[0]).toMatchObject({ name: '王老师', type: '小学组' });

    expect((await t.call(`${A}getTemplateByVoteId`, { templateId: template.templateId })).resultCode).toBe('401');
    const used = await t.call<{ voteId: string; isCreate: number }>(`${A}getTemplateByVoteId`, { templateId: template.templateId }, user.headers);
    expect(used.data.isCreate).toBe(1);
    const [vote] = await t.database.query<{
      owner_id: number;
      is_template: boolean;
      status: string;
      settings: { votesPerVoter: number };
      player_seq: number;
      id: number;
    }>('SELECT id, owner_id, is_template, status, settings, player_seq FROM vote_activities WHERE public_id = $1', [used.data.voteId]);
    expect(vote).toMatchObject({ owner_id: user.id, is_template: false, status: 'draft', player_seq: 6 });
    expect(vote!.settings.votesPerVoter).toBe(3);
    const players = await t.database.query<{ no: number; name: string; type: string }>(
      'SELECT p.no, p.name, t.name AS type FROM vote_players p JOIN vote_player_types t ON t.id = p.type_id WHERE p.vote_id = $1 ORDER BY p.no',
      [vote!.id],
    );
    expect(players.map((p) => `${p.no}${p.name}${p.type}`)).toEqual([
      '1王老师小学组',
      '2李老师小学组',
      '3陈老师初中组',
      '4赵老师初中组',
      '5刘老师高中组',
      '6张老师高中组',
    ]);
    const after = await t.call<{ list: Template[] }>(`${V}getPageWxAppletTemplate`, { category: '评选' });
    expect(after.data.list[0]!.useCount).toBe(1);
    expect((await t.call(`${A}getTemplateByVoteId`, { templateId: 'nonexistent1' }, user.headers)).resultCode).toBe('404');
  });

  it('counts against the daily creation limit', async () => {
    const busy = await creator(t);
    await t.database.query(`INSERT INTO daily_creations (user_id, day, count) VALUES ($1, (now() AT TIME ZONE 'Asia/Shanghai')::date, 20)`, [busy.id]);
    const page = await t.call<{ list: Template[] }>(`${V}getPageWxAppletTemplate`, {});
    const refused = await t.call<{ isCreate: number }>(`${A}getTemplateByVoteId`, { templateId: page.data.list[0]!.templateId }, busy.headers);
    expect(refused.data.isCreate).toBe(0);
  });
});

describe('cases, poster and QR code', () => {
  it('lists scene cases linked to templates', async () => {
    const list = await t.call<{ caseId: string; industry: string }[]>(`${V}getVoteCaseList`, { industry: '教育' });
    expect(list.data.map((c) => c.caseId)).toEqual(['school-teacher']);
    const detail = await t.call<{ content: string[]; templateId: string | null }>(`${V}getVoteCaseDetail`, { caseId: 'school-teacher' });
    expect(detail.data.content.length).toBeGreaterThan(2);
    expect(detail.data.templateId).toMatch(/^[\w-]+$/);
    expect((await t.call(`${V}getVoteCaseDetail`, { caseId: 'nope' })).resultCode).toBe('404');
    expect((await t.call<unknown[]>(`${V}getRecommendedCaseList`, {})).data.length).toBe(3);
  });

  it('makes a poster with a PNG QR code of the voting page, and the player’s votes only when counts are shown', async () => {
    const owner = await creator(t);
    const { voteId, id, players } = await makeVote(t, owner.id);
    const [p] = await t.database.query<{ id: number }>('SELECT id FROM vote_players WHERE public_id = $1', [players[0]]);
    await t.database.query('INSERT INTO vote_player_counts (vote_id, player_id, shard, n) VALUES ($1, $2, 0, 4), ($1, $2, 3, 3)', [id, p!.id]);
    const poster = await t.call<{ url: string; qrPng: string; playerNo: number; votes: number | null; title: string }>(
      `${V}getPageWxAppletPicture`,
      { voteId, playerId: players[0] },
      { host: 'toupiao.localhost:5195' },
    );
    expect(poster.data).toMatchObject({ title: '最美教师评选', playerNo: 1, votes: 7 });
    expect(poster.data.url).toBe(`http://toupiao.localhost:5195/v/${voteId}?playerId=${players[0]}`);
    const png = Buffer.from(poster.data.qrPng.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect((await sharp(png).metadata()).format).toBe('png');

    await t.database.query(`UPDATE vote_activities SET settings = '{"showCounts": false}'::jsonb WHERE id = $1`, [id]);
    expect((await t.call<{ votes: number | null }>(`${V}getPageWxAppletPicture`, { voteId, playerId: players[0] })).data.votes).toBeNull();
    const other = await makeVote(t, owner.id);
    expect((await t.call(`${V}getPageWxAppletPicture`, { voteId, playerId: other.players[0] })).resultCode).toBe('404');
    const code = await t.call<{ url: string; qrPng: string }>(`${A}getAppletCode`, { voteId, appletSource: 7 });
    expect(code.data.qrPng).toMatch(/^data:image\/png;base64,/);
  });
});
