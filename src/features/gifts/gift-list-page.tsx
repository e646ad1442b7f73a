import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { drawCountQuery } from '../../api/gifts';
import { CoinBalance } from '../../coins/coin-balance';
import { useRefreshUser } from '../../app/session';
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
  const refreshUser = useRefreshUser();
  /** An exchange or a draw moved coins: the balance here and the header's figure both read them again. */
  const refresh = () => {
    void count.refetch();
    refreshUser();
  };
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div className={styles.headMain}>
          <h1>礼品兑换</h1>
          <p className={styles.intro}>用{coinName}兑换礼品，或试试手气抽奖</p>
        </div>
      </header>
      <CoinBalance
        coinName={coinName}
        coin={count.isPending ? '…' : count.isError ? '--' : coin}
        links={[
          { to: '/coinList.html', label: `${coinName}明细` },
          { to: '/task.html', label: `做任务赚${coinName}` },
        ]}
      />
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
