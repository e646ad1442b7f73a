import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectEditor } from '../../machines/editor/editor.connect';
import { SAMPLE_LOADED } from '../../machines/editor/editor.stand-ins';
import { findMachineEntry } from '../../machines/registry';
import { selectCanRedo, selectCanUndo, selectHasUnsaved, selectRefusal, selectRefusalReason, selectSaveStatus } from '../../machines/editor/editor.selectors';
import { SUBJECT_LIMIT_MESSAGE } from '../../schemas/api/question';
import { subjectEntry, type TSubject } from '../../schemas/subjects/registry';
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
    const ids = () =>
      actor
        .getSnapshot()
        .context.document.subjects.map((s: { uuid: string }) => s.uuid)
        .join(',');
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

  it('retries a save that failed on the network or the server, 5 s later', async () => {
    const { actor, controller, settle } = await loaded();
    actor.send(move);
    actor.send({ type: 'save.now' });
    await settle('save', 'failure');
    expect(selectSaveStatus(actor.getSnapshot())).toBe('error');
    expect(selectHasUnsaved(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(4_900);
    expect(controller.pending()).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(controller.pending()[0]).toMatchObject({ src: 'save', input: { version: 1 } });
    await settle('save', 'success');
    expect(selectSaveStatus(actor.getSnapshot())).toBe('saved');
  });

  it('a save the server refuses ("400") stays refused with its reason: no retry until the user changes something', async () => {
    const { actor, controller, settle } = await loaded();
    actor.send(move);
    actor.send({ type: 'save.now' });
    await settle('save', 'refused (over the subject limit)');
    expect(selectSaveStatus(actor.getSnapshot())).toBe('refused');
    expect(selectRefusal(actor.getSnapshot())).toBe(SUBJECT_LIMIT_MESSAGE);
    expect(selectRefusalReason(actor.getSnapshot())).toBe('subjectLimit');
    expect(selectHasUnsaved(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(controller.pending()).toEqual([]);
    // The next change saves again after the quiet time, with the document that was refused plus the change.
    actor.send({ type: 'subject.delete', ids: ['s6'] });
    await vi.advanceTimersByTimeAsync(1_500);
    const [call] = controller.pending();
    expect(call).toMatchObject({ src: 'save', input: { version: 1 } });
    expect((call!.input as { document: { subjects: TSubject[] } }).document.subjects.map((s) => s.uuid)).toEqual(['s2', 's1', 'p1', 's4', 'p2']);
    await settle('save', 'success');
    expect(selectRefusal(actor.getSnapshot())).toBeNull();
  });

  it('"403" and "404" are refusals too; 重新加载 drops the refused changes', async () => {
    for (const resultCode of ['403', '404']) {
      const { actor, controller, settle } = await loaded();
      actor.send(move);
      actor.send({ type: 'save.now' });
      await settle('save', { kind: 'error', error: { message: '没有编辑权限', resultCode } });
      expect(selectSaveStatus(actor.getSnapshot())).toBe('refused');
      await vi.advanceTimersByTimeAsync(30_000);
      expect(controller.pending()).toEqual([]);
      actor.send({ type: 'document.reload' });
      expect(controller.pending()[0]!.src).toBe('load');
      await settle('load', 'success (owner)');
      expect(actor.getSnapshot().context.document.subjects[0]!.uuid).toBe('s1');
      actor.stop();
    }
  });

  it("refuses adds past the owner's subject limit, but not layout blocks, deletions or other edits", async () => {
    const run = startWithStandIns(entry);
    // The sample holds 4 questions (and 2 page breaks); this owner's level allows 4.
    await run.settle('load', { kind: 'done', output: { ...SAMPLE_LOADED, project: { ...SAMPLE_LOADED.project, subjectLimit: 4 } } });
    const { actor } = run;
    let n = 0;
    const api = connectEditor(actor, () => `id${++n}`);
    const count = () => actor.getSnapshot().context.document.subjects.length;
    expect(api.addSubject(1).error).toEqual({ reason: 'subjectLimit', message: SUBJECT_LIMIT_MESSAGE });
    expect(api.copySubject('s1')).toEqual({ reason: 'subjectLimit', message: SUBJECT_LIMIT_MESSAGE });
    const banked = { ...subjectEntry(26).create({ uuid: 'bank1', indexSort: 0 }), title: '您的手机号' } as TSubject;
    expect(api.insertSubject(banked).error).toEqual({ reason: 'subjectLimit', message: SUBJECT_LIMIT_MESSAGE });
    actor.send({ type: 'subject.add', subjectType: 2, uuid: 'raw' });
    expect(count()).toBe(6);
    expect(selectSaveStatus(actor.getSnapshot())).toBe('saved');
    // A paragraph is no question; deleting one question makes room for one more.
    expect(api.addSubject(15).error).toBeNull();
    expect(api.setTitle('出行方式调查（2025）')).toBeNull();
    expect(api.deleteSubjects(['s6'])).toBeNull();
    expect(api.addSubject(1).error).toBeNull();
    expect(api.addSubject(1).error).toEqual({ reason: 'subjectLimit', message: SUBJECT_LIMIT_MESSAGE });
    expect(count()).toBe(7);
  });
});
