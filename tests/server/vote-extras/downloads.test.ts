import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDownloadList, TExportJob } from '../../../schemas/api/export-jobs';
import type { TExportLink } from '../../../schemas/api/report';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { creator, makeVote } from './vote-fixture';

const dataDir = mkdtempSync(path.join(tmpdir(), 'wj-vote-exports-'));
let t: TestApp;
let owner: Awaited<ReturnType<typeof creator>>;
let stranger: Awaited<ReturnType<typeof creator>>;

beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual', env: { DATA_DIR: dataDir }, exportRunner: { worker: 'vote', progressIntervalMs: 0 } });
  owner = await creator(t);
  stranger = await creator(t);
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const D = 'activity/vote/download/';
const Q = 'activity/question/';
const ok = <T>(answer: { resultCode: string; resultMsg: string; data: T }) => {
  expect(answer.resultCode, answer.resultMsg).toBe('200');
  return answer.data;
};

let ballotSeq = 0;
/** Ballots as core's wj_vote writes them: a row per vote and the player's shard counter. */
async function ballots(voteDbId: number, playerPublicId: string, n: number, extra: { valid?: boolean; ip?: string; suspect?: string } = {}) {
  const [p] = await t.database.query<{ id: number }>('SELECT id FROM vote_players WHERE public_id = $1', [playerPublicId]);
  for (let i = 0; i < n; i++) {
    await t.database.query(
      `INSERT INTO vote_ballots (vote_id, player_id, ballot_id, voter_key, phone, day, ip, ip_area, device, shard, valid, suspect, suspect_reason)
       VALUES ($1, $2, $3, $4, $5, '2026-11-27', $6, '浙江 杭州', 'dev', $7, $8, $9, $10)`,
      [
        voteDbId,
        p!.id,
        `b-${++ballotSeq}`,
        `p:1380000${String(i).padStart(4, '0')}`,
        `1380000${String(i).padStart(4, '0')}`,
        extra.ip ?? '1.2.3.4',
        i % 16,
        extra.valid ?? true,
        Boolean(extra.suspect),
        extra.suspect ?? null,
      ],
    );
    if (extra.valid !== false) {
      await t.database.query(
        `INSERT INTO vote_player_counts AS c (vote_id, player_id, shard, n) VALUES ($1, $2, $3, 1) ON CONFLICT (player_id, shard) DO UPDATE SET n = c.n + 1`,
        [voteDbId, p!.id, i % 16],
      );
    }
  }
}

async function runAndFetch(job: TExportJob): Promise<Buffer> {
  expect(await t.app.exportRunner.runOnce()).toBe(job.jobId);
  const done = ok(await t.call<TExportJob>(`${Q}getDownload`, { jobId: job.jobId }, owner.headers));
  expect(done.status, done.error ?? '').toBe('done');
  const link = ok(await t.call<TExportLink>(`${Q}getDownloadUrl`, { jobId: job.jobId }, owner.headers));
  const response = await t.app.inject({ method: 'GET', url: link.url });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

async function sheets(file: Buffer): Promise<Record<string, unknown[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const out: Record<string, unknown[][]> = {};
  workbook.eachSheet((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    out[sheet.name] = rows;
  });
  return out;
}

describe('vote downloads through the export jobs', () => {
  it('exports the player statistics ranked by valid votes, listed in 我的下载 with the vote', async () => {
    const { voteId, id, players } = await makeVote(t, owner.id, { players: 3, title: '=最美教师' });
    await ballots(id, players[1]!, 5);
    await ballots(id, players[2]!, 2);
    await ballots(id, players[2]!, 4, { valid: false });
    const job = ok(await t.call<TExportJob>(`${D}getStatisticsPlayerDownload`, { voteId }, owner.headers));
    expect(job).toMatchObject({ status: 'queued', kind: 'xlsx', voteId, questionId: '', fileName: '=最美教师_选手统计.xlsx' });
    const list = ok(await t.call<TDownloadList>(`${Q}getDownloadList`, {}, owner.headers));
    expect(list.list[0]).toMatchObject({ jobId: job.jobId, voteId, projectTitle: '=最美教师' });
    const book = await sheets(await runAndFetch(job));
    expect(book['选手统计']).toEqual([
      ['排名', '选手编号', '选手名称', '分组', '有效票数', '审核状态'],
      [1, 2, '选手2', '小学组', 5, '已通过'],
      [2, 3, '选手3', '小学组', 2, '已通过'],
      [3, 1, '选手1', '小学组', 0, '已通过'],
    ]);
  });

  it('exports the vote detail with valid and suspect flags, formulas neutralised', async () => {
    const { voteId, id, players } = await makeVote(t, owner.id);
    await t.database.query(`UPDATE vote_players SET name = '=HYPERLINK("x")' WHERE public_id = $1`, [players[0]]);
    await ballots(id, players[0]!, 2, { suspect: 'burstIp' });
    await ballots(id, players[1]!, 1, { valid: false });
    const job = ok(await t.call<TExportJob>(`${D}getVotingDetailDownload`, { voteId }, owner.headers));
    const book = await sheets(await runAndFetch(job));
    const rows = book['投票明细']!;
    expect(rows).toHaveLength(4);
    expect(rows[1]).toEqual([
      1,
      1,
      `'=HYPERLINK("x")`,
      'p:13800000000',
      '13800000000',
      expect.any(String),
      '1.2.3.4',
      '浙江 杭州',
      'dev',
      '有效',
      '是',
      '同一IP短时间大量投票',
    ]);
    expect(rows[3]!.slice(9, 11)).toEqual(['无效', '否']);
  });

  it('exports all the data as three sheets, and the players’ photos as a zip', async () => {
    const { voteId, id, players } = await makeVote(t, owner.id);
    await ballots(id, players[0]!, 3);
    const all = await sheets(await runAndFetch(ok(await t.call<TExportJob>(`${D}getAllVotingDownload`, { voteId }, owner.headers))));
    expect(Object.keys(all).sort()).toEqual(['分组统计', '投票明细', '选手统计']);
    expect(all['分组统计']).toEqual([
      ['分组', '选手数', '有效票数'],
      ['小学组', 2, 3],
    ]);
    expect(all['投票明细']).toHaveLength(4);

    mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', 'p1.jpg'), Buffer.from('photo-one'));
    const zipJob = ok(await t.call<TExportJob>(`${D}getPlayerFileDownload`, { voteId }, owner.headers));
    expect(zipJob.kind).toBe('zip');
    const entries = unzipSync(new Uint8Array(await runAndFetch(zipJob)));
    expect(Object.keys(entries).sort()).toEqual(['001_选手1.jpg', '未能打包的照片.txt']);
    expect(Buffer.from(entries['001_选手1.jpg']!).toString()).toBe('photo-one');
    expect(Buffer.from(entries['未能打包的照片.txt']!).toString()).toContain('2号 选手2');
  });

  it('refuses red packets before one is paid in, strangers with "404", and fails a job whose vote went to the bin', async () => {
    const { voteId, id } = await makeVote(t, owner.id);
    const red = await t.call(`${D}getRedParkDownload`, { voteId }, owner.headers);
    expect(red.resultCode).toBe('400');
    expect(red.resultMsg).toBe('这个投票还没有充值红包，没有红包记录可下载');
    for (const name of ['getVotingDetailDownload', 'getRedParkDownload', 'getStatisticsPlayerDownload', 'getAllVotingDownload', 'getPlayerFileDownload']) {
      expect((await t.call(`${D}${name}`, { voteId }, stranger.headers)).resultCode, name).toBe('404');
    }
    const job = ok(await t.call<TExportJob>(`${D}getStatisticsPlayerDownload`, { voteId }, owner.headers));
    await t.database.query('UPDATE vote_activities SET deleted_at = now() WHERE id = $1', [id]);
    await t.app.exportRunner.runOnce();
    const failed = ok(await t.call<TExportJob>(`${Q}getDownload`, { jobId: job.jobId }, owner.headers));
    expect(failed).toMatchObject({ status: 'failed', error: '投票不存在或已删除' });
    expect((await t.call(`${Q}getDownload`, { jobId: job.jobId }, stranger.headers)).resultCode).toBe('404');
  });
});
