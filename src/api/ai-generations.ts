import { queryOptions } from '@tanstack/react-query';
import { aiServiceCalls, AI_GENERATE_CALLS, type TAiStreamEvent } from '../../schemas/api/ai';
import type { TAiKindName } from '../../schemas/ai/kinds';
import type { TSubject } from '../../schemas/subjects/registry';
import { aiStream } from './ai-client';
import { call } from './client';

/** Stored AI generations (activity/ai/…), the project made from one, the AI session line, and the streamed generation. */
export const aiGenerationKeys = {
  all: ['aiGenerations'] as const,
  list: (page: number, pageSize: number) => ['aiGenerations', 'list', page, pageSize] as const,
  one: (generationId: string) => ['aiGenerations', 'one', generationId] as const,
  session: ['aiSession'] as const,
};

export const aiGenerationsQuery = (page: number, pageSize: number) =>
  queryOptions({ queryKey: aiGenerationKeys.list(page, pageSize), queryFn: () => call(aiServiceCalls.listGenerations, { page, pageSize }, { quiet: true }) });

/** Quiet: /aiResult.html shows a missing or foreign generation as its own state. */
export const aiGenerationQuery = (generationId: string) =>
  queryOptions({
    queryKey: aiGenerationKeys.one(generationId),
    queryFn: () => call(aiServiceCalls.getGeneration, { generationId }, { quiet: true }),
    retry: false,
  });

/** The engine and the AI counts left; quiet, and the page hides the line when it cannot be read. */
export const aiSessionQuery = () =>
  queryOptions({ queryKey: aiGenerationKeys.session, queryFn: () => call(aiServiceCalls.getAiSession, {}, { quiet: true }), retry: false, staleTime: 30_000 });

/** Quiet: the page shows the refusal next to 创建并编辑. */
export const createFromGeneration = (body: { generationId: string; title: string; subtitle: string; subjects: TSubject[] }) =>
  call(aiServiceCalls.createFromGeneration, body, { quiet: true });

/** One generation of a kind, its events handed to `onEvent` as they arrive (quiet: the page shows the refusal). */
export const generateStreamed = (kind: TAiKindName, prompt: string, onEvent: (event: TAiStreamEvent) => void, signal: AbortSignal) =>
  aiStream(AI_GENERATE_CALLS[kind], { prompt }, onEvent, { quiet: true, signal });
