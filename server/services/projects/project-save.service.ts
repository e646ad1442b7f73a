import type { TCreateResult, TSaveQuestionRequest } from '../../../schemas/api/question';
import { sanitizeProjectFields, type ProjectTextFields } from '../../../schemas/rich-text/sanitize-project';
import type { Query } from '../../db/client';
import { badInput } from '../errors';
import { bumpVersion, checkSubjectLimit, lockProject, writeSubjects } from './editor.service';
import { changesStructure, refuseWhileCollecting } from './collecting-guard.service';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { countQuestions, listSubjects } from './subjects.service';

/**
 * A project's own texts cleaned for storing (schemas/rich-text/sanitize-project.ts). A title that was nothing
 * but markup is refused like an empty one, rather than stored empty.
 */
export function cleanProjectText<T extends ProjectTextFields>(fields: T): T {
  const clean = sanitizeProjectFields(fields);
  if (typeof fields.title === 'string' && !clean.title?.trim()) throw badInput('title: 请输入标题', 'title');
  return clean;
}

/**
 * saveOrUpdateWxQuestion on an existing project, under the rules of the editor's whole-document save: the row
 * is locked, added questions are checked against the OWNER's subject limit, and the version the caller read
 * must still be current ("409" naming who changed it). Replacing the subjects needs that version: a save
 * that does not say what it replaces would silently overwrite a collaborator's edits. Changed subjects need a
 * paused project (spec §4).
 */
export async function updateProject(query: Query, user: AuthUser, questionId: string, body: TSaveQuestionRequest): Promise<TCreateResult> {
  const { project } = await accessProject(query, user, questionId, 'edit');
  if (body.subjects && body.version === undefined) throw badInput('version: 缺少项目版本号，请刷新后重试', 'version');
  const locked = await lockProject(query, project.id);
  const before = body.subjects ? await listSubjects(query, project.id) : [];
  if (body.subjects && changesStructure({ subjects: before, logic: null }, { subjects: body.subjects, logic: null }))
    await refuseWhileCollecting(query, locked);
  if (body.subjects && countQuestions(body.subjects) > countQuestions(before)) await checkSubjectLimit(query, project, body.subjects);
  await bumpVersion(query, project.id, body.version, user.id);
  const text = cleanProjectText({ title: body.title, subtitle: body.subtitle ?? null });
  await query(`UPDATE projects SET title = $2, subtitle = COALESCE($3, subtitle), solitaire_type = COALESCE($4, solitaire_type) WHERE id = $1`, [
    project.id,
    text.title,
    text.subtitle,
    body.solitaireType ?? null,
  ]);
  if (body.subjects)
    await writeSubjects(
      query,
      project.id,
      before,
      body.subjects.map((s, i) => ({ ...s, indexSort: i + 1 })),
    );
  return { isCreate: 1, questionId };
}

/** updateWxQuestion: the texts it names (cleaned) and the solitaire kind, a new version; the rest stays. */
export async function updateProjectTexts(
  query: Query,
  projectId: number,
  userId: number,
  fields: ProjectTextFields & { solitaireType?: number },
): Promise<void> {
  const text = cleanProjectText(fields);
  await query(
    `UPDATE projects SET title = COALESCE($2, title), subtitle = COALESCE($3, subtitle), conclusion = COALESCE($4, conclusion),
       share_title = COALESCE($5, share_title), solitaire_type = COALESCE($6, solitaire_type), version = version + 1, updated_at = now(), updated_by = $7
     WHERE id = $1`,
    [projectId, text.title ?? null, text.subtitle ?? null, text.conclusion ?? null, text.shareTitle ?? null, fields.solitaireType ?? null, userId],
  );
}
