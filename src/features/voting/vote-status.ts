import { VOTE_PHASE_NAMES, VOTE_STATUS_NAMES, type TVotePhase, type TVoteStatus } from '../../../schemas/vote/vote-lifecycle';
import styles from './voting-styles';

export const PHASE_NAMES = VOTE_PHASE_NAMES;

export const phaseClass = (phase: TVotePhase): string =>
  phase === 'running' ? styles.running : phase === 'suspended' ? styles.suspended : phase === 'ended' ? styles.ended : styles.draft;

export const STATUS_TABS: Array<{ status: TVoteStatus | undefined; label: string }> = [
  { status: undefined, label: '全部' },
  { status: 'draft', label: VOTE_STATUS_NAMES.draft },
  { status: 'running', label: VOTE_STATUS_NAMES.running },
  { status: 'suspended', label: VOTE_STATUS_NAMES.suspended },
  { status: 'ended', label: VOTE_STATUS_NAMES.ended },
];
