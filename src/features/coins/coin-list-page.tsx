import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { TUserCoin } from '../../../schemas/api/coins';
import type { TPurchaseResult } from '../../../schemas/api/recharge';
import { COIN_REASON_NAMES, COIN_REASONS, type TCoinReason } from '../../../schemas/coins/rules';
import { userCoinKeys, userCoinQuery, type TCoinFilter } from '../../api/user-coin';
import { currentBrand } from '../../app/brand';
import { CoinBalance } from '../../coins/coin-balance';
import { useRefreshUser } from '../../app/session';
import { Button } from '../../ui/button';
import { FilterBar, FilterTabs } from '../../ui/filter-bar';
import { toast } from '../../ui/toast';
import { usePagedList } from '../../ui/use-paged-list';
import { AiExchangeDialog, type TAiExchanged } from './ai-exchange-dialog';
import { CoinBuyDialog } from './coin-buy-dialog';
import { CoinLedger } from './coin-ledger';
import styles from './coins-styles';

const PAGE_SIZE = 20;
type TDirection = 'all' | 'in' | 'out';
const DIRECTIONS = [
  { value: 'all', label: '全部' },
  { value: 'in', label: '收入' },
  { value: 'out', label: '支出' },
] as const;

function BalanceCard({ data, coinName, onExchange, onBuy }: { data: TUserCoin | undefined; coinName: string; onExchange: () => void; onBuy: () => void }) {
  const figure = (n: number | undefined) => (n === undefined ? '—' : n.toLocaleString('zh-CN'));
  return (
    <CoinBalance coinName={coinName} label={`当前${coinName}`} coin={figure(data?.coin)}>
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>今日获得</dt>
          <dd data-testid="coin-today">{figure(data?.todayEarned)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>累计获得</dt>
          <dd data-testid="coin-earned">{figure(data?.totalEarned)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>累计消耗</dt>
          <dd data-testid="coin-spent">{figure(data?.totalSpent)}</dd>
        </div>
      </dl>
      <div className={styles.cardActions}>
        <Button onClick={onBuy}>购买{coinName}</Button>
        <Button variant="primary" onClick={onExchange} disabled={!data}>
          兑换AI次数
        </Button>
      </div>
    </CoinBalance>
  );
}

/**
 * /coinList.html ({coin}明细, issue 51): the caller's coins on this brand — balance, today's and total earnings, total
 * spending — and the ledger filtered by direction, reason and China days, newest first; buying coins from the
 * balance and exchanging them for AI counts; links to the task centre, the rules and the gift centre.
 */
export function CoinListPage() {
  const { coinName } = currentBrand();
  const queryClient = useQueryClient();
  const refreshUser = useRefreshUser();
  const [direction, setDirection] = useState<TDirection>('all');
  const [reason, setReason] = useState<TCoinReason | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [dialog, setDialog] = useState<'ai' | 'buy' | null>(null);
  const filter: TCoinFilter = {
    ...(direction !== 'all' ? { direction } : {}),
    ...(reason ? { reason } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const list = usePagedList(userCoinQuery(filter), PAGE_SIZE);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: userCoinKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['money'] });
    refreshUser();
  };
  const exchanged = (done: TAiExchanged) => {
    setDialog(null);
    toast.success(`兑换成功：AI次数 +${done.count}，剩余 ${done.aiRemaining} 次`);
    refresh();
  };
  const bought = (result: TPurchaseResult) => {
    setDialog(null);
    toast.success(`购买成功：${result.title}`);
    refresh();
  };
  const clear = () => {
    setDirection('all');
    setReason('');
    setFrom('');
    setTo('');
    list.setPage(1);
  };
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1>{coinName}明细</h1>
          <p className={styles.intro}>
            签到、做任务、互助答题获得{coinName}，可兑换礼品、抽奖和 AI 次数；{coinName}按站点分别计算
          </p>
        </div>
        <nav className={styles.links} aria-label={`${coinName}相关`}>
          <Button asChild>
            <Link to="/task.html">任务中心</Link>
          </Button>
          <Button asChild>
            <Link to="/giftList.html">礼品兑换</Link>
          </Button>
          <Button asChild>
            <Link to="/coinRule.html">{coinName}规则</Link>
          </Button>
        </nav>
      </header>
      <BalanceCard data={list.data} coinName={coinName} onExchange={() => setDialog('ai')} onBuy={() => setDialog('buy')} />
      <section className={styles.panel} aria-label={`${coinName}收支记录`}>
        <FilterBar>
          <FilterTabs label="收支方向" tabs={DIRECTIONS} value={direction} onChange={list.refilter(setDirection)} />
          <div className={styles.filters}>
            <select
              className={styles.select}
              value={reason}
              onChange={(e) => list.refilter(setReason)(e.target.value as TCoinReason | '')}
              aria-label="收支类型"
            >
              <option value="">全部类型</option>
              {COIN_REASONS.map((r) => (
                <option key={r} value={r}>
                  {COIN_REASON_NAMES[r]}
                </option>
              ))}
            </select>
            <input
              className={styles.date}
              type="date"
              value={from}
              max={to || undefined}
              onChange={(e) => list.refilter(setFrom)(e.target.value)}
              aria-label="开始日期"
            />
            <span className={styles.to}>至</span>
            <input
              className={styles.date}
              type="date"
              value={to}
              min={from || undefined}
              onChange={(e) => list.refilter(setTo)(e.target.value)}
              aria-label="结束日期"
            />
          </div>
        </FilterBar>
        <CoinLedger
          coinName={coinName}
          rows={list.list}
          total={list.total}
          loading={list.loading}
          error={list.failed ? list.query.error : null}
          filtered={Object.keys(filter).length > 0}
          pager={list.pager}
          onRetry={() => void list.query.refetch()}
          onClear={clear}
        />
      </section>
      {dialog === 'ai' && list.data ? <AiExchangeDialog coinName={coinName} coin={list.data.coin} onClose={() => setDialog(null)} onDone={exchanged} /> : null}
      {dialog === 'buy' ? <CoinBuyDialog coinName={coinName} onClose={() => setDialog(null)} onBought={bought} /> : null}
    </div>
  );
}
