import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { groupBuyBasicsProblem } from '../../../machines/chain-quick-start/chain-quick-start.operations';
import type { TProductDraft } from '../../../machines/chain-quick-start/chain-quick-start.types';
import { Button } from '../../ui/button';
import { DateTimeField } from '../../ui/date-time-field';
import { fromFieldValue } from '../../ui/shanghai-time';
import { ChainShareCard } from './chain-share-card';
import styles from './quick-styles';
import { QuickBasics } from './quick-basics';
import { QUICK_KINDS } from './quick-kinds';
import { EMPTY_PRODUCT, QuickPointRows, QuickProductRows } from './quick-product-rows';
import { QuickStartFrame } from './quick-start-frame';
import { useChainQuickStart } from './use-chain-quick-start';

function Steps({ second }: { second: boolean }) {
  return (
    <ol className={styles.steps} aria-label="步骤">
      <li aria-current={second ? undefined : 'step'}>1 基本信息</li>
      <li aria-current={second ? 'step' : undefined}>2 商品与自提</li>
    </ol>
  );
}

/**
 * /questionnaire/quickGroupBuy.html: a group-buy in two phone screens (issue 47 item 5) — (1) title, description,
 * deadline; (2) products (name, price, stock) and optional pick-up points; 发布, then its link to share. Specs,
 * per-person limits and pictures are the editor's (完整编辑).
 */
export function GroupBuyQuickStartPage() {
  const chain = useChainQuickStart();
  const [second, setSecond] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [basics, setBasics] = useState({ title: '', description: '' });
  const [deadline, setDeadline] = useState('');
  const [products, setProducts] = useState<TProductDraft[]>([EMPTY_PRODUCT]);
  const [points, setPoints] = useState<string[]>([]);

  if (chain.published && chain.questionId) return <ChainShareCard questionId={chain.questionId} title={basics.title.trim()} kind={QUICK_KINDS.groupBuy} />;

  const next = () => {
    const basicsProblem = groupBuyBasicsProblem({ title: basics.title, deadline: fromFieldValue(deadline) }, new Date());
    setProblem(basicsProblem);
    if (!basicsProblem) setSecond(true);
  };
  const publish = () => chain.publish({ kind: 'groupBuy', ...basics, deadline: fromFieldValue(deadline), products, points });
  const frame = { heading: '发起团购接龙', label: '团购接龙', chain, top: <Steps second={second} /> };

  if (!second) {
    return (
      <QuickStartFrame {...frame} lead="两步填好，发布后把链接发到群里" submitLabel="下一步" problem={problem} onSubmit={next}>
        <QuickBasics
          noun="团购"
          value={basics}
          onChange={setBasics}
          locked={chain.questionId !== null}
          example="如：周六水果团购"
          detail="到货时间、取货方式等"
        />
        <div className={styles.field}>
          <span>截止时间</span>
          <DateTimeField mode="datetime" label="截止时间" value={deadline} onChange={setDeadline} block />
          <small>留空则一直开放，直到你手动暂停</small>
        </div>
      </QuickStartFrame>
    );
  }
  return (
    <QuickStartFrame {...frame} lead={basics.title.trim()} submitLabel="发布团购" onSubmit={publish}>
      <Button type="button" variant="ghost" className={styles.back} onClick={() => setSecond(false)} disabled={chain.busy}>
        <ArrowLeft size={16} aria-hidden />
        上一步
      </Button>
      <QuickProductRows rows={products} onChange={setProducts} />
      <QuickPointRows rows={points} onChange={setPoints} />
    </QuickStartFrame>
  );
}

export default GroupBuyQuickStartPage;
