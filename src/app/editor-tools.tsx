import { lazy, Suspense } from 'react';

/**
 * Tools of other features shown in the editor's header (features never import one another; the app shell joins
 * them): 导入题目 / 导出 of project-transfer (issue 53 item 2).
 */
export interface TEditorToolsProps {
  questionId: string;
  canEdit: boolean;
  /** Save what the editor holds and resolve once it is saved (an import then adds after it). */
  settle: () => Promise<void>;
  /** Read the project again (after subjects were added on the server). */
  reload: () => void;
}

const TransferMenu = lazy(() => import('../features/project-transfer/transfer-menu').then((m) => ({ default: m.TransferMenu })));

export function EditorTools(props: TEditorToolsProps) {
  return (
    <Suspense fallback={null}>
      <TransferMenu {...props} />
    </Suspense>
  );
}
