import type { SnapshotFrom } from 'xstate';
import type { aiConversationMachine } from './ai-conversation.machine';

type TSnapshot = SnapshotFrom<typeof aiConversationMachine>;

export const selectLoading = (s: TSnapshot) => s.matches('loading');
export const selectLoadFailed = (s: TSnapshot) => s.matches('loadFailed');
export const selectAsking = (s: TSnapshot) => s.matches('asking');
export const selectAskFailed = (s: TSnapshot) => s.matches('failed');
/** A question can be sent: the conversation is loaded and no answer or save is on its way. */
export const selectCanAsk = (s: TSnapshot) => s.matches('ready') || s.matches('failed');
