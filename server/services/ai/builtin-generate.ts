// Issue 52 item 3 (helper "builtin-gen"): a generation by the built-in assistant. Replaced by that helper.
import type { Deps } from '../deps';
import { AppError } from '../errors';
import type { AiStream, GenerationInput, GenerationResult } from './engine';

export async function generateBuiltin(_deps: Deps, _input: GenerationInput, _stream: AiStream | null): Promise<GenerationResult> {
  throw new AppError('409', '即将上线');
}
