import { FileUp } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { parsePathFile, type TFlowPathFile } from '../../../machines/simulation/path-file';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import styles from './dev-flows-styles';

/** Paste a flow's JSON or pick a .flow.json file; the page then replays it step by step (`onImport` may refuse it). */
export function ImportDialog({
  open,
  onOpenChange,
  onImport,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImport: (file: TFlowPathFile) => string | null;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (value: string) => {
    const parsed = parsePathFile(value);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    const refused = onImport(parsed.file);
    setError(refused);
    if (!refused) setText('');
  };
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const value = await file.text();
    setText(value);
    submit(value);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="导入路径"
      description="粘贴导出的路径 JSON，或选择 .flow.json 文件。导入后从初始状态逐步重放。"
      width={560}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            取消
          </Button>
          <Button variant="primary" disabled={!text.trim()} onClick={() => submit(text)}>
            导入并重放
          </Button>
        </>
      }
    >
      <label htmlFor={`${id}-text`} className={styles.editorLabel}>
        路径 JSON
      </label>
      <textarea
        id={`${id}-text`}
        className={styles.textarea}
        rows={10}
        value={text}
        spellCheck={false}
        placeholder='{"kind": "wenjuan.flow-path", "version": 1, "machine": "…", "steps": […]}'
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
      />
      {error ? (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : null}
      <label className={styles.fileButton}>
        <FileUp size={14} aria-hidden />
        选择文件
        <input type="file" accept=".json,application/json" className="visually-hidden" onChange={(event) => void pick(event)} aria-label="选择路径文件" />
      </label>
    </Dialog>
  );
}
