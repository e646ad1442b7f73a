import { lazy, Suspense } from 'react';
import { FILE_PROJECT_TYPES } from '../../schemas/api/transfer';
import type { TFileProjectType } from '../api/transfer';

const CreateFromFile = lazy(() => import('../features/project-transfer/create-from-file').then((m) => ({ default: m.CreateFromFile })));

/** Whether a 新建 page of this kind offers 「从文件导入」 (问卷, 考试, 表单). */
export const canCreateFromFile = (questionType: number | undefined): questionType is TFileProjectType =>
  (FILE_PROJECT_TYPES as readonly number[]).includes(questionType ?? 0);

/**
 * The 新建 page's 「从文件导入」 button of project-transfer (issue 53 item 2; features never import one another: the
 * app shell joins them, as src/app/editor-tools.tsx does for the editor).
 */
export function CreateFromFileButton({ questionType }: { questionType: TFileProjectType }) {
  return (
    <Suspense fallback={null}>
      <CreateFromFile questionType={questionType} />
    </Suspense>
  );
}
