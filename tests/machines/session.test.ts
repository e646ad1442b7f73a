import { describe, expect, it, vi } from 'vitest';
import { findMachineEntry } from '../../machines/registry';
import { selectStatus } from '../../machines/session/session.selectors';
import { SAMPLE_USER } from '../../machines/shared/samples';
import { startWithStandIns } from '../helpers/machine-model';

const entry = findMachineEntry('session')!;

function start() {
  const actions = {
    rememberLogin: vi.fn(),
    forgetCredentials: vi.fn(),
    warnLogoutFailed: vi.fn(),
    announceLogout: vi.fn(),
  };
  return { ...startWithStandIns(entry, { actions }), actions };
}

describe('session machine', () => {
  it('checks who is logged in at start', async () => {
    const { actor, controller, settle } = start();
    expect(selectStatus(actor.getSnapshot())).toBe('checking');
    expect(controller.pending().map((call) => call.src)).toEqual(['loadUser']);
    await settle('loadUser', 'user');
    expect(selectStatus(actor.getSnapshot())).toBe('authenticated');
    expect(actor.getSnapshot().context.user).toEqual(SAMPLE_USER);
  });

  it('stays anonymous without a user, and keeps the token when the check itself failed', async () => {
    const guest = start();
    await guest.settle('loadUser', 'guest');
    expect(selectStatus(guest.actor.getSnapshot())).toBe('anonymous');

    const offline = start();
    await offline.settle('loadUser', 'failure');
    expect(selectStatus(offline.actor.getSnapshot())).toBe('anonymous');
    expect(offline.actions.forgetCredentials).not.toHaveBeenCalled();
  });

  it('remembers the login (the answer set the session cookie)', async () => {
    const { actor, settle, actions } = start();
    await settle('loadUser', 'guest');
    actor.send({ type: 'session.login', user: SAMPLE_USER });
    expect(actions.rememberLogin).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.user).toEqual(SAMPLE_USER);
  });

  it('logs out: clears everything and announces it, even when the call fails (only a warning)', async () => {
    for (const outcome of ['success', 'failure'] as const) {
      const { actor, settle, actions } = start();
      await settle('loadUser', 'user');
      actor.send({ type: 'session.logout' });
      expect(selectStatus(actor.getSnapshot())).toBe('authenticated');
      await settle('logoutCall', outcome);
      expect(selectStatus(actor.getSnapshot())).toBe('anonymous');
      expect(actor.getSnapshot().context.user).toBeNull();
      expect(actions.forgetCredentials).toHaveBeenCalledTimes(1);
      expect(actions.announceLogout).toHaveBeenCalledTimes(1);
      expect(actions.warnLogoutFailed).toHaveBeenCalledTimes(outcome === 'failure' ? 1 : 0);
    }
  });

  it('an expired token ends the session without a logout call', async () => {
    const { actor, controller, settle, actions } = start();
    await settle('loadUser', 'user');
    actor.send({ type: 'session.expired' });
    expect(selectStatus(actor.getSnapshot())).toBe('anonymous');
    expect(controller.pending()).toEqual([]);
    expect(actions.forgetCredentials).toHaveBeenCalledTimes(1);
    expect(actions.announceLogout).not.toHaveBeenCalled();
  });
});
