import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { chainQuickStartMachine } from '../../../machines/chain-quick-start/chain-quick-start.machine';
import { selectBusy, selectPublished, selectStepLabel } from '../../../machines/chain-quick-start/chain-quick-start.selectors';
import type { TChainDraft, TConfigureInput } from '../../../machines/chain-quick-start/chain-quick-start.types';
import { PROJECT_KINDS, PROJECT_STATUS, SOLITAIRE_TYPE } from '../../../schemas/project-kinds';
import { saveChainSetting } from '../../api/chain';
import { getQuestionStatus, saveOrUpdateWxQuestion } from '../../api/question';

/** The machine with the existing calls: creation, chain settings, publish (no call of its own). */
const logic = () =>
  chainQuickStartMachine.provide({
    actors: {
      create: fromPromise(async ({ input }: { input: TChainDraft }) => {
        const result = await saveOrUpdateWxQuestion({
          questionType: PROJECT_KINDS.solitaire.questionType,
          solitaireType: SOLITAIRE_TYPE.signUp,
          title: input.title.trim(),
          subtitle: input.description.trim() || undefined,
        });
        if (result.isCreate !== 1 || !result.questionId) throw new Error('今日创建数量已达上限，升级版本后可继续创建');
        return result.questionId;
      }),
      configure: fromPromise(async ({ input }: { input: TConfigureInput }) => {
        await saveChainSetting({ questionId: input.questionId, cap: input.draft.cap, deadline: input.draft.deadline });
      }),
      publish: fromPromise(async ({ input }: { input: string }) => {
        await getQuestionStatus(input, PROJECT_STATUS.published);
      }),
    },
  });

/** The one-screen sign-up chain: publish a draft, read the step, the message and the chain once it is live. */
export function useChainQuickStart() {
  const machine = useMemo(logic, []);
  const actor = useActorRef(machine);
  return {
    publish: (draft: TChainDraft) => actor.send({ type: 'chain.publish', draft }),
    busy: useSelector(actor, selectBusy),
    step: useSelector(actor, selectStepLabel),
    published: useSelector(actor, selectPublished),
    error: useSelector(actor, (snapshot) => snapshot.context.error),
    questionId: useSelector(actor, (snapshot) => snapshot.context.questionId),
  };
}
