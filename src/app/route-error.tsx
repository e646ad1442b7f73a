import type { ErrorComponentProps } from '@tanstack/react-router';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { ErrorState } from '../ui/states';
import { isChunkLoadError } from './chunk-loader';

/** The friendly error page of every route; chunk and stylesheet failures ask for a reload (spec §8). */
export function RouteErrorPage({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  const reload = () => window.location.reload();
  return (
    <ErrorState
      title={chunk ? t('error.chunkTitle') : t('error.title')}
      description={chunk ? t('error.chunkDesc') : t('error.desc')}
      actions={
        <>
          <Button variant="primary" onClick={reload}>
            <RefreshCw size={16} aria-hidden />
            {t('error.reload')}
          </Button>
          {chunk ? null : (
            <Button asChild>
              <a href="/">{t('error.home')}</a>
            </Button>
          )}
        </>
      }
    />
  );
}
