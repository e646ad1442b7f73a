import type { TQuestionCount } from '../../schemas/api/question';
import { failTo } from '../shared/transitions';

/** The count check's answer as the params of a guard or action. */
export const limitsOf = ({ event }: { event: { output: TQuestionCount } }) => ({ limits: event.output });

/**
 * A limit dialog's state (spec §8): 升级版本 opens the member page at the user's level, either way back to `target`.
 * Shared by the creation machine and the quick chain screens (machines/chain-quick-start), which declare the
 * `openMemberPage` action and keep the count in `context.limits`.
 */
export const limitDialogState = (target: string) => ({
  on: {
    'dialog.confirm': {
      target,
      actions: {
        type: 'openMemberPage' as const,
        params: ({ context }: { context: { limits: TQuestionCount | null } }) => ({ memberLevel: context.limits?.memberLevel ?? 1 }),
      },
    },
    'dialog.dismiss': { target },
  },
});

/**
 * The quick screens' count check before creating (getQuestionCount): the daily limit's dialog when today's creations
 * are used up, else on to `next`; a failed check to `failed`. Their machines declare the `checkCount` actor, the
 * `dailyLimitReached` guard and the `setLimits` and `setError` actions.
 */
export const dailyCountCheckState = (next: string) => ({
  invoke: {
    id: 'checkCount' as const,
    src: 'checkCount' as const,
    onDone: [
      { guard: { type: 'dailyLimitReached' as const, params: limitsOf }, target: 'dailyLimit', actions: { type: 'setLimits' as const, params: limitsOf } },
      { target: next, actions: { type: 'setLimits' as const, params: limitsOf } },
    ],
    onError: failTo('failed', 'setError'),
  },
});
