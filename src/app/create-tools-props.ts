import type { TFileProjectType } from '../api/transfer';

/** What a 新建 page gives the create tools of other features (src/app/create-tools.tsx mounts them). */
export interface TCreateToolsProps {
  /** The page's kind: 问卷 1, 考试 2, 表单 4 — the kinds a file can start (schemas/api/transfer.ts FILE_PROJECT_TYPES). */
  questionType: TFileProjectType;
}
