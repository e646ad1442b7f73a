import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_DIRECT_MAX_SHEETS, type TDownloadList, type TExportJob } from '../../../schemas/api/export-jobs';
import type { TExportLink } from '../../../schemas/api/report';
import type { TSubject } from '../../../schemas/subjects/registry';
import { FONT_MISSING_MESSAGE } from '../../../server/jobs/cjk-font';
import { claimJob } from '../../../server/jobs/export-queue';
import { createExportRunner } from '../../../server/jobs/export-runner';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { readPdf } from '../../helpers/pdf-text';
import { publishProject, submissionId } from '../../helpers/publish';
import { naiveClaim } from '../../helpers/naive-strategies';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

const R = 'question/statement/';
const Q = 'activity/question/';
const dataDir = mkdtempSync(path.join(tmpdir(), 'wj-exports-'));
let t: TestApp;
let owner: { headers: { token: string }; phone: string };
const progressSeen = new Map<string, number[]>();

beforeAll(async () => {
  t = await createTestApp({
    jobs: 'manual',
    env: { DATA_DIR: dataDir },
    exportRunner: {
      worker: 'main',
      progressIntervalMs: 0,
      log: (message, error) => console.error(message, error),
      onProgress: (jobId, p) => progressSeen.set(jobId, [...(progressSeen.get(jobId) ?? []), p]),
    },
  });
  owner = await loginNewUser(t, 4);
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const opts = (prefix: string, titles: string[]) => titles.map((title, i) => ({ uuid: `${prefix}${i}`, title }));
const ok = <T>(answer: { resultCode: string; resultMsg: string; data: T }) => {
  expect(answer.resultCode, answer.resultMsg).toBe('200');
  return answer.data;
};
const createJob = async (body: object, headers = owner.headers) => t.call<TExportJob>(`${R}createExportJob`, body, headers);
const jobOf = async (jobId: string, headers = owner.headers) => ok(await t.call<TExportJob>(`${Q}getDownload`, { jobId }, headers));
const projectId = async (questionId: string) => (await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId]))[0]!.id;
const userId = async (phone: string) => (await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]))[0]!.id;

async function download(jobId: string, headers = owner.headers) {
  const link = ok(await t.call<TExportLink>(`${Q}getDownloadUrl`, { jobId }, headers));
  const response = await t.app.inject({ method: 'GET', url: link.url });
  return { link, response, body: response.rawPayload };
}

/** A one-question survey with `n` sheets written straight into the table (faster than n submissions). */
async function bulkProject(n: number) {
  const q1 = { ...makeSubject(1, 1, '性别'), options: opts('g', ['男', '女']) } as TSubject;
  const questionId = await publishProject(t, owner.headers, { subjects: [q1] });
  const id = await projectId(questionId);
  await t.database.query(
    `INSERT INTO answer_sheets (public_id, project_id, submission_id, body_hash, device_id, ip, source, answers, result, duration_seconds)
     SELECT 'bulk-' || $1::int || '-' || i, $1::int, 'sub-' || i, 'h', 'd' || i, '127.0.0.1', 'link',
            jsonb_build_object($2::text, jsonb_build_object('optionIds', jsonb_build_array(CASE WHEN i % 2 = 0 THEN 'g0' ELSE 'g1' END))), '{}'::jsonb, 30
     FROM generate_series(1, $3::int) AS i`,
    [id, q1.uuid, n],
  );
  await t.database.query('UPDATE projects SET data_count = $2 WHERE id = $1', [id, n]);
  return { questionId, q1 };
}

describe(`export jobs on ${engineName()}`, () => {
  let big: Awaited<ReturnType<typeof bulkProject>>;
  beforeAll(async () => {
    big = await bulkProject(EXPORT_DIRECT_MAX_SHEETS + 1);
  }, 60_000);

  it('two runners, one job: the job is claimed exactly once', async () => {
    const job = ok(await createJob({ questionId: big.questionId, kind: 'csv' }));
    const claims = await Promise.all([claimJob(t.database.query, 'runner-a'), claimJob(t.database.query, 'runner-b'), claimJob(t.database.query, 'runner-c')]);
    const won = claims.filter((c) => c !== null);
    expect(won).toHaveLength(1);
    expect(won[0]!.public_id).toBe(job.jobId);
    expect((await jobOf(job.jobId)).status).toBe('running');
    await t.call(`${Q}delDownload`, { jobId: job.jobId }, owner.headers);
  });

  it('two runner processes polling at once: one runs the job, the other finds nothing', async () => {
    const job = ok(await createJob({ questionId: big.questionId, kind: 'csv', filter: { suspect: 'only' } }));
    const runners = ['process-1', 'process-2'].map((worker) => createExportRunner(t.app.deps, { worker }));
    const ran = await Promise.all(runners.map((r) => r.runOnce()));
    expect(ran.filter((x) => x === job.jobId)).toHaveLength(1);
    expect(ran.filter((x) => x === null)).toHaveLength(1);
    expect(await jobOf(job.jobId)).toMatchObject({ status: 'done', progress: 100 });
    await t.call(`${Q}delDownload`, { jobId: job.jobId }, owner.headers);
  });

  it('has teeth: the naive read-then-update claim hands one job to two runners', async () => {
    const job = ok(await createJob({ questionId: big.questionId, kind: 'csv' }));
    const naive = await siblingApp(t, { strategies: { claim: naiveClaim } });
    try {
      const { claim } = naive.app.deps;
      const claims = await Promise.all([claim(t.database.query, 'runner-a', false), claim(t.database.query, 'runner-b', false)]);
      expect(claims.filter((c) => c?.public_id === job.jobId).length).toBe(2);
    } finally {
      await naive.close();
      await t.call(`${Q}delDownload`, { jobId: job.jobId }, owner.headers);
    }
  });

  it('a job left running by a dead process is taken again after its heartbeat goes stale', async () => {
    const job = ok(await createJob({ questionId: big.questionId, kind: 'csv' }));
    await t.database.query(
      `UPDATE export_jobs SET status = 'running', claimed_by = 'dead', attempts = 1, heartbeat_at = now() - interval '10 minutes' WHERE public_id = $1`,
      [job.jobId],
    );
    const claimed = await claimJob(t.database.query, 'alive');
    expect(claimed).toMatchObject({ public_id: job.jobId, claimed_by: 'alive', attempts: 2 });
    expect(await claimJob(t.database.query, 'other')).toBeNull();
    await t.call(`${Q}delDownload`, { jobId: job.jobId }, owner.headers);
  });

  it(`over ${EXPORT_DIRECT_MAX_SHEETS} sheets the direct Excel download is refused and the job writes every row with rising progress`, async () => {
    const direct = await t.call(`${R}exportExcel`, { questionId: big.questionId }, owner.headers);
    expect(direct.resultCode).toBe('409');
    expect(direct.resultMsg).toContain('我的下载');

    const job = ok(await createJob({ questionId: big.questionId, kind: 'xlsx', mode: 'option' }));
    expect(job).toMatchObject({ kind: 'xlsx', status: 'queued', progress: 0, projectTitle: '发布测试', fileName: '发布测试_答卷数据.xlsx' });
    expect(await t.app.exportRunner.runOnce()).toBe(job.jobId);
    const steps = progressSeen.get(job.jobId)!;
    expect(steps.length).toBeGreaterThanOrEqual(4);
    expect(steps.some((p) => p > 0 && p < 99)).toBe(true);
    for (let i = 1; i < steps.length; i += 1) expect(steps[i]).toBeGreaterThan(steps[i - 1]!);
    const done = await jobOf(job.jobId);
    expect(done).toMatchObject({ status: 'done', progress: 100, error: null });
    expect(done.size).toBeGreaterThan(1000);
    expect(Date.parse(done.expireTime!) - Date.parse(done.finishTime!)).toBe(7 * 86_400_000);

    const { response, body } = await download(job.jobId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent('发布测试_答卷数据.xlsx')}`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(EXPORT_DIRECT_MAX_SHEETS + 2);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('1. 性别 - 男');
    const male = header.indexOf('1. 性别 - 男') + 1;
    expect(sheet.getRow(2).getCell(male).value).toBe(0);
    expect(sheet.getRow(3).getCell(male).value).toBe(1);
  }, 120_000);

  it('deleting a running job stops it and leaves no file behind', async () => {
    const job = ok(await createJob({ questionId: big.questionId, kind: 'csv' }));
    const runner = createExportRunner(t.app.deps, {
      worker: 'deleter',
      progressIntervalMs: 0,
      onProgress: (_id, p) => {
        if (p > 0 && p < 99) void t.call(`${Q}delDownload`, { jobId: job.jobId }, owner.headers);
      },
    });
    expect(await runner.runOnce()).toBe(job.jobId);
    expect((await t.call(`${Q}getDownload`, { jobId: job.jobId }, owner.headers)).resultCode).toBe('404');
    expect(readdirSync(path.join(dataDir, 'exports')).filter((f) => f.startsWith(job.jobId))).toEqual([]);
  }, 60_000);

  it('powers: a view collaborator exports and downloads; edit-only and strangers cannot; jobs are private to their owner', async () => {
    const viewer = await loginNewUser(t);
    const editor = await loginNewUser(t);
    const stranger = await loginNewUser(t);
    const pid = await projectId(big.questionId);
    await t.database.query('INSERT INTO project_members (project_id, user_id, power_type) VALUES ($1, $2, 3), ($1, $3, 2)', [
      pid,
      await userId(viewer.phone),
      await userId(editor.phone),
    ]);
    // Half the sheets marked suspect; the job exports only those (its filter travels with it).
    await t.database.query('UPDATE answer_sheets SET suspect = (id % 2 = 0) WHERE project_id = $1', [pid]);
    const [{ n: suspects }] = (await t.database.query<{ n: string }>('SELECT count(*) AS n FROM answer_sheets WHERE project_id = $1 AND suspect', [pid])) as [
      { n: string },
    ];
    const body = { questionId: big.questionId, kind: 'csv', filter: { suspect: 'only' } };
    expect((await createJob(body, editor.headers)).resultCode).toBe('403');
    expect((await createJob(body, stranger.headers)).resultCode).toBe('404');
    expect((await t.call(`${R}createExportJob`, body)).resultCode).toBe('401');
    const job = ok(await createJob(body, viewer.headers));
    expect(await t.app.exportRunner.runOnce()).toBe(job.jobId);
    const csv = (await download(job.jobId, viewer.headers)).response.body;
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.trim().split('\n')).toHaveLength(Number(suspects) + 1);
    expect(Number(suspects)).toBeGreaterThan(2000);

    for (const path of ['getDownload', 'getDownloadUrl', 'delDownload']) {
      expect((await t.call(`${Q}${path}`, { jobId: job.jobId }, owner.headers)).resultCode, path).toBe('404');
    }
    const mine = ok(await t.call<TDownloadList>(`${Q}getDownloadList`, {}, viewer.headers));
    expect(mine.list.map((j) => j.jobId)).toEqual([job.jobId]);
    expect(ok(await t.call<TDownloadList>(`${Q}getDownloadList`, {}, stranger.headers))).toEqual({ list: [], total: 0, active: 0 });

    const link = ok(await t.call<TExportLink>(`${Q}getDownloadUrl`, { jobId: job.jobId }, viewer.headers));
    await t.database.query('DELETE FROM project_members WHERE project_id = $1 AND user_id = $2', [pid, await userId(viewer.phone)]);
    expect((await t.app.inject({ method: 'GET', url: link.url })).json().resultCode).toBe('404');
    expect((await t.call(`${Q}getDownloadUrl`, { jobId: job.jobId }, viewer.headers)).resultCode).toBe('404');
    const forged = await t.app.inject({ method: 'GET', url: link.url.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')) });
    expect(forged.json().resultCode).toBe('401');
  }, 60_000);

  it('lists newest first with paging and an active count; at most five open jobs per user', async () => {
    const user = await loginNewUser(t);
    await t.database.query('INSERT INTO project_members (project_id, user_id, power_type) VALUES ($1, $2, 3)', [
      await projectId(big.questionId),
      await userId(user.phone),
    ]);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(ok(await createJob({ questionId: big.questionId, kind: 'csv' }, user.headers)).jobId);
    const sixth = await createJob({ questionId: big.questionId, kind: 'csv' }, user.headers);
    expect(sixth.resultCode).toBe('429');
    const page1 = ok(await t.call<TDownloadList>(`${Q}getDownloadList`, { page: 1, pageSize: 2 }, user.headers));
    expect(page1).toMatchObject({ total: 5, active: 5 });
    expect(page1.list.map((j) => j.jobId)).toEqual([ids[4], ids[3]]);
    const page3 = ok(await t.call<TDownloadList>(`${Q}getDownloadList`, { page: 3, pageSize: 2 }, user.headers));
    expect(page3.list.map((j) => j.jobId)).toEqual([ids[0]]);
    expect(ok(await t.call(`${Q}delDownload`, { jobId: ids[0] }, user.headers))).toEqual({ jobId: ids[0] });
    expect((await createJob({ questionId: big.questionId, kind: 'csv' }, user.headers)).resultCode).toBe('200');
    expect((await t.call(`${Q}getDownloadUrl`, { jobId: ids[1] }, user.headers)).resultCode).toBe('409');
    expect((await t.call(`${Q}getDownload`, { jobId: 'bad id!' }, user.headers)).resultCode).toBe('400');
    await t.database.query(`DELETE FROM export_jobs WHERE status = 'queued'`);
  });
});

/** The report fixture of tests/server/statement/report.test.ts, smaller. */
async function surveyProject() {
  const q1 = { ...makeSubject(1, 1, '您的性别'), options: opts('g', ['男', '女', '保密']) } as TSubject;
  const q2 = { ...makeSubject(2, 2, '常用购物渠道'), options: opts('m', ['门店', '网店', '电话']) } as TSubject;
  const q3 = makeSubject(22, 3, '推荐意愿');
  const q4 = { ...makeSubject(11, 4, '满意度'), rows: opts('r', ['服务', '价格']), columns: opts('c', ['不满意', '一般', '满意']) } as TSubject;
  const q5 = { ...makeSubject(7, 5, '其他建议'), required: false } as TSubject;
  const questionId = await publishProject(t, owner.headers, { subjects: [q1, q2, q3, q4, q5] });
  const rows: [number, number[], number, [number, number], string][] = [
    [0, [0, 1], 10, [2, 1], '服务很好，价格实惠'],
    [1, [2], 6, [1, 2], '希望增加门店'],
    [0, [0], 9, [2, 2], '价格实惠'],
  ];
  for (const [g, m, nps, [r0, r1], text] of rows) {
    const answers = {
      [q1.uuid]: { optionIds: [`g${g}`] },
      [q2.uuid]: { optionIds: m.map((x) => `m${x}`) },
      [q3.uuid]: nps,
      [q4.uuid]: { r0: `c${r0}`, r1: `c${r1}` },
      [q5.uuid]: text,
    };
    ok(await t.call('active/write/submit', { questionId, submissionId: submissionId(), answers, deviceId: 'dev-pdf', durationSeconds: 40 }));
  }
  return questionId;
}

describe(`PDF report on ${engineName()}`, () => {
  it('renders every subject with its table and chart in the Noto CJK face', async () => {
    const questionId = await surveyProject();
    await t.database.query(`UPDATE projects SET title = '2025 年度客户满意度调查' WHERE public_id = $1`, [questionId]);
    const job = ok(await createJob({ questionId, kind: 'pdf', appletSource: 7 }));
    expect(job.fileName).toBe('2025 年度客户满意度调查_统计报告.pdf');
    expect(await t.app.exportRunner.runOnce()).toBe(job.jobId);
    const done = await jobOf(job.jobId);
    expect(done, `job ended ${done.status}: ${done.error ?? ''}`).toMatchObject({ status: 'done', progress: 100 });
    expect(progressSeen.get(job.jobId)!.length).toBeGreaterThanOrEqual(3);
    const { response, body } = await download(job.jobId);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = readPdf(body);
    expect(pdf.fonts.some((f) => /^[A-Z]{6}\+NotoSansCJKsc-Regular$/.test(f))).toBe(true);
    const text = pdf.text.replace(/\s+/g, '');
    for (const expected of [
      '接龙通·统计报告',
      '2025年度客户满意度调查',
      '有效答卷3份',
      '第1题您的性别',
      '男',
      '66.67%',
      '第2题常用购物渠道',
      'NPS净推荐值33.3',
      '第4题满意度',
      '不满意',
      '服务很好，价格实惠',
      '高频词',
      '由接龙通生成',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The chart's own labels come from the SVG, also in the CJK face: "2 (66.67%)" beside the bar of 男.
    expect(text).toContain('2(66.67%)');
  }, 60_000);

  it('fails with a clear Chinese message when the CJK font is missing', async () => {
    const questionId = await surveyProject();
    const job = ok(await createJob({ questionId, kind: 'pdf' }));
    const runner = createExportRunner(t.app.deps, { worker: 'no-font', fontDirs: ['/nonexistent-fonts'] });
    expect(await runner.runOnce()).toBe(job.jobId);
    const failed = await jobOf(job.jobId);
    expect(failed).toMatchObject({ status: 'failed', error: FONT_MISSING_MESSAGE });
    expect(failed.error).toContain('fonts-noto-cjk');
    expect((await t.call(`${Q}getDownloadUrl`, { jobId: job.jobId }, owner.headers)).resultCode).toBe('409');
  }, 60_000);
});

function multipart(fields: Record<string, string>, file: { name: string; data: Buffer }) {
  const boundary = `----wj${Date.now()}`;
  const parts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A respondent's upload for one subject (upload/file), as the respondent page sends it. */
async function upload(questionId: string, subjectId: string, name: string, data: Buffer): Promise<string> {
  const answer = (await t.app.inject({ method: 'POST', url: '/api/upload/file', ...multipart({ questionId, subjectId }, { name, data }) })).json();
  expect(answer.resultCode, answer.resultMsg).toBe('200');
  return answer.data.fileUrl;
}

describe(`zip of uploaded files on ${engineName()}`, () => {
  it('names entries <sheet>_<subject>_<original name> in UTF-8 and lists files it could not include', async () => {
    const intro = makeSubject(1, 1, '姓名');
    const files = { ...makeSubject(13, 2, '上传材料'), maxCount: 5, required: false } as TSubject;
    const sign = { ...makeSubject(33, 3, '签名'), required: false } as TSubject;
    const questionId = await publishProject(t, owner.headers, { subjects: [intro, files, sign] });
    const report = await upload(questionId, files.uuid, '实习报告.txt', Buffer.from('第一份报告'));
    const again = await upload(questionId, files.uuid, '实习报告.txt', Buffer.from('第二份报告'));
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const signature = await upload(questionId, sign.uuid, 'sign.png', png);
    const gone = await upload(questionId, files.uuid, '证书.pdf', Buffer.from('%PDF-1.4'));
    await unlink(path.join(dataDir, 'uploads', path.basename(gone)));
    const pick = (intro as { options: { uuid: string }[] }).options[0]!.uuid;
    const sheets = [
      {
        [intro.uuid]: { optionIds: [pick] },
        [files.uuid]: [
          { fileName: '实习报告.txt', fileIndex: 0, fileUrl: report },
          { fileName: '实习报告.txt', fileIndex: 1, fileUrl: again },
        ],
        [sign.uuid]: { fileUrl: signature },
      },
      { [intro.uuid]: { optionIds: [pick] } },
      { [intro.uuid]: { optionIds: [pick] }, [files.uuid]: [{ fileName: '证书.pdf', fileIndex: 0, fileUrl: gone }] },
    ];
    for (const answers of sheets)
      ok(await t.call('active/write/submit', { questionId, submissionId: submissionId(), answers, deviceId: 'dev-zip', durationSeconds: 30 }));

    const job = ok(await createJob({ questionId, kind: 'zip' }));
    expect(job.fileName).toBe('发布测试_附件.zip');
    expect(await t.app.exportRunner.runOnce()).toBe(job.jobId);
    expect(await jobOf(job.jobId)).toMatchObject({ status: 'done', progress: 100 });
    const { response, body } = await download(job.jobId);
    expect(response.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(body));
    expect(Object.keys(entries).sort()).toEqual(['1_2_实习报告 (2).txt', '1_2_实习报告.txt', '1_3_签名.png', '未能打包的文件.txt']);
    const decode = (b: Uint8Array) => new TextDecoder().decode(b);
    expect(decode(entries['1_2_实习报告.txt']!)).toBe('第一份报告');
    expect(decode(entries['1_2_实习报告 (2).txt']!)).toBe('第二份报告');
    expect(Buffer.from(entries['1_3_签名.png']!).subarray(1, 4).toString()).toBe('PNG');
    expect(decode(entries['未能打包的文件.txt']!)).toContain('第3份答卷 第2题 证书.pdf：文件已不存在');
    // Every local header with a Chinese name carries the UTF-8 flag (general purpose bit 11).
    let chinese = 0;
    for (let at = body.indexOf('PK\x03\x04', 0, 'latin1'); at >= 0; at = body.indexOf('PK\x03\x04', at + 4, 'latin1')) {
      const name = body.subarray(at + 30, at + 30 + body.readUInt16LE(at + 26));
      if (!/[^\x20-\x7e]/.test(name.toString('latin1'))) continue;
      chinese += 1;
      expect(body.readUInt16LE(at + 6) & 0x0800).toBe(0x0800);
    }
    expect(chinese).toBe(4);

    const filtered = ok(await createJob({ questionId, kind: 'zip', filter: { conditions: [{ op: 'notChose', subject: intro.uuid, option: pick }] } }));
    await t.app.exportRunner.runOnce();
    expect(await jobOf(filtered.jobId)).toMatchObject({ status: 'failed', error: '所选答卷中没有上传的文件或签名' });
  }, 60_000);

  it('a project without file or signature subjects has nothing to zip', async () => {
    const questionId = await publishProject(t, owner.headers, { subjects: [makeSubject(1, 1, '单选')] });
    const answer = await createJob({ questionId, kind: 'zip' });
    expect(answer.resultCode).toBe('400');
    expect(answer.resultMsg).toContain('没有可打包的附件');
  });

  it('expired files are swept with their rows', async () => {
    const [row] = await t.database.query<{ public_id: string; file_path: string }>(
      `SELECT public_id, file_path FROM export_jobs WHERE status = 'done' AND file_path IS NOT NULL ORDER BY id LIMIT 1`,
    );
    expect(existsSync(path.join(dataDir, 'exports', row!.file_path))).toBe(true);
    await t.database.query(`UPDATE export_jobs SET finished_at = now() - interval '8 days' WHERE public_id = $1`, [row!.public_id]);
    await t.app.exportRunner.sweep();
    expect(existsSync(path.join(dataDir, 'exports', row!.file_path))).toBe(false);
    expect((await t.database.query('SELECT 1 FROM export_jobs WHERE public_id = $1', [row!.public_id])).length).toBe(0);
  });
});
