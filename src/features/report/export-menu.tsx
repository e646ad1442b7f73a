import { useNavigate } from '@tanstack/react-router';
import { BookOpen, ChartNoAxesColumn, Download, FileArchive, FileSpreadsheet, FileText, FolderDown, LoaderCircle, Rows3 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANALYSIS_EXPORT_KINDS, EXPORT_DIRECT_MAX_SHEETS, type TExportKind } from '../../../schemas/api/export-jobs';
import type { TExportMode, TReportFilterInput, TSubjectStat } from '../../../schemas/api/report';
import { subjectRegistry } from '../../../schemas/subjects/registry';
import { createExportJob } from '../../api/exports';
import { exportAnswers } from '../../api/report';
import { Button } from '../../ui/button';
import { DropdownItem, DropdownLabel, DropdownMenu, DropdownSeparator } from '../../ui/dropdown-menu';
import { toast } from '../../ui/toast';
import { EXPORT_NS } from './export-messages';
import styles from './report-styles';
import { followDownload } from '../../ui/follow-download';

const ANALYSIS_ICONS = { sav: ChartNoAxesColumn, longcsv: Rows3, codebook: BookOpen } as const;

interface TExportMenuProps {
  questionId: string;
  filter: TReportFilterInput | undefined;
  /** Sheets in the current set: above EXPORT_DIRECT_MAX_SHEETS Excel and CSV go through a job. */
  total: number;
  subjects: TSubjectStat[];
  disabled: boolean;
}

/**
 * 导出数据: small Excel / CSV exports download at once; large ones, the PDF report and the zip of uploaded
 * files are queued as export jobs and a toast points to 我的下载 (/myDownload.html); so are the analysis
 * exports (SPSS .sav, long CSV, codebook), each with a one-line hint.
 */
export function ExportMenu({ questionId, filter, total, subjects, disabled }: TExportMenuProps) {
  const { t } = useTranslation(EXPORT_NS);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const hasFiles = subjects.some((s) => subjectRegistry.get(s.subjectType)?.uploads === true);

  const run = async (kind: TExportKind, mode: TExportMode = 'subject') => {
    setBusy(true);
    try {
      const direct = (kind === 'xlsx' || kind === 'csv') && total <= EXPORT_DIRECT_MAX_SHEETS;
      if (direct) {
        const link = await exportAnswers(questionId, kind, mode, filter);
        followDownload(link.url, link.fileName);
        toast.success(t('started'));
        return;
      }
      await createExportJob({ questionId, kind, mode, filter });
      toast.success(kind === 'xlsx' || kind === 'csv' ? t('large') : t('queued'), {
        description: t('queuedDesc'),
        action: { label: t('view'), onClick: () => void navigate({ to: '/myDownload.html' }) },
        duration: 6000,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <DropdownMenu
      width={300}
      trigger={
        <Button variant="primary" disabled={busy || disabled} aria-label={t('button')}>
          {busy ? <LoaderCircle size={16} className={styles.spin} aria-hidden /> : <Download size={16} aria-hidden />}
          {busy ? t('busy') : t('button')}
        </Button>
      }
    >
      <DropdownItem onSelect={() => void run('xlsx', 'subject')}>
        <FileSpreadsheet size={16} aria-hidden />
        {t('bySubject')}
      </DropdownItem>
      <DropdownItem onSelect={() => void run('xlsx', 'option')}>
        <FileSpreadsheet size={16} aria-hidden />
        {t('byOption')}
      </DropdownItem>
      <DropdownItem onSelect={() => void run('csv')}>
        <FileText size={16} aria-hidden />
        {t('csv')}
      </DropdownItem>
      <DropdownItem onSelect={() => void run('pdf')}>
        <FileText size={16} aria-hidden />
        {t('pdf')}
      </DropdownItem>
      <DropdownItem disabled={!hasFiles} onSelect={() => void run('zip')}>
        <FileArchive size={16} aria-hidden />
        {hasFiles ? t('zip') : t('zipNone')}
      </DropdownItem>
      <DropdownSeparator />
      <DropdownLabel>{t('analysis')}</DropdownLabel>
      {ANALYSIS_EXPORT_KINDS.map((kind) => {
        const Icon = ANALYSIS_ICONS[kind];
        return (
          <DropdownItem key={kind} className={styles.analysisItem} onSelect={() => void run(kind)} data-testid={`export-${kind}`}>
            <Icon size={16} aria-hidden />
            <span className={styles.analysisText}>
              <span>{t(kind)}</span>
              <span className={styles.analysisHint}>{t(`${kind}Hint`)}</span>
            </span>
          </DropdownItem>
        );
      })}
      <DropdownSeparator />
      <DropdownItem onSelect={() => void navigate({ to: '/myDownload.html' })}>
        <FolderDown size={16} aria-hidden />
        {t('myDownloads')}
      </DropdownItem>
    </DropdownMenu>
  );
}
