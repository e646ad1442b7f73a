import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_NS } from './report-i18n';

/** "45秒", "3分05秒", "2小时10分". */
export function useDuration() {
  const { t } = useTranslation(REPORT_NS);
  return useCallback(
    (seconds: number) => {
      const s = Math.max(0, Math.round(seconds));
      if (s < 60) return t('duration.seconds', { s });
      if (s < 3600) return t('duration.minutes', { m: Math.floor(s / 60), s: String(s % 60).padStart(2, '0') });
      return t('duration.hours', { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
    },
    [t],
  );
}
