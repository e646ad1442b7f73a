import { useTranslation } from 'react-i18next';
import { LoadingState } from '../ui/states';

/** Shown while a route chunk loads (after 300 ms). */
export function PagePending() {
  const { t } = useTranslation();
  return <LoadingState label={t('state.loading')} />;
}
