// The editor's document edits as immer recipes. Subject-list edits call the shared pure operations of
// schemas/editor/operations.ts (the server's fine-grained calls use the same ones); the machine's assign only
// calls `applyEdit`. Recipes read the draft's base (`original`), so each runs alone in its own `produce`.
import { castDraft, isDraft, original, produce, type Draft } from 'immer';
import { ZTitle } from '../../schemas/api/question';
import { ZDisplayRule, ZJumpRule, ZOptionLinkageRule, ZQuotaRule, ZRandomGroup, type TLogic } from '../../schemas/logic/ast';
import * as ops from '../../schemas/editor/operations';
import { EditError } from '../../schemas/editor/operations';
import type { TOption } from '../../schemas/subjects/base';
import { SUBJECT_PRESETS } from '../../schemas/subjects/presets';
import { subjectEntry, type TSubject } from '../../schemas/subjects/registry';
import { SUBJECT_TYPE } from '../../schemas/subjects/subject-types';
import type { TAnyRule, TEditEvent, TEditorDocument, TRuleKind } from './editor.types';

export { EditError };

type Recipe = (draft: Draft<TEditorDocument>) => void;

/** The document a recipe starts from (the draft's base; a plain object when called without immer). */
const base = (draft: Draft<TEditorDocument>): TEditorDocument =>
  isDraft(draft) ? (original(draft) as TEditorDocument) : (draft as unknown as TEditorDocument);

/** Ids derived from one uuid: `uuid` itself first when asked, then `uuid-1`, `uuid-2` … (deterministic for tests and undo). */
export function idsFrom(uuid: string, includeSelf = false): () => string {
  let n = 0;
  let self = includeSelf;
  return () => {
    if (self) {
      self = false;
      return uuid;
    }
    return `${uuid}-${++n}`;
  };
}

const setSubjects =
  (edit: (subjects: readonly TSubject[]) => TSubject[]): Recipe =>
  (draft) => {
    draft.subjects = castDraft(edit(base(draft).subjects));
  };

/** Rules owned by deleted subjects go with them (undo brings both back); references elsewhere are left to the checker. */
function dropOwnedRules(logic: TLogic, gone: ReadonlySet<string>): TLogic {
  return {
    jumps: logic.jumps.filter((r) => !gone.has(r.from)),
    display: logic.display.filter((r) => !gone.has(r.target)),
    optionLinkage: logic.optionLinkage.filter((r) => !gone.has(r.target)),
    quotas: logic.quotas.filter((q) => q.basis !== 'option' || !gone.has(q.subject)),
    random: logic.random
      .map((g) => ({ ...g, subjects: g.subjects.filter((s) => !gone.has(s)) }))
      .filter((g) => g.subjects.length > 0)
      .map((g) => ({ ...g, draw: Math.min(g.draw, g.subjects.length) })),
  };
}

function withOptions(subjects: readonly TSubject[], subjectId: string): TOption[] {
  const subject = subjects.find((s) => s.uuid === subjectId);
  if (!subject) throw new EditError('题目不存在或已删除');
  const options = (subject as { options?: TOption[] }).options;
  if (!Array.isArray(options)) throw new EditError('该题型没有选项');
  return options;
}

/** Move an option after another (null: first). */
export function moveOption(subjects: readonly TSubject[], subjectId: string, optionId: string, after: string | null): TSubject[] {
  const options = withOptions(subjects, subjectId);
  const moving = options.find((o) => o.uuid === optionId);
  if (!moving) throw new EditError('选项不存在');
  const rest = options.filter((o) => o.uuid !== optionId);
  const at = after === null ? 0 : rest.findIndex((o) => o.uuid === after) + 1;
  if (after !== null && at === 0) throw new EditError('目标位置的选项不存在');
  const next = [...rest.slice(0, at), moving, ...rest.slice(at)];
  return subjects.map((s) => (s.uuid === subjectId ? ({ ...s, options: next } as TSubject) : s));
}

/** Pages split at page breaks (type 16): page 1 is what comes before the first break. */
export function pagesOf<T extends { subjectType: number }>(subjects: readonly T[]): T[][] {
  const pages: T[][] = [[]];
  for (const s of subjects) {
    if (s.subjectType === SUBJECT_TYPE.pageBreak) pages.push([s]);
    else pages[pages.length - 1]!.push(s);
  }
  return pages;
}

/** Move page `from` (with its break) to position `to`; both 1-based and ≥ 2, since page 1 has no break to carry. */
export function movePage(subjects: readonly TSubject[], from: number, to: number): TSubject[] {
  const pages = pagesOf(subjects);
  const last = pages.length;
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 2 || to < 2 || from > last || to > last) throw new EditError('页码不存在');
  if (from === to) return [...subjects];
  const [moving] = pages.splice(from - 1, 1);
  pages.splice(to - 1, 0, moving!);
  return ops.renumber(pages.flat());
}

const RULE_SCHEMAS = { jumps: ZJumpRule, display: ZDisplayRule, optionLinkage: ZOptionLinkageRule, quotas: ZQuotaRule, random: ZRandomGroup } as const;

function checkedRule(kind: TRuleKind, rule: TAnyRule): TAnyRule {
  const schema = RULE_SCHEMAS[kind];
  if (!schema) throw new EditError('逻辑类型不存在');
  const parsed = schema.safeParse(rule);
  if (!parsed.success) throw new EditError(`逻辑设置不完整：${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data as TAnyRule;
}

function setRules(kind: TRuleKind, edit: (rules: readonly TAnyRule[]) => TAnyRule[]): Recipe {
  return (draft) => {
    const rules = base(draft).logic[kind] as readonly TAnyRule[];
    (draft.logic as unknown as Record<TRuleKind, unknown>)[kind] = castDraft(edit(rules));
  };
}

/** The recipe of one edit event. Throws EditError for an edit that cannot apply. */
export function editRecipe(event: TEditEvent): Recipe {
  switch (event.type) {
    case 'document.title': {
      const title = ZTitle.safeParse(event.title);
      if (!title.success) throw new EditError(title.error.issues[0]?.message ?? '请输入标题');
      return (draft) => {
        draft.title = title.data;
      };
    }
    case 'document.subtitle':
      if (event.subtitle.length > 5_000) throw new EditError('描述最多5000个字');
      return (draft) => {
        draft.subtitle = event.subtitle;
      };
    case 'subject.add': {
      const preset = event.preset === undefined ? undefined : SUBJECT_PRESETS[event.preset];
      if (event.preset !== undefined && preset?.subjectType !== event.subjectType) throw new EditError('题型不存在');
      return setSubjects((subjects) => {
        const init = { uuid: event.uuid, indexSort: 0, newId: idsFrom(event.uuid) };
        const subject = preset ? preset.create(init) : subjectEntry(event.subjectType).create(init);
        return ops.insertSubject(subjects, subject as TSubject, event.after);
      });
    }
    case 'subject.insert':
      return setSubjects((subjects) => ops.insertSubject(subjects, event.subject, event.after));
    case 'subject.update':
      return setSubjects((subjects) => ops.replaceSubject(subjects, event.subject));
    case 'subject.copy':
      return setSubjects((subjects) => ops.copySubject(subjects, event.id, idsFrom(event.uuid, true)));
    case 'subject.delete':
      return (draft) => {
        const doc = base(draft);
        draft.subjects = castDraft(ops.deleteSubjects(doc.subjects, event.ids));
        draft.logic = castDraft(dropOwnedRules(doc.logic, new Set(event.ids)));
      };
    case 'subject.move':
      return setSubjects((subjects) => ops.moveSubject(subjects, event.id, event.after));
    case 'subject.required':
      return setSubjects((subjects) => ops.setRequired(subjects, event.ids, event.required));
    case 'page.move':
      return setSubjects((subjects) => movePage(subjects, event.from, event.to));
    case 'option.update':
      return setSubjects((subjects) => ops.updateOption(subjects, event.subjectId, event.option));
    case 'option.add':
      return setSubjects((subjects) => ops.addOptions(subjects, event.subjectId, event.options, event.after));
    case 'option.delete':
      return setSubjects((subjects) => ops.deleteOption(subjects, event.subjectId, event.optionId));
    case 'option.move':
      return setSubjects((subjects) => moveOption(subjects, event.subjectId, event.optionId, event.after));
    case 'option.batch':
      return setSubjects((subjects) => ops.replaceOptionsFromLines(subjects, event.subjectId, event.text, idsFrom(event.idPrefix)));
    case 'option.pictures':
      return setSubjects((subjects) => ops.addPictureOptions(subjects, event.subjectId, event.pictures, idsFrom(event.idPrefix)));
    case 'logic.add': {
      const rule = checkedRule(event.kind, event.rule);
      return setRules(event.kind, (rules) => {
        if (rules.some((r) => r.id === rule.id)) throw new EditError('逻辑规则标识重复');
        return [...rules, rule];
      });
    }
    case 'logic.update': {
      const rule = checkedRule(event.kind, event.rule);
      return setRules(event.kind, (rules) => {
        if (!rules.some((r) => r.id === rule.id)) throw new EditError('逻辑规则不存在');
        return rules.map((r) => (r.id === rule.id ? rule : r));
      });
    }
    case 'logic.remove':
      return setRules(event.kind, (rules) => {
        if (!rules.some((r) => r.id === event.id)) throw new EditError('逻辑规则不存在');
        return rules.filter((r) => r.id !== event.id);
      });
  }
}

/** Subjects whose content (not just their position) differs from before: the ones to validate. */
function changedSubjects(before: readonly TSubject[], after: readonly TSubject[]): TSubject[] {
  const old = new Map(before.map((s) => [s.uuid, s]));
  return after.filter((s) => {
    const prev = old.get(s.uuid);
    if (prev === s) return false;
    if (!prev) return true;
    const keys = new Set([...Object.keys(prev), ...Object.keys(s)]);
    for (const key of keys) {
      if (key !== 'indexSort' && (prev as Record<string, unknown>)[key] !== (s as Record<string, unknown>)[key]) return true;
    }
    return false;
  });
}

/** Whether an edit changed anything: a no-op (moving a subject to where it is) is not an undo step. */
function sameDocument(a: TEditorDocument, b: TEditorDocument): boolean {
  if (a === b) return true;
  if (a.title !== b.title || a.subtitle !== b.subtitle || a.logic !== b.logic) return false;
  return a.subjects.length === b.subjects.length && a.subjects.every((s, i) => s === b.subjects[i]);
}

export type TEditResult = { ok: true; document: TEditorDocument } | { ok: false; message: string; unchanged?: true };

// The machine's guard and its action see the same event object: compute once.
let memo: { doc: TEditorDocument; event: TEditEvent; result: TEditResult } | null = null;

/**
 * Applies an edit: the new document, or why it cannot apply (a missing subject, an option list that would be
 * empty, a subject whose configuration its type refuses, or nothing changed). Never throws.
 */
export function tryEdit(doc: TEditorDocument, event: TEditEvent): TEditResult {
  if (memo && memo.doc === doc && memo.event === event) return memo.result;
  let result: TEditResult;
  try {
    const next = produce(doc, editRecipe(event));
    const invalid = changedSubjects(doc.subjects, next.subjects)
      .map((s) => ({ s, parsed: subjectEntry(s.subjectType).schema.safeParse(s) }))
      .find(({ parsed }) => !parsed.success);
    if (invalid && !invalid.parsed.success) result = { ok: false, message: invalid.parsed.error.issues[0]?.message ?? '题目设置不正确' };
    else if (sameDocument(doc, next)) result = { ok: false, message: '没有变化', unchanged: true };
    else result = { ok: true, document: next };
  } catch (error) {
    result = { ok: false, message: error instanceof Error ? error.message : '无法完成此操作' };
  }
  memo = { doc, event, result };
  return result;
}

/** The edited document; the same document when the edit cannot apply. */
export function applyEdit(doc: TEditorDocument, event: TEditEvent): TEditorDocument {
  const result = tryEdit(doc, event);
  return result.ok ? result.document : doc;
}

/** Undo history: push the document being replaced, keeping at most `limit` steps. */
export const pushHistory = (past: readonly TEditorDocument[], doc: TEditorDocument, limit: number): TEditorDocument[] => [...past, doc].slice(-limit);
