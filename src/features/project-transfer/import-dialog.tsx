import { LoaderCircle } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import type { TPreviewResult } from '../../../schemas/api/transfer';
import { importSubjects, previewImport } from '../../api/transfer';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { toast } from '../../ui/toast';
import { FILE_ACCEPT, FilePicker } from './file-picker';
import { ImportPreview } from './import-preview';
import { FORMAT_LABELS, readTransferFile, type TPickedFile } from './transfer-file';
import styles from './project-transfer.module.css';

type TStep = { kind: 'pick'; error?: string } | { kind: 'reading'; name: string } | { kind: 'preview'; file: TPickedFile; preview: TPreviewResult };

interface TImportDialogProps {
  questionId: string;
  settle: () => Promise<void>;
  reload: () => void;
  onClose: () => void;
}

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : '文件读取失败，请重试');

/** 导入题目: pick a .json (ours or SurveyJS) or .xlsx, see what would be added and what cannot, then add it. */
export function ImportDialog({ questionId, settle, reload, onClose }: TImportDialogProps) {
  const [step, setStep] = useState<TStep>({ kind: 'pick' });
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = '';
    if (!picked) return;
    setStep({ kind: 'reading', name: picked.name });
    try {
      const file = await readTransferFile(picked);
      setStep({ kind: 'preview', file, preview: await previewImport(questionId, file.format, file.content) });
    } catch (error) {
      setStep({ kind: 'pick', error: errorText(error) });
    }
  };

  const confirm = async () => {
    if (step.kind !== 'preview') return;
    setSaving(true);
    try {
      await settle();
      const result = await importSubjects(questionId, step.file.format, step.file.content);
      reload();
      toast.success(`已导入 ${result.added} 道题`);
      onClose();
    } catch (error) {
      if (!(error instanceof Error && error.name === 'ApiError')) toast.error(errorText(error));
      setSaving(false);
    }
  };

  const count = step.kind === 'preview' ? step.preview.subjects.length : 0;
  const footer = (
    <>
      <Button onClick={onClose}>取消</Button>
      {step.kind === 'preview' ? (
        <Button variant="primary" onClick={() => void confirm()} disabled={!count || saving}>
          {saving ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
          {count ? `确认导入 ${count} 道题` : '确认导入'}
        </Button>
      ) : null}
    </>
  );

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())} title="导入题目" width={620} footer={footer}>
      <input
        ref={input}
        type="file"
        accept={FILE_ACCEPT}
        className="visually-hidden"
        onChange={(e) => void pick(e)}
        aria-label="选择要导入的文件"
        tabIndex={-1}
      />
      {step.kind === 'preview' ? (
        <ImportPreview name={step.file.name} formatLabel={FORMAT_LABELS[step.file.format]} preview={step.preview} onRepick={() => input.current?.click()} />
      ) : (
        <FilePicker
          reading={step.kind === 'reading' ? step.name : undefined}
          error={step.kind === 'pick' ? step.error : undefined}
          onPick={() => input.current?.click()}
        />
      )}
    </Dialog>
  );
}
