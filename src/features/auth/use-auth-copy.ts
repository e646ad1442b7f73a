import { useTranslation } from 'react-i18next';
import { useBrand } from '../../app/use-route-entry';
import '../../i18n';
import { authEn } from './auth-messages.en';
import { authZhCN, type TAuthMessages } from './auth-messages.zh-CN';

/** The auth pages' copy in the current language, and `fill` for `{{brand}}` / `{{count}}` placeholders. */
export function useAuthCopy(): { copy: TAuthMessages; fill: (text: string, values?: Record<string, string | number>) => string } {
  const { i18n } = useTranslation();
  const brand = useBrand();
  const copy = i18n.language === 'en' ? authEn : authZhCN;
  const fill = (text: string, values: Record<string, string | number> = {}) =>
    text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(key === 'brand' ? (values.brand ?? brand.name) : (values[key] ?? '')));
  return { copy, fill };
}
