import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDataDetail, TSheetDetail } from '../../../schemas/api/report';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t, 4);
});
afterAll(() => t.close());

const R = 'question/statement/';
const q1 = {
  ...makeSubject(1, 1, '1+1=?'),
  score: 5,
  options: [
    { uuid: 'x1', title: '2', isCorrect: true },
    { uuid: 'x2', title: '3' },
  ],
} as TSubject;

/** Five sheets s1..s5 in submit order: duration, source, answer (x1 scores 5). */
const SHEETS: [number, string, string][] = [
  [30, 'link', 'x1'],
  [10, 'qr', 'x2'],
  [30, 'link', 'x1'],
  [20, 'link', 'x2'],
  [30, 'qr', 'x1'],
];

let questionId = '';
let s: string[] = [];
const ids = (list: { sheetId: string }[]) => list.map((r) => s.indexOf(r.sheetId) + 1);

async function page(body: object) {
  const answer = await t.call<TDataDetail>(`${R}getDataDetail`, { questionId, pageSize: 2, ...body }, owner.headers);
  expect(answer.resultCode, answer.resultMsg).toBe('200');
  return answer.data;
}

/** Every page of a view by following nextCursor: sheet numbers per page, and the first page's total. */
async function walk(view: object) {
  const pages: number[][] = [];
  const first = await page(view);
  pages.push(ids(first.list));
  let cursor = first.nextCursor;
  while (cursor) {
    const next = await page({ ...view, cursor });
    expect(next.total).toBeNull();
    pages.push(ids(next.list));
    cursor = next.nextCursor;
  }
  return { total: first.total, pages };
}

const detail = async (sheetId: string, view?: object) => {
  const answer = await t.call<TSheetDetail>(`${R}getAnswerSheetDetail`, { questionId, sheetId, view }, owner.headers);
  expect(answer.resultCode, answer.resultMsg).toBe('200');
  return [answer.data.prevSheetId, answer.data.nextSheetId].map((id) => (id ? s.indexOf(id) + 1 : null));
};

describe(`data detail keyset paging on ${engineName()}`, () => {
  beforeAll(async () => {
    questionId = await publishProject(t, owner.headers, { subjects: [q1], questionType: 2 });
    s = [];
    for (const [duration, source, option] of SHEETS) {
      const r = await t.call<{ sheetId: string }>('active/write/submit', {
        questionId,
        submissionId: submissionId(),
        answers: { [q1.uuid]: { optionIds: [option] } },
        deviceId: 'dev-detail',
        durationSeconds: duration,
        source,
      });
      expect(r.resultCode, r.resultMsg).toBe('200');
      s.push(r.data.sheetId);
    }
    // Submit times that differ only in microseconds (s1 = s2 < s3 = s4 by 1 µs) and a sheet without a score (s4).
    const at = (sheet: string, time: string) => t.database.query('UPDATE answer_sheets SET created_at = $2::timestamptz WHERE public_id = $1', [sheet, time]);
    await at(s[0]!, '2025-05-01T08:00:00.123456Z');
    await at(s[1]!, '2025-05-01T08:00:00.123456Z');
    await at(s[2]!, '2025-05-01T08:00:00.123457Z');
    await at(s[3]!, '2025-05-01T08:00:00.123457Z');
    await at(s[4]!, '2025-05-02T08:00:00Z');
    await t.database.query('UPDATE answer_sheets SET score = NULL WHERE public_id = $1', [s[3]]);
  });

  it('pages follow the sort with ties broken by submit order, microseconds kept across pages', async () => {
    expect(await walk({ sort: 'createTime', order: 'desc' })).toEqual({ total: 5, pages: [[5, 4], [3, 2], [1]] });
    expect(await walk({ sort: 'createTime', order: 'asc' })).toEqual({ total: 5, pages: [[1, 2], [3, 4], [5]] });
    expect(await walk({ sort: 'duration', order: 'asc' })).toEqual({ total: 5, pages: [[2, 4], [1, 3], [5]] });
    expect(await walk({ sort: 'duration', order: 'desc' })).toEqual({ total: 5, pages: [[5, 3], [1, 4], [2]] });
  });

  it('score sorts keep sheets without a score last in both directions', async () => {
    expect(await walk({ sort: 'score', order: 'desc' })).toEqual({ total: 5, pages: [[5, 3], [1, 2], [4]] });
    expect(await walk({ sort: 'score', order: 'asc' })).toEqual({ total: 5, pages: [[2, 1], [3, 5], [4]] });
  });

  it('a filter pages its own set; a cursor of another sort or a forged one is refused with "400"', async () => {
    expect(await walk({ sort: 'duration', order: 'asc', filter: { sources: ['link'] } })).toEqual({ total: 3, pages: [[4, 1], [3]] });
    const first = await page({ sort: 'duration', order: 'asc' });
    const other = await t.call(`${R}getDataDetail`, { questionId, sort: 'duration', order: 'desc', cursor: first.nextCursor }, owner.headers);
    expect(other.resultCode).toBe('400');
    expect(other.resultMsg).toContain('cursor');
    const forged = await t.call(`${R}getDataDetail`, { questionId, cursor: 'bm90LWpzb24' }, owner.headers);
    expect(forged.resultCode).toBe('400');
    const wrongType = await t.call(
      `${R}getDataDetail`,
      { questionId, sort: 'duration', order: 'asc', cursor: Buffer.from(JSON.stringify(['duration', 'asc', 'x', 1])).toString('base64url') },
      owner.headers,
    );
    expect(wrongType.resultCode).toBe('400');
  });

  it('the sheet page walks the same order as the table: previous and next follow its sort and filter', async () => {
    // Default: newest first among valid sheets (5 4 3 2 1).
    expect(await detail(s[2]!)).toEqual([4, 2]);
    expect(await detail(s[4]!)).toEqual([null, 4]);
    // Duration ascending: 2 4 1 3 5.
    expect(await detail(s[0]!, { sort: 'duration', order: 'asc' })).toEqual([4, 3]);
    expect(await detail(s[1]!, { sort: 'duration', order: 'asc' })).toEqual([null, 4]);
    // Score descending, unscored last: 5 3 1 2 4.
    expect(await detail(s[3]!, { sort: 'score', order: 'desc' })).toEqual([2, null]);
    expect(await detail(s[1]!, { sort: 'score', order: 'desc' })).toEqual([1, 4]);
    // Score ascending, unscored still last: 2 1 3 5 4.
    expect(await detail(s[3]!, { sort: 'score', order: 'asc' })).toEqual([5, null]);
    expect(await detail(s[4]!, { sort: 'score', order: 'asc' })).toEqual([3, 4]);
    // Filtered to 二维码 (qr): 2 and 5 only.
    expect(await detail(s[4]!, { sort: 'createTime', order: 'desc', filter: { sources: ['qr'] } })).toEqual([null, 2]);
  });

  it('a sheet in the bin has bin neighbours by default, and keeps its place in a list it just left', async () => {
    expect((await t.call(`${R}delAnswerSheet`, { questionId, sheetId: s[2] }, owner.headers)).resultCode).toBe('200');
    expect(await detail(s[2]!)).toEqual([null, null]);
    // Opened from the valid list (5 4 [3] 2 1): its neighbours in that list stay reachable.
    expect(await detail(s[2]!, { sort: 'createTime', order: 'desc' })).toEqual([4, 2]);
    expect((await walk({ sort: 'createTime', order: 'desc' })).pages).toEqual([
      [5, 4],
      [2, 1],
    ]);
    await t.call(`${R}restoreAnswerSheet`, { questionId, sheetId: s[2] }, owner.headers);
  });
});
