import type { UserQuotaRow } from '../../db/rows';
import type { Deps } from '../deps';
import type { AuthUser } from '../access/sessions.service';
import { aiSessionKey } from './ai-signature.service';
import { BUILTIN_ENGINE_NAME } from './engine';
import type { TAiEngine } from '../../../schemas/api/ai';

export interface AiSession {
  key: string;
  engine: TAiEngine;
  engineName: string;
  aiRemaining: number;
  costPerUse: number;
}

/**
 * What the page needs before its first AI call (activity/ai/getAiSession): the session's signing key (derived from
 * the server secret and the login's token hash, so every process agrees and nothing is stored), the engine that will
 * answer, the AI counts left and what one use takes (one with the model, none with the built-in assistant).
 */
export async function aiSession(deps: Deps, user: AuthUser): Promise<AiSession> {
  const rows = await deps.database.query<Pick<UserQuotaRow, 'remaining'>>(`SELECT remaining FROM user_quotas WHERE user_id = $1 AND kind = 'ai'`, [user.id]);
  const model = deps.aiModel;
  return {
    key: aiSessionKey(deps.secret, user.tokenHash),
    engine: model ? 'model' : 'builtin',
    engineName: model ? model.name : BUILTIN_ENGINE_NAME,
    aiRemaining: rows[0]?.remaining ?? 0,
    costPerUse: model ? 1 : 0,
  };
}
