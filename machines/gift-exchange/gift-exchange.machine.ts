import { assign, setup } from 'xstate';
import type { TGiftAddress } from '../../schemas/api/coins';
import { supplied } from '../shared/actors';
import { messageOf } from '../shared/error-message';
import { failTo } from '../shared/transitions';
import type { TExchangeGift, TExchangeOutput, TGiftExchangeContext, TGiftExchangeEvent } from './gift-exchange.types';

const EMPTY: TGiftExchangeContext = { gift: null, address: null, error: null, result: null };

/**
 * One gift exchange in the gift centre (issue 51): choosing a gift → its address → confirming what it costs →
 * submitting (activity/gift/getGiftExchange) → done, or failed with the server's refusal (sold out, too few coins),
 * from where the user retries, changes the address or closes. Closing before submitting keeps nothing; the address
 * typed is kept while the user goes back and forth. `exchanged` (an effect, no-op by default) tells the page.
 */
export const giftExchangeMachine = setup({
  types: { context: {} as TGiftExchangeContext, events: {} as TGiftExchangeEvent, output: {} as TExchangeOutput },
  actors: { exchangeGift: supplied<TExchangeOutput, { giftId: string; address: TGiftAddress }>('exchangeGift') },
  actions: {
    setGift: assign((_, params: { gift: TExchangeGift }) => ({ ...EMPTY, gift: params.gift })),
    setAddress: assign((_, params: { address: TGiftAddress }) => ({ address: params.address, error: null })),
    setResult: assign((_, params: { result: TExchangeOutput }) => ({ result: params.result, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    reset: assign(() => EMPTY),
    exchanged: (_, _params: { result: TExchangeOutput }) => {},
  },
}).createMachine({
  id: 'giftExchange',
  context: EMPTY,
  initial: 'choosing',
  states: {
    choosing: {
      on: { 'gift.choose': { target: 'address', actions: { type: 'setGift', params: ({ event }) => ({ gift: event.gift }) } } },
    },
    address: {
      on: {
        'address.submit': { target: 'confirming', actions: { type: 'setAddress', params: ({ event }) => ({ address: event.address }) } },
        'exchange.close': { target: 'choosing', actions: 'reset' },
      },
    },
    confirming: {
      on: {
        'exchange.confirm': { target: 'submitting' },
        'address.edit': { target: 'address' },
        'exchange.close': { target: 'choosing', actions: 'reset' },
      },
    },
    submitting: {
      invoke: {
        id: 'exchangeGift',
        src: 'exchangeGift',
        input: ({ context }) => ({ giftId: context.gift!.giftId, address: context.address! }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'setResult', params: ({ event }) => ({ result: event.output }) },
            { type: 'exchanged', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: failTo('failed', 'setError'),
      },
    },
    failed: {
      on: {
        'exchange.retry': { target: 'submitting' },
        'address.edit': { target: 'address' },
        'exchange.close': { target: 'choosing', actions: 'reset' },
      },
    },
    done: {
      on: { 'exchange.close': { target: 'choosing', actions: 'reset' } },
    },
  },
});
