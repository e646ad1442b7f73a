import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatProjectTime } from '../../../schemas/project-time';
import { RELATIVE_EN, RELATIVE_ZH, relativeTime } from '../../ui/format-time';

/** Relative times that stay current while the page is open (re-read every 30 s); absolute ones in the project's zone. */
export function useRelativeTime() {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(id);
  }, []);
  const words = i18n.language === 'en' ? RELATIVE_EN : RELATIVE_ZH;
  return (value: string) => ({ relative: relativeTime(value, now, words), absolute: formatProjectTime(value) });
}
