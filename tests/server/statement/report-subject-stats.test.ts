import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStatement, TSubjectStat } from '../../../schemas/api/report';
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
const parts = (prefix: string, titles: string[]) => titles.map((title, i) => ({ uuid: `${prefix}${i + 1}`, title }));
const loose = (s: TSubject, extra: object) => ({ ...s, required: false, ...extra }) as TSubject;

/** Ranking options listed 丙 乙 甲, so the average-position order (甲 乙 丙) differs from the option order. */
const rank = loose(makeSubject(9, 1, '排序'), {
  options: [
    { uuid: 'c', title: '丙' },
    { uuid: 'b', title: '乙' },
    { uuid: 'a', title: '甲' },
  ],
});
const sum = loose(makeSubject(20, 2, '预算分配'), { items: parts('x', ['研发', '市场', '运营']), total: 100 });
const slide = loose(makeSubject(24, 3, '滑动'), { min: 0, max: 100, step: 1 });
const scale = loose(makeSubject(19, 4, '量表'), { points: 5, start: 1, minLabel: '非常不满意', maxLabel: '非常满意' });
const mMulti = loose(makeSubject(12, 5, '矩阵多选'), { rows: parts('r', ['上午', '下午']), columns: parts('k', ['茶', '咖啡', '果汁']) });
const mScale = loose(makeSubject(18, 6, '矩阵量表'), { rows: parts('p', ['环境', '服务']), points: 5, start: 1, minLabel: '差', maxLabel: '好' });
const evalu = loose(makeSubject(38, 7, '评价'), { maxScore: 5, labels: parts('l', ['热情', '及时', '专业']) });
const stars = loose(makeSubject(23, 8, '星级'), { stars: 5 });

const evaluation = (score: number, labels: string[], comment?: string) => [
  { evaluateType: 1, score },
  ...labels.map((labelTitle) => ({ evaluateType: 2, labelTitle })),
  ...(comment ? [{ evaluateType: 3, answerContent: comment }] : []),
];

/** Four sheets; every expectation below is counted by hand from this table. */
const SHEETS: Record<string, unknown>[] = [
  {
    [rank.uuid]: { optionIds: ['a', 'b', 'c'] },
    [sum.uuid]: { x1: 50, x2: 30, x3: 20 },
    [slide.uuid]: 10,
    [scale.uuid]: 5,
    [mMulti.uuid]: { r1: ['k1', 'k2'], r2: ['k3'] },
    [mScale.uuid]: { p1: 5, p2: 3 },
    [evalu.uuid]: evaluation(5, ['热情', '及时']),
    [stars.uuid]: 5,
  },
  {
    [rank.uuid]: { optionIds: ['b', 'a', 'c'] },
    [sum.uuid]: { x1: 100 },
    [slide.uuid]: 20,
    [scale.uuid]: 4,
    [mMulti.uuid]: { r1: ['k1'] },
    [mScale.uuid]: { p1: 4 },
    [evalu.uuid]: evaluation(4, ['热情']),
    [stars.uuid]: 4,
  },
  {
    [rank.uuid]: { optionIds: ['a', 'c', 'b'] },
    [sum.uuid]: { x1: 20, x2: 40, x3: 40 },
    [slide.uuid]: 30,
    [scale.uuid]: 4,
    [mMulti.uuid]: { r1: [], r2: ['k1', 'k3'] },
    [mScale.uuid]: { p1: 4, p2: 1 },
    [evalu.uuid]: evaluation(2, []),
    [stars.uuid]: 3,
  },
  {
    [rank.uuid]: { optionIds: ['c', 'b', 'a'] },
    [sum.uuid]: { x2: 60, x3: 40 },
    [slide.uuid]: 40,
    [scale.uuid]: 2,
    [mScale.uuid]: { p2: 2 },
    [evalu.uuid]: evaluation(4, ['及时', '专业'], '不错'),
    [stars.uuid]: 5,
  },
];

let questionId = '';
const statement = async (filter?: object) => {
  const answer = await t.call<TStatement>(`${R}getStatement`, { questionId, filter }, owner.headers);
  expect(answer.resultCode, answer.resultMsg).toBe('200');
  return answer.data;
};
const of = (st: TStatement, s: TSubject): TSubjectStat => st.subjects.find((x) => x.uuid === s.uuid)!;

describe(`subject statistics on ${engineName()}`, () => {
  beforeAll(async () => {
    questionId = await publishProject(t, owner.headers, { subjects: [rank, sum, slide, scale, mMulti, mScale, evalu, stars] });
    for (const answers of SHEETS) {
      const r = await t.call('active/write/submit', { questionId, submissionId: submissionId(), answers, deviceId: 'dev-stats', durationSeconds: 100 });
      expect(r.resultCode, r.resultMsg).toBe('200');
    }
  });

  it('ranking: average position per option, sorted by it, with the distribution of positions', async () => {
    const st = of(await statement(), rank);
    expect(st.kind).toBe('ranking');
    expect(st.base).toBe(4);
    expect(st.ranking).toEqual([
      { uuid: 'a', title: '甲', count: 4, avgPosition: 1.75, positions: [2, 1, 1] },
      { uuid: 'b', title: '乙', count: 4, avgPosition: 2, positions: [1, 2, 1] },
      { uuid: 'c', title: '丙', count: 4, avgPosition: 2.25, positions: [1, 1, 2] },
    ]);
  });

  it('constant sum: the average allotted per item (left out counts as 0) and its share of the total', async () => {
    const st = of(await statement(), sum);
    expect(st.kind).toBe('sum');
    expect(st.base).toBe(4);
    expect(st.sumTotal).toBe(100);
    expect(st.sums).toEqual([
      { uuid: 'x1', title: '研发', avg: 42.5, min: 0, max: 100, share: 42.5 },
      { uuid: 'x2', title: '市场', avg: 32.5, min: 0, max: 60, share: 32.5 },
      { uuid: 'x3', title: '运营', avg: 25, min: 0, max: 40, share: 25 },
    ]);
  });

  it('slider, scale and stars: average, spread (sample standard deviation), min, max and distribution', async () => {
    const st = await statement();
    expect(of(st, slide).number).toEqual({ count: 4, avg: 25, min: 10, max: 40, sum: 100, sd: 12.91 });
    expect(of(st, slide).distribution!.map((d) => d.count)).toEqual([1, 0, 0, 1, 0, 0, 1, 0, 0, 1]);
    expect(of(st, scale).number).toEqual({ count: 4, avg: 3.75, min: 2, max: 5, sum: 15, sd: 1.26 });
    expect(of(st, scale).distribution!.map((d) => [d.title, d.count])).toEqual([
      ['1 非常不满意', 0],
      ['2', 1],
      ['3', 0],
      ['4', 2],
      ['5 非常满意', 1],
    ]);
    expect(of(st, stars).number).toEqual({ count: 4, avg: 4.25, min: 3, max: 5, sum: 17, sd: 0.96 });
  });

  it('matrix multiple: a row counts the sheets that picked in it, cells are shares of that row', async () => {
    const st = of(await statement(), mMulti);
    expect(st.base).toBe(3);
    expect(st.rows!.map((r) => [r.base, r.cells.map((c) => [c.count, c.percent])])).toEqual([
      [
        2,
        [
          [2, 100],
          [1, 50],
          [0, 0],
        ],
      ],
      [
        2,
        [
          [1, 50],
          [0, 0],
          [2, 100],
        ],
      ],
    ]);
  });

  it('matrix scale: per row the point counts, average and spread', async () => {
    const st = of(await statement(), mScale);
    expect(st.base).toBe(4);
    expect(st.rows!.map((r) => ({ base: r.base, counts: r.cells.map((c) => c.count), average: r.average, sd: r.sd }))).toEqual([
      { base: 3, counts: [0, 0, 0, 2, 1], average: 4.33, sd: 0.58 },
      { base: 3, counts: [1, 1, 1, 0, 0], average: 2, sd: 1 },
    ]);
  });

  it('evaluation: score distribution and summary with the label counts', async () => {
    const st = of(await statement(), evalu);
    expect(st.number).toEqual({ count: 4, avg: 3.75, min: 2, max: 5, sum: 15, sd: 1.26 });
    expect(st.distribution!.map((d) => [d.title, d.count, d.percent])).toEqual([
      ['1分', 0, 0],
      ['2分', 1, 25],
      ['3分', 0, 0],
      ['4分', 2, 50],
      ['5分', 1, 25],
    ]);
    expect(st.options!.map((o) => [o.title, o.count, o.percent])).toEqual([
      ['热情', 2, 50],
      ['及时', 2, 50],
      ['专业', 1, 25],
    ]);
  });

  it('filtered (sheets with the label 热情): every new statistic follows the set; ties keep the option order', async () => {
    const st = await statement({ conditions: [{ op: 'chose', subject: evalu.uuid, option: 'l1' }] });
    expect(st.total).toBe(2);
    expect(of(st, rank).ranking!.map((r) => [r.uuid, r.avgPosition])).toEqual([
      ['b', 1.5],
      ['a', 1.5],
      ['c', 3],
    ]);
    expect(of(st, sum).sums!.map((x) => x.avg)).toEqual([75, 15, 10]);
    expect(of(st, slide).number).toMatchObject({ count: 2, avg: 15, sd: 7.07 });
    expect(of(st, mMulti).rows!.map((r) => [r.base, r.cells.map((c) => c.count)])).toEqual([
      [2, [2, 1, 0]],
      [1, [0, 0, 1]],
    ]);
    expect(of(st, mScale).rows![0]).toMatchObject({ base: 2, average: 4.5, sd: 0.71 });
    expect(of(st, evalu).options!.map((o) => o.count)).toEqual([2, 1, 0]);
    expect(of(st, evalu).number).toMatchObject({ count: 2, avg: 4.5 });
  });

  it('a single answer has no spread; an empty set answers zeros, not errors', async () => {
    const one = await statement({ conditions: [{ op: 'less', subject: slide.uuid, value: 15 }] });
    expect(one.total).toBe(1);
    expect(of(one, slide).number).toMatchObject({ count: 1, avg: 10, sd: null });
    const none = await statement({ conditions: [{ op: 'greater', subject: slide.uuid, value: 99 }] });
    expect(none.total).toBe(0);
    expect(of(none, rank).ranking!.every((r) => r.count === 0 && r.avgPosition === null)).toBe(true);
    expect(of(none, sum).sums!.map((x) => x.avg)).toEqual([0, 0, 0]);
    expect(of(none, mScale).rows!.map((r) => r.average)).toEqual([null, null]);
  });
});
