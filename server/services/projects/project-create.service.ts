import { shanghaiDay } from '../../../schemas/checkin/days';
import { POWER } from '../../../schemas/project-kinds';
import type { TCreateResult, TSaveQuestionRequest } from '../../../schemas/api/question';
import type { Database } from '../../db/client';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { copyChainSettings } from '../chain/chain-project.service';
import { copyCheckInSettings } from '../checkin/checkin-project.service';
import { createProject } from './projects.service';
import { updateProject } from './project-save.service';
import { listSubjects } from './subjects.service';

/** saveOrUpdateWxQuestion: without a questionId a new project within the owner's limits, else the update of that one. */
export async function saveQuestion(database: Database, user: AuthUser, body: TSaveQuestionRequest): Promise<TCreateResult> {
  const questionId = body.questionId;
  if (!questionId) return database.transaction((query) => createProject(query, user, { ...body, subjects: body.subjects ?? [] }));
  return database.transaction((query) => updateProject(query, user, questionId, body));
}

/**
 * A copy counts as a creation (the daily and subject limits apply). Copying someone else's project needs edit
 * power; a template may be copied by anyone, keeps its title and counts one more use (hot). `now` is the app's
 * clock: a check-in's period is placed from the day of use.
 */
export async function copyProject(database: Database, user: AuthUser | null, questionId: string, now: Date): Promise<TCreateResult> {
  return database.transaction(async (query) => {
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
    // A kind's own settings come along with the copy (a sign-up chain's cap, waitlist …; a check-in's rules).
    if (result.isCreate === 1) {
      await copyChainSettings(query, project.id, result.questionId!);
      await copyCheckInSettings(query, project.id, result.questionId!, shanghaiDay(now));
    }
    return result;
  });
}
