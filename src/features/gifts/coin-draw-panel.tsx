import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Coins, Gift, Sparkles } from 'lucide-react';
import { useState } from 'react';
import type { TDrawPrize, TDrawRecord, TGiftExchange } from '../../../schemas/api/coins';
import { drawCountQuery, drawListQuery, drawOnce, giftKeys, updateGiftAddress } from '../../api/gifts';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { Dialog } from '../../ui/dialog';
import { ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { AddressDialog } from './address-dialog';
import styles from './gifts-styles';

/** 50%, 2.5%, 0.08% — a configured chance as people read it. */
export const percent = (p: number) => `${Number((p * 100).toFixed(2))}%`;

const prizeIcon = (p: Pick<TDrawPrize, 'prizeKind'>) =>
  p.prizeKind === 'coin' ? <Coins size={22} aria-hidden /> : p.prizeKind === 'gift' ? <Gift size={22} aria-hidden /> : <Sparkles size={22} aria-hidden />;

/** A won gift's address, given after the draw (updateGiftAddress on its exchange). */
export function WonGiftAddress({ exchange, open, onOpenChange }: { exchange: TGiftExchange; open: boolean; onOpenChange: (open: boolean) => void }) {
  const client = useQueryClient();
  const [refusal, setRefusal] = useState('');
  const save = useMutation({
    mutationFn: (address: Parameters<typeof updateGiftAddress>[1]) => updateGiftAddress(exchange.exchangeId, address),
    onSuccess: () => {
      toast.success('收货地址已保存');
      onOpenChange(false);
      void client.invalidateQueries({ queryKey: giftKeys.all });
    },
    onError: (error: Error) => setRefusal(error.message),
  });
  const initial = exchange.receiverName
    ? { receiverName: exchange.receiverName, receiverPhone: exchange.receiverPhone, region: exchange.region, address: exchange.address }
    : undefined;
  return (
    <AddressDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`${exchange.receiverName ? '修改' : '填写'}收货地址：${exchange.giftName}`}
      initial={initial}
      submitLabel={save.isPending ? '保存中…' : '保存地址'}
      busy={save.isPending}
      refusal={refusal}
      onSubmit={(address) => save.mutate(address)}
    />
  );
}

/** 幸运抽奖: the prizes and their chances, 抽一次 with what it costs and what is left today, the result. */
export function CoinDrawPanel({ coin, coinName, onDrawn }: { coin: number; coinName: string; onDrawn: () => void }) {
  const prizes = useQuery(drawListQuery());
  const count = useQuery(drawCountQuery());
  const client = useQueryClient();
  const [result, setResult] = useState<TDrawRecord | null>(null);
  const [addressOpen, setAddressOpen] = useState(false);
  const [refusal, setRefusal] = useState('');
  const draw = useMutation({
    mutationFn: drawOnce,
    onSuccess: (answer) => {
      setRefusal('');
      setResult(answer.record);
      void client.invalidateQueries({ queryKey: giftKeys.all });
      onDrawn();
    },
    onError: (error: Error) => setRefusal(error.message),
  });
  if (prizes.isPending || count.isPending) return <LoadingState />;
  if (prizes.isError || count.isError)
    return (
      <ErrorState
        title="抽奖信息加载失败"
        description={(prizes.error ?? count.error)?.message}
        actions={
          <Button
            onClick={() => {
              void prizes.refetch();
              void count.refetch();
            }}
          >
            重试
          </Button>
        }
      />
    );
  const { cost, dailyLimit } = prizes.data;
  const { remaining } = count.data;
  const short = coin < cost;
  return (
    <section className={styles.drawPanel} aria-label="幸运抽奖">
      <ul className={styles.prizes} aria-label="奖品与概率">
        {prizes.data.prizes.map((p) => (
          <li key={p.prizeId} className={cx(styles.prize, p.prizeKind === 'none' && styles.prizeNone)}>
            <span className={styles.prizeIcon}>{prizeIcon(p)}</span>
            <span className={styles.prizeName}>{p.prizeName}</span>
            <span className={styles.prizeChance}>概率 {percent(p.probability)}</span>
            {p.stock !== null ? <span className={styles.prizeStock}>{p.stock > 0 ? `剩余 ${p.stock} 份` : '已抽完'}</span> : null}
          </li>
        ))}
      </ul>
      <div className={styles.drawAction}>
        <Button variant="primary" size="lg" disabled={draw.isPending || remaining <= 0} onClick={() => draw.mutate()}>
          {draw.isPending ? '抽奖中…' : `抽一次（${cost} ${coinName}）`}
        </Button>
        <p className={styles.drawMeta} data-testid="draw-remaining">
          今日剩余 {remaining} 次（每天 {dailyLimit} 次）
          {short ? `，当前 ${coin} ${coinName}，不足一次` : ''}
        </p>
        {refusal ? (
          <p className={styles.refusal} role="alert">
            {refusal}
          </p>
        ) : null}
      </div>
      {result ? (
        <Dialog
          open={!addressOpen}
          onOpenChange={(o) => !o && setResult(null)}
          title={result.prizeKind === 'none' ? '很遗憾，未中奖' : '恭喜你，抽中了！'}
          width={380}
          footer={
            result.exchange ? (
              <>
                <Button onClick={() => setResult(null)}>稍后填写</Button>
                <Button variant="primary" onClick={() => setAddressOpen(true)}>
                  填写收货地址
                </Button>
              </>
            ) : (
              <Button variant="primary" onClick={() => setResult(null)}>
                知道了
              </Button>
            )
          }
        >
          <div className={styles.result} data-testid="draw-result">
            <span className={styles.resultIcon}>{prizeIcon(result)}</span>
            <strong className={styles.resultName}>{result.prizeName}</strong>
            <p className={styles.dialogNote}>
              本次消耗 {result.cost} {coinName}
              {result.wonCoins ? `，获得 ${result.wonCoins} ${coinName}，已存入账户` : ''}
              {result.exchange ? '。填写收货地址后我们会尽快寄出，也可稍后在「我的兑换」中填写' : ''}
            </p>
          </div>
        </Dialog>
      ) : null}
      {result?.exchange && addressOpen ? (
        <WonGiftAddress
          exchange={result.exchange}
          open
          onOpenChange={(o) => {
            setAddressOpen(o);
            if (!o) setResult(null);
          }}
        />
      ) : null}
    </section>
  );
}
