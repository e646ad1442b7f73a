import { History, PackageOpen } from 'lucide-react';
import { useState } from 'react';
import { GIFT_EXCHANGE_STATE_NAMES, type TGiftExchangeState } from '../../../schemas/coins/rules';
import type { TGiftExchange } from '../../../schemas/api/coins';
import { drawPageQuery, exchangePageQuery } from '../../api/gifts';
import { Button } from '../../ui/button';
import { Pager } from '../../ui/pager';
import { shanghaiTime } from '../../ui/shanghai-time';
import { pagedListState } from '../../ui/paged-list-states';
import { StatusPill, type TPillTone } from '../../ui/status-pill';
import { usePagedList } from '../../ui/use-paged-list';
import { WonGiftAddress } from './coin-draw-panel';
import { GiftImage } from './gift-catalogue';
import styles from './gifts-styles';

const PAGE_SIZE = 10;
const STATE_TONES: Record<TGiftExchangeState, TPillTone> = { pending: 'warning', shipped: 'primary', done: 'success', cancelled: 'muted' };

/** 我的兑换: bought and won gifts with their state; the address may change while 待发货. */
export function ExchangeRecords({ coinName }: { coinName: string }) {
  const list = usePagedList(exchangePageQuery, PAGE_SIZE);
  const [editing, setEditing] = useState<TGiftExchange | null>(null);
  const state = pagedListState(list, { what: '兑换记录', empty: '还没有兑换过礼品', icon: <PackageOpen size={28} /> });
  if (state) return state;
  return (
    <>
      <ul className={styles.records} aria-label="我的兑换">
        {list.list.map((e) => (
          <li key={e.exchangeId} className={styles.record} data-testid="exchange-record">
            <GiftImage src={e.image} name={e.giftName} small />
            <div className={styles.recordMain}>
              <div className={styles.recordHead}>
                <strong>{e.giftName}</strong>
                <StatusPill tone={STATE_TONES[e.state]}>{GIFT_EXCHANGE_STATE_NAMES[e.state]}</StatusPill>
              </div>
              <p className={styles.recordText}>
                {e.coins ? `${e.coins} ${coinName}` : '抽奖获得'} · {shanghaiTime(e.createTime)}
              </p>
              <p className={styles.recordText}>
                {e.receiverName ? `${e.receiverName} ${e.receiverPhone}，${e.region} ${e.address}` : <span className={styles.warnText}>尚未填写收货地址</span>}
              </p>
              {e.trackingNo ? (
                <p className={styles.recordText} data-testid="exchange-tracking">
                  {e.expressCompany} 运单号 <span className={styles.trackingNo}>{e.trackingNo}</span>
                </p>
              ) : null}
            </div>
            {e.addressEditable ? (
              <Button size="sm" onClick={() => setEditing(e)}>
                {e.receiverName ? '修改地址' : '填写地址'}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {list.total > PAGE_SIZE ? (
        <Pager {...list.pager} totalLabel={`共 ${list.total} 条`} label="兑换记录分页" previousLabel="上一页" nextLabel="下一页" />
      ) : null}
      {editing ? <WonGiftAddress exchange={editing} open onOpenChange={(o) => !o && setEditing(null)} /> : null}
    </>
  );
}

/** 抽奖记录: each draw, what it cost and what it won. */
export function DrawRecords({ coinName }: { coinName: string }) {
  const list = usePagedList(drawPageQuery, PAGE_SIZE);
  const state = pagedListState(list, { what: '抽奖记录', empty: '还没有抽过奖', icon: <History size={28} /> });
  if (state) return state;
  return (
    <>
      <ul className={styles.records} aria-label="抽奖记录">
        {list.list.map((d) => (
          <li key={d.drawId} className={styles.record} data-testid="draw-record">
            <div className={styles.recordMain}>
              <div className={styles.recordHead}>
                <strong>{d.prizeName}</strong>
                <span className={styles.recordText}>{shanghaiTime(d.createTime)}</span>
              </div>
              <p className={styles.recordText}>
                消耗 {d.cost} {coinName}
                {d.wonCoins ? `，获得 ${d.wonCoins} ${coinName}` : ''}
                {d.exchange ? `，${GIFT_EXCHANGE_STATE_NAMES[d.exchange.state]}` : ''}
              </p>
            </div>
          </li>
        ))}
      </ul>
      {list.total > PAGE_SIZE ? (
        <Pager {...list.pager} totalLabel={`共 ${list.total} 条`} label="抽奖记录分页" previousLabel="上一页" nextLabel="下一页" />
      ) : null}
    </>
  );
}
