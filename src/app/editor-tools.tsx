import { lazy, Suspense } from 'react';
import type { TEditorToolsProps } from './editor-tools-props';

const TransferMenu = lazy(() => import('../features/project-transfer/transfer-menu').then((m) => ({ default: m.TransferMenu })));

/**
 * Tools of other features shown in the editor's header (features never import one another; the app shell joins
 * them): 导入题目 / 导出 of project-transfer (issue 53 item 2).
 */
export function EditorTools(props: TEditorToolsProps) {
  return (
    <Suspense fallback={null}>
      <TransferMenu {...props} />
    </Suspense>
  );
}
