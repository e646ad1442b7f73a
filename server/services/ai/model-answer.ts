// Issue 52 item 2: an answer about a report through the configured model.
import type { TAiMessage, TAiReportSummary } from '../../../schemas/api/ai';
import type { AiModel } from '../../providers/ai/model';
import type { Deps } from '../deps';
import type { AiStream } from './engine';
import { UNUSABLE, withAiCount } from './model-generate';
import * as prompt from './prompts/analyze-report.v1';

/** What the model is told about one project's report (the built-in analysis's summary) and the question asked. */
export interface AnswerInput {
  title: string;
  questionType: number;
  /** The report's statistics as the built-in analysis computed them (server/services/ai/analysis/). */
  summary: TAiReportSummary;
  message: string;
  history: { role: 'user' | 'assistant'; text: string }[];
}

/** The findings an answer cites (【发现N】) and the charts they show, so the page draws what the text refers to. */
export function citedOf(text: string, summary: TAiReportSummary): Pick<TAiMessage, 'findings' | 'charts'> {
  const findings = prompt.citedFindings(text, summary.findings.length).map((i) => summary.findings[i]!);
  const chartIds = new Set(findings.map((f) => f.chartId).filter((id): id is string => id !== null));
  return { findings, charts: summary.charts.filter((c) => chartIds.has(c.chartId)) };
}

/**
 * An answer about a report by the configured model: one AI count (409 when none is left; given back if the model
 * fails or answers nothing), the prompt carrying the report's own numbers (prompts/analyze-report.v1.ts), the text streamed as
 * `delta` events; the reply carries the findings and charts it cites.
 */
export async function answerWithModel(
  deps: Deps,
  model: AiModel,
  userId: number,
  input: AnswerInput,
  stream: AiStream | null,
): Promise<{ reply: TAiMessage; aiRemaining: number | null }> {
  return withAiCount(deps, userId, 'analyze', prompt.label, async (remaining) => {
    const answer = await model.chat({
      messages: prompt.messages(input),
      json: false,
      onDelta: stream ? (text) => stream.send({ type: 'delta', text }) : undefined,
      signal: stream?.signal,
    });
    const text = answer.text.trim().slice(0, 20_000);
    if (!text) throw UNUSABLE();
    const reply: TAiMessage = { role: 'assistant', text, ...citedOf(text, input.summary), engine: 'model', createTime: deps.now().toISOString() };
    return { reply, aiRemaining: remaining };
  });
}
