import { useTranslation } from 'react-i18next';
import { HOME_NS } from './home-i18n';
import { homeEn } from './home-messages.en';
import { homeZhCN, type THomeMessages } from './home-messages.zh-CN';

/** Structured page copy (lists, cards) for the current language; `t` for interpolated strings. */
export function useHomeCopy(): { copy: THomeMessages; t: ReturnType<typeof useTranslation>['t'] } {
  const { t, i18n } = useTranslation(HOME_NS);
  return { copy: i18n.language === 'en' ? homeEn : homeZhCN, t };
}
