import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPictureName, type TAnswerFile } from '../../../schemas/subjects/answer-files';
import { FILES_NS } from './answer-files-i18n';
import styles from './answer-files.module.css';

const size = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);
/** Only our own upload addresses are linked (answers are respondents' data). */
const isUpload = (url: string) => /^\/uploads\/[\w-]+\.[a-z0-9]{1,10}$/.test(url);

function Thumb({ file, label }: { file: TAnswerFile; label: string }) {
  const [broken, setBroken] = useState(false);
  if (broken || !isPictureName(file.fileName)) {
    return (
      <span className={styles.icon} aria-hidden>
        <FileText size={24} strokeWidth={1.6} />
      </span>
    );
  }
  return (
    <a className={styles.thumb} href={file.fileUrl} target="_blank" rel="noopener noreferrer" aria-label={label}>
      <img src={`${file.fileUrl}?thumb=1`} alt="" loading="lazy" onError={() => setBroken(true)} />
    </a>
  );
}

/**
 * The files of one answer (file subject 13, signature 33): a thumbnail for an image, an icon otherwise, the name
 * opening the file in a new tab and a download link. The files open for the project's members only (the server
 * checks the login the browser sends).
 */
export function AnswerFiles({ files, compact = false }: { files: TAnswerFile[]; compact?: boolean }) {
  const { t } = useTranslation(FILES_NS);
  const list = files.filter((f) => isUpload(f.fileUrl));
  if (!list.length) return <span className={styles.size}>{t('none')}</span>;
  return (
    <ul className={`${styles.files} ${compact ? styles.compact : ''}`} aria-label={t('list')}>
      {list.map((f) => (
        <li key={f.fileUrl} className={styles.file}>
          <Thumb file={f} label={t('openName', { name: f.fileName })} />
          <span className={styles.meta}>
            <a className={styles.name} href={f.fileUrl} target="_blank" rel="noopener noreferrer" title={f.fileName}>
              {f.fileName}
            </a>
            {f.fileSize !== null ? <span className={styles.size}>{size(f.fileSize)}</span> : null}
          </span>
          <a className={styles.download} href={`${f.fileUrl}?download=1`} download={f.fileName} aria-label={t('downloadName', { name: f.fileName })}>
            <Download size={14} aria-hidden />
            <span className={styles.downloadLabel}>{t('download')}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
