import { useRouter } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise, type AnyActorRef } from 'xstate';
import { aiGenerationMachine } from '../../../machines/ai-generation/ai-generation.machine';
import {
  selectCanUndo,
  selectCreating,
  selectEditable,
  selectFailedStep,
  selectGenerating,
  selectStarted,
  selectLimitDialog,
} from '../../../machines/ai-generation/ai-generation.selectors';
import type { TAiAsk, TAiCreateInput } from '../../../machines/ai-generation/ai-generation.types';
import type { TAiStreamEvent } from '../../../schemas/api/ai';
import { AI_KINDS, type TAiKindName } from '../../../schemas/ai/kinds';
import { aiGenerationKeys, createFromGeneration, generateStreamed } from '../../api/ai-generations';
import { getQuestionCount } from '../../api/question';
import { openMemberPage } from '../../api/use-creation';
import { projectHref } from '../../app/kinds';

const SYSTEM_ID = 'aiGeneration';

/** A stream's event as the machine's event (the end is the promise's answer, not an event). */
function streamEvent(event: TAiStreamEvent) {
  switch (event.type) {
    case 'start':
      return { type: 'stream.start' as const, engine: event.engine, engineName: event.engineName };
    case 'title':
      return { type: 'stream.title' as const, title: event.title, subtitle: event.subtitle };
    case 'subject':
      return { type: 'stream.subject' as const, index: event.index, subject: event.subject };
    case 'retry':
      return { type: 'stream.retry' as const, attempt: event.attempt, reason: event.reason };
    default:
      return null;
  }
}

/**
 * The AI generation machine (machines/ai-generation) with the real calls: the streamed generation (its events sent
 * to the machine as they arrive), createFromGeneration, the count for a limit dialog; a new project opens its editor.
 */
export function useAiGeneration() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const machine = useMemo(
    () =>
      aiGenerationMachine.provide({
        actors: {
          generate: fromPromise(
            async ({ input, signal, system }: { input: TAiAsk; signal: AbortSignal; system: { get: (id: string) => AnyActorRef | undefined } }) => {
              const generation = await generateStreamed(
                input.kind,
                input.prompt,
                (event) => {
                  const mapped = streamEvent(event);
                  if (mapped) system.get(SYSTEM_ID)?.send(mapped);
                },
                signal,
              );
              void queryClient.invalidateQueries({ queryKey: aiGenerationKeys.all });
              void queryClient.invalidateQueries({ queryKey: aiGenerationKeys.session });
              return generation;
            },
          ),
          create: fromPromise(async ({ input }: { input: TAiCreateInput }) => {
            const result = await createFromGeneration(input);
            void queryClient.invalidateQueries({ queryKey: aiGenerationKeys.all });
            return result;
          }),
          checkCount: fromPromise(() => getQuestionCount()),
        },
        actions: {
          openMemberPage: (_, params) => openMemberPage(params.memberLevel),
          openEditor: ({ context }, params) => {
            const kind = AI_KINDS[(context.ask?.kind ?? 'question') as TAiKindName];
            const solitaireType = 'solitaireType' in kind ? kind.solitaireType : null;
            router.history.push(projectHref.opened(params.questionId, kind.questionType, solitaireType));
          },
        },
      }),
    [router, queryClient],
  );
  const actor = useActorRef(machine, { systemId: SYSTEM_ID });
  const context = useSelector(actor, (s) => s.context);
  return {
    actor,
    context,
    started: useSelector(actor, selectStarted),
    generating: useSelector(actor, selectGenerating),
    editable: useSelector(actor, selectEditable),
    creating: useSelector(actor, selectCreating),
    failedStep: useSelector(actor, selectFailedStep),
    canUndo: useSelector(actor, selectCanUndo),
    limit: useSelector(actor, selectLimitDialog),
  };
}

export type TAiGenerationView = ReturnType<typeof useAiGeneration>;
