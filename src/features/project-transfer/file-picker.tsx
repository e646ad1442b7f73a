import { CircleAlert, FileUp, LoaderCircle } from 'lucide-react';
import { Button } from '../../ui/button';
import styles from './project-transfer.module.css';

interface TFilePickerProps {
  /** The name of the file being read, while it is read. */
  reading?: string;
  error?: string;
  onPick: () => void;
}

/** The first step of both import dialogs: what files are read, the 选择文件 button, and why the last file was refused. */
export function FilePicker({ reading, error, onPick }: TFilePickerProps) {
  return (
    <div className={styles.picker}>
      <FileUp size={28} className={styles.pickerIcon} aria-hidden />
      <p className={styles.pickerTitle}>{reading ? `正在读取「${reading}」…` : '选择要导入的文件'}</p>
      <p className={styles.pickerHint}>支持本平台导出的完整 JSON、SurveyJS 问卷 JSON 和题目 Excel（.xlsx）。</p>
      <p className={styles.pickerHint}>Excel 第 1 行为表头：题号、题型、题目、必答、分值、选项1、选项2…，每行一道题；考试的正确选项后加「【正确】」。</p>
      <Button variant="primary" onClick={onPick} disabled={Boolean(reading)}>
        {reading ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : <FileUp size={14} aria-hidden />}
        选择文件
      </Button>
      {error ? (
        <p className={styles.pickError} role="alert">
          <CircleAlert size={14} aria-hidden />
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The hidden file input both dialogs open from their buttons. */
export const FILE_ACCEPT = '.json,.xlsx,application/json';
