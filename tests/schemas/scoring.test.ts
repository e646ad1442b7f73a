import { describe, expect, test } from 'vitest';
import { scoreSheet, scoreSubject, sameText } from '../../schemas/scoring/score';
import { createSubject, type TSubject, type TSubjectOf } from '../../schemas/subjects/registry';

function exam<N extends TSubject['subjectType']>(subjectType: N, uuid: string, patch: (s: TSubjectOf<N>) => void): TSubjectOf<N> {
  let n = 0;
  const s = createSubject(subjectType, { uuid, indexSort: 1, newId: () => `${uuid}-${++n}` });
  patch(s);
  return s;
}

const single = exam(1, 's', (s) => {
  s.score = 5;
  s.options = [
    { uuid: 'a', title: 'A', isCorrect: true },
    { uuid: 'b', title: 'B', score: 2 },
    { uuid: 'c', title: 'C' },
  ];
});
const multiple = (scoring: 'all' | 'partial', partialScore?: number) =>
  exam(2, 'm', (s) => {
    s.score = 4;
    s.scoring = scoring;
    if (partialScore !== undefined) s.partialScore = partialScore;
    s.options = ['a', 'b', 'c', 'd'].map((id) => ({ uuid: id, title: id.toUpperCase(), isCorrect: id !== 'd' }));
  });
const fill = exam(6, 'f', (s) => {
  s.score = 3;
  s.acceptedAnswers = ['北京', 'Beijing'];
});
const blanks = exam(10, 'b', (s) => {
  s.score = 4;
  s.blanks = [
    { uuid: 'x', label: '首都', required: true, acceptedAnswers: ['北京'] },
    { uuid: 'y', label: '河流', required: true, acceptedAnswers: ['长江', '扬子江'] },
  ];
});
const ranking = (scoring: 'all' | 'perPosition') =>
  exam(9, 'r', (s) => {
    s.score = 6;
    s.scoring = scoring;
    s.options = ['a', 'b', 'c'].map((id) => ({ uuid: id, title: id }));
    s.correctOrder = ['a', 'b', 'c'];
  });

describe('single choice', () => {
  test.each([
    [{ optionIds: ['a'] }, 5, 'correct'],
    [{ optionIds: ['b'] }, 2, 'partial'],
    [{ optionIds: ['c'] }, 0, 'wrong'],
    [undefined, 0, 'unanswered'],
    [{ optionIds: 'a' }, 0, 'wrong'],
  ])('%j scores %d (%s)', (answer, score, status) => {
    expect(scoreSubject(single, answer)).toMatchObject({ score, maxScore: 5, status });
  });
});

describe('multiple choice', () => {
  test('all-or-nothing', () => {
    expect(scoreSubject(multiple('all'), { optionIds: ['c', 'a', 'b'] })).toMatchObject({ score: 4, status: 'correct' });
    expect(scoreSubject(multiple('all'), { optionIds: ['a', 'b'] })).toMatchObject({ score: 0, status: 'wrong' });
  });
  test('partial: a correct subset earns its share; any wrong pick earns nothing', () => {
    expect(scoreSubject(multiple('partial'), { optionIds: ['a', 'b'] })).toMatchObject({ score: 2.67, status: 'partial' });
    expect(scoreSubject(multiple('partial', 1), { optionIds: ['a'] })).toMatchObject({ score: 1, status: 'partial' });
    expect(scoreSubject(multiple('partial'), { optionIds: ['a', 'd'] })).toMatchObject({ score: 0, status: 'wrong' });
  });
});

describe('fill-in', () => {
  test('accepted answers, ignoring case, width and spacing', () => {
    expect(scoreSubject(fill, ' beijing ')).toMatchObject({ score: 3, status: 'correct' });
    expect(scoreSubject(fill, '北京')).toMatchObject({ score: 3 });
    expect(scoreSubject(fill, '上海')).toMatchObject({ score: 0, status: 'wrong' });
    expect(sameText('ＢＥＩＪＩＮＧ', 'beijing')).toBe(true);
    expect(sameText('Beijing', 'beijing', true)).toBe(false);
  });
  test('multi-blank scores each blank', () => {
    expect(scoreSubject(blanks, { x: '北京', y: '扬子江' })).toMatchObject({ score: 4, status: 'correct' });
    expect(scoreSubject(blanks, { x: '北京', y: '黄河' })).toMatchObject({ score: 2, status: 'partial' });
  });
});

describe('ranking', () => {
  test('exact order, or points per position', () => {
    expect(scoreSubject(ranking('all'), { optionIds: ['a', 'b', 'c'] })).toMatchObject({ score: 6, status: 'correct' });
    expect(scoreSubject(ranking('all'), { optionIds: ['a', 'c', 'b'] })).toMatchObject({ score: 0 });
    expect(scoreSubject(ranking('perPosition'), { optionIds: ['a', 'c', 'b'] })).toMatchObject({ score: 2, status: 'partial' });
  });
});

test('a sheet: total and per subject, only scored and shown subjects', () => {
  const unscored = createSubject(7, { uuid: 'essay', indexSort: 9 });
  const subjects = [single, multiple('partial'), fill, blanks, ranking('all'), unscored];
  const answers = { s: { optionIds: ['a'] }, m: { optionIds: ['a'] }, f: 'Beijing', b: { x: '北京' }, r: { optionIds: ['c', 'b', 'a'] }, essay: '…' };
  const sheet = scoreSheet(subjects, answers);
  expect(sheet.subjects.map((s) => [s.uuid, s.score])).toEqual([
    ['s', 5],
    ['m', 1.33],
    ['f', 3],
    ['b', 2],
    ['r', 0],
  ]);
  expect(sheet.total).toBe(11.33);
  expect(sheet.maxTotal).toBe(22);
  const drawn = scoreSheet(subjects, answers, (uuid) => uuid !== 'r');
  expect(drawn.maxTotal).toBe(16);
});
