import { useTranslation } from 'react-i18next';
import { ANSWERS_NS } from './answers-i18n';

/** "1分05秒": how long a respondent took. */
export function useDuration() {
  const { t } = useTranslation(ANSWERS_NS);
  return (seconds: number) => {
    const s = Math.max(0, Math.round(seconds));
    if (s < 60) return t('duration.seconds', { s });
    if (s < 3600) return t('duration.minutes', { m: Math.floor(s / 60), s: String(s % 60).padStart(2, '0') });
    return t('duration.hours', { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
  };
}
