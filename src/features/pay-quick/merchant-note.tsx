import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, CircleCheck, Store } from 'lucide-react';
import { getProviderCount, wxPayKeys } from '../../api/wxpay';
import { cx } from '../../ui/cx';
import styles from '../../ui/quick-start.module.css';

const MERCHANT = '/merchant.html';

/**
 * Whether the organiser can receive the money: a 收款 page settles to the owner's merchant account (商户进件). Without
 * a finished one the screen says so and links to onboarding; it never says payments will arrive.
 */
export function MerchantNote() {
  const count = useQuery({ queryKey: wxPayKeys.count, queryFn: getProviderCount });
  if (count.isPending) return null;
  if (count.isError)
    return (
      <p className={styles.note} role="status">
        收款商户状态读取失败：{count.error.message}
      </p>
    );
  const { finished, auditing, to_be_signed: toBeSigned } = count.data;
  if (finished > 0)
    return (
      <p className={cx(styles.note, styles.noteOk)} role="status">
        <span>
          <CircleCheck size={14} aria-hidden /> 已开通收款商户，付款人支付的钱结算到你的商户账户
        </span>
      </p>
    );
  const pending = auditing > 0 || toBeSigned > 0;
  return (
    <div className={styles.note} role="status">
      <span>
        <Store size={14} aria-hidden />{' '}
        {pending
          ? `你的收款商户申请${toBeSigned > 0 ? '已通过审核，等待签约' : '正在审核'}，开通后付款才能结算到你的账户。`
          : '你还没有开通收款商户。收款页要把付款结算到你的账户，需要先开通收款商户。'}
      </span>
      <Link to={MERCHANT}>
        {pending ? '查看开通进度' : '去开通收款'}
        <ArrowRight size={14} aria-hidden />
      </Link>
    </div>
  );
}
