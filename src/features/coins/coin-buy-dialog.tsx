import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TPurchaseResult } from '../../../schemas/api/recharge';
import { yuanOf } from '../../../schemas/money/catalog';
import { coinPacksQuery, buyCoinPack } from '../../api/user-coin';
import { balanceRefusal, BalancePayFooter, RECHARGE_PATH, type TBalanceRefusal } from '../../orders/balance-pay';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { ErrorState, LoadingState } from '../../ui/states';
import styles from './coins-styles';

/**
 * 购买{coin}: the coin packs (active/pay/getBalancePayCoin) paid from the account balance. A balance that does not
 * cover the pack — or the server's own 余额不足 refusal — offers 去充值 instead.
 */
export function CoinBuyDialog({ coinName, onClose, onBought }: { coinName: string; onClose: () => void; onBought: (result: TPurchaseResult) => void }) {
  const packs = useQuery(coinPacksQuery());
  const [picked, setPicked] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<TBalanceRefusal | null>(null);
  const buy = useMutation({
    mutationFn: (packageId: string) => buyCoinPack(packageId),
    onSuccess: onBought,
    onError: (error: Error) => setRefusal(balanceRefusal(error)),
  });
  const list = packs.data?.coinPackages ?? [];
  const pack = list.find((p) => p.id === picked) ?? list[0];
  const balanceFen = packs.data?.balanceFen ?? 0;
  const short = !!pack && (balanceFen < pack.priceFen || !!refusal?.insufficient);
  let body;
  if (packs.isPending) body = <LoadingState compact />;
  else if (packs.isError)
    body = <ErrorState compact title="套餐加载失败" description={packs.error.message} actions={<Button onClick={() => void packs.refetch()}>重试</Button>} />;
  else
    body = (
      <>
        <div className={styles.choices} role="radiogroup" aria-label={`${coinName}套餐`}>
          {list.map((p) => (
            <button
              key={p.id}
              type="button"
              role="radio"
              aria-checked={pack?.id === p.id}
              className={styles.choice}
              onClick={() => {
                setPicked(p.id);
                setRefusal(null);
              }}
            >
              <strong>{p.coins.toLocaleString('zh-CN')}</strong>
              <span>{coinName}</span>
              <span className={styles.sub}>¥{yuanOf(p.priceFen)}</span>
            </button>
          ))}
        </div>
        <p className={styles.summary}>
          账户余额 <strong data-testid="coin-buy-balance">¥{yuanOf(balanceFen)}</strong>，购买后{coinName}立即到账，费用从账户余额扣除。
        </p>
        {refusal || (pack && short) ? (
          <p role="alert" className={styles.error}>
            {refusal?.message ?? `账户余额不足：需要 ¥${yuanOf(pack!.priceFen)}，当前 ¥${yuanOf(balanceFen)}`}
          </p>
        ) : null}
      </>
    );
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !buy.isPending && onClose()}
      title={`购买${coinName}`}
      width={460}
      footer={
        <BalancePayFooter
          pending={buy.isPending}
          recharge={pack && short ? RECHARGE_PATH : null}
          pay={{ label: pack ? `余额支付 ¥${yuanOf(pack.priceFen)}` : '余额支付', disabled: !pack || !!refusal, onPay: () => pack && buy.mutate(pack.id) }}
          onCancel={onClose}
        />
      }
    >
      {body}
    </Dialog>
  );
}
