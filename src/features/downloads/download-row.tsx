import { BookOpen, ChartNoAxesColumn, Download, FileArchive, FileSpreadsheet, FileText, LoaderCircle, Rows3, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TExportJob, TExportKind } from '../../../schemas/api/export-jobs';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { formatDateTime } from '../../ui/format-time';
import { DOWNLOADS_NS } from './downloads-i18n';
import styles from './downloads-styles';

const ICONS: Record<TExportKind, typeof FileText> = {
  xlsx: FileSpreadsheet,
  csv: FileText,
  pdf: FileText,
  zip: FileArchive,
  sav: ChartNoAxesColumn,
  longcsv: Rows3,
  codebook: BookOpen,
};

/** "1.2 MB" */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

interface TDownloadRowProps {
  job: TExportJob;
  when: { relative: string; absolute: string };
  downloading: boolean;
  onDownload: () => void;
  onDelete: () => void;
}

/** One export job: file and project, kind, a progress bar while it runs, time, download and delete. */
export function DownloadRow({ job, when, downloading, onDownload, onDelete }: TDownloadRowProps) {
  const { t } = useTranslation(DOWNLOADS_NS);
  const Icon = ICONS[job.kind];
  const open = job.status === 'queued' || job.status === 'running';
  return (
    <li className={styles.row} data-testid="download-row" data-status={job.status}>
      <div className={styles.file}>
        <span className={cx(styles.icon, styles[job.kind])} aria-hidden>
          <Icon size={20} />
        </span>
        <div className={styles.fileText}>
          <p className={styles.fileName} title={job.fileName}>
            {job.fileName}
          </p>
          <p className={styles.sub}>{t('project', { title: job.projectTitle })}</p>
        </div>
      </div>
      <span className={styles.kind}>{t(`kind.${job.kind}`)}</span>
      <div className={styles.state}>
        {open ? (
          <>
            <div
              className={styles.bar}
              role="progressbar"
              aria-label={t('progressLabel', { name: job.fileName })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={job.progress}
            >
              <span style={{ width: `${Math.max(job.progress, 3)}%` }} />
            </div>
            <span className={styles.stateText}>{job.status === 'queued' ? t('status.queued') : t('status.running', { progress: job.progress })}</span>
          </>
        ) : job.status === 'done' ? (
          <span className={styles.stateText}>
            <span className={styles.done}>{t('status.done')}</span>
            {job.size !== null ? ` · ${formatSize(job.size)}` : null}
            {job.expireTime ? <span className={styles.sub}>{t('expires', { date: formatDateTime(job.expireTime) })}</span> : null}
          </span>
        ) : (
          <span className={styles.stateText}>
            <span className={styles.failed}>{t('status.failed')}</span>
            {job.error ? <span className={styles.error}>{job.error}</span> : null}
          </span>
        )}
      </div>
      <time className={styles.time} dateTime={job.createTime} title={when.absolute}>
        {when.relative}
      </time>
      <div className={styles.actions}>
        <Button size="sm" variant="primary" disabled={job.status !== 'done' || downloading} onClick={onDownload}>
          {downloading ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : <Download size={14} aria-hidden />}
          {downloading ? t('downloading') : t('download')}
        </Button>
        <Button size="sm" variant="ghost" icon aria-label={`${t('delete')} ${job.fileName}`} title={t('delete')} onClick={onDelete}>
          <Trash2 size={16} aria-hidden />
        </Button>
      </div>
    </li>
  );
}
