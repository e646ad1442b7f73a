import { Link } from '@tanstack/react-router';
import { LoaderCircle, PencilLine, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { CHAIN_LIMITS } from '../../../schemas/chain/limits';
import { Button } from '../../ui/button';
import { DateTimeField } from '../../ui/date-time-field';
import { fromFieldValue } from '../../ui/shanghai-time';
import { ChainShareCard } from './chain-share-card';
import styles from './chain-quick-start.module.css';
import { useChainQuickStart } from './use-chain-quick-start';

const FULL_CREATE = '/questionnaire/createSolitaire.html';

/**
 * /questionnaire/quickSolitaire.html: a sign-up chain from one phone screen (issue 47 item 5) — title, cap, deadline,
 * 发布, then its link to share; the full creation and editor stay one tap away (完整编辑).
 */
export function ChainQuickStartPage() {
  const chain = useChainQuickStart();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [cap, setCap] = useState('');
  const [unlimited, setUnlimited] = useState(false);
  const [deadline, setDeadline] = useState('');

  if (chain.published && chain.questionId) return <ChainShareCard questionId={chain.questionId} title={title.trim()} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const capValue = unlimited ? null : cap.trim() === '' ? Number.NaN : Number(cap);
    chain.publish({ title, description, cap: capValue, deadline: fromFieldValue(deadline) });
  };
  const created = chain.questionId !== null;

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1>发起报名接龙</h1>
        <p>填好标题和人数，发布后把链接发到群里</p>
      </header>
      <form className={styles.card} onSubmit={submit} noValidate aria-label="报名接龙">
        <label className={styles.field}>
          <span>接龙标题</span>
          <input value={title} maxLength={200} placeholder="如：周日篮球报名" readOnly={created} onChange={(event) => setTitle(event.target.value)} />
        </label>
        <label className={styles.field}>
          <span>接龙说明（选填）</span>
          <textarea
            value={description}
            rows={3}
            maxLength={5000}
            placeholder="时间、地点、费用等"
            readOnly={created}
            onChange={(event) => setDescription(event.target.value)}
          />
        </label>
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
        {chain.error ? (
          <p className={styles.error} role="alert">
            {chain.error}
          </p>
        ) : null}
        <Button type="submit" variant="primary" size="lg" block disabled={chain.busy}>
          {chain.busy ? <LoaderCircle size={16} className={styles.spin} aria-hidden /> : <Send size={16} aria-hidden />}
          {chain.step ?? '发布接龙'}
        </Button>
      </form>
      <p className={styles.more}>
        需要更多题目或设置？
        <Link to={FULL_CREATE}>
          <PencilLine size={14} aria-hidden />
          完整编辑
        </Link>
      </p>
    </div>
  );
}

export default ChainQuickStartPage;
