import { ZProjectSettings, ZProjectStyle, type TProjectSettings, type TProjectStyle } from '../../../schemas/api/settings';
import { sanitizePlainText } from '../../../schemas/rich-text/sanitize-project';
import type { Database, Query } from '../../db/client';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { bumpVersion } from './editor.service';
import { withFormWechat } from '../wechat/form-wechat-settings';

interface SaveRequest {
  questionId: string;
  version?: number;
}

/** The editor's settings save: the fields it names over the stored ones, a new version. */
export async function saveSettings(
  database: Database,
  user: AuthUser | null,
  body: SaveRequest & { settings: Partial<TProjectSettings> },
): Promise<{ settings: TProjectSettings; version: number }> {
  return database.transaction(async (query) => {
    const { project } = await accessProject(query, user, body.questionId, 'edit');
    const stored = ZProjectSettings.parse(project.settings ?? {});
    // 允许通过邀请链接加入 is the owner's, changed by code/setFriendAddTeamWork (setInviteLinks) only: an editor's autosave keeps it.
    // 仅限微信授权填写: the AppID is the owner's binding's, written here (withFormWechat), never the client's.
    const settings = await withFormWechat(
      query,
      project.owner_id,
      stored,
      ZProjectSettings.parse({ ...stored, ...body.settings, isFriendAddTeamWork: stored.isFriendAddTeamWork }),
    );
    settings.shareTitle = sanitizePlainText(settings.shareTitle);
    const version = await bumpVersion(query, project.id, body.version, user!.id);
    await query('UPDATE projects SET settings = $2::jsonb, share_title = $3 WHERE id = $1', [project.id, JSON.stringify(settings), settings.shareTitle]);
    return { settings, version };
  });
}

/** The editor's style save: the fields it names over the stored ones, a new version. */
export async function saveStyle(
  database: Database,
  user: AuthUser | null,
  body: SaveRequest & { style: Partial<TProjectStyle> },
): Promise<{ style: TProjectStyle; version: number }> {
  return database.transaction(async (query) => {
    const { project } = await accessProject(query, user, body.questionId, 'edit');
    const style = ZProjectStyle.parse({ ...ZProjectStyle.parse(project.style ?? {}), ...body.style });
    const version = await bumpVersion(query, project.id, body.version, user!.id);
    await query('UPDATE projects SET style = $2::jsonb WHERE id = $1', [project.id, JSON.stringify(style)]);
    return { style, version };
  });
}

/**
 * The owner's 允许通过邀请链接加入 switch (code/setFriendAddTeamWork): stored in the project's settings without
 * bumping the editor's version, so an open editor keeps saving (saveSettings leaves this field alone).
 */
export async function setInviteLinks(query: Query, projectId: number, isFriendAddTeamWork: 0 | 1): Promise<void> {
  await query(`UPDATE projects SET settings = jsonb_set(settings, '{isFriendAddTeamWork}', to_jsonb($2::int)) WHERE id = $1`, [projectId, isFriendAddTeamWork]);
}
