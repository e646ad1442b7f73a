/**
 * One interface for the AI model (issue 52 item 2): any OpenAI-compatible chat-completions endpoint behind it
 * (server/providers/ai/openai-compatible.ts, configured by AI_BASE_URL, AI_MODEL, AI_API_KEY). None configured:
 * Deps.aiModel is null and the built-in assistant answers.
 */
export interface AiChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface AiChatRequest {
  messages: AiChatMessage[];
  /** Ask for a JSON object (JSON mode) rather than free text. */
  json: boolean;
  /** Each piece of the answer as it arrives (streaming); the whole text is also the promise's result. */
  onDelta?: (text: string) => void;
  /** Aborted when the caller goes away (the page closed its stream). */
  signal?: AbortSignal;
}

export interface AiChatAnswer {
  text: string;
  /** What the endpoint reported it used, when it did. */
  usage: { promptTokens: number; completionTokens: number } | null;
}

export interface AiModel {
  /** The model's name as configured (qwen-plus, deepseek-chat …), shown as the engine's name. */
  readonly name: string;
  /**
   * One chat completion, streamed. Throws AiModelError: 'timeout' past AI_TIMEOUT_MS, 'unavailable' after its
   * retries on network faults and 429/5xx, 'refused' on another status (a bad key, an unknown model).
   */
  chat(request: AiChatRequest): Promise<AiChatAnswer>;
}

export class AiModelError extends Error {
  constructor(
    public readonly reason: 'timeout' | 'unavailable' | 'refused' | 'aborted',
    message: string,
  ) {
    super(message);
    this.name = 'AiModelError';
  }
}
