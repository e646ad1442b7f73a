import { cloneJson } from '../random-id';
import type { TOption } from '../subjects/base';
import type { TSubject } from '../subjects/registry';

/**
 * Pure edits of a project's subject list, shared by the editor machine (immer recipes call them) and the
 * server's fine-grained project-building calls. Each returns a new list; invalid edits throw EditError.
 */
export class EditError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EditError';
  }
}

type WithOptions = TSubject & { options: TOption[] };
const hasOptions = (s: TSubject): s is WithOptions => Array.isArray((s as { options?: unknown }).options);

/** indexSort becomes 1..n in list order, so the order is the list's order everywhere. */
export const renumber = (subjects: readonly TSubject[]): TSubject[] => subjects.map((s, i) => (s.indexSort === i + 1 ? s : { ...s, indexSort: i + 1 }));

function indexOf(subjects: readonly TSubject[], uuid: string): number {
  const i = subjects.findIndex((s) => s.uuid === uuid);
  if (i < 0) throw new EditError('题目不存在或已删除');
  return i;
}

/** Insert after `afterUuid`; null puts it first, undefined last. */
export function insertSubject(subjects: readonly TSubject[], subject: TSubject, afterUuid?: string | null): TSubject[] {
  if (subjects.some((s) => s.uuid === subject.uuid)) throw new EditError('题目标识重复');
  const at = afterUuid === undefined ? subjects.length : afterUuid === null ? 0 : indexOf(subjects, afterUuid) + 1;
  return renumber([...subjects.slice(0, at), subject, ...subjects.slice(at)]);
}

export function replaceSubject(subjects: readonly TSubject[], subject: TSubject): TSubject[] {
  const i = indexOf(subjects, subject.uuid);
  return subjects.map((s, j) => (j === i ? { ...subject, indexSort: s.indexSort } : s));
}

export function deleteSubjects(subjects: readonly TSubject[], uuids: readonly string[]): TSubject[] {
  const gone = new Set(uuids);
  for (const uuid of gone) indexOf(subjects, uuid);
  return renumber(subjects.filter((s) => !gone.has(s.uuid)));
}

/** A copy right below the original, with new ids for the subject and its options. */
export function copySubject(subjects: readonly TSubject[], uuid: string, newId: () => string): TSubject[] {
  const original = subjects[indexOf(subjects, uuid)]!;
  const copy = cloneJson(original);
  copy.uuid = newId();
  if (hasOptions(copy)) copy.options = copy.options.map((o) => ({ ...o, uuid: newId() }));
  return insertSubject(subjects, copy, uuid);
}

/** Move a subject after another (null: to the top). */
export function moveSubject(subjects: readonly TSubject[], uuid: string, afterUuid: string | null): TSubject[] {
  const moving = subjects[indexOf(subjects, uuid)]!;
  if (afterUuid === uuid) return [...subjects];
  const rest = subjects.filter((s) => s.uuid !== uuid);
  const at = afterUuid === null ? 0 : rest.findIndex((s) => s.uuid === afterUuid) + 1;
  if (afterUuid !== null && at === 0) throw new EditError('目标位置的题目不存在');
  return renumber([...rest.slice(0, at), moving, ...rest.slice(at)]);
}

export function setRequired(subjects: readonly TSubject[], uuids: readonly string[], required: boolean): TSubject[] {
  const targets = new Set(uuids);
  for (const uuid of targets) indexOf(subjects, uuid);
  return subjects.map((s) => (targets.has(s.uuid) ? ({ ...s, required } as TSubject) : s));
}

function editOptions(subjects: readonly TSubject[], uuid: string, edit: (options: TOption[]) => TOption[]): TSubject[] {
  const i = indexOf(subjects, uuid);
  const subject = subjects[i]!;
  if (!hasOptions(subject)) throw new EditError('该题型没有选项');
  const options = edit(subject.options);
  if (new Set(options.map((o) => o.uuid)).size !== options.length) throw new EditError('选项标识重复');
  return subjects.map((s, j) => (j === i ? ({ ...subject, options } as TSubject) : s));
}

export const updateOption = (subjects: readonly TSubject[], uuid: string, option: TOption) =>
  editOptions(subjects, uuid, (options) => {
    if (!options.some((o) => o.uuid === option.uuid)) throw new EditError('选项不存在');
    return options.map((o) => (o.uuid === option.uuid ? option : o));
  });

export const addOptions = (subjects: readonly TSubject[], uuid: string, added: readonly TOption[], afterUuid?: string | null) =>
  editOptions(subjects, uuid, (options) => {
    const at = afterUuid === undefined ? options.length : afterUuid === null ? 0 : options.findIndex((o) => o.uuid === afterUuid) + 1;
    return [...options.slice(0, at), ...added, ...options.slice(at)];
  });

export const deleteOption = (subjects: readonly TSubject[], uuid: string, optionUuid: string) =>
  editOptions(subjects, uuid, (options) => {
    if (!options.some((o) => o.uuid === optionUuid)) throw new EditError('选项不存在');
    if (options.length <= 1) throw new EditError('至少保留一个选项');
    return options.filter((o) => o.uuid !== optionUuid);
  });

/** Paste many lines at once: the lines replace the options (blank lines skipped, "其他" gets a fill-in). */
export function optionsFromLines(text: string, newId: () => string): TOption[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 500)
    .map((title) => ({ uuid: newId(), title: title.slice(0, 2_000), ...(/^其他|^其它/.test(title) ? { fillIn: true } : {}) }));
}

export const replaceOptionsFromLines = (subjects: readonly TSubject[], uuid: string, text: string, newId: () => string) => {
  const options = optionsFromLines(text, newId);
  if (!options.length) throw new EditError('请至少输入一个选项');
  return editOptions(subjects, uuid, () => options);
};

export const addPictureOptions = (subjects: readonly TSubject[], uuid: string, pictures: readonly { url: string; title: string }[], newId: () => string) =>
  addOptions(
    subjects,
    uuid,
    pictures.map((p, i) => ({ uuid: newId(), title: p.title || `图片${i + 1}`, image: p.url })),
  );
