import type { SnapshotFrom } from 'xstate';
import type { TQuestionCount } from '../../schemas/api/question';
import type { creationMachine } from './creation.machine';

type TCreationSnapshot = SnapshotFrom<typeof creationMachine>;

/** The limit dialog on screen (spec §8): the daily limit names the level and its maxNumber. */
export type TLimitDialog =
  { kind: 'daily'; levelName: string; maxNumber: number; memberLevel: number } | { kind: 'subject'; subjectLimit: number; memberLevel: number };

const FREE = { levelName: '免费版', maxNumber: 20, memberLevel: 1, subjectLimit: 200 };

/** A snapshot of a machine with the limit dialog states (creation, chain quick start) and the count in context. */
interface TLimitSnapshot {
  matches(state: 'dailyLimit' | 'subjectLimit'): boolean;
  context: { limits: TQuestionCount | null };
}

export function selectLimitDialog(snapshot: TLimitSnapshot): TLimitDialog | null {
  const limits = snapshot.context.limits ?? { ...FREE, questionCount: 0 };
  if (snapshot.matches('dailyLimit')) {
    return { kind: 'daily', levelName: limits.levelName, maxNumber: limits.maxNumber, memberLevel: limits.memberLevel };
  }
  if (snapshot.matches('subjectLimit')) return { kind: 'subject', subjectLimit: limits.subjectLimit, memberLevel: limits.memberLevel };
  return null;
}

/** A call is running (buttons show a spinner and refuse a second click). Done is not busy: a list copies again. */
export const selectBusy = (snapshot: TCreationSnapshot) => snapshot.matches('checking') || snapshot.matches('creating');
export const selectError = (snapshot: TCreationSnapshot) => (snapshot.matches('failed') ? snapshot.context.error : null);
export const selectCreatedId = (snapshot: TCreationSnapshot) => (snapshot.matches('created') ? snapshot.context.questionId : null);
/** What the running or last request was (e.g. which template's button shows the spinner). */
export const selectRequest = (snapshot: TCreationSnapshot) => snapshot.context.request;
