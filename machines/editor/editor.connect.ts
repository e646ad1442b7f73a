// The editor's intent API: what screens call instead of sending raw events. No framework code; the screen
// passes the actor (or anything with getSnapshot/send) and an id maker.
import { COLLECTING_MESSAGE } from '../../schemas/api/editor';
import { SUBJECT_LIMIT_MESSAGE } from '../../schemas/api/question';
import type { TProjectSettings, TProjectStyle } from '../../schemas/api/settings';
import type { TOption } from '../../schemas/subjects/base';
import { SUBJECT_PRESETS, type TSubjectPreset } from '../../schemas/subjects/presets';
import type { TSubject } from '../../schemas/subjects/registry';
import { mustWaitForPause, WAITS_FOR_PAUSE } from './editor.collecting';
import { tryEdit } from './editor.operations';
import { overSubjectLimit, publishBlocker } from './editor.rules';
import type { TAnyRule, TEditEvent, TEditorContext, TEditorEvent, TRuleKind } from './editor.types';

export interface TEditorActorLike {
  getSnapshot(): { context: TEditorContext; can(event: TEditorEvent): boolean; matches(state: 'waiting'): boolean };
  send(event: TEditorEvent): void;
}

/**
 * Why an edit was refused, as a code the screen switches on and a message it may show: `subjectLimit` asks to
 * upgrade; `waitsForPause`: the modify reminder is asking, nothing to show besides it; `unchanged`: nothing to say.
 */
export interface TEditRefusal {
  reason: 'subjectLimit' | 'waitsForPause' | 'unchanged' | 'collecting' | 'invalid' | 'notNow' | 'notPublishable';
  message: string;
}
/** null when the edit went through, else why it was refused. */
export type TEditOutcome = TEditRefusal | null;
const refusal = (reason: TEditRefusal['reason'], message: string): TEditRefusal => ({ reason, message });

/** Fresh ids for a subject taken from elsewhere (bank, paste): the subject and every part of it. */
export function withFreshIds(subject: TSubject, newId: () => string): TSubject {
  const copy = structuredClone(subject) as TSubject & Record<string, unknown>;
  copy.uuid = newId();
  for (const key of ['options', 'rows', 'columns', 'items', 'blanks', 'products', 'labels', 'times']) {
    const parts = copy[key];
    if (Array.isArray(parts)) copy[key] = parts.map((p: { uuid?: string }) => (p && typeof p === 'object' && 'uuid' in p ? { ...p, uuid: newId() } : p));
  }
  return copy;
}

export function connectEditor(actor: TEditorActorLike, newId: () => string) {
  const context = () => actor.getSnapshot().context;
  const edit = (event: TEditEvent): TEditOutcome => {
    const snapshot = actor.getSnapshot();
    if (!snapshot.can(event)) {
      const result = tryEdit(snapshot.context.document, event);
      if (!result.ok) return refusal(result.unchanged ? 'unchanged' : 'invalid', result.message);
      if (overSubjectLimit(snapshot.context, event)) return refusal('subjectLimit', SUBJECT_LIMIT_MESSAGE);
      return mustWaitForPause(snapshot.context, event) ? refusal('collecting', COLLECTING_MESSAGE) : refusal('notNow', '当前不能编辑');
    }
    actor.send(event);
    const after = actor.getSnapshot();
    return after.matches('waiting') && after.context.held === event ? refusal('waitsForPause', WAITS_FOR_PAUSE) : null;
  };

  return {
    setTitle: (title: string) => edit({ type: 'document.title', title }),
    setSubtitle: (subtitle: string) => edit({ type: 'document.subtitle', subtitle }),
    /** A new subject of a type; returns its uuid (or null with the reason through `onRefused`). */
    addSubject(subjectType: number, after?: string | null): { uuid: string; error: TEditOutcome } {
      const uuid = newId();
      return { uuid, error: edit({ type: 'subject.add', subjectType, uuid, ...(after !== undefined ? { after } : {}) }) };
    },
    /** A new subject started as a preset (判断题); like addSubject otherwise. */
    addPreset(preset: TSubjectPreset, after?: string | null): { uuid: string; error: TEditOutcome } {
      const uuid = newId();
      const { subjectType } = SUBJECT_PRESETS[preset];
      return { uuid, error: edit({ type: 'subject.add', subjectType, preset, uuid, ...(after !== undefined ? { after } : {}) }) };
    },
    insertSubject(subject: TSubject, after?: string | null): { uuid: string; error: TEditOutcome } {
      const fresh = withFreshIds(subject, newId);
      return { uuid: fresh.uuid, error: edit({ type: 'subject.insert', subject: fresh, ...(after !== undefined ? { after } : {}) }) };
    },
    updateSubject: (subject: TSubject) => edit({ type: 'subject.update', subject }),
    /** Patch some fields of a subject (its type's schema decides whether the result is acceptable). */
    patchSubject(uuid: string, patch: Record<string, unknown>): TEditOutcome {
      const subject = context().document.subjects.find((s) => s.uuid === uuid);
      if (!subject) return refusal('invalid', '题目不存在或已删除');
      const next = { ...subject, ...patch } as Record<string, unknown>;
      for (const [key, value] of Object.entries(patch)) if (value === undefined) delete next[key];
      return edit({ type: 'subject.update', subject: next as TSubject });
    },
    copySubject: (id: string) => edit({ type: 'subject.copy', id, uuid: newId() }),
    deleteSubjects: (ids: string[]) => edit({ type: 'subject.delete', ids }),
    /** The drag end: `to` is the subject it goes after (null: the top). */
    moveSubject: (id: string, to: string | null) => edit({ type: 'subject.move', id, after: to }),
    setRequired: (ids: string[], required: boolean) => edit({ type: 'subject.required', ids, required }),
    movePage: (from: number, to: number) => edit({ type: 'page.move', from, to }),
    updateOption: (subjectId: string, option: TOption) => edit({ type: 'option.update', subjectId, option }),
    addOption(subjectId: string, option: Omit<TOption, 'uuid'>, after?: string | null): TEditOutcome {
      return edit({ type: 'option.add', subjectId, options: [{ ...option, uuid: newId() }], ...(after !== undefined ? { after } : {}) });
    },
    deleteOption: (subjectId: string, optionId: string) => edit({ type: 'option.delete', subjectId, optionId }),
    moveOption: (subjectId: string, optionId: string, after: string | null) => edit({ type: 'option.move', subjectId, optionId, after }),
    batchOptions: (subjectId: string, text: string) => edit({ type: 'option.batch', subjectId, text, idPrefix: newId() }),
    addPictures: (subjectId: string, pictures: { url: string; title: string }[]) => edit({ type: 'option.pictures', subjectId, pictures, idPrefix: newId() }),
    addRule: (kind: TRuleKind, rule: TAnyRule) => edit({ type: 'logic.add', kind, rule }),
    updateRule: (kind: TRuleKind, rule: TAnyRule) => edit({ type: 'logic.update', kind, rule }),
    removeRule: (kind: TRuleKind, id: string) => edit({ type: 'logic.remove', kind, id }),
    newRuleId: () => newId(),
    undo: () => actor.send({ type: 'history.undo' }),
    redo: () => actor.send({ type: 'history.redo' }),
    updateSettings: (patch: Partial<TProjectSettings>) => actor.send({ type: 'settings.update', patch }),
    updateStyle: (patch: Partial<TProjectStyle>) => actor.send({ type: 'style.update', patch }),
    saveNow: () => actor.send({ type: 'save.now' }),
    reload: () => actor.send({ type: 'document.reload' }),
    /** 发布: refused with the reason while a logic error stands or there is no question. */
    publish(): TEditOutcome {
      const blocker = publishBlocker(context());
      if (blocker) return refusal('notPublishable', blocker);
      actor.send({ type: 'project.publish' });
      return null;
    },
    canPublish: () => publishBlocker(context()) === null,
  };
}

export type TEditorApi = ReturnType<typeof connectEditor>;
