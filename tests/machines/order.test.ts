import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { orderMachine } from '../../machines/order/order.machine';
import { orderStateOf } from '../../machines/order/order.selectors';
import { ORDER_ACTIONS, ORDER_STATES, nextOrderState, refusalOf, statesAllowing, type TOrderState } from '../../schemas/order/order-states';

/** The events that reach `state` from a new order, the way the server reaches it. */
const PATHS: Record<TOrderState, string[]> = {
  created: [],
  paid: ['pay'],
  shipped: ['pay', 'ship'],
  collected: ['pay', 'collect'],
  done: ['pay', 'ship', 'finish'],
  closed: ['close'],
  refunding: ['pay', 'refund'],
  refunded: ['pay', 'refund', 'refundDone'],
};

function actorIn(state: TOrderState) {
  const actor = createActor(orderMachine).start();
  for (const action of PATHS[state]) actor.send({ type: `order.${action}` } as never);
  expect(orderStateOf(actor.getSnapshot())).toBe(state);
  return actor;
}

describe('order machine', () => {
  it('takes exactly the moves the server allows (one table, schemas/order/order-states.ts)', () => {
    for (const state of ORDER_STATES) {
      for (const action of ORDER_ACTIONS) {
        const actor = actorIn(state);
        const event = { type: `order.${action}` } as never;
        const next = nextOrderState(state, action);
        expect(actor.getSnapshot().can(event), `${state} ${action}`).toBe(next !== null);
        if (!next || next === 'back') continue;
        actor.send(event);
        expect(orderStateOf(actor.getSnapshot())).toBe(next);
      }
    }
  });

  it('returns to the state it left after a partial or failed refund', () => {
    const shipped = actorIn('shipped');
    shipped.send({ type: 'order.refund' });
    shipped.send({ type: 'order.refundPartial' });
    expect(orderStateOf(shipped.getSnapshot())).toBe('shipped');
    expect(shipped.getSnapshot().context.partialRefunds).toBe(1);
    shipped.send({ type: 'order.refund' });
    shipped.send({ type: 'order.refundFail' });
    expect(orderStateOf(shipped.getSnapshot())).toBe('shipped');
    shipped.send({ type: 'order.refund' });
    shipped.send({ type: 'order.refundDone' });
    expect(shipped.getSnapshot().status).toBe('done');
  });

  it('closes for good, and tells why a move is refused', () => {
    expect(actorIn('closed').getSnapshot().status).toBe('done');
    expect(statesAllowing('ship')).toEqual(['paid']);
    expect(statesAllowing('refund')).toEqual(['paid', 'shipped', 'collected', 'done']);
    expect(refusalOf('created', 'ship')).toBe('未支付的订单不能发货');
    expect(refusalOf('closed', 'pay')).toBe('订单已超时关闭，请重新下单');
    expect(refusalOf('created', 'refund')).toBe('未支付的订单不能退款');
  });
});
