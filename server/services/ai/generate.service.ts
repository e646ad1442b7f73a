import { ZAiDraft, type TAiGeneration } from '../../../schemas/api/ai';
import { askedCount } from '../../../schemas/ai/asked-count';
import { AI_LIMITS, type TAiKindName } from '../../../schemas/ai/kinds';
import type { TBrand } from '../../../schemas/brands';
import { col, defineSql } from '../../db/sql';
import { publicId } from '../crypto';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { generateBuiltin } from './builtin-generate';
import { BUILTIN_ENGINE_NAME, type AiStream, type GenerationResult } from './engine';
import { generateWithModel } from './model-generate';

const insertGenerationSql = defineSql(
  'ai-generate.insertGeneration',
  { created_at: col.timestamp },
  `INSERT INTO ai_generations (public_id, user_id, brand, kind, prompt, engine, engine_name, draft, sources, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10) RETURNING created_at`,
);

/**
 * One generation of a project of `kind` from the request's words (the six AI calls): by the configured model
 * (Deps.aiModel; one AI count, taken and given back by generateWithModel) or else by the built-in assistant. The
 * draft is checked once more against the subject schemas before it is stored, so nothing invalid is ever saved;
 * the stored generation is what /aiResult.html reopens and createFromGeneration turns into a project.
 */
export async function generateProject(
  deps: Deps,
  userId: number,
  brand: TBrand,
  kind: TAiKindName,
  request: { prompt: string; count?: number },
  stream: AiStream | null,
): Promise<TAiGeneration> {
  const count = request.count ?? askedCount(request.prompt) ?? AI_LIMITS.defaultSubjects;
  const input = { kind, prompt: request.prompt, count };
  const model = deps.aiModel;
  stream?.send({ type: 'start', engine: model ? 'model' : 'builtin', engineName: model ? model.name : BUILTIN_ENGINE_NAME });
  const keep = async (result: GenerationResult): Promise<TAiGeneration> => {
    const checked = ZAiDraft.safeParse(result.draft);
    if (!checked.success) throw new AppError('500', '生成的内容未通过校验，未保存', null, { cause: checked.error });
    const generationId = publicId();
    const [row] = await insertGenerationSql.run(deps.database.query, [
      generationId,
      userId,
      brand.id,
      kind,
      request.prompt,
      result.engine,
      result.engineName,
      JSON.stringify(checked.data),
      JSON.stringify(result.sources),
      deps.now(),
    ]);
    return {
      generationId,
      kind,
      prompt: request.prompt,
      engine: result.engine,
      engineName: result.engineName,
      draft: checked.data,
      sources: result.sources,
      aiRemaining: result.aiRemaining,
      questionId: null,
      createTime: new Date(row!.created_at).toISOString(),
    };
  };
  // The model's generation is stored while its AI count is held: a draft that cannot be stored gives the count back.
  return model ? generateWithModel(deps, model, userId, input, stream, keep) : keep(await generateBuiltin(deps, input, stream));
}
