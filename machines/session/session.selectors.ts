import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session.machine';
import type { TSessionStatus } from './session.types';

type TSessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export function selectStatus(snapshot: TSessionSnapshot): TSessionStatus {
  if (snapshot.matches('checking')) return 'checking';
  if (snapshot.matches('anonymous')) return 'anonymous';
  return 'authenticated';
}

export const selectUser = (snapshot: TSessionSnapshot) => snapshot.context.user;
export const selectLoggingOut = (snapshot: TSessionSnapshot) => snapshot.matches('loggingOut');
