import { FileSpreadsheet, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { fileToBase64 } from '../../ui/base64-files';
import { MAX_XLSX_BYTES, namesIn } from './player-import';
import { blankRow, PlayerRowsField, type TRowDraft } from './player-rows-field';
import styles from './voting-styles';

export type TImportMode = 'rows' | 'names' | 'excel';
export type TImport = { names: string } | { xlsx: string } | { rows: Array<{ name: string; description: string; videoUrl: string }> };

const TITLES: Record<TImportMode, [string, string]> = {
  rows: ['批量录入选手', '每行一位选手，名称必填；编号按顺序自动生成'],
  names: ['按名称批量添加', '每行一个选手名称，编号按顺序自动生成'],
  excel: ['从 Excel 导入选手', '第一行为表头：名称（必填）、图片、介绍、分组、视频、音频；新的分组名会自动创建'],
};
const URL_RE = /^https?:\/\/\S+$/i;

interface TProps {
  mode: TImportMode | null;
  onClose: () => void;
  /** Sends the import; resolves when it is saved (the dialog then closes). */
  onImport: (body: TImport) => Promise<unknown>;
  busy: boolean;
}

/** 批量添加: paste names one a line, or an .xlsx whose first row names the columns (名称 required). */
export function PlayerImportDialog({ mode, onClose, onImport, busy }: TProps) {
  const textId = useId();
  const fileId = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rows, setRows] = useState<TRowDraft[]>(() => [blankRow(), blankRow(), blankRow()]);
  const filled = rows.filter((row) => row.name.trim());
  const count = mode === 'rows' ? filled.length : namesIn(text).length;

  const close = () => {
    setText('');
    setFile(null);
    setRows([blankRow(), blankRow(), blankRow()]);
    setError(null);
    onClose();
  };
  const choose = (chosen: File | undefined) => {
    setError(null);
    if (!chosen) return;
    if (!/\.xlsx$/i.test(chosen.name)) return setError('请上传 .xlsx 格式的 Excel 表格');
    if (chosen.size > MAX_XLSX_BYTES) return setError('文件不能超过 2MB，请分批导入');
    setFile(chosen);
  };
  const submit = async () => {
    if (mode !== 'excel' && !count) return setError('请至少输入一个选手名称');
    if (mode === 'excel' && !file) return setError('请先选择 Excel 文件');
    if (mode === 'rows' && filled.some((row) => row.videoUrl.trim() && !URL_RE.test(row.videoUrl.trim())))
      return setError('视频链接须以 http:// 或 https:// 开头');
    const body: TImport =
      mode === 'rows'
        ? { rows: filled.map((row) => ({ name: row.name.trim(), description: row.description.trim(), videoUrl: row.videoUrl.trim() })) }
        : mode === 'names'
          ? { names: text }
          : { xlsx: await fileToBase64(file!) };
    await onImport(body).then(close, () => undefined);
  };

  return (
    <Dialog
      open={mode !== null}
      onOpenChange={(open) => !open && close()}
      title={mode ? TITLES[mode][0] : ''}
      description={mode ? TITLES[mode][1] : undefined}
      width={mode === 'rows' ? 720 : 520}
      footer={
        <>
          <Button onClick={close}>取消</Button>
          <Button variant="primary" onClick={() => void submit()} disabled={busy}>
            {busy ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
            {mode !== 'excel' && count ? `添加 ${count} 位选手` : '开始导入'}
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        {mode === 'rows' ? <PlayerRowsField rows={rows} onChange={setRows} /> : null}
        {mode === 'names' ? (
          <div className={styles.field}>
            <label htmlFor={textId}>选手名称（每行一个）</label>
            <textarea
              id={textId}
              className={styles.textarea}
              rows={10}
              value={text}
              placeholder={'张三\n李四\n王五'}
              onChange={(event) => {
                setText(event.target.value);
                setError(null);
              }}
            />
          </div>
        ) : null}
        {mode === 'excel' ? (
          <div className={styles.field}>
            <label htmlFor={fileId} className={styles.uploadTile} style={{ width: '100%' }}>
              <FileSpreadsheet size={20} aria-hidden />
              {file ? `${file.name}（${Math.max(1, Math.round(file.size / 1024))} KB），点击重新选择` : '选择 Excel 文件（.xlsx，不超过 2MB）'}
            </label>
            <input
              id={fileId}
              type="file"
              hidden
              aria-label="Excel 文件"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(event) => choose(event.target.files?.[0])}
            />
          </div>
        ) : null}
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
