import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findMachineEntry } from '../../machines/registry';
import { selectCanRedo, selectCanUndo, selectHasUnsaved, selectSaveStatus } from '../../machines/editor/editor.selectors';
import { startWithStandIns } from '../helpers/machine-model';

const entry = findMachineEntry('editor')!;
const move = { type: 'subject.move', id: 's1', after: 's2' } as const;

async function loaded(outcome = 'success (owner)', actions: Record<string, unknown> = {}) {
  const run = startWithStandIns(entry, { actions });
  await run.settle('load', outcome);
  return run;
}

describe('editor machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('autosaves 1.5 s after the last change, with the version it builds on', async () => {
    const { actor, controller, settle } = await loaded();
    actor.send(move);
    await vi.advanceTimersByTimeAsync(1_000);
    actor.send({ type: 'document.title', title: '新标题' });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(controller.pending()).toEqual([]);
    await vi.advanceTimersByTimeAsync(600);
    const [call] = controller.pending();
    expect(call).toMatchObject({ src: 'save', input: { questionId: 'q_sample0001', version: 1, document: { title: '新标题' } } });
    expect(call!.input).not.toHaveProperty('settings');
    await settle('save', 'success');
    expect(selectSaveStatus(actor.getSnapshot())).toBe('saved');
    expect(actor.getSnapshot().context.version).toBe(2);
  });

  it('keeps changes made during a save for the next one', async () => {
    const { actor, controller, settle } = await loaded();
    actor.send(move);
    actor.send({ type: 'save.now' });
    actor.send({ type: 'settings.update', patch: { password: '1234' } });
    await settle('save', 'success');
    expect(selectSaveStatus(actor.getSnapshot())).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(1_500);
    expect(controller.pending()[0]!.input).toMatchObject({ version: 2, settings: { password: '1234' } });
    expect(controller.pending()[0]!.input).not.toHaveProperty('document');
  });

  it('turns a stale save into a conflict that names who changed the project; reload reads it again', async () => {
    const { actor, controller, settle } = await loaded();
    actor.send(move);
    actor.send({ type: 'save.now' });
    await settle('save', 'conflict (another tab saved first)');
    const snapshot = actor.getSnapshot();
    expect(selectSaveStatus(snapshot)).toBe('conflict');
    expect(snapshot.context.conflict).toMatchObject({ updatedBy: '李雷', version: 3 });
    actor.send({ type: 'document.title', title: '不会保存' });
    expect(actor.getSnapshot().context.document.title).toBe('出行方式调查');
    actor.send({ type: 'document.reload' });
    expect(controller.pending()[0]!.src).toBe('load');
    await settle('load', 'success (owner)');
    expect(selectSaveStatus(actor.getSnapshot())).toBe('saved');
    expect(selectHasUnsaved(actor.getSnapshot())).toBe(false);
  });

  it('a save that got the document through before failing does not send it again', async () => {
    const { actor, controller, settle } = await loaded();
    actor.send(move);
    actor.send({ type: 'style.update', patch: { fontSize: 'large' } });
    actor.send({ type: 'save.now' });
    await settle('save', 'saved the document, then failed');
    expect(selectSaveStatus(actor.getSnapshot())).toBe('error');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(controller.pending()[0]!.input).toMatchObject({ version: 2, style: { fontSize: 'large' } });
    expect(controller.pending()[0]!.input).not.toHaveProperty('document');
  });

  it('undoes and redoes every document change', async () => {
    const { actor } = await loaded();
    const ids = () => actor.getSnapshot().context.document.subjects.map((s: { uuid: string }) => s.uuid).join(',');
    const start = ids();
    actor.send(move);
    actor.send({ type: 'subject.delete', ids: ['s6'] });
    const end = ids();
    actor.send({ type: 'history.undo' });
    actor.send({ type: 'history.undo' });
    expect(ids()).toBe(start);
    expect(selectCanUndo(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'history.redo' });
    actor.send({ type: 'history.redo' });
    expect(ids()).toBe(end);
    expect(selectCanRedo(actor.getSnapshot())).toBe(false);
  });

  it('a view-only collaborator cannot edit', async () => {
    const { actor, controller } = await loaded('view-only collaborator');
    expect(actor.getSnapshot().value).toBe('viewing');
    actor.send(move);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(controller.pending()).toEqual([]);
    expect(actor.getSnapshot().context.document.subjects[0]!.uuid).toBe('s1');
  });

  it('publishing waits for the save, then goes to the release page', async () => {
    const published = vi.fn();
    const { actor, controller, settle } = await loaded('success (owner)', { published });
    actor.send({ type: 'document.title', title: '出行调查' });
    actor.send({ type: 'project.publish' });
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.pending()[0]!.src).toBe('save');
    await settle('save', 'success');
    expect(controller.pending()[0]!.src).toBe('publish');
    await settle('publish', 'success');
    expect(published).toHaveBeenCalledWith(expect.anything(), { questionId: 'q_sample0001' });
  });

  it('publishing is refused while a logic error stands', async () => {
    const { actor, controller } = await loaded();
    actor.send({ type: 'logic.add', kind: 'jumps', rule: { id: 'back', from: 's4', to: { kind: 'subject', subject: 's1' } } });
    actor.send({ type: 'save.now' });
    actor.send({ type: 'project.publish' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.publishRequested).toBe(false);
    expect(controller.pending().map((p) => p.src)).toEqual(['save']);
  });
});
