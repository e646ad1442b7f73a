import { ZConclusion } from '../../../schemas/api/editor';
import { ZProjectSettings } from '../../../schemas/api/settings';
import { ZProjectStyle } from '../../../schemas/api/settings';
import { TEMPLATE_SHARE_MESSAGES, type TTemplateShare, type TTemplateShareLink } from '../../../schemas/api/template-share';
import type { TCreateResult } from '../../../schemas/api/question';
import { looksLikePhone } from '../../../schemas/api/user';
import { ZLogic } from '../../../schemas/logic/ast';
import { respondentSubject } from '../../../schemas/subjects/respondent';
import type { Database, Query } from '../../db/client';
import type { ProjectRow } from '../../db/rows';
import { col, defineSql } from '../../db/sql';
import type { AuthUser } from '../access/sessions.service';
import { hmac, safeEqual } from '../crypto';
import { forbidden, notFound } from '../errors';
import { qrPng } from '../vote-extras/vote-poster.service';
import { conclusionConfigs } from '../projects/conclusions.service';
import { copyProjectIn, type CopyKindSettings } from '../projects/project-create.service';
import { listSubjects } from '../projects/subjects.service';
import { templateSummary } from '../projects/templates.service';

const NO_SHARER = '0';

async function templateRow(query: Query, questionId: string): Promise<ProjectRow> {
  const rows = await query<ProjectRow>('SELECT * FROM projects WHERE public_id = $1 AND is_template AND deleted_at IS NULL', [questionId]);
  if (!rows[0]) throw notFound(TEMPLATE_SHARE_MESSAGES.missing);
  return rows[0];
}

/**
 * active/template/getTemplateQuestion: a template as the respondent page draws it (active/write/getQuestion's
 * answer): always open, no login or password, nothing counted. The answer key stays on the server as it does there.
 */
export async function templateAnswerForm(query: Query, questionId: string, now: Date) {
  const project = await templateRow(query, questionId);
  const settings = ZProjectSettings.parse(project.settings ?? {});
  const conclusions = await conclusionConfigs(query, project.id);
  return {
    questionId: project.public_id,
    title: project.title,
    subtitle: project.subtitle,
    questionType: project.question_type,
    solitaireType: project.solitaire_type,
    status: project.status,
    style: ZProjectStyle.parse(project.style ?? {}),
    settings: {
      startTime: null,
      endTime: null,
      loginRequired: false,
      needPassword: false,
      examMinutes: settings.examMinutes,
      allowEditAfterSubmit: false,
      showScore: settings.showScore,
      showCorrectAnswers: settings.showCorrectAnswers,
      showAnalysis: settings.showAnalysis,
    },
    locked: false,
    subjects: (await listSubjects(query, project.id)).map(respondentSubject),
    logic: ZLogic.parse(project.logic ?? {}),
    quotaCounts: {},
    slotsTaken: {},
    appointmentScheduled: false,
    conclusions: conclusions.map((config) => ZConclusion.parse(config)),
    serverTime: now.toISOString(),
  };
}

const signatureOf = (secret: string, questionId: string, sharer: string) => hmac(secret, `template-share:${questionId}:${sharer}`).slice(0, 32);

/** The share link's token: `<questionId>.<sharer's public id or 0>.<signature>` (schemas/api/template-share.ts). */
export const shareTokenOf = (secret: string, questionId: string, sharerPublicId: string | null) =>
  `${questionId}.${sharerPublicId ?? NO_SHARER}.${signatureOf(secret, questionId, sharerPublicId ?? NO_SHARER)}`;

/** A token this server signed, read; any other is refused ("403"). The signature keys the copy (one per account and link). */
export function readShareToken(secret: string, token: string): { questionId: string; sharer: string | null; key: string } {
  const [questionId = '', sharer = '', signature = ''] = token.split('.');
  if (!safeEqual(signature, signatureOf(secret, questionId, sharer))) throw forbidden(TEMPLATE_SHARE_MESSAGES.forged);
  return { questionId, sharer: sharer === NO_SHARER ? null : sharer, key: signature };
}

const sharerSql = defineSql('template-share.sharer', { username: col.text }, 'SELECT username FROM users WHERE public_id = $1 AND deleted_at IS NULL');

/** The name a share shows: the sharer's username, never a phone (a phone-like name shows as 好友); none once the account is gone. */
async function sharerName(query: Query, sharerPublicId: string | null): Promise<string | null> {
  if (!sharerPublicId) return null;
  const [row] = await sharerSql.run(query, [sharerPublicId]);
  if (!row) return null;
  return looksLikePhone(row.username) ? '好友' : row.username;
}

const sharerOfUserSql = defineSql('template-share.sharerOfUser', { public_id: col.text }, 'SELECT public_id FROM users WHERE id = $1');

/** active/template/getTemplateShareLink: the link (signed with who shares it when logged in) and its QR code. */
export async function templateShareLink(query: Query, secret: string, origin: string, user: AuthUser | null, questionId: string): Promise<TTemplateShareLink> {
  await templateRow(query, questionId);
  const sharer = user ? ((await sharerOfUserSql.run(query, [user.id]))[0]?.public_id ?? null) : null;
  const shareToken = shareTokenOf(secret, questionId, sharer);
  const url = `${origin}/shareQuestionnaire?share=${encodeURIComponent(shareToken)}`;
  return { shareToken, url, qrPng: await qrPng(url), sharerName: await sharerName(query, sharer) };
}

const copiedSql = defineSql(
  'template-share.copied',
  { public_id: col.text.orNull() },
  `SELECT p.public_id FROM template_share_copies c LEFT JOIN projects p ON p.id = c.project_id AND p.deleted_at IS NULL
   WHERE c.user_id = $1 AND c.share_key = $2`,
);

/** active/template/getTemplateShare: what the shared link opens on, with the caller's copy from this link if any. */
export async function sharedTemplate(query: Query, secret: string, user: AuthUser | null, token: string): Promise<TTemplateShare> {
  const share = readShareToken(secret, token);
  const template = await templateSummary(query, share.questionId);
  if (!template) throw notFound(TEMPLATE_SHARE_MESSAGES.missing);
  const copied = user ? ((await copiedSql.run(query, [user.id, share.key]))[0]?.public_id ?? null) : null;
  return { template, sharerName: await sharerName(query, share.sharer), copiedQuestionId: copied };
}

const claimSql = defineSql(
  'template-share.claim',
  { public_id: col.text.orNull() },
  `SELECT p.public_id FROM template_share_copies c LEFT JOIN projects p ON p.id = c.project_id AND p.deleted_at IS NULL
   WHERE c.user_id = $1 AND c.share_key = $2 FOR UPDATE OF c`,
);

/**
 * active/template/copyTemplateShare: the template copied into the caller's account (the daily and subject limits
 * apply as for 使用此模板), once per account and link. The link's row is taken first and locked, so a retry or a
 * second click — in another tab, on another server process — waits for the first and answers its copy. A copy
 * refused by a limit, or deleted since (bin included), leaves the row free for the next try.
 */
export async function copySharedTemplate(
  database: Database,
  secret: string,
  user: AuthUser,
  token: string,
  copyKindSettings: CopyKindSettings,
): Promise<TCreateResult> {
  const share = readShareToken(secret, token);
  return database.transaction(async (query) => {
    const template = await templateRow(query, share.questionId);
    await query(`INSERT INTO template_share_copies (user_id, share_key, template_id) VALUES ($1, $2, $3) ON CONFLICT (user_id, share_key) DO NOTHING`, [
      user.id,
      share.key,
      template.id,
    ]);
    const [claim] = await claimSql.run(query, [user.id, share.key]);
    if (claim?.public_id) return { isCreate: 1, questionId: claim.public_id };
    const result = await copyProjectIn(query, user, share.questionId, copyKindSettings);
    if (result.isCreate === 1) {
      await query(`UPDATE template_share_copies SET project_id = (SELECT id FROM projects WHERE public_id = $3) WHERE user_id = $1 AND share_key = $2`, [
        user.id,
        share.key,
        result.questionId,
      ]);
    }
    return result;
  });
}
