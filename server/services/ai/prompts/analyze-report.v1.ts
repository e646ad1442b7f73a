// Prompt "analyze-report", version 1 (issue 52 item 2): how the model is asked about one project's report. The
// model gets the built-in analysis's numbers (findings and charts, each numbered) and cites a finding as 【发现N】,
// so the answer can show the charts it refers to. A wording change is a new version file.
import type { TAiReportSummary } from '../../../../schemas/api/ai';
import type { AiChatMessage } from '../../../providers/ai/model';

export const id = 'analyze-report';
export const version = 1;
export const label = `${id}.v${version}`;

export interface AnalyzeInput {
  title: string;
  summary: TAiReportSummary;
  message: string;
  history: { role: 'user' | 'assistant'; text: string }[];
}

/** The report as numbered lines: the findings, then each chart's values. */
export function reportLines(summary: TAiReportSummary): string {
  const findings = summary.findings.map((f, i) => `【发现${i + 1}】${f.title}${f.detail ? `（${f.detail}）` : ''}`);
  const charts = summary.charts.map((c) => {
    const unit = c.unit === 'percent' ? '%' : '人次';
    const series = c.series.map((s) => `${s.name}：${c.labels.map((l, i) => `${l} ${s.values[i] ?? 0}${unit}`).join('，')}`);
    return `图表「${c.title}」\n${series.join('\n')}`;
  });
  return [`有效答卷 ${summary.sheetCount} 份。`, ...findings, ...charts].join('\n');
}

export function system(input: Pick<AnalyzeInput, 'title' | 'summary'>): string {
  return [
    `你是数据分析助手，帮助用户理解项目「${input.title}」的统计报告。使用简体中文，回答简洁、有条理。`,
    '只使用下面报告中的数字，不要编造数据；引用某条发现时写出它的编号，如【发现1】。',
    '报告：',
    reportLines(input.summary),
  ].join('\n');
}

export function messages(input: AnalyzeInput): AiChatMessage[] {
  return [
    { role: 'system', content: system(input) },
    ...input.history.map((h): AiChatMessage => ({ role: h.role, content: h.text })),
    { role: 'user', content: input.message },
  ];
}

/** The findings (0-based) an answer cites as 【发现N】. */
export function citedFindings(text: string, count: number): number[] {
  const out = new Set<number>();
  for (const m of text.matchAll(/【发现(\d{1,2})】/g)) {
    const n = Number(m[1]) - 1;
    if (n >= 0 && n < count) out.add(n);
  }
  return [...out].sort((a, b) => a - b);
}
