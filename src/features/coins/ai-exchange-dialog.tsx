import { useMutation } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { AI_COIN_RULE } from '../../../schemas/coins/rules';
import { exchangeAiCoins } from '../../api/user-coin';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import styles from './coins-styles';

export interface TAiExchanged {
  coin: number;
  spent: number;
  aiRemaining: number;
  count: number;
}

/**
 * 兑换AI次数: how many AI uses, what they cost (AI_COIN_RULE.coinsPerUse each) against the coins there are; the
 * server decides (its "409" 金币不足… shows here when the coins moved meanwhile).
 */
export function AiExchangeDialog({
  coinName,
  coin,
  onClose,
  onDone,
}: {
  coinName: string;
  coin: number;
  onClose: () => void;
  onDone: (done: TAiExchanged) => void;
}) {
  const affordable = Math.min(AI_COIN_RULE.maxUses, Math.floor(coin / AI_COIN_RULE.coinsPerUse));
  const [count, setCount] = useState(Math.max(1, Math.min(affordable, 5)));
  const [refusal, setRefusal] = useState<string | null>(null);
  const valid = Number.isInteger(count) && count >= 1 && count <= AI_COIN_RULE.maxUses;
  const need = valid ? count * AI_COIN_RULE.coinsPerUse : 0;
  const short = valid && need > coin;
  const exchange = useMutation({
    mutationFn: () => exchangeAiCoins(count),
    onSuccess: (answer) => onDone({ ...answer, count }),
    onError: (error: Error) => setRefusal(error.message),
  });
  const message = refusal ?? (short ? `${coinName}不足：需要 ${need} ${coinName}，当前 ${coin} ${coinName}` : null);
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !exchange.isPending && onClose()}
      title="兑换AI次数"
      width={420}
      footer={
        <>
          <Button onClick={onClose} disabled={exchange.isPending}>
            取消
          </Button>
          <Button
            variant="primary"
            onClick={() => exchange.mutate()}
            disabled={!valid || short || exchange.isPending}
            aria-busy={exchange.isPending || undefined}
          >
            {exchange.isPending ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
            确认兑换
          </Button>
        </>
      }
    >
      <p className={styles.hint}>
        每 {AI_COIN_RULE.coinsPerUse} {coinName}兑换 1 次 AI 生成或分析，一次最多兑换 {AI_COIN_RULE.maxUses} 次，兑换后立即到账。
      </p>
      <label className={styles.stepper}>
        <span>兑换次数</span>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={AI_COIN_RULE.maxUses}
          value={Number.isNaN(count) ? '' : count}
          onChange={(event) => {
            setCount(event.target.valueAsNumber);
            setRefusal(null);
          }}
          data-testid="ai-count"
        />
        <span>次</span>
      </label>
      <p className={styles.summary}>
        需消耗 <strong data-testid="ai-need">{need}</strong> {coinName}，当前 <strong>{coin}</strong> {coinName}
      </p>
      {!valid ? <p className={styles.error}>请输入 1 到 {AI_COIN_RULE.maxUses} 之间的整数</p> : null}
      {valid && message ? (
        <p role="alert" className={styles.error}>
          {message}
        </p>
      ) : null}
    </Dialog>
  );
}
