import type { TAiEngine, TAiGeneration } from '../../schemas/api/ai';
import type { TCreateResult, TQuestionCount } from '../../schemas/api/question';
import type { TAiKindName } from '../../schemas/ai/kinds';
import type { TSubject } from '../../schemas/subjects/registry';

/** What is asked: the kind of project and the request's words. */
export interface TAiAsk {
  kind: TAiKindName;
  prompt: string;
}

/** What 创建并编辑 sends (activity/ai/createFromGeneration): the list as edited. */
export interface TAiCreateInput {
  generationId: string;
  title: string;
  subtitle: string;
  subjects: TSubject[];
}

/** A subject taken off the list, kept so 撤销 puts it back where it was. */
export interface TRemoved {
  subject: TSubject;
  index: number;
}

export interface TAiGenerationContext {
  ask: TAiAsk | null;
  engine: TAiEngine | null;
  engineName: string | null;
  /** The generation once stored (the stream's end, or the one /aiResult.html opened). */
  generationId: string | null;
  title: string;
  subtitle: string;
  subjects: TSubject[];
  /** Newest last. */
  removed: TRemoved[];
  /** The model's answer was unusable and is asked again: what the page says meanwhile. */
  notice: string | null;
  /** The project made from it (created now, or before: /aiResult.html shows 已创建). */
  questionId: string | null;
  limits: TQuestionCount | null;
  /** The last create's isCreate when it was refused by a limit (0 daily, 2 subjects). */
  refusedBy: 0 | 2 | null;
  error: string | null;
}

export type TAiGenerationEvent =
  | { type: 'gen.start'; ask: TAiAsk }
  /** /aiResult.html: a stored generation, straight to the list. */
  | { type: 'gen.open'; generation: TAiGeneration }
  | { type: 'stream.start'; engine: TAiEngine; engineName: string }
  | { type: 'stream.title'; title: string; subtitle: string }
  | { type: 'stream.subject'; index: number; subject: TSubject }
  | { type: 'stream.retry'; attempt: number; reason: string }
  | { type: 'edit.title'; title: string }
  | { type: 'edit.subtitle'; subtitle: string }
  | { type: 'edit.rename'; uuid: string; title: string }
  | { type: 'edit.remove'; uuid: string }
  | { type: 'edit.move'; uuid: string; by: -1 | 1 }
  | { type: 'edit.undo' }
  /** 停止生成: the stream is cut (the server stops the model) and nothing is kept. */
  | { type: 'gen.cancel' }
  | { type: 'gen.create' }
  | { type: 'gen.retry' }
  | { type: 'error.dismiss' }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.dismiss' };

export type { TCreateResult, TQuestionCount };
