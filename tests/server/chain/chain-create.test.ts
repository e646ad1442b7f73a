import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChainEntry, TChainManageView, TChainView } from '../../../schemas/api/chain';
import type { TDownloadList, TExportJob } from '../../../schemas/api/export-jobs';
import type { TCreateResult } from '../../../schemas/api/question';
import type { TExportLink } from '../../../schemas/api/report';
import { TEMPLATES } from '../../../server/seed/templates';
import { seedTemplates } from '../../../server/seed/templates/seed-templates';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { device, publishChain, S } from './chain-helpers';

/**
 * Issue 20 items 1 and 5 around the chain: a sign-up chain made from the template library is a working chain with
 * the template's settings; a blank one starts at the defaults; the creator's list goes to Excel through the export
 * jobs and shows in 我的下载.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'wj-chain-exports-'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual', env: { DATA_DIR: dataDir }, exportRunner: { worker: 'chain', progressIntervalMs: 0 } });
  await seedTemplates(t.database);
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const ok = <T>(answer: { resultCode: string; resultMsg: string; data: T }) => {
  expect(answer.resultCode, answer.resultMsg).toBe('200');
  return answer.data;
};

async function templateId(title: string): Promise<string> {
  const [row] = await t.database.query<{ public_id: string }>('SELECT public_id FROM projects WHERE is_template AND title = $1', [title]);
  return row!.public_id;
}

describe('sign-up chain templates', () => {
  it('using 拼车接龙 makes a sign-up chain with the template settings that takes joins, masks names and waitlists the fifth', async () => {
    const def = TEMPLATES.find((d) => d.title === '周五下班拼车回家接龙')!;
    const owner = await loginNewUser(t);
    const copy = ok(await t.call<TCreateResult>('activity/question/getQuestionCopy', { questionId: await templateId(def.title) }, owner.headers));
    const questionId = copy.questionId!;
    const info = ok(
      await t.call<{ title: string; questionType: number; solitaireType: number }>('activity/question/getWxQuestion', { questionId }, owner.headers),
    );
    expect(info).toMatchObject({ title: def.title, questionType: 5, solitaireType: 4 });

    const manage = ok(await t.call<TChainManageView>(`${S}getChainManage`, { questionId }, owner.headers));
    expect(manage.settings).toEqual({
      cap: 4,
      capChosen: true,
      waitlist: true,
      multiple: false,
      maskNames: true,
      deadline: null,
      pinnedNote: def.chain!.pinnedNote,
      closed: false,
      wechatAuthId: null,
      queryEnabled: false,
    });
    expect(manage.description).toBe(def.subtitle);
    expect(manage.entries).toEqual([]);

    ok(await t.call('activity/question/getQuestionStatus', { questionId, status: 1 }, owner.headers));
    const names = ['张伟', '李娜', '王芳', '刘洋', '陈静'];
    const joined: TChainEntry[] = [];
    for (const name of names) joined.push(ok(await t.call<{ entry: TChainEntry }>(`${S}joinChain`, { questionId, deviceId: device(), name })).entry);
    expect(joined.map((e) => e.state)).toEqual(['joined', 'joined', 'joined', 'joined', 'waitlisted']);
    const view = ok(await t.call<TChainView>(`${S}getChain`, { questionId }));
    expect(view.entries.map((e) => e.name)).toEqual(['张*', '李*', '王*', '刘*', '陈*']);
    expect(view.counts).toEqual({ joinedPeople: 4, joinedCount: 4, waitingCount: 1 });
    expect(view.settings.pinnedNote).toContain('车牌号');
  });

  it('the template itself keeps its settings and no entries; its use count goes up', async () => {
    const title = '部门年终聚餐报名';
    const [before] = await t.database.query<{ hot: number }>('SELECT hot FROM projects WHERE is_template AND title = $1', [title]);
    const owner = await loginNewUser(t);
    ok(await t.call<TCreateResult>('activity/question/getQuestionCopy', { questionId: await templateId(title) }, owner.headers));
    const [after] = await t.database.query<{ hot: number; cap: number; entries: number }>(
      `SELECT p.hot, c.cap, (SELECT count(*)::int FROM chain_entries e WHERE e.project_id = p.id) AS entries
       FROM projects p JOIN chain_settings c ON c.project_id = p.id WHERE p.is_template AND p.title = $1`,
      [title],
    );
    expect(after).toEqual({ hot: before!.hot + 1, cap: 30, entries: 0 });
  });

  it('a copy of a running chain takes its settings but not its entries, deadline or closing', async () => {
    const { questionId, owner } = await publishChain(t, { cap: 8, maskNames: true, deadline: new Date(Date.now() + 7 * 86_400_000).toISOString() });
    ok(await t.call(`${S}joinChain`, { questionId, deviceId: device(), name: '赵六' }));
    ok(await t.call(`${S}closeChain`, { questionId, closed: true }, owner.headers));
    const copy = ok(await t.call<TCreateResult>('activity/question/getQuestionCopy', { questionId }, owner.headers));
    const manage = ok(await t.call<TChainManageView>(`${S}getChainManage`, { questionId: copy.questionId }, owner.headers));
    expect(manage.settings).toMatchObject({ cap: 8, maskNames: true, deadline: null, closed: false });
    expect(manage.entries).toEqual([]);
  });

  it('a blank sign-up chain starts at the defaults: no cap, a waitlist, one entry per person, names shown', async () => {
    const owner = await loginNewUser(t);
    const created = ok(
      await t.call<TCreateResult>(
        'activity/question/saveOrUpdateWxQuestion',
        { questionType: 5, solitaireType: 4, title: '周三晚上篮球', subtitle: '体育馆 2 号场' },
        owner.headers,
      ),
    );
    const manage = ok(await t.call<TChainManageView>(`${S}getChainManage`, { questionId: created.questionId }, owner.headers));
    expect(manage.settings).toEqual({
      cap: null,
      capChosen: false,
      waitlist: true,
      multiple: false,
      maskNames: false,
      deadline: null,
      pinnedNote: '',
      closed: false,
      wechatAuthId: null,
      queryEnabled: false,
    });
    expect(manage.description).toBe('体育馆 2 号场');
    // Its page asks name, people and a note itself: it publishes without a question in the editor, once the creator
    // chose a cap or none (issue 43 item 2), and takes joins.
    const early = await t.call('activity/question/getQuestionStatus', { questionId: created.questionId, status: 1 }, owner.headers);
    expect(early).toMatchObject({ resultCode: '400', data: { reason: 'notReady', missing: ['capChoice'] } });
    ok(await t.call(`${S}saveChainSetting`, { questionId: created.questionId, cap: null }, owner.headers));
    ok(await t.call('activity/question/getQuestionStatus', { questionId: created.questionId, status: 1 }, owner.headers));
    const joined = ok(await t.call<{ entry: TChainEntry }>(`${S}joinChain`, { questionId: created.questionId, deviceId: device(), name: '孙七', people: 2 }));
    expect(joined.entry).toMatchObject({ seq: 1, state: 'joined', people: 2 });
  });

  it('other projects still need a question to publish', async () => {
    const owner = await loginNewUser(t);
    for (const body of [
      { questionType: 5, title: '反馈接龙' },
      { questionType: 1, title: '空问卷' },
    ]) {
      const created = ok(await t.call<TCreateResult>('activity/question/saveOrUpdateWxQuestion', body, owner.headers));
      const answer = await t.call('activity/question/getQuestionStatus', { questionId: created.questionId, status: 1 }, owner.headers);
      expect(answer.resultCode, body.title).toBe('400');
    }
  });
});

async function sheets(file: Buffer): Promise<Record<string, unknown[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const out: Record<string, unknown[][]> = {};
  workbook.eachSheet((sheet) => {
    const rows: unknown[][] = [];
    // Empty cells read back as holes: as the creator sees them in Excel, blank.
    sheet.eachRow((row) => rows.push(Array.from({ length: sheet.columnCount }, (_, i) => (row.values as unknown[])[i + 1] ?? '')));
    out[sheet.name] = rows;
  });
  return out;
}

describe('exportChainList', () => {
  it('writes every entry with its state, reason and Shanghai times, listed in 我的下载', async () => {
    const { questionId, owner } = await publishChain(t, { cap: 2 });
    const a = device();
    const first = ok(await t.call<{ entry: TChainEntry }>(`${S}joinChain`, { questionId, deviceId: a, name: '张三', answer: '带两支拍', people: 1 })).entry;
    const second = ok(await t.call<{ entry: TChainEntry }>(`${S}joinChain`, { questionId, deviceId: device(), name: '=李四', answer: '', people: 1 })).entry;
    ok(await t.call<{ entry: TChainEntry }>(`${S}joinChain`, { questionId, deviceId: device(), name: '王五', answer: '晚到半小时' }));
    ok(await t.call<{ entry: TChainEntry }>(`${S}joinChain`, { questionId, deviceId: device(), name: '赵六' }));
    ok(await t.call(`${S}withdrawChainEntry`, { questionId, deviceId: a, entryId: first.entryId }));
    ok(await t.call(`${S}removeChainEntry`, { questionId, entryId: second.entryId, reason: '重复报名' }, owner.headers));

    const job = ok(await t.call<TExportJob>(`${S}exportChainList`, { questionId }, owner.headers));
    expect(job).toMatchObject({ status: 'queued', kind: 'xlsx', questionId, projectTitle: '周六羽毛球报名', fileName: '周六羽毛球报名_接龙名单.xlsx' });
    const list = ok(await t.call<TDownloadList>('activity/question/getDownloadList', {}, owner.headers));
    expect(list.list[0]).toMatchObject({ jobId: job.jobId, questionId });

    expect(await t.app.exportRunner.runOnce()).toBe(job.jobId);
    const done = ok(await t.call<TExportJob>('activity/question/getDownload', { jobId: job.jobId }, owner.headers));
    expect(done.status, done.error ?? '').toBe('done');
    const link = ok(await t.call<TExportLink>('activity/question/getDownloadUrl', { jobId: job.jobId }, owner.headers));
    const response = await t.app.inject({ method: 'GET', url: link.url });
    expect(response.statusCode).toBe(200);
    const book = await sheets(response.rawPayload);
    const rows = book['接龙名单']!;
    expect(rows[0]).toEqual(['序号', '接龙顺序', '姓名', '人数', '备注', '状态', '移除原因', '接龙时间', '最后修改时间']);
    // Withdrawn 1 and removed 2 freed both places: 3 and 4 were promoted in order, and are numbered 1 and 2 now.
    expect(rows.slice(1).map((r) => r.slice(0, 7))).toEqual([
      ['', 1, '张三', 1, '带两支拍', '已退出', ''],
      ['', 2, "'=李四", 1, '', '已移除', '重复报名'],
      [1, 3, '王五', 1, '晚到半小时', '已报名', ''],
      [2, 4, '赵六', 1, '', '已报名', ''],
    ]);
    const [joinedAt] = await t.database.query<{ created_at: Date }>('SELECT created_at FROM chain_entries WHERE public_id = $1', [first.entryId]);
    const shanghai = new Date(joinedAt!.created_at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(rows[1]![7]).toBe(shanghai);
  });

  it('needs the report power: a stranger and a logged-out caller are refused, nothing is queued', async () => {
    const { questionId } = await publishChain(t);
    const stranger = await loginNewUser(t);
    const refused = await t.call(`${S}exportChainList`, { questionId }, stranger.headers);
    expect(refused.resultCode).not.toBe('200');
    expect(await t.call(`${S}exportChainList`, { questionId })).toMatchObject({ resultCode: '401' });
    const list = ok(await t.call<TDownloadList>('activity/question/getDownloadList', {}, stranger.headers));
    expect(list.total).toBe(0);
  });

  it('refuses a project that is not a sign-up chain', async () => {
    const owner = await loginNewUser(t);
    const created = ok(await t.call<TCreateResult>('activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: '满意度调查' }, owner.headers));
    const answer = await t.call(`${S}exportChainList`, { questionId: created.questionId }, owner.headers);
    expect(answer).toMatchObject({ resultCode: '404', resultMsg: '该项目不是报名接龙' });
  });
});
