import { queryOptions } from '@tanstack/react-query';
import { aiCalls, aiServiceCalls, type TAiMessage, type TAiStreamEvent } from '../../schemas/api/ai';
import { aiStream } from './ai-client';
import { call } from './client';

/** The AI analysis page's calls (issue 52): the analysis, my saved conversation, a question, the AI session. */
export const loadAnalysis = (questionId: string) => call(aiServiceCalls.getQuestionAnalysis, { questionId }, { quiet: true });

/** The page shows the save's outcome beside the conversation (已保存 / 保存失败): quiet. */
export const saveAnalysis = (questionId: string, messages: TAiMessage[]) =>
  call(aiServiceCalls.saveOrUpdateAnalysis, { questionId, messages }, { quiet: true });

/** One question about the report, answered as a stream (the reply's text arrives in `delta` pieces); quiet: the page shows the refusal. */
export const askAnalysis = (
  body: { questionId: string; message: string; history: { role: 'user' | 'assistant'; text: string }[] },
  onEvent: (event: TAiStreamEvent) => void,
  signal?: AbortSignal,
) => aiStream(aiCalls.getConversation, body, onEvent, { quiet: true, signal });

/** The engine the answers come from (内置助手 or the model's name); asked quietly, the page hides the label without it. */
export const aiSessionQuery = () =>
  queryOptions({
    queryKey: ['ai', 'session'] as const,
    queryFn: () => call(aiServiceCalls.getAiSession, {}, { quiet: true }),
    retry: false,
    staleTime: 60_000,
  });
