import { ZConclusion } from '../../../schemas/api/editor';
import { ZProjectStyle } from '../../../schemas/api/settings';
import { ZLogic } from '../../../schemas/logic/ast';
import { respondentSubject } from '../../../schemas/subjects/respondent';
import { AppError } from '../errors';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';
import { withSignedMedia } from '../uploads/media-uploads.service';
import { conclusionConfigs } from '../projects/conclusions.service';
import { listSubjects } from '../projects/subjects.service';
import { withStockLeft } from './submit-capacity.service';
import { hasSchedule } from '../appointment/appointment-sheet.service';
import { checkAnswerPassword } from '../access/answer-password.service';
import { answerableProject, checkEntry } from '../access/answer-entry.service';
import { checkWechatUsed, formRespondent } from './form-wechat.service';
import { whiteGate } from '../whitelist/white-gate.service';
import type { RowOf } from '../../db/rows';
import type { respondentCounters } from '../../db/tables';
import type { QuotaCount } from './submit-capacity.service';

/** A wrong password locks the sheet; anything else (too many tries: "429") is the answer. */
const wrongPassword = (error: unknown): true => {
  if (error instanceof AppError && error.resultCode === '403') return true;
  throw error;
};

/**
 * active/write/getQuestion: what the respondent page shows. Without the right password the sheet stays locked
 * (no subjects, logic or conclusions); every try counts against the password's allowance. The answer key,
 * scoring rules and analysis never leave the server before submission.
 */
export async function answerPage(
  deps: Deps,
  body: { questionId: string; password?: string; wechatToken?: string; whitelistToken?: string },
  user: AuthUser | null,
  ip: string,
) {
  const { database } = deps;
  const { project, settings } = await answerableProject(database.query, body.questionId, deps.now());
  const guard = { database, limits: deps.limits, projectId: project.id, ip };
  // 答题白名单: without a valid proof the page shows the gate and the sheet stays withheld, as behind a password.
  const whitelist = whiteGate(deps, project.id, settings, body.whitelistToken);
  const locked =
    (Boolean(settings.password) && (await checkAnswerPassword(guard, settings.password, body.password).then(() => false, wrongPassword))) || whitelist !== null;
  if (!locked) await checkEntry(database.query, { ...settings, password: '' }, user, undefined, guard);
  // 仅限微信授权填写: without a token the page authorises first; a stale one is refused (the page authorises again),
  // and a WeChat user who used their answers is told so before filling the sheet in.
  if (!locked && settings.wechatAppid && body.wechatToken) {
    await checkWechatUsed(database.query, project.id, settings, formRespondent(deps, settings, body.wechatToken)!);
  }
  const counts = await database.query<QuotaCount>('SELECT quota_id, used FROM quota_counters WHERE project_id = $1', [project.id]);
  const conclusions = await conclusionConfigs(database.query, project.id);
  const places = locked
    ? []
    : await database.query<Pick<RowOf<typeof respondentCounters>, 'kind' | 'key' | 'n'>>(
        `SELECT kind, key, n FROM respondent_counters WHERE project_id = $1 AND kind IN ('slot', 'stock')`,
        [project.id],
      );
  const sold = new Map(places.filter((r) => r.kind === 'stock').map((r) => [r.key, r.n]));
  return {
    questionId: project.public_id,
    title: project.title,
    subtitle: project.subtitle,
    questionType: project.question_type,
    solitaireType: project.solitaire_type,
    status: project.status,
    style: ZProjectStyle.parse(project.style ?? {}),
    settings: {
      startTime: settings.startTime,
      endTime: settings.endTime,
      loginRequired: settings.loginRequired,
      needPassword: Boolean(settings.password),
      examMinutes: settings.examMinutes,
      allowEditAfterSubmit: settings.allowEditAfterSubmit,
      showScore: settings.showScore,
      showCorrectAnswers: settings.showCorrectAnswers,
      showAnalysis: settings.showAnalysis,
      wechatAuth: settings.wechatAppid !== null,
      resumeDraft: settings.resumeDraft,
      noCopyPaste: settings.noCopyPaste,
      leaveLimit: settings.leaveLimit,
    },
    locked,
    subjects: locked ? [] : (await listSubjects(database.query, project.id)).map((x) => withSignedMedia(deps, withStockLeft(respondentSubject(x), sold))),
    logic: locked ? ZLogic.parse({}) : ZLogic.parse(project.logic ?? {}),
    quotaCounts: Object.fromEntries(counts.map((r) => [r.quota_id, r.used])),
    /** Places taken per appointment slot and date (`subject|date|time`, server/services/submit/submit-capacity.service.ts). */
    slotsTaken: Object.fromEntries(places.filter((r) => r.kind === 'slot').map((r) => [r.key, r.n])),
    appointmentScheduled: (await hasSchedule(database.query, project.id, project.question_type)) !== null,
    conclusions: locked ? [] : conclusions.map((config) => ZConclusion.parse(config)),
    serverTime: deps.now().toISOString(),
    advertFree: project.advert_free,
    whitelist,
  };
}
