import type { TDataDetail, TDetailRow, TScoreStatement, TStatement, TSubjectStat } from '../../../schemas/api/report';

const stat = (over: Partial<TSubjectStat> & Pick<TSubjectStat, 'uuid' | 'subjectType' | 'title' | 'index' | 'kind'>): TSubjectStat => ({
  base: 4,
  multiple: false,
  ...over,
});
const opt = (uuid: string, title: string, count: number, percent: number) => ({ uuid, title, count, percent });

/** A statement with one card of each kind this suite looks at (figures as the server tests compute them). */
export const STATEMENT: TStatement = {
  questionId: 'q_report_test1',
  title: '年度满意度考试',
  questionType: 2,
  total: 4,
  filtered: false,
  subjects: [
    stat({
      uuid: 's-rank',
      subjectType: 9,
      title: '请按重要性排序',
      index: 1,
      kind: 'ranking',
      ranking: [
        { uuid: 'a', title: '价格', count: 4, avgPosition: 1.75, positions: [2, 1, 1] },
        { uuid: 'b', title: '质量', count: 4, avgPosition: 2, positions: [1, 2, 1] },
        { uuid: 'c', title: '服务', count: 4, avgPosition: 2.25, positions: [1, 1, 2] },
      ],
    }),
    stat({
      uuid: 's-sum',
      subjectType: 20,
      title: '预算分配',
      index: 2,
      kind: 'sum',
      sumTotal: 100,
      sums: [
        { uuid: 'x1', title: '研发', avg: 42.5, min: 0, max: 100, share: 42.5 },
        { uuid: 'x2', title: '市场', avg: 32.5, min: 0, max: 60, share: 32.5 },
        { uuid: 'x3', title: '运营', avg: 25, min: 0, max: 40, share: 25 },
      ],
    }),
    stat({
      uuid: 's-slide',
      subjectType: 24,
      title: '推荐程度',
      index: 3,
      kind: 'number',
      number: { count: 4, avg: 25, min: 10, max: 40, sum: 100, sd: 12.91 },
      distribution: [opt('1', '10~13', 1, 25), opt('2', '13~16', 0, 0), opt('3', '16~19', 3, 75)],
    }),
    stat({
      uuid: 's-mscale',
      subjectType: 18,
      title: '各方面评价',
      index: 4,
      kind: 'matrix',
      columns: [
        { uuid: '1', title: '1 差' },
        { uuid: '2', title: '2' },
        { uuid: '3', title: '3 好' },
      ],
      rows: [
        { uuid: 'p1', title: '环境', base: 3, cells: [opt('1', '1 差', 0, 0), opt('2', '2', 1, 33.33), opt('3', '3 好', 2, 66.67)], average: 2.67, sd: 0.58 },
        { uuid: 'p2', title: '服务', base: 3, cells: [opt('1', '1 差', 1, 33.33), opt('2', '2', 1, 33.33), opt('3', '3 好', 1, 33.33)], average: 2, sd: 1 },
      ],
    }),
    stat({
      uuid: 's-mmulti',
      subjectType: 12,
      title: '各时段饮品',
      index: 5,
      kind: 'matrix',
      base: 3,
      multiple: true,
      columns: [
        { uuid: 'k1', title: '茶' },
        { uuid: 'k2', title: '咖啡' },
      ],
      rows: [
        { uuid: 'r1', title: '上午', base: 2, cells: [opt('k1', '茶', 2, 100), opt('k2', '咖啡', 1, 50)], average: null },
        { uuid: 'r2', title: '下午', base: 1, cells: [opt('k1', '茶', 0, 0), opt('k2', '咖啡', 1, 100)], average: null },
      ],
    }),
    stat({
      uuid: 's-eval',
      subjectType: 38,
      title: '服务评价',
      index: 6,
      kind: 'choice',
      multiple: true,
      options: [opt('l1', '热情', 2, 50), opt('l2', '及时', 2, 50), opt('l3', '专业', 1, 25)],
      number: { count: 4, avg: 3.75, min: 2, max: 5, sum: 15, sd: 1.26 },
      distribution: [opt('1', '1分', 0, 0), opt('2', '2分', 1, 25), opt('3', '3分', 0, 0), opt('4', '4分', 2, 50), opt('5', '5分', 1, 25)],
    }),
    stat({
      uuid: 's-exam',
      subjectType: 1,
      title: '1+1=?',
      index: 7,
      kind: 'choice',
      options: [opt('e1', '2', 3, 75), opt('e2', '3', 1, 25)],
      exam: { maxScore: 5, count: 4, average: 3.75, fullCount: 3, correctRate: 75 },
    }),
  ],
};

export const SCORE: TScoreStatement = {
  count: 4,
  average: 3.75,
  highest: 5,
  lowest: 0,
  maxTotal: 5,
  buckets: Array.from({ length: 10 }, (_, i) => ({ from: i / 2, to: (i + 1) / 2, count: i === 9 ? 3 : i === 0 ? 1 : 0 })),
  subjects: [{ uuid: 's-exam', index: 7, title: '1+1=?', subjectType: 1, maxScore: 5, count: 4, average: 3.75, fullCount: 3, correctRate: 75 }],
};

/** `n` sheets, newest first; sheet k took k × 10 seconds. */
export function sheets(n: number): TDetailRow[] {
  return Array.from({ length: n }, (_, i) => ({
    sheetId: `sheet-${String(n - i).padStart(6, '0')}`,
    createTime: new Date(Date.UTC(2025, 4, 1, 8, 0, n - i)).toISOString(),
    durationSeconds: (n - i) * 10,
    source: i % 2 ? 'qr' : 'link',
    suspect: i === 1,
    suspectReason: i === 1 ? '同一设备重复提交' : null,
    status: 1,
    score: 5,
    cells: { 's-exam': i % 4 ? '2' : '3', 's-sum': '研发:50, 市场:50' },
  }));
}

/** getDataDetail over `all` with keyset cursors (the cursor is the index of the next row). */
export function detailOf(all: TDetailRow[]) {
  return (body: Record<string, unknown>): TDataDetail => {
    const from = body.cursor ? Number(body.cursor) : 0;
    const size = Number(body.pageSize ?? 20);
    const list = all.slice(from, from + size);
    return {
      columns: [
        { uuid: 's-exam', title: '1+1=?', index: 7, subjectType: 1 },
        { uuid: 's-sum', title: '预算分配', index: 2, subjectType: 20 },
      ],
      list,
      total: body.cursor ? null : all.length,
      nextCursor: from + size < all.length ? String(from + size) : null,
    };
  };
}
