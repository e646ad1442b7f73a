import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { payQuickStartMachine } from '../../../machines/pay-quick-start/pay-quick-start.machine';
import { selectBusy, selectLimitDialog, selectPublished, selectStepLabel } from '../../../machines/pay-quick-start/pay-quick-start.selectors';
import type { TPayDraft } from '../../../machines/pay-quick-start/pay-quick-start.types';
import { PROJECT_KINDS, PROJECT_STATUS } from '../../../schemas/project-kinds';
import { getQuestionCount, getQuestionStatus, saveOrUpdateWxQuestion } from '../../api/question';
import { openMemberPage } from '../../api/use-creation';
import { payQuickSubjects } from './pay-quick-subjects';

/** The machine with the existing calls: count check, saveOrUpdateWxQuestion (questionType 6), getQuestionStatus. */
const logic = () =>
  payQuickStartMachine.provide({
    actors: {
      checkCount: fromPromise(() => getQuestionCount()),
      create: fromPromise(({ input }: { input: TPayDraft }) =>
        saveOrUpdateWxQuestion({
          questionType: PROJECT_KINDS.online.questionType,
          title: input.title.trim(),
          subtitle: input.description.trim() || undefined,
          subjects: payQuickSubjects(input.items),
        }),
      ),
      publish: fromPromise(async ({ input }: { input: string }) => {
        await getQuestionStatus(input, PROJECT_STATUS.published);
      }),
    },
    actions: { openMemberPage: (_, params) => openMemberPage(params.memberLevel) },
  });

/** The one-screen 收款 page: publish a draft, read the step, the message, the limit dialog and the page once live. */
export function usePayQuickStart() {
  const machine = useMemo(logic, []);
  const actor = useActorRef(machine);
  return {
    publish: (draft: TPayDraft) => actor.send({ type: 'pay.publish', draft }),
    confirmLimit: () => actor.send({ type: 'dialog.confirm' }),
    dismissLimit: () => actor.send({ type: 'dialog.dismiss' }),
    busy: useSelector(actor, selectBusy),
    step: useSelector(actor, selectStepLabel),
    published: useSelector(actor, selectPublished),
    limit: useSelector(actor, selectLimitDialog),
    error: useSelector(actor, (snapshot) => snapshot.context.error),
    questionId: useSelector(actor, (snapshot) => snapshot.context.questionId),
  };
}
