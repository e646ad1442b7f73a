import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { Gift, PackageOpen } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { giftExchangeMachine } from '../../../machines/gift-exchange/gift-exchange.machine';
import { selectDone, selectExchangeStep, selectFailed, selectSubmitting } from '../../../machines/gift-exchange/gift-exchange.selectors';
import type { TGift, TGiftAddress } from '../../../schemas/api/coins';
import { exchangeGift, giftKeys, giftPageQuery } from '../../api/gifts';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { usePagedList } from '../../ui/use-paged-list';
import { AddressDialog } from './address-dialog';
import styles from './gifts-styles';

const PAGE_SIZE = 12;

/** A gift's picture, or a calm placeholder (a gift icon on the brand's soft tint) when it has none. */
export function GiftImage({ src, name, small }: { src: string; name: string; small?: boolean }) {
  return src ? (
    <img className={small ? styles.thumb : styles.image} src={src} alt={name} loading="lazy" />
  ) : (
    <div className={small ? styles.thumb : styles.image} aria-hidden>
      <Gift size={small ? 20 : 40} strokeWidth={1.5} />
    </div>
  );
}

/** The exchange machine with the real call (activity/gift/getGiftExchange). */
const exchangeLogic = () =>
  giftExchangeMachine.provide({
    actors: {
      exchangeGift: fromPromise(async ({ input }: { input: { giftId: string; address: TGiftAddress } }) => {
        const answer = await exchangeGift(input.giftId, input.address);
        return { coins: answer.exchange.coins, coin: answer.coin };
      }),
    },
  });

/** 礼品兑换: the brand's gifts as cards; 兑换 asks for an address, then confirms what it costs (machines/gift-exchange). */
export function GiftCatalogue({ coin, coinName, onExchanged }: { coin: number; coinName: string; onExchanged: () => void }) {
  const list = usePagedList(giftPageQuery, PAGE_SIZE);
  const client = useQueryClient();
  const actor = useActorRef(useMemo(exchangeLogic, []));
  const step = useSelector(actor, selectExchangeStep);
  const submitting = useSelector(actor, selectSubmitting);
  const failed = useSelector(actor, selectFailed);
  const done = useSelector(actor, selectDone);
  const { gift, address, error, result } = useSelector(actor, (s) => s.context);
  const close = () => actor.send({ type: 'exchange.close' });
  useEffect(() => {
    if (!done || !result) return;
    toast.success(`兑换成功，已扣除 ${result.coins} ${coinName}`);
    void client.invalidateQueries({ queryKey: giftKeys.all });
    onExchanged();
    actor.send({ type: 'exchange.close' });
  }, [done, result, coinName, client, onExchanged, actor]);
  // A refusal (sold out, too few coins) may mean the list is stale: read it again.
  useEffect(() => {
    if (failed) void client.invalidateQueries({ queryKey: giftKeys.all });
  }, [failed, client]);

  if (list.loading) return <LoadingState />;
  if (list.failed)
    return (
      <ErrorState title="礼品加载失败" description={list.query.error?.message} actions={<Button onClick={() => void list.query.refetch()}>重试</Button>} />
    );
  if (!list.list.length) return <EmptyState icon={<PackageOpen size={32} />} title="暂无可兑换的礼品" description="礼品上架后会出现在这里" />;

  const open = (g: TGift) => actor.send({ type: 'gift.choose', gift: { giftId: g.giftId, name: g.name, coinPrice: g.coinPrice, image: g.image } });
  return (
    <>
      <ul className={styles.cards} aria-label="礼品列表">
        {list.list.map((gift) => {
          const soldOut = gift.stock <= 0;
          const short = coin < gift.coinPrice;
          return (
            <li key={gift.giftId} className={styles.card} data-testid="gift-card">
              <GiftImage src={gift.image} name={gift.name} />
              <div className={styles.cardBody}>
                <h3 className={styles.cardTitle}>{gift.name}</h3>
                {gift.description ? <p className={styles.cardText}>{gift.description}</p> : null}
                <div className={styles.cardFoot}>
                  <span className={styles.price}>
                    <strong>{gift.coinPrice}</strong> {coinName}
                  </span>
                  <span className={styles.stock}>{soldOut ? '已兑完' : `库存 ${gift.stock}`}</span>
                </div>
                <Button variant="primary" block disabled={soldOut || short} onClick={() => open(gift)} aria-label={`兑换${gift.name}`}>
                  {soldOut ? '已兑完' : short ? `${coinName}不足` : '兑换'}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {list.total > PAGE_SIZE ? <Pager {...list.pager} totalLabel={`共 ${list.total} 件`} label="礼品分页" previousLabel="上一页" nextLabel="下一页" /> : null}
      {step === 'address' && gift ? (
        <AddressDialog
          open
          onOpenChange={(o) => !o && close()}
          title={`兑换 ${gift.name}`}
          summary={
            <p className={styles.dialogNote}>
              需要 {gift.coinPrice} {coinName}，当前 {coin} {coinName}。请填写收货地址，礼品将寄往此地址。
            </p>
          }
          initial={address ?? undefined}
          submitLabel="下一步"
          onSubmit={(a) => actor.send({ type: 'address.submit', address: a })}
        />
      ) : null}
      {step === 'confirm' && gift && address ? (
        <Dialog
          open
          onOpenChange={(o) => !o && !submitting && close()}
          title="确认兑换"
          width={420}
          footer={
            <>
              <Button disabled={submitting} onClick={() => actor.send({ type: 'address.edit' })}>
                修改地址
              </Button>
              <Button variant="primary" disabled={submitting || done} onClick={() => actor.send({ type: failed ? 'exchange.retry' : 'exchange.confirm' })}>
                {submitting ? '兑换中…' : failed ? '重试' : '确认兑换'}
              </Button>
            </>
          }
        >
          <div className={styles.confirm}>
            <GiftImage src={gift.image} name={gift.name} small />
            <dl className={styles.confirmList}>
              <dt>礼品</dt>
              <dd>{gift.name}</dd>
              <dt>扣除</dt>
              <dd>
                {gift.coinPrice} {coinName}（兑换后剩余 {Math.max(0, coin - gift.coinPrice)} {coinName}）
              </dd>
              <dt>收货人</dt>
              <dd>
                {address.receiverName} {address.receiverPhone}
              </dd>
              <dt>地址</dt>
              <dd>
                {address.region} {address.address}
              </dd>
            </dl>
          </div>
          {failed && error ? (
            <p className={styles.refusal} role="alert">
              {error}
            </p>
          ) : null}
        </Dialog>
      ) : null}
    </>
  );
}
