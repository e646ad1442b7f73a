import { useRouter } from '@tanstack/react-router';
import { FileUp } from 'lucide-react';
import { useState } from 'react';
import type { TCreateToolsProps } from '../../app/create-tools-props';
import { projectHref } from '../../app/kinds';
import { Button } from '../../ui/button';
import { CreateFromFileDialog } from './create-from-file-dialog';

/** The 新建 page's 「从文件导入」 button (issue 53 item 2): the dialog, then the new project's editor. */
export function CreateFromFile({ questionType }: TCreateToolsProps) {
  const [open, setOpen] = useState(false);
  const router = useRouter();
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <FileUp size={14} aria-hidden />
        选择文件
      </Button>
      {open ? (
        <CreateFromFileDialog
          questionType={questionType}
          onClose={() => setOpen(false)}
          onCreated={(questionId) => router.history.push(projectHref.editor(questionId))}
        />
      ) : null}
    </>
  );
}
