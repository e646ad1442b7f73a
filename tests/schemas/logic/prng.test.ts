import { expect, test } from 'vitest';
import { hashSeed, seededDraw, seededRandom, seededShuffle } from '../../../schemas/logic/prng';

test('the same seed gives the same sequence; another seed another', () => {
  const a = seededRandom('sheet-1');
  const b = seededRandom('sheet-1');
  const c = seededRandom('sheet-2');
  const xs = Array.from({ length: 5 }, () => a());
  expect(Array.from({ length: 5 }, () => b())).toEqual(xs);
  expect(Array.from({ length: 5 }, () => c())).not.toEqual(xs);
  expect(hashSeed('a')).not.toBe(hashSeed('b'));
});

test('values are in [0, 1) and roughly uniform', () => {
  const r = seededRandom('uniform');
  const buckets = new Array(10).fill(0);
  for (let i = 0; i < 20_000; i++) {
    const x = r();
    expect(x >= 0 && x < 1).toBe(true);
    buckets[Math.floor(x * 10)]++;
  }
  for (const b of buckets) expect(Math.abs(b - 2_000)).toBeLessThan(250);
});

test('shuffle is a permutation; draw takes k distinct items', () => {
  const items = Array.from({ length: 20 }, (_, i) => i);
  const shuffled = seededShuffle(items, 's');
  expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
  expect(shuffled).not.toEqual(items);
  const drawn = seededDraw(items, 5, 's');
  expect(new Set(drawn).size).toBe(5);
  expect(seededDraw(items, 50, 's')).toHaveLength(20);
  expect(seededDraw(items, 5, 's')).toEqual(drawn);
});

test('every position is reachable by a shuffle', () => {
  const firsts = new Set(Array.from({ length: 200 }, (_, i) => seededShuffle([0, 1, 2, 3], `k${i}`)[0]));
  expect(firsts.size).toBe(4);
});
