import type { SnapshotFrom } from 'xstate';
import type { projectLifecycleMachine } from './project-lifecycle.machine';

type TLifecycleSnapshot = SnapshotFrom<typeof projectLifecycleMachine>;

/** The modify reminder on screen (spec §4): its wording depends on whether data was collected. */
export interface TReminder {
  questionId: string;
  hasData: boolean;
  dontRemind: boolean;
  questionType: number;
}

export function selectReminder(snapshot: TLifecycleSnapshot): TReminder | null {
  const project = snapshot.context.project;
  if (!snapshot.matches('reminding') || !project) return null;
  return { questionId: project.questionId, hasData: project.dataCount > 0, dontRemind: snapshot.context.dontRemind, questionType: project.questionType ?? 1 };
}

export type TLifecycleBusy = { questionId: string; action: 'edit' | 'publish' | 'pause' } | null;

/** Which project waits for a status call, and why (its buttons show a spinner). */
export function selectBusy(snapshot: TLifecycleSnapshot): TLifecycleBusy {
  const questionId = snapshot.context.project?.questionId;
  if (!questionId) return null;
  if (snapshot.matches('pausingForEdit')) return { questionId, action: 'edit' };
  if (snapshot.matches('publishing')) return { questionId, action: 'publish' };
  if (snapshot.matches('pausing')) return { questionId, action: 'pause' };
  return null;
}

export const selectError = (snapshot: TLifecycleSnapshot) => (snapshot.matches({ idle: 'failed' }) ? snapshot.context.error : null);
export const selectSkipReminder = (snapshot: TLifecycleSnapshot) => snapshot.context.skipReminder;
