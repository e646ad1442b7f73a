import { done, failure, type TStandIns } from '../stand-ins';
import type { TLifecycleEvent } from './project-lifecycle.types';

export const projectLifecycleStandIns: TStandIns = {
  setStatus: {
    does: 'activity/question/getQuestionStatus {questionId, status}',
    outcomes: { success: done(null), 'no power': failure('没有该项目的操作权限'), failure: failure('系统处理出错') },
  },
};

export const projectLifecycleSampleEvents: TLifecycleEvent[] = [
  { type: 'project.edit', project: { questionId: 'q_collecting1', status: 1, dataCount: 12 } },
  { type: 'project.edit', project: { questionId: 'q_paused0001', status: 0, dataCount: 0 } },
  { type: 'project.publish', project: { questionId: 'q_paused0001', status: 0, dataCount: 0 } },
  { type: 'project.pause', project: { questionId: 'q_collecting1', status: 1, dataCount: 12 } },
  { type: 'reminder.toggle', checked: true },
  { type: 'reminder.toggle', checked: false },
];
