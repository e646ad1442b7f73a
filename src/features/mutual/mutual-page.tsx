import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { Coins, Plus } from 'lucide-react';
import { useState } from 'react';
import { spaceCoinQuery } from '../../api/space';
import { useBrand } from '../../app/use-route-entry';
import { Button } from '../../ui/button';
import { Tabs } from '../../ui/tabs';
import { JoinedTab } from './joined-tab';
import styles from './mutual-styles';
import { ReleaseDialog } from './release-dialog';
import { ReleasedTab } from './released-tab';
import { SpaceListTab } from './space-list-tab';

type TTab = 'list' | 'joined' | 'released';

/**
 * /mutual.html (互助空间, issue 51 item 4): answer others' surveys for the brand's coin, see what one answered and
 * earned, and release one's own published project with a reward per answer and a budget paid up front.
 */
export function MutualPage() {
  const { coinName } = useBrand();
  const [tab, setTab] = useState<TTab>('list');
  // The project to release, when the project list's 发布到互助空间 opened this page (?release={questionId}).
  const asked = useLocation({ select: (l) => String((l.search as Record<string, unknown>).release ?? '') });
  const [releasing, setReleasing] = useState(asked);
  const [dialogOpen, setDialogOpen] = useState(asked !== '');
  // The balance: the list call answers it on every page (the first row is enough here).
  const balance = useQuery(spaceCoinQuery());
  const coin = balance.data?.coin;
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div className={styles.headMain}>
          <h1 className={styles.title}>互助问答</h1>
          <p className={styles.intro}>
            回答他人的问卷赚取{coinName}；发布自己的问卷，用{coinName}换来更多答卷。
          </p>
        </div>
        <div className={styles.headSide}>
          <div className={styles.balance} data-testid="space-coin">
            <Coins size={18} aria-hidden />
            <span>我的{coinName}</span>
            <strong>{coin === undefined ? '—' : coin}</strong>
          </div>
          <Button
            variant="primary"
            onClick={() => {
              setReleasing('');
              setDialogOpen(true);
            }}
          >
            <Plus size={16} aria-hidden />
            发布项目
          </Button>
        </div>
      </header>
      <section className={styles.panel}>
        <Tabs
          label="互助空间"
          value={tab}
          onValueChange={(v) => setTab(v as TTab)}
          tabs={[
            { value: 'list', label: '互助答题', content: <SpaceListTab coinName={coinName} /> },
            { value: 'joined', label: '我参与的', content: <JoinedTab coinName={coinName} /> },
            { value: 'released', label: '我发布的', content: <ReleasedTab coinName={coinName} onRelease={() => setDialogOpen(true)} /> },
          ]}
        />
      </section>
      <ReleaseDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        coinName={coinName}
        coin={coin}
        initialQuestionId={releasing}
        onReleased={() => setTab('released')}
      />
    </div>
  );
}
