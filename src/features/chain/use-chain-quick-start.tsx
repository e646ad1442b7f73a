import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { chainQuickStartMachine } from '../../../machines/chain-quick-start/chain-quick-start.machine';
import { selectBusy, selectLimitDialog, selectPublished, selectStepLabel } from '../../../machines/chain-quick-start/chain-quick-start.selectors';
import type { TChainDraft, TConfigureInput } from '../../../machines/chain-quick-start/chain-quick-start.types';
import { PROJECT_KINDS, PROJECT_STATUS } from '../../../schemas/project-kinds';
import { saveChainSetting } from '../../api/chain';
import { saveCheckInSetting } from '../../api/checkin';
import { getWxQuestionSetting, updateWxQuestionSetting } from '../../api/editor';
import { getQuestionCount, getQuestionStatus, saveOrUpdateWxQuestion } from '../../api/question';
import { LimitDialog, openMemberPage } from '../../api/use-creation';
import { QUICK_KINDS, quickSubjects } from './quick-kinds';

/** Each kind's settings after creation, on the calls its manage screen uses. */
async function configure({ questionId, draft }: TConfigureInput): Promise<void> {
  if (draft.kind === 'signUp') await saveChainSetting({ questionId, cap: draft.cap, deadline: draft.deadline });
  else if (draft.kind === 'checkIn') {
    const { startDay, endDay, windowStart, windowEnd } = draft;
    await saveCheckInSetting({ questionId, startDay, endDay, windowStart, windowEnd });
  } else if (draft.deadline !== null) {
    // A group-buy closes at the project's end time (its page's 截止时间), saved as the editor saves settings.
    const current = await getWxQuestionSetting(questionId);
    await updateWxQuestionSetting(questionId, current.version, { ...current.settings, endTime: draft.deadline });
  }
}

/** The machine with the existing calls: the count check, creation, the kind's settings, publish (no call of its own). */
const logic = () =>
  chainQuickStartMachine.provide({
    actors: {
      checkCount: fromPromise(() => getQuestionCount()),
      create: fromPromise(({ input }: { input: TChainDraft }) =>
        saveOrUpdateWxQuestion({
          questionType: PROJECT_KINDS.solitaire.questionType,
          solitaireType: QUICK_KINDS[input.kind].solitaireType,
          title: input.title.trim(),
          subtitle: input.description.trim() || undefined,
          subjects: quickSubjects(input),
        }),
      ),
      configure: fromPromise(({ input }: { input: TConfigureInput }) => configure(input)),
      publish: fromPromise(async ({ input }: { input: string }) => {
        await getQuestionStatus(input, PROJECT_STATUS.published);
      }),
    },
    actions: { openMemberPage: (_, params) => openMemberPage(params.memberLevel) },
  });

/** A quick chain screen: publish a draft, read the step, the message, the limit dialog and the chain once it is live. */
export function useChainQuickStart() {
  const machine = useMemo(logic, []);
  const actor = useActorRef(machine);
  const limit = useSelector(actor, selectLimitDialog);
  return {
    publish: (draft: TChainDraft) => actor.send({ type: 'chain.publish', draft }),
    busy: useSelector(actor, selectBusy),
    step: useSelector(actor, selectStepLabel),
    published: useSelector(actor, selectPublished),
    error: useSelector(actor, (snapshot) => snapshot.context.error),
    questionId: useSelector(actor, (snapshot) => snapshot.context.questionId),
    /** The creation limit dialog (spec §8), as the full create page shows it. */
    dialog: <LimitDialog limit={limit} onConfirm={() => actor.send({ type: 'dialog.confirm' })} onCancel={() => actor.send({ type: 'dialog.dismiss' })} />,
  };
}

export type TChainQuickStart = ReturnType<typeof useChainQuickStart>;
