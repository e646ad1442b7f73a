import { useState } from 'react';
import { CHAIN_LIMITS } from '../../../schemas/chain/limits';
import { DateTimeField } from '../../ui/date-time-field';
import { fromFieldValue } from '../../ui/shanghai-time';
import { ChainShareCard } from './chain-share-card';
import styles from './quick-styles';
import { QUICK_KINDS } from './quick-kinds';
import { QuickBasics } from './quick-basics';
import { QuickStartFrame } from './quick-start-frame';
import { useChainQuickStart } from './use-chain-quick-start';

/**
 * /questionnaire/quickSolitaire.html: a sign-up chain from one phone screen (issue 47 item 5) — title, cap, deadline,
 * 发布, then its link to share; the full creation and editor stay one tap away (完整编辑).
 */
export function ChainQuickStartPage() {
  const chain = useChainQuickStart();
  const [basics, setBasics] = useState({ title: '', description: '' });
  const [cap, setCap] = useState('');
  const [unlimited, setUnlimited] = useState(false);
  const [deadline, setDeadline] = useState('');

  if (chain.published && chain.questionId) return <ChainShareCard questionId={chain.questionId} title={basics.title.trim()} kind={QUICK_KINDS.signUp} />;

  const publish = () => {
    const capValue = unlimited ? null : cap.trim() === '' ? Number.NaN : Number(cap);
    chain.publish({ kind: 'signUp', ...basics, cap: capValue, deadline: fromFieldValue(deadline) });
  };

  return (
    <QuickStartFrame
      heading="发起报名接龙"
      lead="填好标题和人数，发布后把链接发到群里"
      label="报名接龙"
      chain={chain}
      submitLabel="发布接龙"
      onSubmit={publish}
    >
      <QuickBasics noun="接龙" value={basics} onChange={setBasics} locked={chain.questionId !== null} example="如：周日篮球报名" detail="时间、地点、费用等" />
      <div className={styles.row}>
        <label className={styles.field}>
          <span>人数上限</span>
          <input
            inputMode="numeric"
            value={unlimited ? '' : cap}
            disabled={unlimited}
            placeholder={unlimited ? '不限' : '如 30'}
            onChange={(event) => setCap(event.target.value.replace(/\D/g, '').slice(0, String(CHAIN_LIMITS.maxCap).length))}
          />
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={unlimited} onChange={(event) => setUnlimited(event.target.checked)} />
          不限人数
        </label>
      </div>
      <div className={styles.field}>
        <span>截止时间</span>
        <DateTimeField mode="datetime" label="截止时间" value={deadline} onChange={setDeadline} block />
        <small>留空则一直开放，直到你手动截止；满员后可候补</small>
      </div>
    </QuickStartFrame>
  );
}

export default ChainQuickStartPage;
