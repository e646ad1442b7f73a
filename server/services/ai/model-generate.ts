// Issue 52 item 2: a generation through the configured model.
import type { TSubject } from '../../../schemas/subjects/registry';
import { draftFromModel, subjectFromModel, type DraftResult } from '../../../schemas/ai/model-draft';
import { AiModelError, type AiChatMessage, type AiModel } from '../../providers/ai/model';
import { randomUuid } from '../../../schemas/random-id';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { giveBackAiUse, type TAiPurpose } from './ai-quota';
import type { AiStream, GenerationInput, GenerationResult } from './engine';
import * as prompt from './prompts/generate-project.v1';
import { SubjectScanner, titleOf } from './subject-scanner';

export const NO_AI_COUNT = () => new AppError('409', 'AI次数不足，请购买AI次数', { reason: 'noAiCount', buy: '/buyAI.html' });
export const UNUSABLE = () => new AppError('502', 'AI返回的内容无法识别，请换个描述再试');
export const TIMED_OUT = () => new AppError('504', 'AI响应超时，请稍后重试');

/** The §8 refusal for a model's failure. */
export function modelFailure(error: unknown): unknown {
  if (!(error instanceof AiModelError)) return error;
  if (error.reason === 'timeout') return new AppError('504', TIMED_OUT().message, null, { cause: error });
  if (error.reason === 'aborted') return new AppError('502', 'AI生成已取消', null, { cause: error });
  return new AppError('502', 'AI服务暂时不可用，请稍后重试', null, { cause: error });
}

/**
 * Take one AI count, run `work`, and give the count back once if `work` fails for any reason (the model's
 * timeout, its unusable answer, the page going away): taken − returned is what the user was charged. `reference`
 * (the prompt's id and version) is kept on the ai_uses row.
 */
export async function withAiCount<T>(deps: Deps, userId: number, purpose: TAiPurpose, reference: string, work: (remaining: number) => Promise<T>): Promise<T> {
  const use = await deps.aiQuota.take(deps.database, userId, purpose, reference, deps.now());
  if (!use) throw NO_AI_COUNT();
  try {
    return await work(use.remaining);
  } catch (error) {
    await giveBackAiUse(deps.database, use.useId, deps.now());
    throw modelFailure(error);
  }
}

/** One attempt: stream the answer, send each subject as soon as it is whole and valid, then check the whole. */
async function attempt(
  model: AiModel,
  input: GenerationInput,
  messages: AiChatMessage[],
  stream: AiStream | null,
): Promise<{ text: string; result: DraftResult }> {
  // The streamed subjects and the final draft take their ids from the same sequence, so a subject the page already
  // shows is the very one stored (same uuid, options and all).
  const prefix = randomUuid().slice(0, 13);
  const ids = () => {
    let n = 0;
    return () => `${prefix}-${(++n).toString(36)}`;
  };
  const streamIds = ids();
  const scanner = new SubjectScanner();
  let sent = 0;
  let titled = false;
  const onDelta = (piece: string) => {
    for (const raw of scanner.push(piece)) {
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        continue;
      }
      const r = subjectFromModel(input.kind, value, sent, streamIds);
      if (r.ok) stream?.send({ type: 'subject', index: sent++, subject: r.subject as TSubject });
    }
    const head = !titled && scanner.head();
    const title = head ? titleOf(head) : null;
    if (title) {
      titled = true;
      stream?.send({ type: 'title', ...title });
    }
  };
  const answer = await model.chat({ messages, json: true, onDelta: stream ? onDelta : undefined, signal: stream?.signal });
  let parsed: unknown;
  try {
    parsed = JSON.parse(jsonPart(answer.text));
  } catch {
    return { text: answer.text, result: { ok: false, errors: ['输出不是合法的 JSON 对象'] } };
  }
  const result = draftFromModel(input.kind, parsed, ids());
  // A title written after the subjects is known only now.
  if (result.ok && !titled) stream?.send({ type: 'title', title: result.draft.title, subtitle: result.draft.subtitle });
  return { text: answer.text, result };
}

/** The JSON object inside an answer (a Markdown fence or words around it are dropped). */
function jsonPart(text: string): string {
  const scanner = new SubjectScanner();
  scanner.push(text);
  return scanner.json();
}

/**
 * A generation by the configured model: one AI count taken first (409 when none is left), the answer streamed
 * and its subjects sent as they are written, the whole answer checked (schemas/ai/model-draft.ts); an unusable
 * answer is asked again with what was wrong (AI_RETRIES times; `retry` tells the page to drop what it showed),
 * then refused (502); a timeout is 504. Any failure gives the count back once; nothing invalid is returned.
 * `keep` (the orchestrator's store) runs while the count is held, so a result that cannot be stored gives it back too.
 */
export async function generateWithModel<R = GenerationResult>(
  deps: Deps,
  model: AiModel,
  userId: number,
  input: GenerationInput,
  stream: AiStream | null,
  keep: (result: GenerationResult) => Promise<R> = async (result) => result as R,
): Promise<R> {
  return withAiCount(deps, userId, 'generate', prompt.label, async (remaining) => {
    const messages = prompt.messages(input.kind, input);
    const attempts = deps.env.AI_RETRIES + 1;
    for (let n = 1; n <= attempts; n++) {
      const { text, result } = await attempt(model, input, messages, stream);
      if (result.ok) {
        return keep({ draft: result.draft, sources: [prompt.label], aiRemaining: remaining, engine: 'model', engineName: model.name });
      }
      if (n === attempts) break;
      stream?.send({ type: 'retry', attempt: n, reason: result.errors[0] ?? '' });
      messages.push({ role: 'assistant', content: text.slice(0, 20_000) }, { role: 'user', content: prompt.repair(result.errors) });
    }
    throw UNUSABLE();
  });
}
