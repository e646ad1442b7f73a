import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck, Inbox, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { messageOf } from '../../../machines/shared/error-message';
import { APPLYMENT_STATE_NAMES, APPLYMENT_STATES, organizationName, type TApplymentState } from '../../../schemas/merchant/constants';
import { devMerchantListQuery } from '../../api/wxpay';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { DevReviewDetail } from './dev-review-detail';
import styles from './dev-review-styles';
import { STATE_TONE } from './dev-review-tone';

const when = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

/** /dev/merchant-review: the sandbox provider's reviewer (development only), deciding submitted applications. */
export function DevMerchantReviewPage() {
  const [state, setState] = useState<TApplymentState | undefined>(undefined);
  const [selected, setSelected] = useState('');
  const list = useQuery(devMerchantListQuery(state));

  let body;
  if (list.isPending) body = <LoadingState label="加载中…" />;
  else if (list.isError) body = <ErrorState title="申请列表读取失败" description={messageOf(list.error)} />;
  else if (!list.data.list.length) body = <EmptyState icon={<Inbox size={32} />} title="暂无进件申请" description="用户在 /merchant.html 提交后会出现在这里" />;
  else
    body = (
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">商户名称</th>
            <th scope="col">申请单号</th>
            <th scope="col">主体类型</th>
            <th scope="col">状态</th>
            <th scope="col">更新时间</th>
          </tr>
        </thead>
        <tbody>
          {list.data.list.map((row) => (
            <tr key={row.out_request_no} className={cx(row.out_request_no === selected && styles.selected)} onClick={() => setSelected(row.out_request_no)}>
              <td>
                <button type="button" className={styles.rowButton} onClick={() => setSelected(row.out_request_no)}>
                  {row.merchant_name}
                </button>
                <span className={styles.sub}>
                  {row.phone} · 第 {row.submit_count} 次提交
                </span>
              </td>
              <td className={styles.mono}>{row.out_request_no}</td>
              <td className={styles.nowrap}>{organizationName(row.organization_type)}</td>
              <td>
                <span className={cx(styles.badge, styles[STATE_TONE[row.applyment_state]])}>{row.applyment_state_desc}</span>
              </td>
              <td className={styles.time}>{when(row.updated_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.title}>
          <ClipboardCheck size={22} aria-hidden />
          商户进件审核（沙箱）
        </h1>
        <p className={styles.subtitle}>开发环境页面：内置沙箱服务商的审核台。通过后进入待签约，签约后开户完成；驳回时请注明需要修改的步骤。</p>
      </header>
      <div className={styles.toolbar}>
        <div className={styles.filters} role="tablist" aria-label="按状态筛选">
          {[undefined, ...APPLYMENT_STATES.filter((s) => s !== 'SUBMITTED')].map((value) => (
            <button
              key={value ?? 'all'}
              type="button"
              role="tab"
              aria-selected={state === value}
              className={cx(styles.filter, state === value && styles.filterOn)}
              onClick={() => setState(value)}
            >
              {value ? APPLYMENT_STATE_NAMES[value] : '全部'}
            </button>
          ))}
        </div>
        <Button onClick={() => void list.refetch()} disabled={list.isFetching}>
          <RefreshCw size={14} aria-hidden />
          刷新
        </Button>
      </div>
      <div className={styles.layout}>
        <div className={styles.panel}>{body}</div>
        <div className={styles.panel}>
          {selected ? <DevReviewDetail outRequestNo={selected} /> : <EmptyState compact title="选择左侧的一条申请" description="查看资料并给出审核结果" />}
        </div>
      </div>
    </div>
  );
}

export default DevMerchantReviewPage;
