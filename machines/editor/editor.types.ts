import type { TRefusalReason } from '../../schemas/refusals';
import type { TConflict } from '../../schemas/api/editor';
import type { TProjectSettings, TProjectStyle } from '../../schemas/api/settings';
import type { TDisplayRule, TJumpRule, TLogic, TOptionLinkageRule, TQuotaRule, TRandomGroup } from '../../schemas/logic/ast';
import type { TOption } from '../../schemas/subjects/base';
import type { TSubject } from '../../schemas/subjects/registry';
import type { TSubjectPreset } from '../../schemas/subjects/presets';

/** What the editor edits and autosaves in one call (saveEditorDocument): undo / redo walk its history. */
export interface TEditorDocument {
  title: string;
  subtitle: string;
  subjects: TSubject[];
  logic: TLogic;
}

/** The project facts the editor shell needs (getWxQuestion). */
export interface TEditorProject {
  questionId: string;
  questionType: number;
  /** A solitaire's kind (spec §3), or null. */
  solitaireType?: number | null;
  status: number;
  dataCount: number;
  /** 1 manage, 2 edit, 3 view (spec §6). */
  powerType: number | null;
  /** 0 own project, 1 joined as a collaborator. */
  isTeamWork: number;
  ownerName: string;
  /** The owner's membership level (1–4): the member page opens at it when the subject limit is reached. */
  ownerLevel: number;
  /** Questions allowed by the owner's level (layout blocks do not count, spec §9). */
  subjectLimit: number;
}

/** What the load actor answers: the three reads taken at one version. */
export interface TEditorLoaded {
  project: TEditorProject;
  document: TEditorDocument;
  settings: TProjectSettings;
  style: TProjectStyle;
  version: number;
}

export type TSavePart = 'document' | 'settings' | 'style';
export type TParts = Record<TSavePart, boolean>;

/** One autosave: only the parts that changed, chained on one version. */
export interface TSaveInput {
  questionId: string;
  version: number;
  document?: TEditorDocument;
  settings?: TProjectSettings;
  style?: TProjectStyle;
}
export interface TSaveOutput {
  version: number;
}

/**
 * A failed save. `resultCode` "409" with `data` is a version conflict; `saved` says which parts went through
 * before the failure (the next save must not send them again with the old version).
 */
export interface TSaveFailure {
  message: string;
  resultCode?: string;
  data?: unknown;
  saved?: { version: number; parts: TSavePart[] };
}

export interface TPublishInput {
  questionId: string;
}

export interface TEditorInput {
  questionId: string;
  /** Quiet time after the last change before the autosave (ms). */
  autosaveMs?: number;
  /** Wait before a failed save is tried again (ms). */
  retryMs?: number;
  /** Undo steps kept. */
  historyLimit?: number;
}

export interface TEditorContext {
  questionId: string;
  autosaveMs: number;
  retryMs: number;
  historyLimit: number;
  project: TEditorProject | null;
  /** The server's version this editor's state builds on; every save sends it. */
  version: number;
  document: TEditorDocument;
  settings: TProjectSettings | null;
  style: TProjectStyle | null;
  /** Earlier documents, oldest first (undo), and undone ones, most recent last (redo). */
  past: TEditorDocument[];
  future: TEditorDocument[];
  /**
   * future.length > 0, kept as a flag so that the model-based tests (which treat the documents as data) can
   * tell "just undone" apart from "just edited".
   */
  redoable: boolean;
  /** Changed since the last save started. */
  dirty: TParts;
  /** Being saved by the running save. */
  inFlight: TParts;
  /** 发布 was asked for: it runs once everything is saved. */
  publishRequested: boolean;
  conflict: TConflict | null;
  error: string | null;
  /** The machine-readable reason of a refused save (schemas/refusals.ts), when the server sent one. */
  errorReason?: TRefusalReason | null;
  loadError: string | null;
  /** The project is not paused (status ≠ 0): subject and logic changes wait for the reminder and a pause. */
  collecting: boolean;
  /** The structure change that waits for the reminder: it applies once the project is paused. */
  held: THeldEvent | null;
  /** The last save was refused because the project collects (status ≠ 0): its changes wait for a pause. */
  refusedCollecting: boolean;
}

/** What a collecting project holds back until it is paused: a document edit, undo or redo. */
export type THeldEvent = TEditEvent | { type: 'history.undo' } | { type: 'history.redo' };

/** Where logic rules live in TLogic, with the rule type of each list. */
export interface TRuleKinds {
  jumps: TJumpRule;
  display: TDisplayRule;
  optionLinkage: TOptionLinkageRule;
  quotas: TQuotaRule;
  random: TRandomGroup;
}
export type TRuleKind = keyof TRuleKinds;
export type TAnyRule = TRuleKinds[TRuleKind];

/** Document edits: each is one undo step and maps to one recipe of editor.operations.ts. */
export type TEditEvent =
  | { type: 'document.title'; title: string }
  | { type: 'document.subtitle'; subtitle: string }
  /**
   * A new subject of a type (palette click or drop); option ids derive from `uuid`. `after` null: first; absent: last.
   * `preset` starts it as a familiar kind of that type (判断题: a single choice 正确 / 错误).
   */
  | { type: 'subject.add'; subjectType: number; uuid: string; after?: string | null; preset?: TSubjectPreset }
  /** A ready subject (question bank, paste) with fresh ids. */
  | { type: 'subject.insert'; subject: TSubject; after?: string | null }
  | { type: 'subject.update'; subject: TSubject }
  | { type: 'subject.copy'; id: string; uuid: string }
  | { type: 'subject.delete'; ids: string[] }
  /** The one event of a drag end: put `id` after `after` (null: to the top). */
  | { type: 'subject.move'; id: string; after: string | null }
  | { type: 'subject.required'; ids: string[]; required: boolean }
  /** Outline: move page `from` (1-based, with its page break) to page position `to`; page 1 stays first. */
  | { type: 'page.move'; from: number; to: number }
  | { type: 'option.update'; subjectId: string; option: TOption }
  | { type: 'option.add'; subjectId: string; options: TOption[]; after?: string | null }
  | { type: 'option.delete'; subjectId: string; optionId: string }
  | { type: 'option.move'; subjectId: string; optionId: string; after: string | null }
  /** 批量编辑: one option per line replaces the options; ids are `${idPrefix}-n`. */
  | { type: 'option.batch'; subjectId: string; text: string; idPrefix: string }
  | { type: 'option.pictures'; subjectId: string; pictures: { url: string; title: string }[]; idPrefix: string }
  | { type: 'logic.add'; kind: TRuleKind; rule: TAnyRule }
  | { type: 'logic.update'; kind: TRuleKind; rule: TAnyRule }
  | { type: 'logic.remove'; kind: TRuleKind; id: string };

export type TEditType = TEditEvent['type'];

export type TEditorEvent =
  | TEditEvent
  | { type: 'history.undo' }
  | { type: 'history.redo' }
  | { type: 'settings.update'; patch: Partial<TProjectSettings> }
  | { type: 'style.update'; patch: Partial<TProjectStyle> }
  /** Save without waiting for the quiet time (leaving, preview, Ctrl+S). */
  | { type: 'save.now' }
  /** Conflict or load failure: read the project again (local changes are dropped). */
  | { type: 'document.reload' }
  | { type: 'project.publish' }
  /** The modify reminder (spec §4, the project-lifecycle machine) paused the project: held changes apply. */
  | { type: 'project.paused' }
  /** The reminder was cancelled or the pause failed: the held change is dropped. */
  | { type: 'change.dropped' };
