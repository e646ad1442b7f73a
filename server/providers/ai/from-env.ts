import type { TEnv } from '../../env';
import type { AiModel } from './model';
import { openAiCompatibleModel } from './openai-compatible';

/**
 * The configured model (AI_BASE_URL, AI_MODEL, AI_API_KEY, AI_TIMEOUT_MS, AI_RETRIES, AI_JSON_MODE), or null when
 * AI_BASE_URL is unset: then the built-in assistant answers and no AI count is taken.
 */
export function aiModelFromEnv(env: TEnv): AiModel | null {
  if (!env.AI_BASE_URL || !env.AI_MODEL) return null;
  return openAiCompatibleModel({
    baseUrl: env.AI_BASE_URL,
    model: env.AI_MODEL,
    apiKey: env.AI_API_KEY,
    timeoutMs: env.AI_TIMEOUT_MS,
    retries: env.AI_RETRIES,
    jsonMode: env.AI_JSON_MODE !== '0',
  });
}
