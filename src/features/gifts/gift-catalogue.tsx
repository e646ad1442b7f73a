import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Gift, PackageOpen } from 'lucide-react';
import { useState } from 'react';
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

type TFlow = { gift: TGift; step: 'address' } | { gift: TGift; step: 'confirm'; address: TGiftAddress };

/** 礼品兑换: the brand's gifts as cards; 兑换 asks for an address, then confirms what it costs. */
export function GiftCatalogue({ coin, coinName, onExchanged }: { coin: number; coinName: string; onExchanged: () => void }) {
  const list = usePagedList(giftPageQuery, PAGE_SIZE);
  const client = useQueryClient();
  const [flow, setFlow] = useState<TFlow | null>(null);
  const [address, setAddress] = useState<TGiftAddress | undefined>(undefined);
  const [refusal, setRefusal] = useState('');
  const exchange = useMutation({
    mutationFn: (f: { gift: TGift; address: TGiftAddress }) => exchangeGift(f.gift.giftId, f.address),
    onSuccess: (answer) => {
      toast.success(`兑换成功，已扣除 ${answer.exchange.coins} ${coinName}`);
      setFlow(null);
      setAddress(undefined);
      void client.invalidateQueries({ queryKey: giftKeys.all });
      onExchanged();
    },
    onError: (error: Error) => {
      setRefusal(error.message);
      void client.invalidateQueries({ queryKey: giftKeys.all });
    },
  });

  if (list.loading) return <LoadingState />;
  if (list.failed)
    return (
      <ErrorState title="礼品加载失败" description={list.query.error?.message} actions={<Button onClick={() => void list.query.refetch()}>重试</Button>} />
    );
  if (!list.list.length) return <EmptyState icon={<PackageOpen size={32} />} title="暂无可兑换的礼品" description="礼品上架后会出现在这里" />;

  const open = (gift: TGift) => {
    setRefusal('');
    setFlow({ gift, step: 'address' });
  };
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
      {flow?.step === 'address' ? (
        <AddressDialog
          open
          onOpenChange={(o) => !o && setFlow(null)}
          title={`兑换 ${flow.gift.name}`}
          summary={
            <p className={styles.dialogNote}>
              需要 {flow.gift.coinPrice} {coinName}，当前 {coin} {coinName}。请填写收货地址，礼品将寄往此地址。
            </p>
          }
          initial={address}
          submitLabel="下一步"
          onSubmit={(a) => {
            setAddress(a);
            setRefusal('');
            setFlow({ gift: flow.gift, step: 'confirm', address: a });
          }}
        />
      ) : null}
      {flow?.step === 'confirm' ? (
        <Dialog
          open
          onOpenChange={(o) => !o && setFlow(null)}
          title="确认兑换"
          width={420}
          footer={
            <>
              <Button onClick={() => setFlow({ gift: flow.gift, step: 'address' })}>修改地址</Button>
              <Button variant="primary" disabled={exchange.isPending} onClick={() => exchange.mutate({ gift: flow.gift, address: flow.address })}>
                {exchange.isPending ? '兑换中…' : '确认兑换'}
              </Button>
            </>
          }
        >
          <div className={styles.confirm}>
            <GiftImage src={flow.gift.image} name={flow.gift.name} small />
            <dl className={styles.confirmList}>
              <dt>礼品</dt>
              <dd>{flow.gift.name}</dd>
              <dt>扣除</dt>
              <dd>
                {flow.gift.coinPrice} {coinName}（兑换后剩余 {Math.max(0, coin - flow.gift.coinPrice)} {coinName}）
              </dd>
              <dt>收货人</dt>
              <dd>
                {flow.address.receiverName} {flow.address.receiverPhone}
              </dd>
              <dt>地址</dt>
              <dd>
                {flow.address.region} {flow.address.address}
              </dd>
            </dl>
          </div>
          {refusal ? (
            <p className={styles.refusal} role="alert">
              {refusal}
            </p>
          ) : null}
        </Dialog>
      ) : null}
    </>
  );
}
