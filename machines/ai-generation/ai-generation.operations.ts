import { AI_LIMITS } from '../../schemas/ai/kinds';
import type { TSubject } from '../../schemas/subjects/registry';
import type { TAiAsk, TRemoved } from './ai-generation.types';

/** Why the request cannot be sent yet (the server says the same), or null. */
export function askProblem(ask: TAiAsk): string | null {
  const length = [...ask.prompt.trim()].length;
  if (length < AI_LIMITS.promptMin) return `请用至少${AI_LIMITS.promptMin}个字描述您需要的内容`;
  if (length > AI_LIMITS.promptMax) return `描述最多${AI_LIMITS.promptMax}个字`;
  return null;
}

/** Why the edited list cannot be created yet, or null. */
export function createProblem(title: string, subjects: readonly TSubject[]): string | null {
  if (!title.trim()) return '请输入标题';
  if (!subjects.length) return '请至少保留一道题目';
  return null;
}

/** A streamed subject at its place (a repeated index replaces, as the stream may send it again after a repair). */
export function placeSubject(subjects: readonly TSubject[], index: number, subject: TSubject): TSubject[] {
  const next = subjects.filter((s) => s.uuid !== subject.uuid);
  next.splice(Math.max(0, Math.min(index, next.length)), 0, subject);
  return next;
}

export const renameSubject = (subjects: readonly TSubject[], uuid: string, title: string): TSubject[] =>
  subjects.map((s) => (s.uuid === uuid ? ({ ...s, title } as TSubject) : s));

export function removeSubject(subjects: readonly TSubject[], removed: readonly TRemoved[], uuid: string): { subjects: TSubject[]; removed: TRemoved[] } {
  const index = subjects.findIndex((s) => s.uuid === uuid);
  if (index < 0) return { subjects: [...subjects], removed: [...removed] };
  return { subjects: subjects.filter((s) => s.uuid !== uuid), removed: [...removed, { subject: subjects[index]!, index }] };
}

export function undoRemove(subjects: readonly TSubject[], removed: readonly TRemoved[]): { subjects: TSubject[]; removed: TRemoved[] } {
  const last = removed[removed.length - 1];
  if (!last) return { subjects: [...subjects], removed: [] };
  const next = [...subjects];
  next.splice(Math.min(last.index, next.length), 0, last.subject);
  return { subjects: next, removed: removed.slice(0, -1) };
}

/** One place up (-1) or down (1); the ends stay where they are. */
export function moveSubject(subjects: readonly TSubject[], uuid: string, by: -1 | 1): TSubject[] {
  const from = subjects.findIndex((s) => s.uuid === uuid);
  const to = from + by;
  if (from < 0 || to < 0 || to >= subjects.length) return [...subjects];
  const next = [...subjects];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
