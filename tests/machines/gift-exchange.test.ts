import { describe, expect, it, vi } from 'vitest';
import { selectDone, selectExchangeStep, selectFailed, selectSubmitting } from '../../machines/gift-exchange/gift-exchange.selectors';
import { SAMPLE_ADDRESS, SAMPLE_GIFT } from '../../machines/gift-exchange/gift-exchange.stand-ins';
import { findMachineEntry } from '../../machines/registry';
import { startWithStandIns } from '../helpers/machine-model';

const entry = findMachineEntry('gift-exchange')!;

/** Started, a gift chosen and an address given: at the confirmation. */
function atConfirm(actions: Record<string, unknown> = {}) {
  const run = startWithStandIns(entry, { actions });
  run.actor.send({ type: 'gift.choose', gift: SAMPLE_GIFT });
  run.actor.send({ type: 'address.submit', address: SAMPLE_ADDRESS });
  return run;
}

describe('gift-exchange machine', () => {
  it('goes choosing → address → confirming → submitting with the gift and the address, then done, telling the page once', async () => {
    const exchanged = vi.fn();
    const { actor, controller, settle } = atConfirm({ exchanged: (_: unknown, params: unknown) => exchanged(params) });
    expect(selectExchangeStep(actor.getSnapshot())).toBe('confirm');
    expect(controller.pending()).toEqual([]);
    actor.send({ type: 'exchange.confirm' });
    expect(selectSubmitting(actor.getSnapshot())).toBe(true);
    expect(controller.pending()).toEqual([{ id: 'exchangeGift', src: 'exchangeGift', input: { giftId: SAMPLE_GIFT.giftId, address: SAMPLE_ADDRESS } }]);
    // A second confirm while submitting sends nothing more.
    actor.send({ type: 'exchange.confirm' });
    expect(controller.pending()).toHaveLength(1);
    await settle('exchangeGift', 'success');
    expect(selectDone(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.result).toEqual({ coins: 200, coin: 300 });
    expect(exchanged).toHaveBeenCalledTimes(1);
    expect(exchanged).toHaveBeenCalledWith({ result: { coins: 200, coin: 300 } });
    actor.send({ type: 'exchange.close' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context).toEqual({ gift: null, address: null, error: null, result: null });
  });

  it('fails with the server’s refusal, keeps the address, and retries with the same gift and address', async () => {
    const exchanged = vi.fn();
    const { actor, controller, settle } = atConfirm({ exchanged });
    actor.send({ type: 'exchange.confirm' });
    await settle('exchangeGift', 'soldOut');
    expect(selectFailed(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ error: '礼品已兑完', address: SAMPLE_ADDRESS, gift: SAMPLE_GIFT });
    actor.send({ type: 'exchange.retry' });
    expect(controller.pending()[0]!.input).toEqual({ giftId: SAMPLE_GIFT.giftId, address: SAMPLE_ADDRESS });
    await settle('exchangeGift', 'success');
    expect(selectDone(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(exchanged).toHaveBeenCalledTimes(1);
  });

  it('goes back to the address from the confirmation or a failure, keeping what was typed; closing forgets it', async () => {
    const { actor, settle } = atConfirm();
    actor.send({ type: 'address.edit' });
    expect(selectExchangeStep(actor.getSnapshot())).toBe('address');
    expect(actor.getSnapshot().context.address).toEqual(SAMPLE_ADDRESS);
    actor.send({ type: 'address.submit', address: { ...SAMPLE_ADDRESS, address: '文一路 1 号' } });
    actor.send({ type: 'exchange.confirm' });
    await settle('exchangeGift', 'failure');
    expect(actor.getSnapshot().context.error).toBe('网络异常');
    actor.send({ type: 'address.edit' });
    expect(actor.getSnapshot().context.address?.address).toBe('文一路 1 号');
    actor.send({ type: 'exchange.close' });
    expect(selectExchangeStep(actor.getSnapshot())).toBe('closed');
    expect(actor.getSnapshot().context.gift).toBeNull();
  });

  it('refuses to confirm before an address is given (no event moves choosing except gift.choose)', () => {
    const { actor, controller } = startWithStandIns(entry);
    actor.send({ type: 'exchange.confirm' });
    actor.send({ type: 'address.submit', address: SAMPLE_ADDRESS });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'gift.choose', gift: SAMPLE_GIFT });
    actor.send({ type: 'exchange.confirm' });
    expect(actor.getSnapshot().value).toBe('address');
    expect(controller.pending()).toEqual([]);
  });
});
