import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { merchantOnboardingMachine } from '../../../machines/merchant-onboarding/merchant-onboarding.machine';
import {
  selectApplication,
  selectChecking,
  selectDraft,
  selectError,
  selectErrors,
  selectStep,
  selectStepItems,
  selectStepKey,
  selectView,
} from '../../../machines/merchant-onboarding/merchant-onboarding.selectors';
import type { TFieldValue } from '../../../machines/merchant-onboarding/merchant-onboarding.types';
import * as api from '../../api/wxpay';
import { toast } from '../../ui/toast';
import { readStoredDraft, writeStoredDraft } from './merchant-storage';

/** The onboarding machine with the real calls. */
export function createMerchantLogic() {
  return merchantOnboardingMachine.provide({
    actors: {
      loadApplication: fromPromise(async ({ input }) => {
        const number = input.out_request_no || (await api.getOutRequestNo()).out_request_no;
        const status = input.out_request_no ? await api.getProviderStatus(number) : null;
        return { out_request_no: number, application: status ? await api.getApplyDetail(number) : null };
      }),
      submitApplication: fromPromise(async ({ input }) => {
        const number = input.draft.out_request_no || (await api.getOutRequestNo()).out_request_no;
        return api.applyMch({ ...input.draft, out_request_no: number });
      }),
      checkStatus: fromPromise(({ input }) => api.getApplyDetail(input.out_request_no)),
    },
  });
}

/** The merchant screen's intent API: what it shows and what it may ask. */
export function useMerchant() {
  const stored = useMemo(() => readStoredDraft(), []);
  const actor = useActorRef(useMemo(createMerchantLogic, []), { input: stored });
  const draft = useSelector(actor, selectDraft);
  const step = useSelector(actor, selectStep);

  // Every change of the draft or the step is kept in the browser, so a reload resumes here.
  const warned = useRef(false);
  useEffect(() => {
    if (writeStoredDraft(draft, step) || warned.current) return;
    warned.current = true;
    toast.error('浏览器存储空间不足，草稿未能保存，请减少图片数量或大小');
  }, [draft, step]);

  const send = actor.send;
  return {
    view: useSelector(actor, selectView),
    draft,
    step,
    stepKey: useSelector(actor, selectStepKey),
    steps: useSelector(actor, selectStepItems, (a, b) => a.length === b.length && a.every((item, i) => item.key === b[i]!.key && item.status === b[i]!.status)),
    errors: useSelector(actor, selectErrors),
    error: useSelector(actor, selectError),
    application: useSelector(actor, selectApplication),
    checking: useSelector(actor, selectChecking),
    change: (path: string, value: TFieldValue) => send({ type: 'field.change', path, value }),
    next: () => send({ type: 'step.next' }),
    back: () => send({ type: 'step.back' }),
    goTo: (target: number) => send({ type: 'step.goto', step: target }),
    addOwner: () => send({ type: 'ubo.add' }),
    removeOwner: (index: number) => send({ type: 'ubo.remove', index }),
    submit: () => send({ type: 'application.submit' }),
    reset: () => send({ type: 'application.reset' }),
    clear: () => send({ type: 'application.clear' }),
    edit: () => send({ type: 'application.edit' }),
    reload: () => send({ type: 'application.reload' }),
    refresh: () => send({ type: 'status.refresh' }),
  };
}

export type TMerchant = ReturnType<typeof useMerchant>;
