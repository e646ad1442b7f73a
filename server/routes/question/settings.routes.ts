import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZConclusionRef, ZSaveConclusionRequest, ZSaveSettingsRequest, ZSaveStyleRequest, type TConclusion } from '../../../schemas/api/editor';
import { ZQuestionRef } from '../../../schemas/api/question';
import { THEMES, ZProjectSettings, ZProjectStyle } from '../../../schemas/api/settings';
import { sanitizeConclusion, sanitizePlainText } from '../../../schemas/rich-text/sanitize-project';
import { defineCall } from '../../http/define-call';
import { notFound } from '../../http/errors';
import { publicId } from '../../services/crypto';
import { bumpVersion } from '../../services/projects/editor.service';
import { accessProject } from '../../services/access/powers.service';
import { POWER } from '../../../schemas/project-kinds';

const P = 'activity/question';
const COVERS = [
  '/covers/blue-waves.svg',
  '/covers/green-leaves.svg',
  '/covers/orange-sun.svg',
  '/covers/city-night.svg',
  '/covers/classroom.svg',
  '/covers/clinic.svg',
];

/** Settings, style, themes, covers and conclusion pages of a project. */
export function settingsRoutes(app: FastifyInstance): void {
  const { database } = app.deps;

  // A view-power collaborator (3) reads the settings without the answering password and the whitelist's phones:
  // they say whether one is set and how many are listed, not what.
  defineCall(app, { path: `${P}/getWxQuestionSetting`, body: ZQuestionRef, auth: 'required' }, async (body, { user }) => {
    const { project, powerType } = await accessProject(database.query, user, body.questionId, 'read');
    const settings = ZProjectSettings.parse(project.settings ?? {});
    const style = ZProjectStyle.parse(project.style ?? {});
    if (powerType !== POWER.view) return { settings, style, version: project.version, withheld: null };
    const withheld = { passwordSet: settings.password !== '', whitelistCount: settings.whitelist.length };
    return { settings: { ...settings, password: '', whitelist: [] }, style, version: project.version, withheld };
  });

  defineCall(app, { path: `${P}/updateWxQuestionSetting`, body: ZSaveSettingsRequest, auth: 'required', okMessage: '设置已保存' }, async (body, { user }) =>
    database.transaction(async (query) => {
      const { project } = await accessProject(query, user, body.questionId, 'edit');
      const stored = ZProjectSettings.parse(project.settings ?? {});
      // 允许通过邀请链接加入 is the owner's, changed by code/setFriendAddTeamWork only: an editor's autosave keeps it.
      const settings = ZProjectSettings.parse({ ...stored, ...body.settings, isFriendAddTeamWork: stored.isFriendAddTeamWork });
      settings.shareTitle = sanitizePlainText(settings.shareTitle);
      const version = await bumpVersion(query, project.id, body.version, user!.id);
      await query('UPDATE projects SET settings = $2::jsonb, share_title = $3 WHERE id = $1', [project.id, JSON.stringify(settings), settings.shareTitle]);
      return { settings, version };
    }),
  );

  defineCall(app, { path: `${P}/saveOrUpdateFormat`, body: ZSaveStyleRequest, auth: 'required', okMessage: '样式已保存' }, async (body, { user }) =>
    database.transaction(async (query) => {
      const { project } = await accessProject(query, user, body.questionId, 'edit');
      const style = ZProjectStyle.parse({ ...ZProjectStyle.parse(project.style ?? {}), ...body.style });
      const version = await bumpVersion(query, project.id, body.version, user!.id);
      await query('UPDATE projects SET style = $2::jsonb WHERE id = $1', [project.id, JSON.stringify(style)]);
      return { style, version };
    }),
  );

  defineCall(app, { path: `${P}/getThemeList`, body: z.object({}).passthrough(), auth: 'optional' }, async () => THEMES);
  defineCall(app, { path: `${P}/getCoverList`, body: z.object({}).passthrough(), auth: 'optional' }, async () =>
    COVERS.map((url, i) => ({ coverId: i + 1, url })),
  );

  const listConclusions = async (projectId: number) =>
    (
      await database.query<{ public_id: string; config: TConclusion }>('SELECT public_id, config FROM conclusions WHERE project_id = $1 ORDER BY id', [
        projectId,
      ])
    ).map((r) => ({ ...r.config, conclusionId: r.public_id }));

  defineCall(app, { path: `${P}/getConclusionList`, body: ZQuestionRef, auth: 'optional' }, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'read', { allowTemplate: true });
    return listConclusions(project.id);
  });

  defineCall(app, { path: `${P}/saveOrUpdateConclusion`, body: ZSaveConclusionRequest, auth: 'required', okMessage: '保存成功' }, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'edit');
    const { conclusionId, ...config } = sanitizeConclusion(body.conclusion);
    if (conclusionId) {
      const updated = await database.query('UPDATE conclusions SET config = $3::jsonb WHERE project_id = $1 AND public_id = $2 RETURNING id', [
        project.id,
        conclusionId,
        JSON.stringify(config),
      ]);
      if (!updated.length) throw notFound('结束页不存在');
    } else {
      await database.query('INSERT INTO conclusions (public_id, project_id, config) VALUES ($1, $2, $3::jsonb)', [
        publicId(),
        project.id,
        JSON.stringify(config),
      ]);
    }
    return listConclusions(project.id);
  });

  defineCall(app, { path: `${P}/delConclusion`, body: ZConclusionRef, auth: 'required', okMessage: '删除成功' }, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'edit');
    const gone = await database.query('DELETE FROM conclusions WHERE project_id = $1 AND public_id = $2 RETURNING id', [project.id, body.conclusionId]);
    if (!gone.length) throw notFound('结束页不存在');
    return listConclusions(project.id);
  });
}
