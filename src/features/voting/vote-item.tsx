import { Link } from '@tanstack/react-router';
import { BarChart3, Copy, Eraser, LoaderCircle, Pause, Pencil, Pin, PinOff, Play, Send, Trash2, Vote } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TVoteInfo } from '../../../schemas/api/vote';
import { canTake } from '../../../schemas/vote/vote-lifecycle';
import { cx } from '../../ui/cx';
import { formatDateTime } from '../../ui/format-time';
import { PHASE_NAMES, phaseClass } from './vote-status';
import styles from './voting-styles';

export type TVoteAction = 'publish' | 'suspend' | 'resume' | 'top' | 'copy' | 'clear' | 'delete';

interface TProps {
  vote: TVoteInfo;
  busy: TVoteAction | null;
  onAction: (action: TVoteAction) => void;
}

function ActionButton({ label, icon, busy, danger, onClick }: { label: string; icon: ReactNode; busy: boolean; danger?: boolean; onClick: () => void }) {
  return (
    <button type="button" className={cx(styles.action, danger && styles.danger)} onClick={onClick} disabled={busy}>
      {busy ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : icon}
      {label}
    </button>
  );
}

/** One vote activity in /voting/list.html: cover, status, figures and the actions its status allows. */
export function VoteItem({ vote, busy, onAction }: TProps) {
  const search = { voteId: vote.voteId };
  const button = (action: TVoteAction, label: string, icon: ReactNode, danger = false) => (
    <ActionButton label={label} icon={icon} busy={busy === action} danger={danger} onClick={() => onAction(action)} />
  );
  return (
    <li className={styles.row} data-vote-id={vote.voteId}>
      {vote.coverImages[0] ? (
        <img className={styles.cover} src={vote.coverImages[0]} alt="" />
      ) : (
        <span className={cx(styles.cover, styles.coverBlank)} aria-hidden>
          <Vote size={28} />
        </span>
      )}
      <div className={styles.rowMain}>
        <div className={styles.titleLine}>
          <h3 className={styles.title}>{vote.title}</h3>
          <span className={cx(styles.badge, phaseClass(vote.phase))}>{PHASE_NAMES[vote.phase]}</span>
          {vote.isTop ? (
            <span className={styles.pinned}>
              <Pin size={12} aria-hidden />
              已置顶
            </span>
          ) : null}
        </div>
        <div className={styles.meta}>
          <span>
            选手 <span className={styles.figure}>{vote.playerCount}</span>
          </span>
          <span>
            票数 <span className={styles.figure}>{vote.voteCount}</span>
          </span>
          <span>
            访问 <span className={styles.figure}>{vote.visitCount}</span>
          </span>
          <span>
            {vote.startTime || vote.endTime
              ? `${vote.startTime ? formatDateTime(vote.startTime) : '发布即开始'} 至 ${vote.endTime ? formatDateTime(vote.endTime) : '不限'}`
              : `创建于 ${formatDateTime(vote.createTime)}`}
          </span>
        </div>
      </div>
      <div className={styles.actions} role="group" aria-label={`${vote.title} 的操作`}>
        <Link className={styles.action} to="/voting/add.html" search={search}>
          <Pencil size={14} aria-hidden />
          编辑
        </Link>
        <Link className={styles.action} to="/voting/result.html" search={search}>
          <BarChart3 size={14} aria-hidden />
          结果
        </Link>
        {canTake(vote.status, false, 'vote.publish') ? button('publish', '发布', <Send size={14} aria-hidden />) : null}
        {canTake(vote.status, false, 'vote.suspend') ? button('suspend', '暂停', <Pause size={14} aria-hidden />) : null}
        {canTake(vote.status, false, 'vote.resume') ? button('resume', '开启', <Play size={14} aria-hidden />) : null}
        {button('top', vote.isTop ? '取消置顶' : '置顶', vote.isTop ? <PinOff size={14} aria-hidden /> : <Pin size={14} aria-hidden />)}
        {button('copy', '复制', <Copy size={14} aria-hidden />)}
        {button('clear', '清空票数', <Eraser size={14} aria-hidden />, true)}
        {button('delete', '删除', <Trash2 size={14} aria-hidden />, true)}
      </div>
    </li>
  );
}
