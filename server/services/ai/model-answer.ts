// Issue 52 item 2 (helper "model"): an answer about a report through the configured model. Replaced by that helper.
import type { TAiMessage, TAiReportSummary } from '../../../schemas/api/ai';
import type { AiModel } from '../../providers/ai/model';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import type { AiStream } from './engine';

/** What the model is told about one project's report (the built-in analysis's summary) and the question asked. */
export interface AnswerInput {
  title: string;
  questionType: number;
  /** The report's statistics as the built-in analysis computed them (server/services/ai/analysis/). */
  summary: TAiReportSummary;
  message: string;
  history: { role: 'user' | 'assistant'; text: string }[];
}

export async function answerWithModel(
  _deps: Deps,
  _model: AiModel,
  _userId: number,
  _input: AnswerInput,
  _stream: AiStream | null,
): Promise<{ reply: TAiMessage; aiRemaining: number | null }> {
  throw new AppError('409', '即将上线');
}
