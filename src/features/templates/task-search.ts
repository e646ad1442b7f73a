import { useLocation } from '@tanstack/react-router';
import { TASK_TYPES } from '../../../schemas/project-kinds';

type TTaskType = (typeof TASK_TYPES)[number];

/**
 * The task a template screen was opened for from the task centre (/task.html → ?taskId=…&taskType=2-8): a copy made
 * here carries both to getQuestionCopy, which checks the taskId and completes the task (spec §9). {} otherwise.
 */
export function useTaskSearch(): { taskId?: string; taskType?: TTaskType } {
  return useLocation({
    select: (location) => {
      const search = location.search as Record<string, unknown>;
      const taskType = TASK_TYPES.find((type) => type === String(search.taskType ?? ''));
      const taskId = typeof search.taskId === 'string' && search.taskId ? search.taskId : undefined;
      return taskType && taskId ? { taskId, taskType } : {};
    },
    structuralSharing: true,
  });
}
