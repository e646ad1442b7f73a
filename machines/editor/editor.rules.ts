/**
 * What the editor decides from its context or document alone (no snapshot): how a failed save reads, the logic
 * findings and numbering of a document, the subject limit, the powers and whether 发布 may go ahead. The machine's
 * guards and the screens both use these; `editor.selectors.ts` reads snapshots on top of them.
 */
import { collectingRefusalOf, ZConflict, PUBLISH_NEEDS_SUBJECTS, type TConflict } from '../../schemas/api/editor';
import { hasPower, solitaireKindOf } from '../../schemas/project-kinds';
import { blocksPublishing, checkLogic, type Finding } from '../../schemas/logic/checker';
import { displayIndexes } from '../../schemas/subjects/numbering';
import { isNumberedSubjectType } from '../../schemas/subjects/subject-types';
import { tryEdit } from './editor.operations';
import type { TEditEvent, TEditType, TEditorContext, TEditorDocument, TSaveFailure, TSavePart } from './editor.types';

/** A "409" save failure's data (who changed the project and its version), else null (also for the collecting refusal). */
export function conflictOf(error: unknown): TConflict | null {
  if (!error || typeof error !== 'object' || (error as TSaveFailure).resultCode !== '409') return null;
  if (collectingRefusalOf((error as TSaveFailure).data)) return null;
  const parsed = ZConflict.safeParse((error as TSaveFailure).data);
  return parsed.success ? parsed.data : { version: 0, updatedBy: '其他协作者', updateTime: '' };
}

/**
 * A save the server refused for good: "400" (bad input, such as more questions than the owner's level allows),
 * "403" (no edit power any more) or "404" (the project is gone). Sending the same document again cannot help.
 */
export function isRefusal(error: unknown): boolean {
  const code = error && typeof error === 'object' ? (error as TSaveFailure).resultCode : undefined;
  return code === '400' || code === '403' || code === '404';
}

/** The parts a failed save did get through, with the version they produced. */
export function savedPartOf(error: unknown): { version: number; parts: TSavePart[] } | null {
  const saved = error && typeof error === 'object' ? (error as TSaveFailure).saved : undefined;
  return saved && typeof saved.version === 'number' && Array.isArray(saved.parts) ? saved : null;
}

// Derived data is cached per document object: immer gives a new object only when something changed.
const findingsCache = new WeakMap<TEditorDocument, Finding[]>();
const indexCache = new WeakMap<TEditorDocument, Map<string, number | null>>();

/** The logic checker's findings for the document (errors block publishing). */
export function findingsOf(doc: TEditorDocument): Finding[] {
  let findings = findingsCache.get(doc);
  if (!findings) {
    findings = checkLogic(doc.subjects, doc.logic);
    findingsCache.set(doc, findings);
  }
  return findings;
}

/** Displayed question numbers (layout blocks and unnumbered stems map to null). */
export function numberingOf(doc: TEditorDocument): Map<string, number | null> {
  let index = indexCache.get(doc);
  if (!index) {
    index = displayIndexes(doc.subjects);
    indexCache.set(doc, index);
  }
  return index;
}

export const questionCount = (doc: TEditorDocument) => doc.subjects.filter((s) => isNumberedSubjectType(s.subjectType)).length;

/** Edits that can add questions, checked against the owner's subject limit. */
const ADDING: ReadonlySet<TEditType> = new Set(['subject.add', 'subject.insert', 'subject.copy']);

/**
 * Whether an edit would take the document past the owner's subject limit (spec §8 "Sorry! This version does
 * not support more questions"). An edit that adds no question is never refused, even over the limit.
 */
export function overSubjectLimit(context: Pick<TEditorContext, 'document' | 'project'>, event: TEditEvent): boolean {
  const limit = context.project?.subjectLimit;
  if (limit === undefined || !ADDING.has(event.type)) return false;
  const result = tryEdit(context.document, event);
  if (!result.ok) return false;
  const after = questionCount(result.document);
  return after > limit && after > questionCount(context.document);
}

export const canEditPower = (powerType: number | null | undefined) => hasPower(powerType, 'edit');
export const canReportPower = (powerType: number | null | undefined) => hasPower(powerType, 'report');

/** Why 发布 is refused now, or null when it may go ahead (the server checks the same). */
export function publishBlocker(context: Pick<TEditorContext, 'document' | 'project'>): string | null {
  if (!canEditPower(context.project?.powerType)) return '没有发布权限';
  // A kind whose page asks its own fields (a sign-up chain) publishes without questions, as the server allows.
  const ownFields = solitaireKindOf(context.project?.questionType, context.project?.solitaireType)?.asksQuestions === false;
  if (!ownFields && questionCount(context.document) === 0) return PUBLISH_NEEDS_SUBJECTS;
  const error = findingsOf(context.document).find((f) => f.severity === 'error');
  return error ? `逻辑设置有错误：${error.message}` : null;
}

export const isPublishable = (context: Pick<TEditorContext, 'document' | 'project'>) => publishBlocker(context) === null;
export const logicBlocksPublishing = (doc: TEditorDocument) => blocksPublishing(findingsOf(doc));
