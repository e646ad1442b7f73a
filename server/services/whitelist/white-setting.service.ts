import { WHITE_MESSAGES, type TWhiteMode, type TWhiteSetting } from '../../../schemas/api/whitelist';
import type { Database } from '../../db/client';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { badInput } from '../errors';
import { bumpVersion } from '../projects/editor.service';
import { entryCounts } from './white-entries.service';

interface SettingBody {
  questionId: string;
  enabled: boolean;
  mode: TWhiteMode;
  fieldLabel: string;
  answersPerEntry: number;
}

/**
 * updateWhiteSetting (power 1–2): the switch, mode, second field and answers per entry, written into the project's
 * settings with a new version (so every process's cached project, and the submit, see it at once). Turning it on
 * needs entries in the chosen mode.
 */
export async function updateWhiteSetting(database: Database, user: AuthUser | null, body: SettingBody): Promise<TWhiteSetting> {
  return database.transaction(async (query) => {
    const { project } = await accessProject(query, user, body.questionId, 'edit');
    const counts = await entryCounts(query, project.id, body.mode);
    if (body.enabled && counts.total === 0) throw badInput(WHITE_MESSAGES.emptyList, 'enabled');
    const patch = { whitelistEnabled: body.enabled, whitelistMode: body.mode, whitelistFieldLabel: body.fieldLabel, whitelistAnswers: body.answersPerEntry };
    await bumpVersion(query, project.id, undefined, user!.id);
    await query('UPDATE projects SET settings = settings || $2::jsonb WHERE id = $1', [project.id, JSON.stringify(patch)]);
    return { enabled: body.enabled, mode: body.mode, fieldLabel: body.fieldLabel, answersPerEntry: body.answersPerEntry, ...counts };
  });
}
