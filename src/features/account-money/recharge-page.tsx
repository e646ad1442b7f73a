import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { yuanOf } from '../../../schemas/money/catalog';
import { saveRecharge, transactionAmountQuery } from '../../api/money';
import { Button } from '../../ui/button';
import styles from './account-money-styles';
import { PayMethodField, ScanToPay, useProviderOrder, type TPayMethod } from './provider-pay';
import { AMOUNT_CHOICES, parseYuan } from './recharge-amount';
import { RechargeOutcome } from './recharge-return';

function useSearch() {
  const search = useLocation({ select: (l) => l.searchStr });
  const params = new URLSearchParams(search);
  // Read raw: the router parses search values as JSON, and a 20-digit number is not a safe number.
  const orderNo = params.get('orderNo') ?? '';
  const amount = params.get('amount') ?? '';
  return { orderNo: /^R\d{20}$/.test(orderNo) ? orderNo : '', amount: /^\d{1,5}$/.test(amount) ? amount : '' };
}

/**
 * /accountRecharge/index.html (账户充值): the balance, an amount (a tap or typed, checked as the server does) and
 * the pay method; 立即充值 makes a recharge order and goes to the provider's cashier, which sends the payer back
 * here with `?orderNo=`, where the order's state is asked.
 */
export function RechargePage() {
  const search = useSearch();
  const inputId = useId();
  const offered = AMOUNT_CHOICES.includes(Number(search.amount)) ? search.amount : '';
  const [picked, setPicked] = useState<string>(offered || (search.amount ? '' : '100'));
  const [custom, setCustom] = useState(offered ? '' : search.amount);
  const [method, setMethod] = useState<TPayMethod>('wechat');
  const [touched, setTouched] = useState(false);
  const amount = useQuery(transactionAmountQuery());
  const parsed = parseYuan(picked || custom);
  const { start, started } = useProviderOrder((fen: number) => saveRecharge(fen, method));
  const submit = () => {
    setTouched(true);
    if (parsed.ok) start.mutate(parsed.fen);
  };

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1>账户充值</h1>
          <p className={styles.intro}>余额可用于购买会员版本和各类套餐</p>
        </div>
        <div className={styles.links}>
          <Button asChild>
            <Link to="/transactionsRecord/index.html">交易记录</Link>
          </Button>
          <Button asChild>
            <Link to="/member/index.html">会员中心</Link>
          </Button>
        </div>
      </header>
      {search.orderNo ? <RechargeOutcome orderNo={search.orderNo} /> : null}
      <section className={`${styles.panel} ${styles.summary}`} aria-label="账户余额">
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>账户余额</dt>
            <dd className={styles.money} data-testid="balance">
              {amount.isPending ? '…' : amount.isError ? '加载失败' : `¥${yuanOf(amount.data.balanceFen)}`}
            </dd>
          </div>
        </dl>
      </section>
      <section className={styles.panel} aria-label="充值">
        {started ? (
          <ScanToPay started={started} outcome={<RechargeOutcome orderNo={started.orderNo} />} />
        ) : (
          <form
            className={styles.form}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <fieldset className={styles.field}>
              <legend className={styles.label}>充值金额</legend>
              <div className={styles.choices} role="radiogroup" aria-label="充值金额">
                {AMOUNT_CHOICES.map((yuan) => (
                  <button
                    key={yuan}
                    type="button"
                    role="radio"
                    aria-checked={picked === String(yuan)}
                    className={styles.choice}
                    onClick={() => {
                      setPicked(String(yuan));
                      setCustom('');
                    }}
                  >
                    {yuan} 元
                  </button>
                ))}
              </div>
              <label htmlFor={inputId} className={styles.hint}>
                其他金额（元，1–50000，最多两位小数）
              </label>
              <input
                id={inputId}
                className={styles.input}
                inputMode="decimal"
                value={custom}
                placeholder="输入金额"
                aria-invalid={touched && !picked && !parsed.ok}
                onChange={(event) => {
                  setCustom(event.target.value);
                  setPicked('');
                }}
              />
              {touched && !parsed.ok ? (
                <p role="alert" className={styles.fieldError}>
                  {parsed.message}
                </p>
              ) : null}
            </fieldset>
            <PayMethodField method={method} onChange={setMethod} />
            {start.isError ? (
              <p role="alert" className={`${styles.notice} ${styles.error}`}>
                {start.error.message}
              </p>
            ) : null}
            <div>
              <Button type="submit" variant="primary" size="lg" disabled={start.isPending} aria-busy={start.isPending || undefined}>
                {start.isPending ? <LoaderCircle size={16} className={styles.spin} aria-hidden /> : null}
                {parsed.ok ? `立即充值 ¥${yuanOf(parsed.fen)}` : '立即充值'}
              </Button>
            </div>
          </form>
        )}
      </section>
    </div>
  );
}
