/**
 * The respondent's gate: whether a project collects now and whether this caller may answer it (login, password).
 * Submitting and answer uploads both pass it. The whitelist is its own gate (server/services/whitelist/).
 */
import { ZProjectSettings, type TProjectSettings } from '../../../schemas/api/settings';
import { WRITE_MESSAGES } from '../../../schemas/api/write';
import type { Query } from '../../db/client';
import { AppError, conflict, notFound, unauthorized } from '../errors';
import { checkAnswerPassword, type PasswordGuard } from './answer-password.service';
import type { ProjectRow } from '../../db/rows';
import type { TRefusalReason } from '../../../schemas/refusals';
import { PROJECT_STATUS, kindOfType, solitaireKindOf } from '../../../schemas/project-kinds';
import type { AuthUser } from './sessions.service';

/** The project a respondent may answer now, or the reason they may not (spec §4: paused projects refuse). */
export async function answerableProject(query: Query, questionId: string, now: Date): Promise<{ project: ProjectRow; settings: TProjectSettings }> {
  const rows = await query<ProjectRow>('SELECT * FROM projects WHERE public_id = $1 AND deleted_at IS NULL AND NOT is_template', [questionId]);
  const project = rows[0];
  if (!project) throw notFound('问卷不存在或已删除');
  const settings = ZProjectSettings.parse(project.settings ?? {});
  if (project.status !== PROJECT_STATUS.published && project.published_at === null) throw notPublished(project);
  const refused = collectingRefusal(project.status, settings, now);
  if (refused) throw refused;
  return { project, settings };
}

/** A project never published: 打卡接龙尚未发布, 问卷尚未发布… (issue 43 item 3: not 已暂停, which it never was). */
function notPublished(project: Pick<ProjectRow, 'question_type' | 'solitaire_type'>): AppError {
  const noun = solitaireKindOf(project.question_type, project.solitaire_type)?.name ?? kindOfType(project.question_type)?.name ?? '问卷';
  return conflict(`${noun}尚未发布`, { reason: 'notPublished' satisfies TRefusalReason });
}

/** A refusal of WRITE_MESSAGES by its reason, which the respondent page switches on (schemas/refusals.ts). */
export const refused = (reason: Exclude<Extract<TRefusalReason, keyof typeof WRITE_MESSAGES>, 'optionFull'>) => conflict(WRITE_MESSAGES[reason], { reason });

/** Paused, or outside the collection window: the reason a project does not collect now. */
export function collectingRefusal(status: number, settings: TProjectSettings, now: Date): AppError | null {
  if (status !== PROJECT_STATUS.published) return refused('paused');
  if (settings.startTime && now < new Date(settings.startTime)) return refused('notStarted');
  if (settings.endTime && now > new Date(settings.endTime)) return refused('ended');
  return null;
}

/** May this caller answer: login, the answering password (tries limited per client and project). */
export async function checkEntry(
  _query: Query,
  settings: TProjectSettings,
  user: AuthUser | null,
  password: string | undefined,
  guard: PasswordGuard,
): Promise<void> {
  if ((settings.loginRequired || settings.perUserLimit) && !user) throw unauthorized(WRITE_MESSAGES.loginRequired);
  if (settings.password) await checkAnswerPassword(guard, settings.password, password);
}
