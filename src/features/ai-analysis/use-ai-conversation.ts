import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { aiConversationMachine } from '../../../machines/ai-conversation/ai-conversation.machine';
import type { TAiConversationEvent, TAskInput } from '../../../machines/ai-conversation/ai-conversation.types';
import type { TAiMessage } from '../../../schemas/api/ai';
import { askAnalysis, loadAnalysis, saveAnalysis } from '../../api/ai-analysis';

/** The conversation actor's id in its system: the ask actor sends the streamed pieces to it. */
const SYSTEM_ID = 'aiConversation';

/** The conversation machine with the real calls; the reply's `delta` events reach the machine as `reply.delta`. */
const conversationLogic = () =>
  aiConversationMachine.provide({
    actors: {
      loadAnalysis: fromPromise(({ input }: { input: { questionId: string } }) => loadAnalysis(input.questionId)),
      ask: fromPromise(
        ({
          input,
          system,
          signal,
        }: {
          input: TAskInput;
          system: { get: (id: string) => { send: (e: TAiConversationEvent) => void } | undefined };
          signal: AbortSignal;
        }) =>
          askAnalysis(
            input,
            (event) => {
              if (event.type === 'delta') system.get(SYSTEM_ID)?.send({ type: 'reply.delta', text: event.text });
            },
            signal,
          ),
      ),
      saveConversation: fromPromise(({ input }: { input: { questionId: string; messages: TAiMessage[] } }) => saveAnalysis(input.questionId, input.messages)),
    },
  });

/** One project's analysis conversation (machines/ai-conversation) and what the page reads from it. */
export function useAiConversation(questionId: string) {
  const actor = useActorRef(useMemo(conversationLogic, []), { input: { questionId }, systemId: SYSTEM_ID });
  const state = useSelector(actor, (s) => s.value as string);
  const context = useSelector(actor, (s) => s.context);
  return { actor, state, ...context };
}
