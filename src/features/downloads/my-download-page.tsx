import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FolderDown, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TExportJob } from '../../../schemas/api/export-jobs';
import { delDownload, downloadKeys, downloadListQuery, getDownloadUrl } from '../../api/exports';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { RELATIVE_EN, RELATIVE_ZH, formatDateTime, relativeTime } from '../../ui/format-time';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { usePagedList } from '../../ui/use-paged-list';
import { DownloadRow } from './download-row';
import { DOWNLOADS_NS } from './downloads-i18n';
import styles from './downloads-styles';
import { followDownload } from '../../ui/follow-download';

const PAGE_SIZE = 10;

/** Relative times (spec §9) that stay current while the page is open. */
function useWhen() {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(id);
  }, []);
  const words = i18n.language === 'en' ? RELATIVE_EN : RELATIVE_ZH;
  return (value: string) => ({ relative: relativeTime(value, now, words), absolute: formatDateTime(value) });
}

/** /myDownload.html (我的下载): the user's export jobs, polled while any is queued or running. */
export function MyDownloadPage() {
  const { t } = useTranslation(DOWNLOADS_NS);
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<TExportJob | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const list = usePagedList(downloadListQuery, PAGE_SIZE);
  const when = useWhen();
  const remove = useMutation({
    mutationFn: (job: TExportJob) => delDownload(job.jobId),
    onSuccess: () => {
      toast.success(t('deleted'));
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: downloadKeys.all });
    },
  });

  // Only a refresh the user asked for spins the button; the background polling stays quiet.
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await list.query.refetch();
    } finally {
      setRefreshing(false);
    }
  };

  const download = async (job: TExportJob) => {
    setDownloading(job.jobId);
    try {
      const link = await getDownloadUrl(job.jobId);
      followDownload(link.url, link.fileName);
      toast.success(t('started'));
    } finally {
      setDownloading(null);
    }
  };

  let content;
  if (list.loading) content = <LoadingState />;
  else if (list.failed) {
    content = (
      <ErrorState
        title={t('loadError')}
        actions={
          <Button variant="primary" onClick={() => void list.query.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  } else if (!list.list.length) {
    content = (
      <EmptyState
        icon={<FolderDown size={32} strokeWidth={1.6} />}
        title={t('empty.title')}
        description={t('empty.desc')}
        actions={
          <Button variant="primary" asChild>
            <Link to="/questionnaire/list.html">{t('empty.toProjects')}</Link>
          </Button>
        }
      />
    );
  } else {
    content = (
      <>
        <div className={styles.headRow} aria-hidden>
          <span>{t('columns.file')}</span>
          <span>{t('columns.kind')}</span>
          <span>{t('columns.status')}</span>
          <span>{t('columns.time')}</span>
          <span className={styles.right}>{t('columns.action')}</span>
        </div>
        <ul className={styles.list}>
          {list.list.map((job) => (
            <DownloadRow
              key={job.jobId}
              job={job}
              when={when(job.createTime)}
              downloading={downloading === job.jobId}
              onDownload={() => void download(job)}
              onDelete={() => setDeleting(job)}
            />
          ))}
        </ul>
        <Pager {...list.pager} totalLabel={t('list.total', { total: list.total })} label={t('pager')} previousLabel={t('previous')} nextLabel={t('next')} />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1>{t('title')}</h1>
          <p className={styles.intro}>{t('intro')}</p>
        </div>
        <Button onClick={() => void refresh()} disabled={refreshing} aria-label={t('refresh')}>
          <RefreshCw size={14} className={refreshing ? styles.spin : undefined} aria-hidden />
          {t('refresh')}
        </Button>
      </header>
      <section className={styles.panel}>{content}</section>
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: deleting?.fileName ?? '' })}
        confirmLabel={t('deleteConfirm')}
        cancelLabel={t('cancel')}
        tone="danger"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

export default MyDownloadPage;
