// How many subjects a request asks for, read from its words (schemas/ai/asked-count.ts).
import { describe, expect, it } from 'vitest';
import { askedCount } from '../../../schemas/ai/asked-count';
import { AI_KINDS, AI_LIMITS } from '../../../schemas/ai/kinds';

describe('askedCount', () => {
  it.each([
    ['员工满意度调查，10题左右', 10],
    ['十五道题的客户满意度调查', 15],
    ['20个问题', 20],
    [AI_KINDS.exam.example, 10],
    ['安全知识考试，单选、多选和判断各4题', 12],
    ['每类各3题', 3],
    ['100题', AI_LIMITS.subjectsMax],
    ['员工满意度调查', null],
  ] as const)('「%s」→ %s', (prompt, count) => {
    expect(askedCount(prompt)).toBe(count);
  });
});
