import { describe, expect, it } from 'vitest';
import { paletteGroupsFor } from '../../../src/features/editor/subject/subject-kinds';

const types = (questionType: number) => paletteGroupsFor(questionType).map((g) => [g.name, g.entries.map((e) => e.preset ?? e.subjectType)]);

describe('the palette, built from each type look’s group and place', () => {
  it('lists a survey’s types in the groups and order the editor has always shown', () => {
    expect(types(1)).toEqual([
      ['选择题', [1, 2, 3, 5, 8, 9]],
      ['填空题', [6, 7, 10, 14, 21]],
      ['矩阵题', [11, 12, 18, 25]],
      ['评分题', [19, 22, 23, 24, 20, 38]],
      ['个人信息', [26, 27, 28, 4, 29, 17]],
      ['文件与签名', [13, 33]],
      ['布局', [15, 16, 30, 31, 32, 35, 36]],
    ]);
  });

  it('names the payment / appointment group after the one type that fits, and gives exams 考试题', () => {
    expect(types(6).at(-1)).toEqual(['收款', [34]]);
    expect(types(7).at(-1)).toEqual(['预约', [37]]);
    expect(types(2)[1]).toEqual(['考试题', ['trueFalse']]);
  });
});
