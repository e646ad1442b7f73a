import { describe, expect, it } from 'vitest';
import type { TAiReportSummary } from '../../../schemas/api/ai';
import { builtinAnswer, chineseNumber, intentOf, namedSubject, type SubjectRef } from '../../../server/services/ai/analysis/builtin-answer';

const SUBJECTS: SubjectRef[] = [
  { uuid: 'a', index: 1, title: '您所在的<b>部门</b>' },
  { uuid: 'b', index: 2, title: '您是否经常加班' },
  { uuid: 'c', index: 12, title: '您对食堂的满意度' },
  { uuid: 'd', index: null, title: '备注' },
];

describe('the built-in assistant reads a question', () => {
  it('reads Chinese numbers', () => {
    expect(['三', '十', '十二', '二十', '二十一', '九十九', '12', '两'].map(chineseNumber)).toEqual([3, 10, 12, 20, 21, 99, 12, 2]);
    expect(Number.isNaN(chineseNumber('百'))).toBe(true);
    expect(Number.isNaN(chineseNumber(''))).toBe(true);
  });

  it('finds the subject by its number, its whole title or its distinctive words', () => {
    expect(namedSubject('第2题哪个最多', SUBJECTS)?.uuid).toBe('b');
    expect(namedSubject('第十二题呢', SUBJECTS)?.uuid).toBe('c');
    expect(namedSubject('Q1 的分布', SUBJECTS)?.uuid).toBe('a');
    expect(namedSubject('食堂怎么样', SUBJECTS)?.uuid).toBe('c');
    expect(namedSubject('各部门有差异吗', SUBJECTS)?.uuid).toBe('a');
    expect(namedSubject('备注里写了什么', SUBJECTS)?.uuid).toBe('d');
    expect(namedSubject('第9题', SUBJECTS)).toBeNull();
    expect(namedSubject('整体情况怎么样', SUBJECTS)).toBeNull();
  });

  it('reads the intent, and keeps the previous one for a follow-up', () => {
    expect(intentOf('有没有显著差异')).toBe('difference');
    expect(intentOf('哪个选项最多')).toBe('share');
    expect(intentOf('哪个最少')).toBe('least');
    expect(intentOf('开放题提到了什么')).toBe('theme');
    expect(intentOf('有可疑答卷吗')).toBe('suspect');
    expect(intentOf('哪些题跳过的人多')).toBe('lowResponse');
    expect(intentOf('给我一些改进建议')).toBe('suggest');
    expect(intentOf('整体怎么样')).toBe('overview');
    expect(intentOf('那第2题呢', [{ role: 'user', text: '第1题哪个最少' }])).toBe('least');
    expect(intentOf('你好')).toBeNull();
  });

  it('labels its answer as the built-in assistant’s and lists what it can answer when it does not understand', () => {
    const summary: TAiReportSummary = {
      sheetCount: 3,
      findings: [{ kind: 'overview', title: '共收到有效答卷 3 份', detail: '', subjectIds: [], chartId: null, test: null }],
      charts: [],
    };
    const reply = builtinAnswer({ summary, subjects: SUBJECTS, message: '你好', now: new Date('2026-12-05T00:00:00Z') });
    expect(reply).toMatchObject({ role: 'assistant', engine: 'builtin', findings: [], charts: [], createTime: '2026-12-05T00:00:00.000Z' });
    expect(reply.text).toContain('我是内置助手');
    expect(reply.text).toContain('第1题哪个选项最多');
    expect(reply.text).toContain('内置助手根据报告的统计数据生成');
  });
});
