import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import type { TRejectReason } from '../../../schemas/api/wxpay';
import { STEP_TITLES, type TStepKey } from '../../../schemas/merchant/constants';
import { visibleSteps } from '../../../schemas/merchant/rules';
import { messageOf } from '../../../machines/shared/error-message';
import { devMerchantApprove, devMerchantDetailQuery, devMerchantReject, devMerchantSign } from '../../api/wxpay';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { STATE_TONE } from './dev-review-tone';
import styles from './dev-review-styles';
import { reviewSections } from './review-sections';

function RejectForm({ steps, onReject, busy }: { steps: TStepKey[]; onReject: (reasons: TRejectReason[]) => void; busy: boolean }) {
  const [reasons, setReasons] = useState<Array<{ step: TStepKey | ''; reason: string }>>([{ step: '', reason: '' }]);
  const update = (i: number, patch: Partial<{ step: TStepKey | ''; reason: string }>) => setReasons(reasons.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const ready = reasons.every((r) => r.step && r.reason.trim());
  return (
    <form
      className={styles.reject}
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) onReject(reasons.map((r) => ({ step: r.step as TStepKey, reason: r.reason.trim() })));
      }}
    >
      <h3>驳回</h3>
      {reasons.map((r, i) => (
        <div key={i} className={styles.reason}>
          <select
            aria-label={`驳回步骤${i ? i + 1 : ''}`}
            value={r.step}
            onChange={(event) => update(i, { step: event.target.value as TStepKey })}
            className={styles.input}
          >
            <option value="">选择需要修改的步骤</option>
            {steps.map((step) => (
              <option key={step} value={step}>
                {STEP_TITLES[step]}
              </option>
            ))}
          </select>
          <input
            aria-label={`驳回原因${i ? i + 1 : ''}`}
            className={styles.input}
            value={r.reason}
            maxLength={200}
            placeholder="驳回原因，将展示给商户"
            onChange={(event) => update(i, { reason: event.target.value })}
          />
          {reasons.length > 1 ? (
            <button type="button" className={styles.iconButton} aria-label="删除此条原因" onClick={() => setReasons(reasons.filter((_, j) => j !== i))}>
              <X size={14} aria-hidden />
            </button>
          ) : null}
        </div>
      ))}
      <div className={styles.rejectActions}>
        <Button variant="ghost" size="sm" onClick={() => setReasons([...reasons, { step: '', reason: '' }])} disabled={reasons.length >= 10}>
          <Plus size={14} aria-hidden />
          再加一条
        </Button>
        <Button type="submit" variant="danger" disabled={!ready || busy}>
          确认驳回
        </Button>
      </div>
    </form>
  );
}

/** One application in full, with the reviewer's decisions for its state. */
export function DevReviewDetail({ outRequestNo }: { outRequestNo: string }) {
  const client = useQueryClient();
  const detail = useQuery(devMerchantDetailQuery(outRequestNo));
  const decide = useMutation({
    mutationFn: (action: () => Promise<unknown>) => action(),
    onSuccess: () => {
      toast.success('已更新审核结果');
      void client.invalidateQueries({ queryKey: ['devMerchant'] });
    },
  });
  if (detail.isPending) return <LoadingState compact />;
  if (detail.isError) return <ErrorState compact title="读取失败" description={messageOf(detail.error)} />;
  const app = detail.data;
  const steps = visibleSteps(app.application).filter((step) => step !== 'review');
  return (
    <article className={styles.detail} aria-label="申请详情">
      <header className={styles.detailHead}>
        <div>
          <h2>{app.merchant_name}</h2>
          <p className={styles.mono}>{app.out_request_no}</p>
        </div>
        <span className={cx(styles.badge, styles[STATE_TONE[app.applyment_state]])}>{app.applyment_state_desc}</span>
      </header>
      {app.applyment_state === 'AUDITING' ? (
        <div className={styles.decide}>
          <Button variant="primary" onClick={() => decide.mutate(() => devMerchantApprove(outRequestNo))} disabled={decide.isPending}>
            通过审核
          </Button>
          <RejectForm steps={steps} busy={decide.isPending} onReject={(reasons) => decide.mutate(() => devMerchantReject(outRequestNo, reasons))} />
        </div>
      ) : null}
      {app.applyment_state === 'TO_BE_SIGNED' ? (
        <div className={styles.decide}>
          <p className={styles.sub}>商户超级管理员扫码签约后即开户完成；沙箱中由此处模拟签约。</p>
          <Button variant="primary" onClick={() => decide.mutate(() => devMerchantSign(outRequestNo))} disabled={decide.isPending}>
            完成签约
          </Button>
        </div>
      ) : null}
      {app.reject_reasons.length ? (
        <ul className={styles.reasons}>
          {app.reject_reasons.map((r, i) => (
            <li key={i}>
              <strong>{STEP_TITLES[r.step]}</strong>
              {r.reason}
            </li>
          ))}
        </ul>
      ) : null}
      {reviewSections(app.application).map((section) => (
        <section key={section.key} className={styles.section}>
          <h3>{section.title}</h3>
          <dl>
            {section.lines.map((line) => (
              <div key={line.label}>
                <dt>{line.label}</dt>
                <dd>{line.value}</dd>
              </div>
            ))}
          </dl>
          {section.pictures.length ? (
            <div className={styles.pictures}>
              {section.pictures.map((p) => (
                <img key={p.label} src={p.src} alt={p.label} title={p.label} />
              ))}
            </div>
          ) : null}
        </section>
      ))}
      <ol className={styles.history} aria-label="处理记录">
        {app.history.map((event, i) => (
          <li key={i}>
            <span>{event.desc}</span>
            <time>{new Date(event.at).toLocaleString('zh-CN', { hour12: false })}</time>
          </li>
        ))}
      </ol>
    </article>
  );
}
