import { Link } from '@tanstack/react-router';
import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { ApiError } from '../api/client';
import { Button } from '../ui/button';
import styles from './balance-pay.module.css';

/** 账户充值: where a purchase the balance does not cover sends the user. */
export const RECHARGE_PATH = '/accountRecharge/index.html';

/** The recharge page with the missing amount offered (whole yuan, at least the server's minimum of 1 元). */
export const rechargeTo = (missingFen: number) => `${RECHARGE_PATH}?amount=${Math.max(1, Math.ceil(missingFen / 100))}`;

/** A refused balance purchase: the server's message, and — for its 余额不足 (reason insufficientBalance) — how much is missing. */
export interface TBalanceRefusal {
  message: string;
  insufficient: boolean;
  /** Price minus balance when the refusal says both, else null. */
  missingFen: number | null;
}

/** What a failed balance purchase (member plan, package, coin pack) tells the user. */
export function balanceRefusal(error: Error): TBalanceRefusal {
  const data = error instanceof ApiError ? (error.data as { reason?: string; balanceFen?: number; priceFen?: number } | null) : null;
  const insufficient = data?.reason === 'insufficientBalance';
  const missingFen = insufficient && data.priceFen !== undefined ? data.priceFen - (data.balanceFen ?? 0) : null;
  return { message: error.message, insufficient, missingFen };
}

/**
 * The footer of a dialog paid from the account balance: 取消, then 去充值 (when `recharge` names where to top up),
 * or the pay button (spinning while `pending`; left out when `pay` is null).
 */
export function BalancePayFooter({
  pending,
  recharge,
  pay,
  onCancel,
}: {
  pending: boolean;
  recharge: string | null;
  pay: { label: ReactNode; disabled?: boolean; onPay: () => void } | null;
  onCancel: () => void;
}) {
  return (
    <>
      <Button onClick={onCancel} disabled={pending}>
        取消
      </Button>
      {recharge !== null ? (
        <Button variant="primary" asChild>
          <Link to={recharge}>去充值</Link>
        </Button>
      ) : pay ? (
        <Button variant="primary" onClick={pay.onPay} disabled={pay.disabled || pending} aria-busy={pending || undefined}>
          {pending ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
          {pay.label}
        </Button>
      ) : null}
    </>
  );
}
