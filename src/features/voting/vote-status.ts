import { VOTE_STATUS_NAMES, type TVotePhase, type TVoteStatus } from '../../../schemas/vote/vote-lifecycle';
import styles from './voting.module.css';

/** What the creator's badge says: the phase a voter meets (a running vote before its start is 未开始). */
export const PHASE_NAMES: Record<TVotePhase, string> = { ...VOTE_STATUS_NAMES, notStarted: '未开始' };

export const phaseClass = (phase: TVotePhase): string =>
  phase === 'running' ? styles.running : phase === 'suspended' ? styles.suspended : phase === 'ended' ? styles.ended : styles.draft;

export const STATUS_TABS: Array<{ status: TVoteStatus | undefined; label: string }> = [
  { status: undefined, label: '全部' },
  { status: 'draft', label: VOTE_STATUS_NAMES.draft },
  { status: 'running', label: VOTE_STATUS_NAMES.running },
  { status: 'suspended', label: VOTE_STATUS_NAMES.suspended },
  { status: 'ended', label: VOTE_STATUS_NAMES.ended },
];
