import type { SnapshotFrom } from 'xstate';
import type { aiGenerationMachine } from './ai-generation.machine';

type TSnapshot = SnapshotFrom<typeof aiGenerationMachine>;

export { selectLimitDialog } from '../creation/creation.selectors';

/** Something was asked or opened: the result panel shows. */
export const selectStarted = (s: TSnapshot) => !s.matches('idle');
export const selectGenerating = (s: TSnapshot) => s.matches('generating');
/** The list can be edited (and created). */
export const selectEditable = (s: TSnapshot) => s.matches('review');
export const selectCreating = (s: TSnapshot) => s.matches('creating') || s.matches('checkingLimits') || s.matches('created');
export const selectFailed = (s: TSnapshot) => s.matches('failed');
/** What failed: the generation (no stored generation yet) or the creation. */
export const selectFailedStep = (s: TSnapshot): 'generate' | 'create' | null => (s.matches('failed') ? (s.context.generationId ? 'create' : 'generate') : null);
export const selectCanUndo = (s: TSnapshot) => s.matches('review') && s.context.removed.length > 0;
