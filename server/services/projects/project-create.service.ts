import { POWER } from '../../../schemas/project-kinds';
import type { TCreateResult, TSaveQuestionRequest } from '../../../schemas/api/question';
import type { Database, Query } from '../../db/client';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { createProject } from './projects.service';
import { updateProject } from './project-save.service';
import { listSubjects } from './subjects.service';

/** saveOrUpdateWxQuestion: without a questionId a new project within the owner's limits, else the update of that one. */
export async function saveQuestion(database: Database, user: AuthUser, body: TSaveQuestionRequest): Promise<TCreateResult> {
  const questionId = body.questionId;
  if (!questionId) return database.transaction((query) => createProject(query, user, { ...body, subjects: body.subjects ?? [] }));
  return database.transaction((query) => updateProject(query, user, questionId, body));
}

/** What a kind keeps beside the project row (a sign-up chain's cap and waitlist, a check-in's rules), copied with it. */
export type CopyKindSettings = (query: Query, fromProjectId: number, toQuestionId: string) => Promise<void>;

/**
 * A copy counts as a creation (the daily and subject limits apply). Copying someone else's project needs edit
 * power; a template may be copied by anyone, keeps its title and counts one more use (hot). `copyKindSettings`
 * brings the kind's own settings along in the same transaction (given by the caller: the kinds' services sit
 * above this folder).
 */
export async function copyProject(database: Database, user: AuthUser | null, questionId: string, copyKindSettings: CopyKindSettings): Promise<TCreateResult> {
  return database.transaction((query) => copyProjectIn(query, user, questionId, copyKindSettings));
}

/** copyProject inside the caller's transaction (a shared template's copy claims its link in the same one). */
export async function copyProjectIn(query: Query, user: AuthUser | null, questionId: string, copyKindSettings: CopyKindSettings): Promise<TCreateResult> {
  const { project, powerType } = await accessProject(query, user, questionId, 'read', { allowTemplate: true });
  if (powerType === POWER.view) await accessProject(query, user, questionId, 'edit');
  const result = await createProject(query, user!, {
    questionType: project.question_type,
    solitaireType: project.solitaire_type,
    title: project.is_template ? project.title : `${project.title}（副本）`,
    subtitle: project.subtitle,
    conclusion: project.conclusion,
    shareTitle: project.share_title,
    settings: project.settings,
    style: project.style,
    logic: project.logic,
    subjects: await listSubjects(query, project.id),
  });
  if (result.isCreate === 1 && project.is_template) await query('UPDATE projects SET hot = hot + 1 WHERE id = $1', [project.id]);
  if (result.isCreate === 1) await copyKindSettings(query, project.id, result.questionId!);
  return result;
}
