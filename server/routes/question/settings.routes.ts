import { POWER } from '../../../schemas/project-kinds';
import { editorCalls } from '../../../schemas/api/editor';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { THEMES, ZProjectSettings, ZProjectStyle } from '../../../schemas/api/settings';
import { defineCall } from '../../http/define-call';
import { accessProject } from '../../services/access/powers.service';
import { deleteConclusion, listConclusions, saveConclusion } from '../../services/projects/conclusions.service';
import { saveSettings, saveStyle } from '../../services/projects/project-settings.service';
import { setAdvertFree } from '../../services/money/advert.service';
import { ownerWechatAccounts } from '../../services/submit/form-wechat.service';
import { requestOrigin } from '../../http/request-info';

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
  const wechatOf = (ownerId: number, request: FastifyRequest) => ownerWechatAccounts(app.deps, ownerId, requestOrigin(request));

  // A view-power collaborator (3) reads the settings without the answering password and the whitelist's phones:
  // they say whether one is set and how many are listed, not what.
  // 仅限微信授权填写 offers the OWNER's authorised official accounts, whoever edits (issue 47 item 1).
  defineCall(app, editorCalls.getWxQuestionSetting, async (body, { user, request }) => {
    const { project, powerType } = await accessProject(database.query, user, body.questionId, 'read');
    const settings = ZProjectSettings.parse(project.settings ?? {});
    const style = ZProjectStyle.parse(project.style ?? {});
    const advertFree = project.advert_free;
    const wechat = await wechatOf(project.owner_id, request);
    if (powerType !== POWER.view) return { settings, style, version: project.version, withheld: null, advertFree, wechat };
    const withheld = { passwordSet: settings.password !== '', whitelistCount: settings.whitelist.length };
    return { settings: { ...settings, password: '', whitelist: [] }, style, version: project.version, withheld, advertFree, wechat };
  });

  defineCall(app, editorCalls.updateWxQuestionSetting, async (body, { user }) => saveSettings(database, user, body));

  defineCall(app, editorCalls.setAdvertFree, async (body, { user }) => setAdvertFree(database, user, body.questionId, body.advertFree, app.deps.now()));

  defineCall(app, editorCalls.saveOrUpdateFormat, async (body, { user }) => saveStyle(database, user, body));

  defineCall(app, editorCalls.getThemeList, async () => [...THEMES]);
  defineCall(app, editorCalls.getCoverList, async () => COVERS.map((url, i) => ({ coverId: i + 1, url })));

  defineCall(app, editorCalls.getConclusionList, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'read', { allowTemplate: true });
    return listConclusions(database.query, project.id);
  });

  defineCall(app, editorCalls.saveOrUpdateConclusion, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'edit');
    return saveConclusion(database.query, project.id, body.conclusion);
  });

  defineCall(app, editorCalls.delConclusion, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'edit');
    return deleteConclusion(database.query, project.id, body.conclusionId);
  });
}
