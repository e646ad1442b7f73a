import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_POLL_FAILURES } from '../../machines/qr-login/qr-login.machine';
import { selectQrView } from '../../machines/qr-login/qr-login.selectors';
import { SAMPLE_CHALLENGE } from '../../machines/qr-login/qr-login.stand-ins';
import { findMachineEntry } from '../../machines/registry';
import { startWithStandIns } from '../helpers/machine-model';

const entry = findMachineEntry('qr-login')!;

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

async function started() {
  const run = startWithStandIns(entry);
  await run.settle('loadChallenge', 'success');
  return run;
}

describe('qr-login machine', () => {
  it('polls every 2 seconds with the challenge secret', async () => {
    const { actor, controller, settle } = await started();
    expect(selectQrView(actor.getSnapshot())).toBe('waiting');
    expect(controller.pending()).toEqual([]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(controller.pending()).toEqual([
      { id: 'checkCode', src: 'checkCode', input: { qrId: SAMPLE_CHALLENGE.qrId, pollSecret: SAMPLE_CHALLENGE.pollSecret } },
    ]);
    await settle('checkCode', 'waiting');
    await vi.advanceTimersByTimeAsync(1999);
    expect(controller.pending()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(controller.pending()).toHaveLength(1);
  });

  it('goes waiting → scanned → confirmed and outputs the token', async () => {
    const { actor, settle } = await started();
    await vi.advanceTimersByTimeAsync(2000);
    await settle('checkCode', 'scanned');
    expect(selectQrView(actor.getSnapshot())).toBe('scanned');
    await vi.advanceTimersByTimeAsync(2000);
    await settle('checkCode', 'confirmed');
    expect(selectQrView(actor.getSnapshot())).toBe('confirmed');
    expect(actor.getSnapshot().output).toEqual({ token: 'qr-token' });
  });

  it('expires after expiresIn seconds even while a poll is running, and a refresh asks for a new code', async () => {
    const { actor, controller } = await started();
    await vi.advanceTimersByTimeAsync(SAMPLE_CHALLENGE.expiresIn * 1000);
    expect(selectQrView(actor.getSnapshot())).toBe('expired');
    expect(controller.pending()).toEqual([]);
    actor.send({ type: 'qr.refresh' });
    expect(selectQrView(actor.getSnapshot())).toBe('loading');
    expect(controller.pending().map((call) => call.src)).toEqual(['loadChallenge']);
  });

  it('retries failed polls, and gives up with the message after a few in a row', async () => {
    const { actor, settle } = await started();
    for (let i = 0; i < MAX_POLL_FAILURES - 1; i++) {
      await vi.advanceTimersByTimeAsync(2000);
      await settle('checkCode', 'failure');
      expect(selectQrView(actor.getSnapshot())).toBe('waiting');
    }
    await vi.advanceTimersByTimeAsync(2000);
    await settle('checkCode', 'failure');
    expect(selectQrView(actor.getSnapshot())).toBe('error');
    expect(actor.getSnapshot().context.error).toBe('网络异常');
  });
});
