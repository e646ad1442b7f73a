import { POWER } from '../../../schemas/project-kinds';
import type { TCreateResult, TSaveQuestionRequest } from '../../../schemas/api/question';
import type { Database, Query } from '../../db/client';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { createProject } from './projects.service';
import { updateProject } from './project-save.service';
import { listSubjects } from './subjects.service';
import { applyCopyPlan, copyTargets, kindName } from '../../../schemas/project-copy/copy-plan';
import { badInput } from '../errors';

/** How a copy is made (getQuestionCopy's optional fields): another kind where it maps, settings, logic, a title. */
export interface TCopyOptions {
  toType?: number;
  withSettings?: boolean;
  withLogic?: boolean;
  title?: string;
}

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
 * above this folder). Runs inside the caller's transaction (a template copy's tasks, a shared template's link claim).
 */
export async function copyProjectIn(
  query: Query,
  user: AuthUser | null,
  questionId: string,
  copyKindSettings: CopyKindSettings,
  options: TCopyOptions = {},
): Promise<TCreateResult> {
  const { project, powerType } = await accessProject(query, user, questionId, 'read', { allowTemplate: true });
  if (powerType === POWER.view) await accessProject(query, user, questionId, 'edit');
  const toType = options.toType ?? project.question_type;
  if (!copyTargets(project.question_type).includes(toType)) {
    throw badInput(`toType: ${kindName(project.question_type)}不能复制为${kindName(toType)}`, 'toType');
  }
  const sameKind = toType === project.question_type;
  const choice = { toType, withSettings: options.withSettings ?? true, withLogic: options.withLogic ?? true };
  const copied = applyCopyPlan(
    { questionType: project.question_type, subjects: await listSubjects(query, project.id), settings: project.settings, logic: project.logic },
    choice,
  );
  const result = await createProject(query, user!, {
    questionType: toType,
    solitaireType: sameKind ? project.solitaire_type : null,
    title: options.title || (project.is_template ? project.title : `${project.title}（副本）`),
    subtitle: project.subtitle,
    conclusion: project.conclusion,
    shareTitle: project.share_title,
    settings: copied.settings,
    style: project.style,
    logic: copied.logic,
    subjects: copied.subjects,
  });
  if (result.isCreate === 1 && project.is_template) await query('UPDATE projects SET hot = hot + 1 WHERE id = $1', [project.id]);
  // The kind's own settings (a chain's cap, a check-in's rules) always come along into the same kind: without them
  // such a project could not run.
  if (result.isCreate === 1 && sameKind) await copyKindSettings(query, project.id, result.questionId!);
  return result;
}
