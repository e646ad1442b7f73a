import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TQuotaStat } from '../../../schemas/api/report';
import { updateQuota } from '../../api/option-quota';
import { reportKeys } from '../../api/report';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import { OPTION_QUOTAS_NS } from './option-quotas-i18n';
import styles from './option-quotas-styles';

const MAX = 10_000_000;

/** A quota's target, changed in place (edit power): never below its use, the server's refusal shown under it. */
export function QuotaLimitField({ questionId, quota }: { questionId: string; quota: TQuotaStat }) {
  const { t } = useTranslation(OPTION_QUOTAS_NS);
  const client = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const save = useMutation({
    mutationFn: (limit: number) => updateQuota(questionId, quota.id, limit),
    onSuccess: () => {
      setDraft(null);
      setProblem('');
      toast.success(t('saved'));
      return client.invalidateQueries({ queryKey: reportKeys.quota(questionId) });
    },
    onError: (error: Error) => setProblem(error.message),
  });
  const value = draft ?? String(quota.limit);
  const submit = () => {
    const limit = Number(value);
    if (value === '' || !Number.isInteger(limit) || limit < 0 || limit > MAX) return setProblem(t('badLimit'));
    if (limit === quota.limit) return setDraft(null);
    save.mutate(limit);
  };
  return (
    <form
      className={styles.limitForm}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className={styles.limitRow}>
        <input
          inputMode="numeric"
          className={styles.limitInput}
          aria-label={t('limitLabel', { label: quota.label })}
          aria-invalid={problem ? true : undefined}
          value={value}
          onChange={(event) => {
            setProblem('');
            setDraft(event.target.value.replace(/\D+/g, ''));
          }}
        />
        <Button size="sm" variant="primary" type="submit" disabled={draft === null || save.isPending}>
          {t('save')}
        </Button>
      </div>
      {problem ? (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
