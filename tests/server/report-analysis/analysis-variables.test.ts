import { describe, expect, it } from 'vitest';
import type { TSubject } from '../../../schemas/subjects/registry';
import { analysisVariables, spssDateTime, type AnalysisSheet } from '../../../server/services/report/analysis/analysis-variables';
import { makeSubject } from '../../helpers/fixtures';

const parts = (prefix: string, titles: string[]) => titles.map((title, i) => ({ uuid: `${prefix}${i}`, title }));

function sheet(answers: Record<string, unknown>, skipped: string[] = []): AnalysisSheet {
  return {
    no: 1,
    publicId: 'p1',
    createdAt: new Date('2026-03-08T06:05:09Z'),
    durationSeconds: 30,
    score: null,
    answers,
    skipped: (uuid) => skipped.includes(uuid),
  };
}

describe('analysis variables', () => {
  const matrix = { ...makeSubject(12, 1, '渠道'), rows: parts('r', ['线上', '线下']), columns: parts('c', ['微信', '电话']) } as TSubject;
  const ranking = { ...makeSubject(9, 2, '排序'), options: parts('k', ['价格', '质量', '服务']) } as TSubject;
  const fill = { ...makeSubject(8, 3, '其他'), options: parts('f', ['自行车', '步行']) } as TSubject;
  const list = [matrix, ranking, fill].map((subject, i) => ({ subject, index: i + 1 }));
  const vars = analysisVariables(list, true);
  const byName = (name: string) => vars.find((v) => v.name === name)!;

  it('names and labels every variable: meta with 总分 for an exam, a matrix multiple per cell, a ranking per option, a fill-in text', () => {
    expect(vars.map((v) => [v.name, v.label, v.kind, v.measure])).toEqual([
      ['sheet_no', '序号', 'number', 'scale'],
      ['sheet_id', '答卷编号', 'string', 'nominal'],
      ['submit_time', '提交时间（北京时间 UTC+8）', 'datetime', 'scale'],
      ['duration_s', '用时（秒）', 'number', 'scale'],
      ['total_score', '总分', 'number', 'scale'],
      ['Q1_1_1', '渠道：线上：微信', 'flag', 'nominal'],
      ['Q1_1_2', '渠道：线上：电话', 'flag', 'nominal'],
      ['Q1_2_1', '渠道：线下：微信', 'flag', 'nominal'],
      ['Q1_2_2', '渠道：线下：电话', 'flag', 'nominal'],
      ['Q2_1', '排序：价格', 'number', 'ordinal'],
      ['Q2_2', '排序：质量', 'number', 'ordinal'],
      ['Q2_3', '排序：服务', 'number', 'ordinal'],
      ['Q3', '其他', 'code', 'nominal'],
      ['Q3_text', '其他：填写内容', 'string', 'nominal'],
    ]);
  });

  it('reads an answered sheet: cells chosen 1 / 0, positions, the code and the filled text', () => {
    const s = sheet({
      [matrix.uuid]: { r0: ['c1'] },
      [ranking.uuid]: { optionIds: ['k2', 'k0', 'k1'] },
      [fill.uuid]: { optionIds: ['f0'], texts: { f0: '骑车上班' } },
    });
    expect(vars.slice(5).map((v) => v.value(s))).toEqual([0, 1, 0, 0, 2, 3, 1, 1, '骑车上班']);
  });

  it('a skipped or unanswered subject is missing in all its variables, never 0', () => {
    const s = sheet({ [ranking.uuid]: { optionIds: ['k0', 'k1', 'k2'] } }, [ranking.uuid]);
    expect(vars.slice(5).map((v) => v.value(s))).toEqual([null, null, null, null, null, null, null, null, null]);
  });

  it('writes the submit time as SPSS seconds since 1582-10-14 on the Beijing clock', () => {
    // 2026-03-08 14:05:09 in UTC+8.
    const days = (Date.UTC(2026, 2, 8) - Date.UTC(1582, 9, 14)) / 86_400_000;
    expect(byName('submit_time').value(sheet({}))).toBe(days * 86_400 + 14 * 3600 + 5 * 60 + 9);
    expect(spssDateTime(new Date('1582-10-13T16:00:00Z'))).toBe(0);
  });
});
