import type { TLogic } from '../../../schemas/logic/ast';
import { checkLogic, type Finding } from '../../../schemas/logic/checker';
import { sanitizeLogicMessages } from '../../../schemas/rich-text/sanitize-project';
import type { TSubject } from '../../../schemas/subjects/registry';
import type { Database } from '../../db/client';
import { accessProject } from '../access/powers.service';
import type { ProjectRow } from '../../db/rows';
import type { AuthUser } from '../access/sessions.service';
import { changesStructure, refuseWhileCollecting } from './collecting-guard.service';
import { bumpVersion, checkSubjectLimit, lockProject, writeSubjects } from './editor.service';
import { cleanProjectText } from './project-save.service';
import { countQuestions, listSubjects } from './subjects.service';

/** What a save stores: always the logic; the whole document also brings its subjects, title and subtitle. */
export interface DocumentChange {
  logic: TLogic;
  document?: { subjects: readonly TSubject[]; title: string; subtitle: string };
}

/**
 * The editor's saves of the document and its logic, one shape for all: lock the project, refuse while it collects
 * (spec §4), check the owner's subject limit, bump the version the caller edited ("409" when it moved), write,
 * and answer the new version with the static checker's findings. `change` sees the locked row and the stored
 * subjects. A logic-only save is refused whenever the project collects; a whole-document save only when it
 * changes the subjects or the logic (its title and subtitle may change while collecting).
 */
export async function saveDocument(
  database: Database,
  user: AuthUser | null,
  questionId: string,
  version: number | undefined,
  change: (locked: ProjectRow, before: TSubject[]) => DocumentChange,
): Promise<{ version: number; findings: Finding[] }> {
  return database.transaction(async (query) => {
    const { project } = await accessProject(query, user, questionId, 'edit');
    const locked = await lockProject(query, project.id);
    const before = await listSubjects(query, project.id);
    const { logic, document } = change(locked, before);
    if (!document || changesStructure({ subjects: before, logic: locked.logic }, { subjects: document.subjects, logic }))
      await refuseWhileCollecting(query, locked);
    if (document && countQuestions(document.subjects) > countQuestions(before)) await checkSubjectLimit(query, project, document.subjects);
    const next = await bumpVersion(query, project.id, version, user!.id);
    const stored = JSON.stringify(sanitizeLogicMessages(logic));
    if (document) {
      const subjects = document.subjects.map((s, i) => ({ ...s, indexSort: i + 1 }));
      await writeSubjects(query, project.id, before, subjects);
      const text = cleanProjectText({ title: document.title, subtitle: document.subtitle });
      await query('UPDATE projects SET title = $2, subtitle = $3, logic = $4::jsonb WHERE id = $1', [project.id, text.title, text.subtitle, stored]);
    } else {
      await query('UPDATE projects SET logic = $2::jsonb WHERE id = $1', [project.id, stored]);
    }
    return { version: next, findings: checkLogic(document?.subjects ?? before, logic) };
  });
}
