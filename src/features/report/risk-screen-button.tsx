import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TRiskScreenResult } from '../../../schemas/api/report';
import { QUOTA_BUY_PATHS } from '../../../schemas/money/catalog';
import { ApiError } from '../../api/client';
import { getRiskScreen, reportKeys, riskScreen } from '../../api/report';
import { toast } from '../../ui';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { REPORT_NS } from './report-i18n';
import styles from './report-styles';

const isQuotaEmpty = (error: unknown) => error instanceof ApiError && (error.data as { reason?: string } | null)?.reason === 'quotaEmpty';

/**
 * 风控筛查 on the data detail: a confirm dialog with the sheets waiting and the owner's units left, then the
 * screening (one unit per sheet, oldest first, as many as the units cover). The result stays under the button;
 * the table reloads with the new 可疑 tags. No units: the refusal and the way to the package page.
 */
export function RiskScreenButton({ questionId }: { questionId: string }) {
  const { t } = useTranslation(REPORT_NS);
  const client = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<TRiskScreenResult | null>(null);
  const info = useQuery({ queryKey: reportKeys.risk(questionId), queryFn: () => getRiskScreen(questionId), enabled: open, staleTime: 0 });
  const screen = useMutation({
    mutationFn: () => riskScreen(questionId),
    onSuccess: (done) => {
      setOpen(false);
      setResult(done);
      toast.success(summary(done));
      void client.invalidateQueries({ queryKey: reportKeys.all(questionId) });
    },
  });
  const summary = (done: TRiskScreenResult) =>
    `${t('risk.done', { screened: done.screened, flagged: done.flagged, remaining: done.remaining })}${done.unscreened ? t('risk.left', { count: done.unscreened }) : ''}`;
  const data = info.data;
  const empty = Boolean(data && data.pending > 0 && data.remaining <= 0);
  const refusedEmpty = isQuotaEmpty(screen.error);
  const buy = <Link to={QUOTA_BUY_PATHS.risk}>{t('risk.buy')}</Link>;
  return (
    <div className={styles.riskBar}>
      <Button
        size="sm"
        onClick={() => {
          screen.reset();
          setOpen(true);
        }}
      >
        <ShieldCheck size={14} aria-hidden />
        {t('risk.button')}
      </Button>
      {result ? (
        <span role="status" className={styles.riskResult} data-testid="risk-result">
          {summary(result)}
        </span>
      ) : null}
      {screen.error && !open ? (
        <span role="alert" className={styles.riskError}>
          {screen.error.message} {refusedEmpty ? buy : null}
        </span>
      ) : null}
      <ConfirmDialog
        open={open}
        title={t('risk.title')}
        message={t('risk.intro')}
        confirmLabel={empty ? t('risk.buy') : t('risk.confirm')}
        cancelLabel={t('cancel')}
        busy={screen.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          if (empty) void navigate({ to: QUOTA_BUY_PATHS.risk });
          else if (data && data.pending > 0) screen.mutate();
          else setOpen(false);
        }}
      >
        {!data ? (
          <p>{t('risk.loading')}</p>
        ) : (
          <div className={styles.riskFacts}>
            <p>{t('risk.pending', { count: data.pending })}</p>
            <p>{t('risk.remaining', { count: data.remaining })}</p>
            {data.pending === 0 ? <p>{t('risk.none')}</p> : null}
            {empty ? (
              <p role="alert">
                {t('risk.empty')} {buy}
              </p>
            ) : data.remaining < data.pending ? (
              <p>{t('risk.short', { count: data.remaining })}</p>
            ) : null}
            {screen.error ? (
              <p role="alert">
                {screen.error.message} {refusedEmpty ? buy : null}
              </p>
            ) : null}
          </div>
        )}
      </ConfirmDialog>
    </div>
  );
}
