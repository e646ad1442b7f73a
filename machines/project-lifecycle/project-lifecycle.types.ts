/** The project a lifecycle action is about (a list row, a workbench row, the editor's project). */
export interface TLifecycleProject {
  questionId: string;
  /** 0 not collecting (draft or paused), 1 collecting (published). */
  status: number;
  /** Answers collected so far: decides the modify reminder's wording. */
  dataCount: number;
  /** The kind (1 survey, 2 exam, 4 form …): the reminder names it (修改考试将暂停收集). */
  questionType?: number;
}

export interface TLifecycleContext {
  project: TLifecycleProject | null;
  /** 本次编辑不再提醒 was ticked earlier in this editing session: edits pause without asking. */
  skipReminder: boolean;
  /** The checkbox on the reminder now on screen. */
  dontRemind: boolean;
  error: string | null;
}

export interface TLifecycleInput {
  /** The session's earlier choice (the screen keeps it in sessionStorage). */
  skipReminder?: boolean;
}

export interface TSetStatusInput {
  questionId: string;
  status: 0 | 1;
}

export type TLifecycleEvent =
  /** 编辑: a collecting project asks first (spec §4 modify reminder); a paused one opens the editor. */
  | { type: 'project.edit'; project: TLifecycleProject }
  | { type: 'project.publish'; project: TLifecycleProject }
  | { type: 'project.pause'; project: TLifecycleProject }
  /** The reminder's 本次编辑不再提醒 checkbox. */
  | { type: 'reminder.toggle'; checked: boolean }
  | { type: 'reminder.confirm' }
  | { type: 'reminder.cancel' }
  | { type: 'error.dismiss' };
