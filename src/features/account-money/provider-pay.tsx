import { useMutation } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type ReactNode } from 'react';
import type { TSaveRechargeResult } from '../../../schemas/api/recharge';
import { yuanOf } from '../../../schemas/money/catalog';
import styles from './account-money-styles';

/** The two providers an account's own payment (a recharge, a plan, a package) goes through. */
export const PAY_METHODS = [
  { id: 'wechat', name: '微信支付' },
  { id: 'alipay', name: '支付宝' },
] as const;
export type TPayMethod = (typeof PAY_METHODS)[number]['id'];

/** 支付方式: the providers as a radio group. */
export function PayMethodField({ method, onChange }: { method: TPayMethod; onChange: (method: TPayMethod) => void }) {
  return (
    <fieldset className={styles.field}>
      <legend className={styles.label}>支付方式</legend>
      <div className={styles.choices} role="radiogroup" aria-label="支付方式">
        {PAY_METHODS.map((m) => (
          <button key={m.id} type="button" role="radio" aria-checked={method === m.id} className={styles.choice} onClick={() => onChange(m.id)}>
            {m.name}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Making a provider order (recharge/saveRechargeOrder): a cashier to go to is opened at once; WeChat's native pay
 * answers a code to scan, kept as `started` for ScanToPay.
 */
export function useProviderOrder<TArg>(makeOrder: (arg: TArg) => Promise<TSaveRechargeResult>) {
  const [started, setStarted] = useState<TSaveRechargeResult | null>(null);
  const start = useMutation({
    mutationFn: makeOrder,
    onSuccess: (result) => {
      if (result.launch.kind === 'redirect') window.location.assign(result.launch.url);
      else setStarted(result);
    },
  });
  return { start, started };
}

/** WeChat's native pay answers a code to scan: shown, with `outcome` asking the order's state until it is paid. */
export function ScanToPay({ started, outcome }: { started: TSaveRechargeResult; outcome: ReactNode }) {
  if (started.launch.kind !== 'qr')
    return (
      <p role="alert" className={`${styles.notice} ${styles.error}`}>
        请在微信中打开本页完成支付
      </p>
    );
  return (
    <div className={styles.qr}>
      <QRCodeSVG value={started.launch.codeUrl} size={180} level="M" marginSize={0} title="微信扫码支付" />
      <p>请用微信扫码支付 ¥{yuanOf(started.amountFen)}</p>
      {outcome}
    </div>
  );
}
