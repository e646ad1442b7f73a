import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TProjectInfo } from '../../../schemas/api/question';
import { questionKeys, questionListQuery } from '../../api/question';
import { useCreation } from '../../api/use-creation';
import { useProjectLifecycle } from '../../api/use-project-lifecycle';
import { routeTitle } from '../../app/route-entry';
import { useBrand, useRouteEntry } from '../../app/use-route-entry';
import { Button } from '../../ui/button';
import { Pager } from '../../ui/pager';
import { ErrorState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { useDebounced } from '../../ui/use-debounced';
import { usePagedList } from '../../ui/use-paged-list';
import { ListSkeleton } from './list-skeleton';
import { ListToolbar } from './list-toolbar';
import { ProjectItem, type TProjectItemProps } from './project-item';
import { ProjectListEmpty } from './project-list-empty';
import { PROJECTS_NS } from './projects-i18n';
import styles from './project-list-styles';
import { useDeleteAndClear } from './use-delete-and-clear';
import { statusOfTab, useLayoutMode, type TSort, type TStatusTab } from './use-list-controls';
import { useWorkKind } from './use-work-kind';

export const PAGE_SIZE = 12;

/** The project list of one kind (spec §2 "Project lists"): /questionnaire/list.html, exam.html, form.html … */
export function ProjectListPage() {
  const { t } = useTranslation(PROJECTS_NS);
  const kind = useWorkKind();
  const entry = useRouteEntry();
  const brand = useBrand();
  const kindName = t(`kind.${kind.kind}`, { ns: 'translation' });
  const [tab, setTab] = useState<TStatusTab>('all');
  const [keyword, setKeyword] = useState('');
  const [sort, setSort] = useState<TSort>('updateTime');
  const [layout, setLayout] = useLayoutMode();
  const search = useDebounced(keyword.trim(), 300);

  const list = usePagedList(
    (page, pageSize) =>
      questionListQuery({ questionType: kind.questionType, status: statusOfTab(tab), keyword: search || undefined, sort, order: 'desc', page, pageSize }),
    PAGE_SIZE,
  );
  const { setPage } = list;
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: questionKeys.all });

  const lifecycle = useProjectLifecycle();
  const creation = useCreation({
    onCreated: () => {
      toast.success(t('action.copied'));
      void refresh();
    },
  });
  const removal = useDeleteAndClear(refresh);

  // A new filter starts again at page 1.
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const busyOf = (project: TProjectInfo): TProjectItemProps['busy'] => {
    if (lifecycle.busy?.questionId === project.questionId) return lifecycle.busy.action;
    const request = creation.request;
    if (creation.busy && request?.via === 'copy' && request.questionId === project.questionId) return 'copy';
    return null;
  };

  const filtered = Boolean(search) || tab !== 'all';
  let content;
  if (list.loading) content = <ListSkeleton layout={layout} label={t('state.loading', { ns: 'translation' })} />;
  else if (list.failed) {
    content = (
      <ErrorState
        title={t('list.error')}
        description={t('list.errorDesc')}
        actions={
          <Button variant="primary" onClick={() => void list.query.refetch()}>
            {t('list.retry')}
          </Button>
        }
      />
    );
  } else if (!list.list.length) {
    content = (
      <ProjectListEmpty
        kind={kind}
        kindName={kindName}
        filtered={filtered}
        onClearSearch={() => {
          setKeyword('');
          setTab('all');
          setPage(1);
        }}
      />
    );
  } else {
    content = (
      <>
        <ul className={layout === '1' ? styles.rows : styles.grid} aria-busy={list.query.isFetching || undefined}>
          {list.list.map((project) => {
            const target = { questionId: project.questionId, status: project.status, dataCount: project.dataCount, questionType: project.questionType };
            return (
              <ProjectItem
                key={project.questionId}
                project={project}
                kind={kind}
                layout={layout}
                busy={busyOf(project)}
                onEdit={() => lifecycle.edit(target)}
                onPublish={() => lifecycle.publish(target)}
                onPause={() => lifecycle.pause(target)}
                onCopy={() => creation.start({ via: 'copy', questionId: project.questionId })}
                onDelete={() => removal.askDelete(project)}
                onClear={() => removal.askClear(project)}
              />
            );
          })}
        </ul>
        <Pager
          {...list.pager}
          totalLabel={t('list.total', { total: list.total })}
          label={t('list.pager')}
          previousLabel={t('list.previous')}
          nextLabel={t('list.next')}
        />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1>{entry ? routeTitle(entry, brand.coinName) : kindName}</h1>
        <Button variant="primary" asChild>
          <Link to={kind.create}>
            <Plus size={16} aria-hidden />
            {t('list.create', { kind: kindName })}
          </Link>
        </Button>
      </div>
      <section className={styles.panel}>
        <ListToolbar
          kindName={kindName}
          tab={tab}
          onTab={filter(setTab)}
          keyword={keyword}
          onKeyword={filter(setKeyword)}
          sort={sort}
          onSort={filter(setSort)}
          layout={layout}
          onLayout={setLayout}
        />
        {content}
      </section>
      {lifecycle.dialog}
      {creation.dialog}
      {removal.dialogs}
    </div>
  );
}

export default ProjectListPage;
