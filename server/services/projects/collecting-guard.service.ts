import { COLLECTING_MESSAGE, COLLECTING_REASON, type TCollectingRefusal } from '../../../schemas/api/editor';
import { ZLogic } from '../../../schemas/logic/ast';
import { sanitizeLogicMessages } from '../../../schemas/rich-text/sanitize-project';
import { ZSubject, type TSubject } from '../../../schemas/subjects/registry';
import type { Query } from '../../db/client';
import { conflict } from '../errors';
import { answerCount } from '../answers/answer-store.service';
import type { ProjectRow } from '../../db/rows';
import { sanitizeSubject } from './subjects.service';
import { PROJECT_STATUS } from '../../../schemas/project-kinds';

/**
 * Spec §4: a project whose status is not 0 is in front of respondents. Its subjects, logic and structure
 * change only after it is paused (the modify reminder); the texts (title, subtitle, conclusion), settings and
 * style may change while it collects. Called on the row locked for the change, so a publish cannot slip in
 * between the check and the write.
 */
export async function refuseWhileCollecting(query: Query, locked: ProjectRow): Promise<void> {
  if (locked.status === PROJECT_STATUS.paused) return;
  const data: TCollectingRefusal = { reason: COLLECTING_REASON, status: locked.status, dataCount: await answerCount(query, locked.id) };
  throw conflict(COLLECTING_MESSAGE, data);
}

/** JSON with object keys sorted: jsonb hands stored objects back in its own key order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );

/** A subject as it would be stored, without its position (the list's order is compared instead). */
function storedForm(subject: TSubject): unknown {
  const parsed = ZSubject.safeParse(subject);
  const { indexSort: _position, ...rest } = sanitizeSubject(parsed.success ? parsed.data : subject);
  return rest;
}

const storedLogic = (logic: unknown) => {
  const parsed = ZLogic.safeParse(logic ?? {});
  return parsed.success ? sanitizeLogicMessages(parsed.data) : logic;
};

/** Whether a whole-document save would change what respondents answer: the subjects (and their order) or the logic. */
export function changesStructure(before: { subjects: readonly TSubject[]; logic: unknown }, after: { subjects: readonly TSubject[]; logic: unknown }): boolean {
  if (before.subjects.length !== after.subjects.length) return true;
  if (canonical(storedLogic(before.logic)) !== canonical(storedLogic(after.logic))) return true;
  return before.subjects.some((subject, i) => canonical(storedForm(subject)) !== canonical(storedForm(after.subjects[i]!)));
}
