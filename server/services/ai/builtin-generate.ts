// Issue 52 item 3: a generation by the built-in assistant — no model, no AI count. The
// request is ranked against the template library and the question bank by Chinese text relevance
// (server/services/ai/builtin/), and the project is composed of the most relevant subjects, each a fresh copy.
import { AI_KINDS } from '../../../schemas/ai/kinds';
import type { TAiDraft } from '../../../schemas/api/ai';
import type { TSubject } from '../../../schemas/subjects/registry';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { compose } from './builtin/compose';
import { kindLibrary } from './builtin/library';
import { BUILTIN_ENGINE_NAME, type AiStream, type GenerationInput, type GenerationResult } from './engine';

export const NOTHING_FOUND = '没有找到相关内容，请换个描述';

/** One sentence under the title, as the respondent reads it. */
function subtitleOf(kind: GenerationInput['kind'], title: string, subjects: readonly TSubject[]): string {
  switch (kind) {
    case 'exam': {
      const scores = subjects.map((s) => (s as { score?: number }).score ?? 0).filter((n) => n > 0);
      return `本次考试共${scores.length}题，满分${scores.reduce((a, b) => a + b, 0)}分，请独立作答。`;
    }
    case 'receivePayment':
      return '请填写以下信息并完成付款，付款后可在订单中查看。';
    case 'reservation':
      return '请选择预约时间并填写预约信息，我们会按时为您服务。';
    case 'registrationForm':
      return '请如实填写以下信息，提交后我们会尽快与您联系。';
    case 'solitaire':
      return '请大家依次接龙填写，谢谢配合！';
    default:
      return `感谢您参与本次${title}，问卷约需${Math.max(1, Math.round(subjects.length / 3))}分钟，您的回答仅用于改进工作。`;
  }
}

/**
 * The built-in assistant's draft of a project of `input.kind`: the best template of the kind when it is relevant
 * enough, its most relevant subjects, then the next most relevant from the other templates and the bank, up to
 * `input.count`. Templates' logic is not carried over (it names subjects that may not be taken). A request nothing
 * in the library speaks of is refused ('404' NOTHING_FOUND) rather than answered with an unrelated template.
 */
export async function generateBuiltin(deps: Deps, input: GenerationInput, stream: AiStream | null): Promise<GenerationResult> {
  const kind = AI_KINDS[input.kind];
  const composed = compose(await kindLibrary(deps.database, input.kind), input.kind, input.prompt, input.count);
  if (!composed || !composed.subjects.length) throw new AppError('404', NOTHING_FOUND);
  const subtitle = subtitleOf(input.kind, composed.title, composed.subjects);
  stream?.send({ type: 'title', title: composed.title, subtitle });
  composed.subjects.forEach((subject, index) => stream?.send({ type: 'subject', index, subject }));
  const draft: TAiDraft = {
    questionType: kind.questionType,
    solitaireType: 'solitaireType' in kind ? kind.solitaireType : null,
    title: composed.title,
    subtitle,
    subjects: composed.subjects,
  };
  return { draft, sources: composed.sources, aiRemaining: null, engine: 'builtin', engineName: BUILTIN_ENGINE_NAME };
}
