// The server's re-validation of a submitted answer sheet, with the same evaluator the respondent page ran.
import { own } from '../subjects/base';
import type { AnswerFacts } from '../subjects/base';
import { msg, type SubjectMessage } from '../subjects/messages';
import { inspectAnswer, subjectEntry } from '../subjects/registry';
import type { CompiledLogic } from './compile';
import { LogicEvaluator, type NextStep } from './evaluator';

export interface SheetCheck {
  ok: boolean;
  /** Messages per subject uuid, only for subjects that have some. */
  messages: Record<string, SubjectMessage[]>;
  /** Answers of visible subjects only (a hidden subject sent empty, e.g. null, is left out). */
  answers: Record<string, unknown>;
  /** What each kept answer says (chosen ids, number), read once by the evaluator. */
  facts: Record<string, AnswerFacts>;
  matchedQuotas: string[];
  /** Set when a quota ended the respondent: required subjects they never reached are not demanded. */
  end: NextStep | undefined;
}

export function validateSheet(
  compiled: CompiledLogic,
  answers: Readonly<Record<string, unknown>>,
  quotaCounts: Readonly<Record<string, number>> = {},
): SheetCheck {
  // Each answer is parsed once: the evaluator's facts and the messages below come from the same inspection.
  const inspected = new Map<string, { raw: unknown; messages: SubjectMessage[]; facts: AnswerFacts }>();
  const inspect = (subject: CompiledLogic['subjects'][number], raw: unknown) => {
    let seen = inspected.get(subject.uuid);
    if (!seen || seen.raw !== raw) inspected.set(subject.uuid, (seen = { raw, ...inspectAnswer(subject, raw) }));
    return seen;
  };
  const evaluator = new LogicEvaluator(compiled, answers, quotaCounts, (subject, raw) => inspect(subject, raw).facts);
  const end = evaluator.quotaEnd();
  const messages: Record<string, SubjectMessage[]> = {};
  const kept: Record<string, unknown> = {};
  const facts: Record<string, AnswerFacts> = {};
  for (const subject of compiled.subjects) {
    const raw = own(answers, subject.uuid);
    if (!evaluator.isVisible(subject.uuid)) {
      // Hidden subjects must be empty: an answer there means the client and the logic disagree.
      if (raw !== undefined && !isEmptyAnswer(subject, raw)) messages[subject.uuid] = [msg.hiddenSubject()];
      continue;
    }
    if (raw !== undefined) {
      kept[subject.uuid] = raw;
      facts[subject.uuid] = evaluator.answerFacts(subject.uuid);
    }
    let found = [...inspect(subject, raw).messages];
    if (end) found = found.filter((m) => m.code !== 'required');
    const hidden = evaluator.hiddenOptions(subject.uuid);
    if (hidden.size && 'options' in subject) {
      for (const id of evaluator.answerFacts(subject.uuid).chosen.filter((c) => hidden.has(c))) {
        found.push(msg.hiddenOption(subject.options.find((o) => o.uuid === id)?.title ?? '', id));
      }
    }
    if (found.length) messages[subject.uuid] = found;
  }
  return { ok: Object.keys(messages).length === 0, messages, answers: kept, facts, matchedQuotas: evaluator.matchedQuotas(), end };
}

function isEmptyAnswer(subject: CompiledLogic['subjects'][number], raw: unknown): boolean {
  const parsed = subjectEntry(subject.subjectType).parse(subject, raw);
  return parsed.ok && parsed.empty;
}
