import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArchiveRestore, ArrowLeft, LoaderCircle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TProjectInfo } from '../../../schemas/api/question';
import { binListQuery, deleteForGoodMutation, questionKeys, restoreMutation } from '../../api/question';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { cx } from '../../ui/cx';
import { formatDateTime } from '../../ui/format-time';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { usePagedList } from '../../ui/use-paged-list';
import { ListSkeleton } from './list-skeleton';
import { PROJECTS_NS } from './projects-i18n';
import styles from './project-list-styles';
import { useWorkKind } from './use-work-kind';
import { recordKindOf } from '../../../schemas/project-kinds';

const PAGE_SIZE = 10;
type TAsk = { kind: 'one'; project: TProjectInfo } | { kind: 'all' } | null;

/** A kind's recycle bin (spec §2, §4): restore, delete for good, empty the bin; each deletion is confirmed. */
export function BinPage() {
  const { t } = useTranslation(PROJECTS_NS);
  const common = useTranslation().t;
  const kind = useWorkKind();
  const kindName = t(`kind.${kind.kind}`, { ns: 'translation' });
  const [ask, setAsk] = useState<TAsk>(null);
  const bin = usePagedList((page, pageSize) => binListQuery({ questionType: kind.questionType, page, pageSize }), PAGE_SIZE);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: questionKeys.all });

  const restore = useMutation({
    ...restoreMutation(),
    onSuccess: () => {
      toast.success(t('bin.restored'));
      void refresh();
    },
  });
  const destroy = useMutation({
    ...deleteForGoodMutation(),
    onSuccess: (_, variables) => {
      toast.success(t('all' in variables ? 'bin.cleared' : 'bin.destroyed'));
      setAsk(null);
      if ('all' in variables) bin.setPage(1);
      void refresh();
    },
  });

  const { data, total } = bin;
  let content;
  if (bin.loading) content = <ListSkeleton layout="1" count={4} label={t('state.loading', { ns: 'translation' })} />;
  else if (bin.failed) {
    content = (
      <ErrorState
        title={t('list.error')}
        description={t('list.errorDesc')}
        actions={
          <Button variant="primary" onClick={() => void bin.query.refetch()}>
            {t('list.retry')}
          </Button>
        }
      />
    );
  } else if (!data?.list.length) {
    content = (
      <EmptyState
        icon={<Trash2 size={30} strokeWidth={1.6} />}
        title={t('bin.empty')}
        description={t('bin.emptyDesc', { kind: kindName })}
        actions={
          <Button asChild>
            <Link to={kind.manage}>{t('bin.back', { kind: kindName })}</Link>
          </Button>
        }
      />
    );
  } else {
    content = (
      <>
        <ul className={styles.rows}>
          {data.list.map((project) => {
            const restoring = restore.isPending && restore.variables === project.questionId;
            return (
              <li key={project.questionId} className={cx(styles.row, styles.binRow)}>
                <div className={styles.rowMain}>
                  <h3 className={styles.title}>{project.title}</h3>
                  <p className={styles.meta}>
                    {t('bin.deletedItem', {
                      records: common(`records.${recordKindOf(project.questionType, project.solitaireType)}`, { count: project.recordCount }),
                      time: formatDateTime(project.updateTime),
                    })}
                  </p>
                </div>
                <div className={styles.actions} role="group" aria-label={t('item.actions', { title: project.title })}>
                  <button type="button" className={styles.action} onClick={() => restore.mutate(project.questionId)} disabled={restore.isPending}>
                    {restoring ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : <ArchiveRestore size={14} aria-hidden />}
                    {t('bin.restore')}
                  </button>
                  <button type="button" className={cx(styles.action, styles.dangerAction)} onClick={() => setAsk({ kind: 'one', project })}>
                    <Trash2 size={14} aria-hidden />
                    {t('bin.destroy')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
        <Pager {...bin.pager} totalLabel={t('list.total', { total })} label={t('list.pager')} previousLabel={t('list.previous')} nextLabel={t('list.next')} />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <div>
          <h1>{t('bin.title', { kind: kindName })}</h1>
          <p className={styles.intro}>{t('bin.intro')}</p>
        </div>
        <div className={styles.tools}>
          <Button asChild variant="ghost">
            <Link to={kind.manage}>
              <ArrowLeft size={16} aria-hidden />
              {t('bin.back', { kind: kindName })}
            </Link>
          </Button>
          <Button variant="danger" disabled={total === 0} onClick={() => setAsk({ kind: 'all' })}>
            <Trash2 size={16} aria-hidden />
            {t('bin.clear')}
          </Button>
        </div>
      </div>
      <section className={styles.panel}>{content}</section>
      <ConfirmDialog
        open={ask !== null}
        tone="danger"
        title={ask?.kind === 'all' ? t('bin.clearTitle') : t('bin.destroyTitle')}
        message={ask?.kind === 'one' ? t('bin.destroyMessage', { title: ask.project.title }) : t('bin.clearMessage', { count: total, kind: kindName })}
        confirmLabel={ask?.kind === 'all' ? t('bin.clear') : t('bin.destroy')}
        cancelLabel={t('bin.cancel')}
        busy={destroy.isPending}
        onConfirm={() => {
          if (ask?.kind === 'one') destroy.mutate({ questionId: ask.project.questionId });
          else if (ask?.kind === 'all') destroy.mutate({ all: true, questionType: kind.questionType });
        }}
        onCancel={() => setAsk(null)}
      />
    </div>
  );
}

export default BinPage;
