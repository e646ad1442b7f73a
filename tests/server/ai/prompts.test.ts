import { describe, expect, it } from 'vitest';
import { AI_KIND_NAMES, AI_KINDS } from '../../../schemas/ai/kinds';
import { modelTypesOf, MODEL_TYPES } from '../../../schemas/ai/model-draft';
import type { TAiReportSummary } from '../../../schemas/api/ai';
import * as analyze from '../../../server/services/ai/prompts/analyze-report.v1';
import * as generate from '../../../server/services/ai/prompts/generate-project.v1';

describe('prompt generate-project v1', () => {
  it('is identified by name and version', () => {
    expect([generate.id, generate.version, generate.label]).toEqual(['generate-project', 1, 'generate-project.v1']);
  });

  for (const kind of AI_KIND_NAMES) {
    it(`${kind}: names the kind, every allowed type and no other, and the JSON shape`, () => {
      const [system, user] = generate.messages(kind, { prompt: AI_KINDS[kind].example, count: 8 });
      expect(system!.role).toBe('system');
      expect(system!.content).toContain(AI_KINDS[kind].name);
      const allowed = modelTypesOf(kind);
      for (const t of allowed) expect(system!.content).toMatch(new RegExp(`- ${t.name}：${t.zh}`));
      const others = Object.keys(MODEL_TYPES).filter((name) => !allowed.some((t) => t.name === name));
      for (const name of others) expect(system!.content).not.toMatch(new RegExp(`^- ${name}：`, 'm'));
      expect(system!.content).toContain('"subjects": [{"type"');
      expect(system!.content).toContain('简体中文');
      expect(user).toEqual({ role: 'user', content: `需求：${AI_KINDS[kind].example}\n请生成约 8 道题目。` });
    });
  }

  it('tells an exam to give answers and points, a payment its prices, a reservation its slots', () => {
    expect(generate.system('exam')).toMatch(/correct.*score.*analysis/);
    expect(generate.system('receivePayment')).toContain('items');
    expect(generate.system('reservation')).toContain('slots');
  });

  it('asks for a repair listing what was wrong', () => {
    expect(generate.repair(['第2题：需要至少2个选项（options）'])).toContain('第2题：需要至少2个选项（options）');
  });
});

describe('prompt analyze-report v1', () => {
  const summary: TAiReportSummary = {
    sheetCount: 40,
    findings: [
      { kind: 'share', title: '第1题「满意度」：选择「满意」的最多，占 42.5%（17/40）', detail: '', subjectIds: ['q1'], chartId: 'c1', test: null },
      { kind: 'lowResponse', title: '第5题回答率仅 30%', detail: '12/40', subjectIds: ['q5'], chartId: null, test: null },
    ],
    charts: [{ chartId: 'c1', title: '满意度', kind: 'bar', labels: ['满意', '一般'], series: [{ name: '人数', values: [17, 23] }], unit: 'count' }],
  };

  it('carries the report’s numbers, numbered, and the question with the history', () => {
    expect([analyze.id, analyze.version]).toEqual(['analyze-report', 1]);
    const messages = analyze.messages({
      title: '员工调查',
      summary,
      message: '哪里最需要改进？',
      history: [
        { role: 'user', text: '总体如何？' },
        { role: 'assistant', text: '不错' },
      ],
    });
    expect(messages[0]!.content).toContain('有效答卷 40 份');
    expect(messages[0]!.content).toContain('【发现1】第1题「满意度」：选择「满意」的最多，占 42.5%（17/40）');
    expect(messages[0]!.content).toContain('【发现2】第5题回答率仅 30%（12/40）');
    expect(messages[0]!.content).toContain('满意 17人次，一般 23人次');
    expect(messages.slice(1).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(messages.at(-1)!.content).toBe('哪里最需要改进？');
  });

  it('reads the findings an answer cites', () => {
    expect(analyze.citedFindings('见【发现2】和【发现1】，另【发现9】不存在', 2)).toEqual([0, 1]);
  });
});
