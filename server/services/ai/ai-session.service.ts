import type { Deps } from '../deps';
import type { AuthUser } from '../access/sessions.service';
import { quotasOf } from '../money/quota.service';
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
  const { ai } = await quotasOf(deps.database.query, user.id);
  const model = deps.aiModel;
  return {
    key: aiSessionKey(deps.secret, user.tokenHash),
    engine: model ? 'model' : 'builtin',
    engineName: model ? model.name : BUILTIN_ENGINE_NAME,
    aiRemaining: ai,
    costPerUse: model ? 1 : 0,
  };
}
