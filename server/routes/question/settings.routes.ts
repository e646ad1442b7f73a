import type { FastifyInstance } from 'fastify';
import { editorCalls } from '../../../schemas/api/editor';
import { type TConclusion } from '../../../schemas/api/editor';
import { THEMES, ZProjectSettings, ZProjectStyle } from '../../../schemas/api/settings';
import { sanitizeConclusion, sanitizePlainText } from '../../../schemas/rich-text/sanitize-project';
import { defineCall } from '../../http/define-call';
import { notFound } from '../../http/errors';
import { publicId } from '../../services/crypto';
import { bumpVersion } from '../../services/projects/editor.service';
import { accessProject } from '../../services/access/powers.service';

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
  defineCall(app, editorCalls.getWxQuestionSetting, async (body, { user }) => {
    const { project, powerType } = await accessProject(database.query, user, body.questionId, 'read');
    const settings = ZProjectSettings.parse(project.settings ?? {});
    const style = ZProjectStyle.parse(project.style ?? {});
    if (powerType !== 3) return { settings, style, version: project.version, withheld: null };
    const withheld = { passwordSet: settings.password !== '', whitelistCount: settings.whitelist.length };
    return { settings: { ...settings, password: '', whitelist: [] }, style, version: project.version, withheld };
  });

  defineCall(app, editorCalls.updateWxQuestionSetting, async (body, { user }) =>
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

  defineCall(app, editorCalls.saveOrUpdateFormat, async (body, { user }) =>
    database.transaction(async (query) => {
      const { project } = await accessProject(query, user, body.questionId, 'edit');
      const style = ZProjectStyle.parse({ ...ZProjectStyle.parse(project.style ?? {}), ...body.style });
      const version = await bumpVersion(query, project.id, body.version, user!.id);
      await query('UPDATE projects SET style = $2::jsonb WHERE id = $1', [project.id, JSON.stringify(style)]);
      return { style, version };
    }),
  );

  defineCall(app, editorCalls.getThemeList, async () => [...THEMES]);
  defineCall(app, editorCalls.getCoverList, async () => COVERS.map((url, i) => ({ coverId: i + 1, url })));

  const listConclusions = async (projectId: number) =>
    (
      await database.query<{ public_id: string; config: TConclusion }>('SELECT public_id, config FROM conclusions WHERE project_id = $1 ORDER BY id', [
        projectId,
      ])
    ).map((r) => ({ ...r.config, conclusionId: r.public_id }));

  defineCall(app, editorCalls.getConclusionList, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'read', { allowTemplate: true });
    return listConclusions(project.id);
  });

  defineCall(app, editorCalls.saveOrUpdateConclusion, async (body, { user }) => {
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

  defineCall(app, editorCalls.delConclusion, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'edit');
    const gone = await database.query('DELETE FROM conclusions WHERE project_id = $1 AND public_id = $2 RETURNING id', [project.id, body.conclusionId]);
    if (!gone.length) throw notFound('结束页不存在');
    return listConclusions(project.id);
  });
}
