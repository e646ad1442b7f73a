import { taskOf, type TaskDef } from '../../../../schemas/coins/rules';
import { shanghaiDay } from '../../../../schemas/checkin/days';
import { badInput } from '../../errors';
import { seal, unseal } from '../../wechat/sealed';

/**
 * One user's task row: on one brand ('' for a 新手任务: one row per user across the three brands, so its reward is
 * taken once in all) in one period ('' for a 新手任务, the China day for a 日常任务).
 */
export interface TaskKey {
  userId: number;
  brand: string;
  code: string;
  period: string;
}

export const TASK_MESSAGES = {
  unknown: '任务不存在或已过期',
  notDone: (progress: number, target: number) => `任务尚未完成（当前进度 ${progress}/${target}）`,
  received: '奖励已领取',
  receivedOn: (brandName: string) => `奖励已在${brandName}领取（新手任务每位用户只奖励一次）`,
  signed: '今天已签到',
  linkOnly: '只有互助答题和分享项目任务可以关联项目',
  wrongTemplate: '这不是今日推荐的模板',
} as const;

/** The brand a task's row is kept under: a 新手任务 is the user's, whatever brand; a 日常任务 is the brand's. */
export const rowBrandOf = (task: TaskDef, brand: string): string => (task.taskType === 1 ? '' : brand);

/** The period a task counts in today. */
export const periodOf = (task: TaskDef, now: Date): string => (task.taskType === 1 ? '' : shanghaiDay(now));

/**
 * The taskId the task centre hands out (spec §3: encrypted): AES-256-GCM of the code, user, brand and period with the
 * app secret, so it names nothing readable and cannot be made for someone else, another brand or another day.
 */
export const taskIdOf = (secret: string, key: TaskKey): string => seal(secret, [key.code, key.userId, key.brand, key.period].join('|'), 'task-id');

/**
 * The task a taskId names, when it is genuine, the caller's, on this brand (any brand for a 新手任务) and of today's period; otherwise "400"
 * 任务不存在或已过期 (a forged, foreign or yesterday's taskId reads the same).
 */
export function readTaskId(secret: string, taskId: string, userId: number, brand: string, now: Date): { key: TaskKey; task: TaskDef } {
  const plain = unseal(secret, taskId, 'task-id');
  const [code, user, forBrand, period] = plain?.split('|') ?? [];
  const task = code === undefined ? undefined : taskOf(code);
  if (!task || user !== String(userId) || forBrand !== rowBrandOf(task, brand) || period !== periodOf(task, now))
    throw badInput(TASK_MESSAGES.unknown, 'taskId');
  return { key: { userId, brand: forBrand, code: task.code, period: period }, task };
}
