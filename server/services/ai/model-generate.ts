// Issue 52 item 2 (helper "model"): a generation through the configured model. Replaced by the model helper.
import type { AiModel } from '../../providers/ai/model';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import type { AiStream, GenerationInput, GenerationResult } from './engine';

export async function generateWithModel(
  _deps: Deps,
  _model: AiModel,
  _userId: number,
  _input: GenerationInput,
  _stream: AiStream | null,
): Promise<GenerationResult> {
  throw new AppError('409', '即将上线');
}
