import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/states';
import { PROJECTS_NS } from './projects-i18n';
import type { TProjectKind } from './use-work-kind';

/** The project list with nothing to show: a search or tab that found none (with a way back), or no project yet. */
export function ProjectListEmpty({
  kind,
  kindName,
  filtered,
  onClearSearch,
}: {
  kind: TProjectKind;
  kindName: string;
  filtered: boolean;
  onClearSearch: () => void;
}) {
  const { t } = useTranslation(PROJECTS_NS);
  return filtered ? (
    <EmptyState
      title={t('list.emptySearch', { kind: kindName })}
      description={t('list.emptySearchDesc')}
      actions={<Button onClick={onClearSearch}>{t('list.clearSearch')}</Button>}
    />
  ) : (
    <EmptyState
      title={t('list.empty', { kind: kindName })}
      description={t('list.emptyDesc')}
      actions={
        <>
          <Button variant="primary" asChild>
            <Link to={kind.create}>
              <Plus size={14} aria-hidden />
              {t('list.create', { kind: kindName })}
            </Link>
          </Button>
          <Button asChild>
            <Link to={kind.templates}>{t('list.browseTemplates')}</Link>
          </Button>
        </>
      }
    />
  );
}
