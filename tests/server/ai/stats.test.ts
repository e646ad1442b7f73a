import { describe, expect, it } from 'vitest';
import { chiSquarePValue, chiSquareTest, gammaQ, lnGamma, lowResponse, percentOf, themesOf } from '../../../server/services/ai/analysis/stats';

describe('the built-in analysis statistics', () => {
  it('ln Γ matches factorials and Γ(1/2) = √π', () => {
    expect(lnGamma(1)).toBeCloseTo(0, 12);
    expect(lnGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(lnGamma(11)).toBeCloseTo(Math.log(3_628_800), 10);
    expect(lnGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
  });

  it('Q(1, x) = e^-x and Q(a, 0) = 1 on both branches', () => {
    for (const x of [0.1, 1, 1.9, 2.5, 10, 40]) expect(gammaQ(1, x)).toBeCloseTo(Math.exp(-x), 12);
    expect(gammaQ(3, 0)).toBe(1);
    expect(Number.isNaN(gammaQ(0, 1))).toBe(true);
  });

  it('chi-square p-values equal the table of critical values', () => {
    const known: [number, number, number][] = [
      [3.841, 1, 0.05],
      [6.635, 1, 0.01],
      [10.828, 1, 0.001],
      [5.991, 2, 0.05],
      [7.815, 3, 0.05],
      [11.345, 3, 0.01],
      [9.488, 4, 0.05],
      [18.307, 10, 0.05],
      [124.342, 100, 0.05],
    ];
    for (const [x, df, p] of known) expect(chiSquarePValue(x, df), `χ²=${x}, df=${df}`).toBeCloseTo(p, 4);
    expect(chiSquarePValue(0, 2)).toBe(1);
    expect(chiSquarePValue(2, 2)).toBeCloseTo(Math.exp(-1), 12);
  });

  it('a 2×2 table gives n(ad − bc)² / (row and column totals), df 1', () => {
    const [a, b, c, d] = [30, 10, 12, 28];
    const r = chiSquareTest([
      [a, b],
      [c, d],
    ])!;
    const n = a + b + c + d;
    expect(r.chiSquare).toBeCloseTo((n * (a * d - b * c) ** 2) / ((a + b) * (c + d) * (a + c) * (b + d)), 10);
    expect(r.df).toBe(1);
    expect(r.n).toBe(80);
    expect(r.pValue).toBeLessThan(0.001);
    expect(r.lowExpected).toBe(0);
  });

  it('independent counts give no difference; empty rows and columns are left out; small cells are counted', () => {
    const even = chiSquareTest([
      [10, 20, 0],
      [20, 40, 0],
      [0, 0, 0],
    ])!;
    expect(even.chiSquare).toBeCloseTo(0, 12);
    expect(even.pValue).toBeCloseTo(1, 12);
    expect([even.rows, even.columns, even.df]).toEqual([[0, 1], [0, 1], 1]);
    expect(chiSquareTest([[5, 6]])).toBeNull();
    expect(chiSquareTest([])).toBeNull();
    const small = chiSquareTest([
      [3, 1],
      [1, 3],
    ])!;
    expect(small.lowExpected).toBe(4);
  });

  it('shares, themes and low response', () => {
    expect(percentOf(17, 40)).toBe(42.5);
    expect(percentOf(1, 3)).toBe(33.33);
    expect(percentOf(1, 0)).toBe(0);
    expect(
      themesOf([
        { word: '希望', count: 9 },
        { word: '加班', count: 7 },
        { word: '食堂', count: 2 },
        { word: '停车', count: 1 },
      ]),
    ).toEqual([
      { word: '加班', count: 7 },
      { word: '食堂', count: 2 },
    ]);
    expect(lowResponse([100, 98, 40, 95, 100])).toEqual([false, false, true, false, false]);
    expect(lowResponse([50, 50, 50])).toEqual([false, false, false]);
    expect(lowResponse([10])).toEqual([false]);
  });
});
