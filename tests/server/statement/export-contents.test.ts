import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TExportJob } from '../../../schemas/api/export-jobs';
import type { TDataDetail, TExportLink } from '../../../schemas/api/report';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { uploadAnswerFile } from '../../helpers/uploads';

/** Issue 17 item 2: the exported files are read back and every answer is checked where it should be. */
const R = 'question/statement/';
const dataDir = mkdtempSync(path.join(tmpdir(), 'wj-export-contents-'));
let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual', env: { DATA_DIR: dataDir } });
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
const HOST = 'wj.example.com';

async function seed() {
  const smoke = { ...makeSubject(1, 1, '是否吸烟'), options: opts('y', ['是', '否']) } as TSubject;
  const brands = { ...makeSubject(2, 2, '常抽品牌'), options: opts('b', ['甲', '乙', '丙']), required: false } as TSubject;
  const matrix = { ...makeSubject(11, 3, '满意度'), rows: opts('r', ['服务', '价格']), columns: opts('c', ['差', '中', '好']), required: false } as TSubject;
  const rank = { ...makeSubject(9, 4, '排序'), options: opts('k', ['口味', '价格', '包装']), rankAll: true } as TSubject;
  const nps = makeSubject(22, 5, '推荐');
  const stars = { ...makeSubject(23, 6, '评分'), stars: 5 } as TSubject;
  const slider = makeSubject(24, 7, '滑动');
  const amount = makeSubject(21, 8, '数量');
  const scale = { ...makeSubject(19, 9, '量表'), required: false } as TSubject;
  const file = { ...makeSubject(13, 10, '附件'), required: false } as TSubject;
  // 常抽品牌 is shown only to smokers: a non-smoker's sheet skips it.
  const logic = { display: [{ id: 'd1', target: brands.uuid, when: { match: 'all', predicates: [{ op: 'chose', subject: smoke.uuid, option: 'y0' }] } }] };
  const questionId = await publishProject(t, owner.headers, { subjects: [smoke, brands, matrix, rank, nps, stars, slider, amount, scale, file], logic });
  const uploaded = ok(await uploadAnswerFile(t, { questionId, subjectId: file.uuid }, { name: '报告.txt', data: Buffer.from('内容') }));
  const sheets: Record<string, unknown>[] = [
    {
      [smoke.uuid]: { optionIds: ['y0'] },
      [brands.uuid]: { optionIds: ['b0', 'b2'] },
      [matrix.uuid]: { r0: 'c2', r1: 'c0' },
      [rank.uuid]: { optionIds: ['k2', 'k0', 'k1'] },
      [nps.uuid]: 9,
      [stars.uuid]: 4,
      [slider.uuid]: 35,
      [amount.uuid]: 12,
      [scale.uuid]: 4,
      [file.uuid]: [{ fileName: '报告.txt', fileIndex: 0, fileUrl: uploaded.fileUrl }],
    },
    {
      [smoke.uuid]: { optionIds: ['y1'] },
      [matrix.uuid]: { r0: 'c1' },
      [rank.uuid]: { optionIds: ['k1', 'k2', 'k0'] },
      [nps.uuid]: 3,
      [stars.uuid]: 1,
      [slider.uuid]: 0,
      [amount.uuid]: 7,
    },
    {
      [smoke.uuid]: { optionIds: ['y0'] },
      [rank.uuid]: { optionIds: ['k0', 'k1', 'k2'] },
      [nps.uuid]: 10,
      [stars.uuid]: 5,
      [slider.uuid]: 100,
      [amount.uuid]: 0,
    },
  ];
  for (const answers of sheets)
    ok(await t.call('active/write/submit', { questionId, submissionId: submissionId(), answers, deviceId: 'dev-exp', durationSeconds: 40 }));
  return { questionId, uploaded };
}

async function fetchFile(questionId: string, api: 'exportExcel' | 'exportCsv', mode: 'subject' | 'option') {
  const link = ok(await t.call<TExportLink>(`${R}${api}`, { questionId, mode }, owner.headers));
  return t.app.inject({ method: 'GET', url: link.url, headers: { host: HOST } });
}

async function readXlsx(data: Buffer): Promise<Record<string, unknown>[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  const [head, ...body] = rows as [string[], ...unknown[][]];
  return body.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i]])));
}

/** RFC 4180 as csv-stringify writes it (quoted fields, doubled quotes, quoted line breaks). */
function readCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',' || ch === '\n') {
      row.push(field);
      field = '';
      if (ch === '\n') {
        rows.push(row);
        row = [];
      }
    } else field += ch;
  }
  const [head, ...body] = rows as [string[], ...string[][]];
  return body.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i]!])));
}

const TIME = '提交时间（北京时间 UTC+8）';

describe(`export contents on ${engineName()}`, () => {
  let fx: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    fx = await seed();
  }, 60_000);

  it('Excel by subject: a column per matrix row, rank positions, skipped marker, number cells, absolute links, Beijing time', async () => {
    const rows = await readXlsx((await fetchFile(fx.questionId, 'exportExcel', 'subject')).rawPayload);
    expect(rows).toHaveLength(3);
    const [a, b, c] = rows as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
    expect([a['3. 满意度 - 服务'], a['3. 满意度 - 价格']]).toEqual(['好', '差']);
    expect([b['3. 满意度 - 服务'], b['3. 满意度 - 价格']]).toEqual(['中', undefined]);
    expect(Object.keys(a)).not.toContain('3. 满意度');
    // Positions per item (1 = first), not "chosen".
    expect([a['4. 排序 - 口味'], a['4. 排序 - 价格'], a['4. 排序 - 包装']]).toEqual([2, 3, 1]);
    expect([b['4. 排序 - 口味'], b['4. 排序 - 价格'], b['4. 排序 - 包装']]).toEqual([3, 1, 2]);
    // Skipped by logic (non-smoker) vs shown and answered vs shown and left empty.
    expect(a['2. 常抽品牌']).toBe('甲, 丙');
    expect(b['2. 常抽品牌']).toBe('(跳过)');
    expect(c['2. 常抽品牌']).toBeUndefined();
    for (const key of ['5. 推荐', '6. 评分', '7. 滑动', '8. 数量']) for (const r of rows) expect(typeof r[key], key).toBe('number');
    expect([a['5. 推荐'], a['6. 评分'], a['7. 滑动'], a['8. 数量'], a['9. 量表']]).toEqual([9, 4, 35, 12, 4]);
    expect(c['8. 数量']).toBe(0);
    const link = String(a['10. 附件']);
    expect(link).toBe(`报告.txt（http://${HOST}${fx.uploaded.fileUrl}）`);
    const opened = await t.app.inject({ method: 'GET', url: new URL(link.slice(link.indexOf('http'), -1)).pathname, headers: owner.headers });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toBe('内容');
    // The stated zone, and the instant the screen shows (data detail's createTime), to the second.
    const detail = ok(await t.call<TDataDetail>(`${R}getDataDetail`, { questionId: fx.questionId, sort: 'createTime', order: 'asc' }, owner.headers));
    expect(Object.keys(a)).toContain(TIME);
    rows.forEach((r, i) => {
      const cell = String(r[TIME]);
      expect(cell).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(Date.parse(`${cell.replace(' ', 'T')}+08:00`)).toBe(Math.floor(Date.parse(detail.list[i]!.createTime) / 1000) * 1000);
    });
  });

  it('Excel by option: 1 / 0 for answered subjects, the skipped marker never 0, ranking keeps positions', async () => {
    const rows = await readXlsx((await fetchFile(fx.questionId, 'exportExcel', 'option')).rawPayload);
    const [a, b, c] = rows as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
    const brands = ['2. 常抽品牌 - 甲', '2. 常抽品牌 - 乙', '2. 常抽品牌 - 丙'];
    expect(brands.map((k) => a[k])).toEqual([1, 0, 1]);
    expect(brands.map((k) => b[k])).toEqual(['(跳过)', '(跳过)', '(跳过)']);
    expect(brands.map((k) => c[k])).toEqual([undefined, undefined, undefined]);
    expect([a['1. 是否吸烟 - 是'], a['1. 是否吸烟 - 否'], b['1. 是否吸烟 - 是'], b['1. 是否吸烟 - 否']]).toEqual([1, 0, 0, 1]);
    expect([a['4. 排序 - 口味'], a['4. 排序 - 价格'], a['4. 排序 - 包装']]).toEqual([2, 3, 1]);
    expect([a['3. 满意度 - 服务:好'], a['3. 满意度 - 服务:差'], a['3. 满意度 - 价格:差']]).toEqual([1, 0, 1]);
  });

  it('CSV carries the same cells', async () => {
    const response = await fetchFile(fx.questionId, 'exportCsv', 'subject');
    const rows = readCsv(response.body.replace(/^\uFEFF/, ''));
    expect(rows).toHaveLength(3);
    expect(rows[1]!['2. 常抽品牌']).toBe('(跳过)');
    expect(rows[2]!['2. 常抽品牌']).toBe('');
    expect([rows[0]!['4. 排序 - 口味'], rows[0]!['4. 排序 - 价格'], rows[0]!['4. 排序 - 包装']]).toEqual(['2', '3', '1']);
    expect(rows[0]!['3. 满意度 - 服务']).toBe('好');
    expect(rows[0]!['5. 推荐']).toBe('9');
    expect(rows[0]![TIME]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows[0]!['10. 附件']).toContain(`http://${HOST}/uploads/`);
  });

  it('an export job writes links on the site it was asked from', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/${R}createExportJob`,
      headers: { ...owner.headers, host: HOST },
      payload: { questionId: fx.questionId, kind: 'xlsx' },
    });
    const job = answer.json().data as TExportJob;
    expect(await t.app.exportRunner.runOnce()).toBe(job.jobId);
    const [row] = await t.database.query<{ file_path: string }>('SELECT file_path FROM export_jobs WHERE public_id = $1', [job.jobId]);
    const rows = await readXlsx(await readFile(path.join(dataDir, 'exports', row!.file_path)));
    expect(rows[0]!['10. 附件']).toBe(`报告.txt（http://${HOST}${fx.uploaded.fileUrl}）`);
    expect(rows[1]!['2. 常抽品牌']).toBe('(跳过)');
  });

  it("an exam writes the total and each scored subject's points as numbers", async () => {
    const a = {
      ...makeSubject(1, 1, '1+1=?'),
      score: 5,
      options: [
        { uuid: 'x1', title: '2', isCorrect: true },
        { uuid: 'x2', title: '3' },
      ],
    } as TSubject;
    const b = {
      ...makeSubject(1, 2, '2+2=?'),
      score: 3,
      options: [
        { uuid: 'y1', title: '4', isCorrect: true },
        { uuid: 'y2', title: '5' },
      ],
    } as TSubject;
    const questionId = await publishProject(t, owner.headers, { subjects: [a, b], questionType: 2 });
    for (const [pa, pb] of [
      ['x1', 'y2'],
      ['x2', 'y1'],
    ]) {
      ok(
        await t.call('active/write/submit', {
          questionId,
          submissionId: submissionId(),
          answers: { [a.uuid]: { optionIds: [pa] }, [b.uuid]: { optionIds: [pb] } },
          deviceId: 'dev-exam',
          durationSeconds: 30,
        }),
      );
    }
    const rows = await readXlsx((await fetchFile(questionId, 'exportExcel', 'subject')).rawPayload);
    expect(rows.map((r) => [r['总分'], r['1. 1+1=?（得分）'], r['2. 2+2=?（得分）']])).toEqual([
      [5, 5, 0],
      [3, 0, 3],
    ]);
  });
});
