import { assign, setup } from 'xstate';
import { ORDER_TRANSITIONS, type TOrderAction, type TOrderState } from '../../schemas/order/order-states';
import type { TOrderContext, TOrderEvent } from './order.types';

/** The machine's transitions for a state, built from the one table the server enforces. */
function movesOf(state: Exclude<TOrderState, 'refunding'>) {
  const moves: Partial<Record<TOrderAction, TOrderState | 'back'>> = ORDER_TRANSITIONS[state];
  return Object.fromEntries(Object.entries(moves).map(([action, target]) => [`order.${action}`, { target: pathOf(target) }]));
}

const LIVE: readonly string[] = ['paid', 'shipped', 'collected', 'done'];
/** Paid states sit inside `live` (so a refund can return to the one it left). */
const pathOf = (state: string) => (LIVE.includes(state) ? `#order.live.${state}` : `#order.${state}`);

/**
 * One order (issue 21): created by a submit with products, paid through a provider's verified notify, shipped or
 * collected by the creator and done; closed when unpaid after the payment window (its stock returns); refunded
 * in one or several refunds that add up to at most the amount. A refund that ends short of the amount, or that
 * the provider refuses, returns to the state the order was in (a shallow history state).
 */
export const orderMachine = setup({
  types: { context: {} as TOrderContext, events: {} as TOrderEvent },
  actions: { countPartial: assign({ partialRefunds: ({ context }) => context.partialRefunds + 1 }) },
}).createMachine({
  id: 'order',
  context: { partialRefunds: 0 },
  initial: 'created',
  states: {
    created: { on: movesOf('created') },
    live: {
      initial: 'paid',
      states: {
        paid: { on: movesOf('paid') },
        shipped: { on: movesOf('shipped') },
        collected: { on: movesOf('collected') },
        done: { on: movesOf('done') },
        hist: { type: 'history' },
      },
    },
    refunding: {
      on: {
        'order.refundDone': { target: 'refunded' },
        'order.refundPartial': { target: 'live.hist', actions: 'countPartial' },
        'order.refundFail': { target: 'live.hist' },
      },
    },
    closed: { type: 'final' },
    refunded: { type: 'final' },
  },
});
