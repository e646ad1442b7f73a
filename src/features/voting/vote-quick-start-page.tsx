import { Link } from '@tanstack/react-router';
import { PencilLine } from 'lucide-react';
import { useState } from 'react';
import type { TQuickPlayer } from '../../../machines/vote-quick-start/vote-quick-start.types';
import { LimitDialog } from '../../api/use-creation';
import { fromFieldValue } from '../../ui/shanghai-time';
import styles from '../../ui/quick-start.module.css';
import { useVoteQuickStart } from './use-vote-quick-start';
import { VoteQuickBasics, type TBasicsFields } from './vote-quick-basics';
import { blankPlayer, VoteQuickPlayers } from './vote-quick-players';
import { VoteQuickShare } from './vote-quick-share';

const EMPTY: TBasicsFields = { title: '', description: '', start: '', end: '', rule: 'daily1' };

/**
 * /voting/quick.html: a vote from a phone in two screens (issue 47 item 5) — title, time and votes per person, then
 * the players — published and shared; the full creation and editor stay one tap away (完整编辑).
 */
export function VoteQuickStartPage() {
  const vote = useVoteQuickStart();
  const [basics, setBasics] = useState<TBasicsFields>(EMPTY);
  const [players, setPlayers] = useState<TQuickPlayer[]>(() => [blankPlayer(), blankPlayer()]);

  if (vote.published && vote.voteId) return <VoteQuickShare voteId={vote.voteId} title={basics.title.trim()} />;

  const next = () =>
    vote.next({
      title: basics.title,
      description: basics.description,
      startTime: fromFieldValue(basics.start),
      endTime: fromFieldValue(basics.end),
      rule: basics.rule,
    });
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1>发起投票</h1>
        <p>{vote.screen === 'basics' ? '第 1 步，共 2 步：标题、时间和每人票数' : '第 2 步，共 2 步：添加选手，发布后把链接发到群里'}</p>
      </header>
      {vote.screen === 'basics' ? (
        <VoteQuickBasics value={basics} onChange={setBasics} locked={vote.voteId !== null} error={vote.error} onNext={next} />
      ) : (
        <VoteQuickPlayers
          value={players}
          onChange={setPlayers}
          busy={vote.busy}
          step={vote.step}
          error={vote.error}
          onBack={vote.back}
          onPublish={() => vote.publish(players)}
        />
      )}
      <p className={styles.more}>
        需要分组、防刷验证、报名等更多设置？
        {vote.voteId ? (
          <Link to="/voting/add.html" search={{ voteId: vote.voteId }}>
            <PencilLine size={14} aria-hidden />
            完整编辑
          </Link>
        ) : (
          <Link to="/voting/create.html">
            <PencilLine size={14} aria-hidden />
            完整编辑
          </Link>
        )}
      </p>
      <LimitDialog limit={vote.limit} onConfirm={vote.confirmLimit} onCancel={vote.dismissLimit} />
    </div>
  );
}

export default VoteQuickStartPage;
