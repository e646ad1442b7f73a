import { expect, test } from 'vitest';
import { displayIndexes } from '../../../schemas/subjects/numbering';
import { UNNUMBERED_SUBJECT_TYPES } from '../../../schemas/subjects/subject-types';

const s = (uuid: string, subjectType: number, indexSort: number, isStemIndex = true) => ({ uuid, subjectType, indexSort, isStemIndex });

test('numbers follow indexSort, not list order', () => {
  const index = displayIndexes([s('c', 1, 30), s('a', 2, 10), s('b', 6, 20)]);
  expect([...index]).toEqual([
    ['a', 1],
    ['b', 2],
    ['c', 3],
  ]);
});

test.each([...UNNUMBERED_SUBJECT_TYPES])('type %i is skipped', (t) => {
  const index = displayIndexes([s('a', 1, 1), s('block', t, 2), s('b', 1, 3)]);
  expect(index.get('block')).toBeNull();
  expect(index.get('b')).toBe(2);
});

test('the skipped types are exactly those of the spec', () => {
  expect([...UNNUMBERED_SUBJECT_TYPES].sort((a, b) => a - b)).toEqual([15, 16, 30, 31, 32, 35, 36]);
});

test('isStemIndex false shows no number and takes none', () => {
  const index = displayIndexes([s('a', 1, 1), s('quiet', 6, 2, false), s('b', 1, 3)]);
  expect(index.get('quiet')).toBeNull();
  expect(index.get('b')).toBe(2);
});

test('equal indexSort keeps list order; fractional keys sort between', () => {
  const index = displayIndexes([s('a', 1, 1), s('b', 1, 1), s('c', 1, 0.5)]);
  expect([...index.keys()]).toEqual(['c', 'a', 'b']);
});
