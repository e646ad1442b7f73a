import { describe, expect, it, vi } from 'vitest';
import { selectBusy, selectError, selectReminder } from '../../machines/project-lifecycle/project-lifecycle.selectors';
import { findMachineEntry } from '../../machines/registry';
import { startWithStandIns } from '../helpers/machine-model';

const entry = findMachineEntry('project-lifecycle')!;
const collecting = { questionId: 'q_collecting1', status: 1, dataCount: 12 };
const empty = { questionId: 'q_empty00001', status: 1, dataCount: 0 };

function start(input?: { skipReminder: boolean }) {
  const effects = { openEditor: vi.fn(), statusChanged: vi.fn(), storeSkipReminder: vi.fn(), editCancelled: vi.fn() };
  const run = startWithStandIns(entry, { actions: effects, input });
  return { ...run, effects };
}

describe('project lifecycle machine (spec §4 modify reminder, status 0 ↔ 1)', () => {
  it('asks before editing a collecting project; the wording follows dataCount', () => {
    const { actor } = start();
    actor.send({ type: 'project.edit', project: collecting });
    expect(selectReminder(actor.getSnapshot())).toEqual({ questionId: 'q_collecting1', hasData: true, dontRemind: false, questionType: 1 });
    actor.send({ type: 'reminder.cancel' });
    actor.send({ type: 'project.edit', project: empty });
    expect(selectReminder(actor.getSnapshot())?.hasData).toBe(false);
  });

  it('cancel does nothing; confirm pauses (status 0) and then opens the editor', async () => {
    const { actor, settle, controller, effects } = start();
    actor.send({ type: 'project.edit', project: collecting });
    actor.send({ type: 'reminder.cancel' });
    expect(controller.pending()).toEqual([]);
    expect(effects.openEditor).not.toHaveBeenCalled();

    actor.send({ type: 'project.edit', project: collecting });
    actor.send({ type: 'reminder.confirm' });
    expect(controller.pending()).toEqual([{ id: 'setStatus', src: 'setStatus', input: { questionId: 'q_collecting1', status: 0 } }]);
    expect(selectBusy(actor.getSnapshot())).toEqual({ questionId: 'q_collecting1', action: 'edit' });
    expect(effects.openEditor).not.toHaveBeenCalled();
    await settle('setStatus', 'success');
    expect(effects.openEditor).toHaveBeenCalledWith(expect.anything(), { questionId: 'q_collecting1' });
    expect(actor.getSnapshot().context.project?.status).toBe(0);
  });

  it('tells the editor when the edit does not happen: cancelled, or the pause failed', async () => {
    const { actor, settle, effects } = start();
    actor.send({ type: 'project.edit', project: collecting });
    actor.send({ type: 'reminder.cancel' });
    expect(effects.editCancelled).toHaveBeenCalledWith(expect.anything(), { questionId: 'q_collecting1' });
    actor.send({ type: 'project.edit', project: collecting });
    actor.send({ type: 'reminder.confirm' });
    await settle('setStatus', 'no power');
    expect(effects.editCancelled).toHaveBeenCalledTimes(2);
    expect(effects.openEditor).not.toHaveBeenCalled();
    expect(selectError(actor.getSnapshot())).toBe('没有该项目的操作权限');
  });

  it('opens a paused project at once', () => {
    const { actor, controller, effects } = start();
    actor.send({ type: 'project.edit', project: { ...collecting, status: 0 } });
    expect(effects.openEditor).toHaveBeenCalledTimes(1);
    expect(controller.pending()).toEqual([]);
  });

  it('本次编辑不再提醒 skips the reminder afterwards and is stored for the session', async () => {
    const { actor, settle, effects } = start();
    actor.send({ type: 'project.edit', project: collecting });
    actor.send({ type: 'reminder.toggle', checked: true });
    actor.send({ type: 'reminder.confirm' });
    expect(effects.storeSkipReminder).toHaveBeenCalledTimes(1);
    await settle('setStatus', 'success');
    actor.send({ type: 'project.edit', project: empty });
    expect(selectReminder(actor.getSnapshot())).toBeNull();
    expect(selectBusy(actor.getSnapshot())?.action).toBe('edit');

    const later = start({ skipReminder: true });
    later.actor.send({ type: 'project.edit', project: collecting });
    expect(later.actor.getSnapshot().value).toBe('pausingForEdit');
  });

  it('publishes and pauses through the status call and keeps the failure message', async () => {
    const { actor, settle, controller, effects } = start();
    actor.send({ type: 'project.publish', project: { ...empty, status: 0 } });
    expect(controller.pending()[0]?.input).toEqual({ questionId: 'q_empty00001', status: 1 });
    await settle('setStatus', 'success');
    expect(effects.statusChanged).toHaveBeenCalledWith(expect.anything(), { questionId: 'q_empty00001', status: 1 });

    actor.send({ type: 'project.pause', project: collecting });
    await settle('setStatus', 'no power');
    expect(selectError(actor.getSnapshot())).toBe('没有该项目的操作权限');
    expect(effects.statusChanged).toHaveBeenCalledTimes(1);
    actor.send({ type: 'error.dismiss' });
    expect(selectError(actor.getSnapshot())).toBeNull();
  });
});
