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
  return withoutLogic(compiled) ? validatePlainSheet(compiled, answers) : validateSheetByEvaluator(compiled, answers, quotaCounts);
}

/** validateSheet with the evaluator, whatever the logic (validatePlainSheet must agree with it where it applies: tests). */
export function validateSheetByEvaluator(
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

/**
 * Whether nothing in the compiled logic can hide a subject or an option, end the respondent or match a quota: every
 * unit a display unit without rules or a text pipe (which changes titles only), and no quota. Most projects (the
 * common survey without logic): their sheets are checked without building an evaluator (validatePlainSheet).
 */
const plain = new WeakMap<CompiledLogic, boolean>();
function withoutLogic(compiled: CompiledLogic): boolean {
  let known = plain.get(compiled);
  if (known === undefined) {
    known = compiled.quotas.length === 0 && compiled.units.every((u) => u.kind === 'pipe' || (u.kind === 'vis' && u.rules.length === 0));
    plain.set(compiled, known);
  }
  return known;
}

/**
 * validateSheet for logic that decides nothing (withoutLogic): a subject is visible unless a random group left it
 * undrawn, no option is hidden, no quota matches or ends — what the evaluator would find, without building it
 * (issue 54: it was most of a 20-subject sheet's check). tests/schemas/logic/sheet.test.ts holds the two to the same
 * answers.
 */
function validatePlainSheet(compiled: CompiledLogic, answers: Readonly<Record<string, unknown>>): SheetCheck {
  const messages: Record<string, SubjectMessage[]> = {};
  const kept: Record<string, unknown> = {};
  const facts: Record<string, AnswerFacts> = {};
  const { subjects, excluded } = compiled;
  for (let p = 0; p < subjects.length; p++) {
    const subject = subjects[p]!;
    const raw = own(answers, subject.uuid);
    if (excluded[p]) {
      if (raw !== undefined && !isEmptyAnswer(subject, raw)) messages[subject.uuid] = [msg.hiddenSubject()];
      continue;
    }
    const seen = inspectAnswer(subject, raw);
    if (raw !== undefined) {
      kept[subject.uuid] = raw;
      facts[subject.uuid] = seen.facts;
    }
    if (seen.messages.length) messages[subject.uuid] = [...seen.messages];
  }
  return { ok: Object.keys(messages).length === 0, messages, answers: kept, facts, matchedQuotas: [], end: undefined };
}

function isEmptyAnswer(subject: CompiledLogic['subjects'][number], raw: unknown): boolean {
  const parsed = subjectEntry(subject.subjectType).parse(subject, raw);
  return parsed.ok && parsed.empty;
}
