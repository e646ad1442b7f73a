import { POWER } from '../../../schemas/project-kinds';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZConclusionRef, ZSaveConclusionRequest, ZSaveSettingsRequest, ZSaveStyleRequest } from '../../../schemas/api/editor';
import { ZQuestionRef } from '../../../schemas/api/question';
import { THEMES, ZProjectSettings, ZProjectStyle } from '../../../schemas/api/settings';
import { defineCall } from '../../http/define-call';
import { accessProject } from '../../services/access/powers.service';
import { deleteConclusion, listConclusions, saveConclusion } from '../../services/projects/conclusions.service';
import { saveSettings, saveStyle } from '../../services/projects/project-settings.service';

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
    saveSettings(database, user, body),
  );

  defineCall(app, { path: `${P}/saveOrUpdateFormat`, body: ZSaveStyleRequest, auth: 'required', okMessage: '样式已保存' }, async (body, { user }) =>
    saveStyle(database, user, body),
  );

  defineCall(app, { path: `${P}/getThemeList`, body: z.object({}).passthrough(), auth: 'optional' }, async () => THEMES);
  defineCall(app, { path: `${P}/getCoverList`, body: z.object({}).passthrough(), auth: 'optional' }, async () =>
    COVERS.map((url, i) => ({ coverId: i + 1, url })),
  );

  defineCall(app, { path: `${P}/getConclusionList`, body: ZQuestionRef, auth: 'optional' }, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'read', { allowTemplate: true });
    return listConclusions(database.query, project.id);
  });

  defineCall(app, { path: `${P}/saveOrUpdateConclusion`, body: ZSaveConclusionRequest, auth: 'required', okMessage: '保存成功' }, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'edit');
    return saveConclusion(database.query, project.id, body.conclusion);
  });

  defineCall(app, { path: `${P}/delConclusion`, body: ZConclusionRef, auth: 'required', okMessage: '删除成功' }, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'edit');
    return deleteConclusion(database.query, project.id, body.conclusionId);
  });
}
