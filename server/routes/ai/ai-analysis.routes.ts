import type { FastifyInstance } from 'fastify';
import { aiCalls, aiServiceCalls } from '../../../schemas/api/ai';
import { defineAiCall } from '../../http/define-ai-call';
import { defineCall } from '../../http/define-call';
import { getConversation, questionAnalysis, saveAnalysis } from '../../services/ai/analysis/analysis.service';

/**
 * AI analysis of a project's report (issue 52; spec §7 "AI"): the conversation on the AI base (the configured model,
 * else the built-in assistant) and the saved conversation with the built-in findings. Power 1 or 3, as the report.
 */
export function aiAnalysisRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineAiCall(app, aiCalls.getConversation, async (body, { user, stream }) => getConversation(deps, user, body, stream));
  defineCall(app, aiServiceCalls.getQuestionAnalysis, async (body, { user }) => questionAnalysis(deps, user, body.questionId));
  defineCall(app, aiServiceCalls.saveOrUpdateAnalysis, async (body, { user }) => saveAnalysis(deps, user, body.questionId, body.messages));
}
