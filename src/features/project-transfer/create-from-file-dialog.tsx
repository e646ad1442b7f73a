import { LoaderCircle } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import type { TPreviewFileResult } from '../../../schemas/api/transfer';
import { kindOfType } from '../../../schemas/project-kinds';
import { createProjectFromFile, previewFile, type TFileProjectType } from '../../api/transfer';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FILE_ACCEPT, FilePicker } from './file-picker';
import { ImportPreview } from './import-preview';
import { FORMAT_LABELS, readTransferFile, type TPickedFile } from './transfer-file';
import styles from './project-transfer.module.css';

type TStep =
  { kind: 'pick'; error?: string } | { kind: 'reading'; name: string } | { kind: 'preview'; file: TPickedFile; preview: TPreviewFileResult; error?: string };

interface TCreateFromFileDialogProps {
  questionType: TFileProjectType;
  onCreated: (questionId: string) => void;
  onClose: () => void;
}

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : '文件读取失败，请重试');

/** 从文件导入 on a 新建 page: pick a file, see the project it makes (title, kind, subjects, what cannot come), create it. */
export function CreateFromFileDialog({ questionType, onCreated, onClose }: TCreateFromFileDialogProps) {
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
      setStep({ kind: 'preview', file, preview: await previewFile(file.format, file.content, questionType) });
    } catch (error) {
      setStep({ kind: 'pick', error: errorText(error) });
    }
  };

  const create = async () => {
    if (step.kind !== 'preview') return;
    setSaving(true);
    try {
      const made = await createProjectFromFile(step.file.format, step.file.content, questionType);
      onCreated(made.questionId);
    } catch (error) {
      setStep({ ...step, error: errorText(error) });
      setSaving(false);
    }
  };

  const footer = (
    <>
      <Button onClick={onClose}>取消</Button>
      {step.kind === 'preview' ? (
        <Button variant="primary" onClick={() => void create()} disabled={saving}>
          {saving ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
          {saving ? '创建中…' : '创建项目'}
        </Button>
      ) : null}
    </>
  );

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())} title="从文件导入" width={620} footer={footer}>
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
        <div className={styles.preview}>
          <dl className={styles.projectFacts}>
            <div>
              <dt>项目标题</dt>
              <dd>{step.preview.title}</dd>
            </div>
            <div>
              <dt>项目类型</dt>
              <dd>{kindOfType(step.preview.questionType)?.name ?? '问卷'}</dd>
            </div>
          </dl>
          <ImportPreview name={step.file.name} formatLabel={FORMAT_LABELS[step.file.format]} preview={step.preview} onRepick={() => input.current?.click()} />
          {step.error ? (
            <p className={styles.createError} role="alert">
              {step.error}
            </p>
          ) : null}
        </div>
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
