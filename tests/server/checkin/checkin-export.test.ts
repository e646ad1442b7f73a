import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCheckInRecord } from '../../../schemas/api/checkin';
import type { TDownloadList, TExportJob } from '../../../schemas/api/export-jobs';
import type { TCreateResult } from '../../../schemas/api/question';
import type { TExportLink } from '../../../schemas/api/report';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { at, device, photoOf, publishCheckIn, S } from './checkin-helpers';

/**
 * Issue 20 item 5 for the daily check-in: the creator's record goes to Excel through the export jobs (two sheets,
 * 打卡记录 and 成员统计) and shows in 我的下载; strangers are refused.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'wj-checkin-exports-'));
let clock = at('2026-12-01', '08:30');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock, jobs: 'manual', env: { DATA_DIR: dataDir }, exportRunner: { worker: 'checkin', progressIntervalMs: 0 } });
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const ok = <T>(answer: { resultCode: string; resultMsg: string; data: T }) => {
  expect(answer.resultCode, answer.resultMsg).toBe('200');
  return answer.data;
};
const checkIn = (questionId: string, deviceId: string, body: object) => t.call<{ record: TCheckInRecord }>(`${S}checkIn`, { questionId, deviceId, ...body });

async function sheets(file: Buffer): Promise<Record<string, unknown[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const out: Record<string, unknown[][]> = {};
  workbook.eachSheet((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push(Array.from({ length: sheet.columnCount }, (_, i) => (row.values as unknown[])[i + 1] ?? '')));
    out[sheet.name] = rows;
  });
  return out;
}

describe('exportCheckInList', () => {
  it('writes every check-in with its status, text, number and photos in Shanghai time, and each member’s days and streaks', async () => {
    const { questionId, owner } = await publishCheckIn(
      t,
      {
        startDay: '2026-12-01',
        endDay: '2026-12-07',
        windowStart: '06:00',
        windowEnd: '22:00',
        lateAfter: '21:00',
        numberMode: 'optional',
        numberLabel: '跑步',
        numberUnit: '公里',
        makeupDays: 3,
      },
      '12 月晨跑打卡',
    );
    const [zhang, li] = [device(), device()];
    clock = at('2026-12-01', '07:05');
    const photos = [await photoOf(t, questionId, zhang), await photoOf(t, questionId, zhang)];
    const first = ok(await checkIn(questionId, zhang, { name: '张三', text: '晨跑 5 公里', amount: 5, photos }));
    ok(await checkIn(questionId, li, { name: '=李四', text: '=1+1' }));
    clock = at('2026-12-02', '21:30');
    ok(await checkIn(questionId, zhang, { name: '张三', amount: 3 }));
    clock = at('2026-12-04', '09:00');
    ok(await checkIn(questionId, zhang, { name: '张三', day: '2026-12-03', text: '补昨天的' }));
    ok(await checkIn(questionId, zhang, { name: '张三' }));

    const job = ok(await t.call<TExportJob>(`${S}exportCheckInList`, { questionId }, owner.headers));
    expect(job).toMatchObject({ status: 'queued', kind: 'xlsx', questionId, projectTitle: '12 月晨跑打卡', fileName: '12 月晨跑打卡_打卡记录.xlsx' });
    const list = ok(await t.call<TDownloadList>('activity/question/getDownloadList', {}, owner.headers));
    expect(list.list[0]).toMatchObject({ jobId: job.jobId, questionId });

    expect(await t.app.exportRunner.runOnce()).toBe(job.jobId);
    const done = ok(await t.call<TExportJob>('activity/question/getDownload', { jobId: job.jobId }, owner.headers));
    expect(done.status, done.error ?? '').toBe('done');
    const link = ok(await t.call<TExportLink>('activity/question/getDownloadUrl', { jobId: job.jobId }, owner.headers));
    const response = await t.app.inject({ method: 'GET', url: link.url });
    expect(response.statusCode).toBe(200);
    const book = await sheets(response.rawPayload);
    expect(Object.keys(book)).toEqual(['打卡记录', '成员统计']);

    const records = book['打卡记录']!;
    expect(records[0]).toEqual(['日期', '姓名', '打卡时间', '状态', '文字', '数量', '照片数']);
    expect(records.slice(1).map((r) => [r[0], r[1], r[3], r[4], r[5], r[6]])).toEqual([
      ['2026-12-01', '张三', '准时', '晨跑 5 公里', 5, 2],
      ['2026-12-01', "'=李四", '准时', "'=1+1", '', 0],
      ['2026-12-02', '张三', '迟到', '', 3, 0],
      ['2026-12-03', '张三', '补卡', '补昨天的', '', 0],
      ['2026-12-04', '张三', '准时', '', '', 0],
    ]);
    expect(records[1]![2]).toBe('2026-12-01 07:05:00');
    expect(records[4]![2]).toBe('2026-12-04 09:00:00');
    expect(first.record.time).toBe('2026-11-30T23:05:00.000Z');

    // On 12-04 at 09:00: 张三 checked in every day (12-03 made up); 李四 only on 12-01, so 12-02 and 12-03 are missed.
    expect(book['成员统计']).toEqual([
      ['姓名', '打卡天数', '当前连续', '最长连续', '缺卡天数'],
      ['张三', 4, 4, 4, 0],
      ["'=李四", 1, 0, 1, 2],
    ]);
  });

  it('needs the report power: a stranger and a logged-out caller are refused, nothing is queued', async () => {
    const { questionId } = await publishCheckIn(t);
    const stranger = await loginNewUser(t);
    const refused = await t.call(`${S}exportCheckInList`, { questionId }, stranger.headers);
    expect(refused.resultCode).not.toBe('200');
    expect(await t.call(`${S}exportCheckInList`, { questionId })).toMatchObject({ resultCode: '401' });
    const list = ok(await t.call<TDownloadList>('activity/question/getDownloadList', {}, stranger.headers));
    expect(list.total).toBe(0);
  });

  it('refuses a project that is not a check-in', async () => {
    const owner = await loginNewUser(t);
    const created = ok(
      await t.call<TCreateResult>('activity/question/saveOrUpdateWxQuestion', { questionType: 5, solitaireType: 4, title: '周六羽毛球' }, owner.headers),
    );
    const answer = await t.call(`${S}exportCheckInList`, { questionId: created.questionId }, owner.headers);
    expect(answer).toMatchObject({ resultCode: '404', resultMsg: '该项目不是打卡接龙' });
  });
});
