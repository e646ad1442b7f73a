import { describe, expect, it, vi } from 'vitest';
import { selectLimitDialog } from '../../machines/creation/creation.selectors';
import { findMachineEntry } from '../../machines/registry';
import { startWithStandIns } from '../helpers/machine-model';

const entry = findMachineEntry('creation')!;
const blank = { via: 'blank' as const, questionType: 1 as const, title: '客户满意度调查' };

function start() {
  const effects = { openLogin: vi.fn(), openMemberPage: vi.fn(), openEditor: vi.fn() };
  const run = startWithStandIns(entry, { actions: effects });
  return { ...run, effects };
}

describe('creation machine (spec §4 "Project creation")', () => {
  it('checks the count, creates, opens the editor and outputs the questionId', async () => {
    const { actor, settle, effects } = start();
    actor.send({ type: 'creation.start', request: blank, loggedIn: true });
    await settle('checkCount', 'under the limits');
    await settle('create', 'success');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ questionId: 'q_sample0001' });
    expect(effects.openEditor).toHaveBeenCalledWith(expect.anything(), { questionId: 'q_sample0001' });
  });

  it('stops at the daily-limit dialog before calling create; confirming opens the member page with the level', async () => {
    const { actor, settle, controller, effects } = start();
    actor.send({ type: 'creation.start', request: blank, loggedIn: true });
    await settle('checkCount', 'daily limit reached (20 of 20 today)');
    expect(controller.pending()).toEqual([]);
    expect(selectLimitDialog(actor.getSnapshot())).toEqual({ kind: 'daily', levelName: '免费版', maxNumber: 20, memberLevel: 1 });
    actor.send({ type: 'dialog.confirm' });
    expect(effects.openMemberPage).toHaveBeenCalledWith(expect.anything(), { memberLevel: 1 });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('maps isCreate 0 and 2 from the server to the two dialogs', async () => {
    for (const [outcome, kind] of [
      ['daily limit hit', 'daily'],
      ['subject limit hit', 'subject'],
    ] as const) {
      const { actor, settle } = start();
      actor.send({ type: 'creation.start', request: { via: 'copy', questionId: 'q_template01' }, loggedIn: true });
      await settle('checkCount', 'under the limits');
      await settle('create', outcome);
      expect(selectLimitDialog(actor.getSnapshot())?.kind).toBe(kind);
    }
  });

  it('refuses pasted text with more questions than the level allows, counting layout blocks out', async () => {
    const { actor, settle, controller } = start();
    const subjects = [{ subjectType: 1 }, { subjectType: 15 }, { subjectType: 16 }, { subjectType: 2 }];
    actor.send({ type: 'creation.start', request: { ...blank, subjects }, loggedIn: true });
    await settle('checkCount', 'tiny subject limit (2 questions)');
    // Two questions under a limit of two: allowed.
    expect(controller.pending().map((call) => call.id)).toEqual(['create']);
    await settle('create', 'subject limit hit');
    actor.send({ type: 'dialog.dismiss' });
    actor.send({ type: 'creation.start', request: { ...blank, subjects: [...subjects, { subjectType: 6 }] }, loggedIn: true });
    await settle('checkCount', 'tiny subject limit (2 questions)');
    expect(actor.getSnapshot().value).toBe('subjectLimit');
  });

  it('sends a logged-out user to the login route without any call', () => {
    const { actor, controller, effects } = start();
    actor.send({ type: 'creation.start', request: blank, loggedIn: false });
    expect(effects.openLogin).toHaveBeenCalledTimes(1);
    expect(controller.pending()).toEqual([]);
  });

  it('keeps the server message on failure and retries the same request', async () => {
    const { actor, settle, controller } = start();
    actor.send({ type: 'creation.start', request: blank, loggedIn: true });
    await settle('checkCount', 'under the limits');
    await settle('create', 'failure');
    expect(actor.getSnapshot().context.error).toBe('系统处理出错');
    actor.send({ type: 'creation.retry' });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(controller.pending().map((call) => call.id)).toEqual(['checkCount']);
  });
});
