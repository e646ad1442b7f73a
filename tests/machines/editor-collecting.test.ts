import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WAITS_FOR_PAUSE } from '../../machines/editor/editor.collecting';
import { connectEditor } from '../../machines/editor/editor.connect';
import { selectCollecting, selectHasUnsaved, selectRefusal, selectSaveStatus, selectWaiting } from '../../machines/editor/editor.selectors';
import { findMachineEntry } from '../../machines/registry';
import { COLLECTING_MESSAGE } from '../../schemas/api/editor';
import { startWithStandIns } from '../helpers/machine-model';

const entry = findMachineEntry('editor')!;
const COLLECTING = 'collecting, with answers (edit collaborator)';

async function loaded(outcome = COLLECTING) {
  const run = startWithStandIns(entry);
  await run.settle('load', outcome);
  let n = 0;
  return { ...run, api: connectEditor(run.actor, () => `id${++n}`) };
}
const uuids = (run: { actor: { getSnapshot(): { context: { document: { subjects: { uuid: string }[] } } } } }) =>
  run.actor.getSnapshot().context.document.subjects.map((s) => s.uuid);

describe('editor machine on a collecting project (spec §4, every path into the editor)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a new subject does not reach the project: it waits for the reminder and applies only once paused', async () => {
    const run = await loaded();
    expect(selectCollecting(run.actor.getSnapshot())).toBe(true);
    const { uuid, error } = run.api.addSubject(1);
    expect(error).toEqual({ reason: 'waitsForPause', message: WAITS_FOR_PAUSE });
    expect(selectWaiting(run.actor.getSnapshot())).toBe(true);
    expect(uuids(run)).not.toContain(uuid);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run.controller.pending()).toEqual([]);

    run.actor.send({ type: 'project.paused' });
    expect(uuids(run)).toContain(uuid);
    expect(selectCollecting(run.actor.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(run.controller.pending()[0]).toMatchObject({
      src: 'save',
      input: { document: { subjects: expect.arrayContaining([expect.objectContaining({ uuid })]) } },
    });
    // Paused: the next change applies at once.
    await run.settle('save', 'success');
    expect(run.api.deleteSubjects(['s6'])).toBeNull();
  });

  it('cancelled, nothing changes and nothing is saved; texts, settings and style still save while collecting', async () => {
    const run = await loaded();
    expect(run.api.moveSubject('s1', 's2')).toEqual({ reason: 'waitsForPause', message: WAITS_FOR_PAUSE });
    // While the reminder asks, nothing else changes the structure.
    expect(run.api.setRequired(['s1'], false)).toEqual({ reason: 'collecting', message: COLLECTING_MESSAGE });
    run.actor.send({ type: 'change.dropped' });
    expect(selectSaveStatus(run.actor.getSnapshot())).toBe('saved');
    expect(uuids(run).slice(0, 2)).toEqual(['s1', 's2']);
    expect(selectHasUnsaved(run.actor.getSnapshot())).toBe(false);

    expect(run.api.setTitle('出行方式调查（第二轮）')).toBeNull();
    run.api.updateSettings({ loginRequired: true });
    await vi.advanceTimersByTimeAsync(1_500);
    expect(run.controller.pending()[0]!.input).toMatchObject({ document: { title: '出行方式调查（第二轮）' }, settings: { loginRequired: true } });
    // Logic is structure too.
    await run.settle('save', 'success');
    expect(run.api.removeRule('display', 'r1')).toEqual({ reason: 'waitsForPause', message: WAITS_FOR_PAUSE });
  });

  it('a save the server refuses for collecting (published meanwhile) waits; dropped it stays refused, paused it saves again', async () => {
    const run = await loaded('success (owner)');
    run.api.moveSubject('s1', 's2');
    run.api.saveNow();
    await run.settle('save', 'refused (published meanwhile: collecting)');
    const snapshot = run.actor.getSnapshot();
    expect(selectWaiting(snapshot)).toBe(true);
    expect(snapshot.context.project).toMatchObject({ status: 1, dataCount: 12 });
    expect(snapshot.context.past).toEqual([]);
    expect(selectHasUnsaved(snapshot)).toBe(true);

    run.actor.send({ type: 'change.dropped' });
    expect(selectRefusal(run.actor.getSnapshot())).toBe(COLLECTING_MESSAGE);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run.controller.pending()).toEqual([]);
    // A further structure change waits again; 暂停 from the banner (the reminder confirmed) saves the refused document.
    expect(run.api.copySubject('s1')).toEqual({ reason: 'waitsForPause', message: WAITS_FOR_PAUSE });
    run.actor.send({ type: 'change.dropped' });
    run.actor.send({ type: 'project.paused' });
    expect(run.controller.pending()[0]).toMatchObject({ src: 'save' });
    expect((run.controller.pending()[0]!.input as { document: { subjects: { uuid: string }[] } }).document.subjects[0]!.uuid).toBe('s2');
  });

  it('after publishing, the project collects: the next structure change waits', async () => {
    const run = await loaded('success (owner)');
    run.api.deleteSubjects(['s6']);
    run.api.publish();
    await run.settle('save', 'success');
    await run.settle('publish', 'success');
    expect(selectCollecting(run.actor.getSnapshot())).toBe(true);
    // The history before publishing is gone: undo cannot change the structure behind the reminder's back.
    run.api.undo();
    expect(uuids(run)).not.toContain('s6');
    expect(run.api.addSubject(6).error).toEqual({ reason: 'waitsForPause', message: WAITS_FOR_PAUSE });
  });

  it('a view-only collaborator of a collecting project is never asked', async () => {
    const run = await loaded('view-only collaborator');
    expect(selectCollecting(run.actor.getSnapshot())).toBe(false);
  });
});
