import { Link } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from './button';
import { toast } from './toast';
import styles from './export-job.module.css';

/** One export a screen starts as an export job: whether it is being queued, and the file it queued. */
export interface ExportJob {
  exporting: boolean;
  exported: string | null;
  start: () => void;
}

/** Queue an export job (the call answers the job's file name); a refusal shows as a toast. */
export function useExportJob(queue: () => Promise<{ fileName: string }>): ExportJob {
  const [exporting, setExporting] = useState(false);
  const [exported, setExported] = useState<string | null>(null);
  return {
    exporting,
    exported,
    start: () => {
      setExporting(true);
      queue()
        .then((job) => setExported(job.fileName))
        .catch((e: Error) => void toast.error(e.message))
        .finally(() => setExporting(false));
    },
  };
}

/** The 导出 Excel button of a page header. */
export function ExportJobButton({ job, label = '导出 Excel' }: { job: ExportJob; label?: string }) {
  return (
    <Button variant="ghost" disabled={job.exporting} onClick={job.start}>
      <Download size={14} aria-hidden />
      {job.exporting ? '正在创建导出…' : label}
    </Button>
  );
}

/** Where the queued file will be: 我的下载 (`detail` says what the file holds, e.g. its sheets). */
export function ExportJobNotice({ job, detail = '' }: { job: ExportJob; detail?: string }) {
  if (!job.exported) return null;
  return (
    <p className={styles.exported} role="status">
      已开始导出「{job.exported}」{detail}，完成后可在
      <Link to="/myDownload.html">我的下载</Link>
      中下载
    </p>
  );
}
