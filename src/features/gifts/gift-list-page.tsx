import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Coins } from 'lucide-react';
import { useState } from 'react';
import { drawCountQuery } from '../../api/gifts';
import { useBrand } from '../../app/use-route-entry';
import { Tabs } from '../../ui/tabs';
import { CoinDrawPanel } from './coin-draw-panel';
import { GiftCatalogue } from './gift-catalogue';
import { DrawRecords, ExchangeRecords } from './gift-records';
import styles from './gifts-styles';

/**
 * /giftList.html (issue 51 item 3): the brand's coin balance on top, then 礼品兑换, 幸运抽奖, 我的兑换 and 抽奖记录.
 * Every amount is named by the brand's coin (问卷币 / 金币).
 */
export function GiftListPage() {
  const brand = useBrand();
  const count = useQuery(drawCountQuery());
  const [tab, setTab] = useState('gifts');
  const coinName = count.data?.coinName ?? brand.coinName;
  const coin = count.data?.coin ?? 0;
  const refresh = () => void count.refetch();
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div className={styles.headMain}>
          <h1>礼品兑换</h1>
          <p className={styles.intro}>用{coinName}兑换礼品，或试试手气抽奖</p>
        </div>
      </header>
      <section className={styles.balance} aria-label={`我的${coinName}`}>
        <span className={styles.balanceIcon}>
          <Coins size={22} aria-hidden />
        </span>
        <div className={styles.balanceMain}>
          <span className={styles.balanceLabel}>我的{coinName}</span>
          <strong className={styles.balanceValue} data-testid="coin-balance">
            {count.isPending ? '…' : count.isError ? '--' : coin}
          </strong>
        </div>
        <div className={styles.balanceLinks}>
          <Link to="/coinList.html">{coinName}明细</Link>
          <Link to="/task.html">做任务赚{coinName}</Link>
        </div>
      </section>
      <div className={styles.panel}>
        <Tabs
          label="礼品中心"
          value={tab}
          onValueChange={setTab}
          tabs={[
            { value: 'gifts', label: '礼品兑换', content: <GiftCatalogue coin={coin} coinName={coinName} onExchanged={refresh} /> },
            { value: 'draw', label: '幸运抽奖', content: <CoinDrawPanel coin={coin} coinName={coinName} onDrawn={refresh} /> },
            { value: 'exchanges', label: '我的兑换', content: <ExchangeRecords coinName={coinName} /> },
            { value: 'draws', label: '抽奖记录', content: <DrawRecords coinName={coinName} /> },
          ]}
        />
      </div>
    </div>
  );
}
