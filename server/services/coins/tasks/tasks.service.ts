import type { TTask, TTaskRecord } from '../../../../schemas/api/coins';
import { TASKS, taskOf, type TaskDef, type TTaskState } from '../../../../schemas/coins/rules';
import { shanghaiDay } from '../../../../schemas/checkin/days';
import type { Query } from '../../../db/client';
import type { CoinLedgerRow, ProjectRow, UserTaskRow } from '../../../db/rows';
import type { TCreateResult } from '../../../../schemas/api/question';
import { copyProjectIn, type CopyKindSettings, type TCopyOptions } from '../../projects/project-create.service';
import type { Deps } from '../../deps';
import { accessProject } from '../../access/powers.service';
import type { AuthUser } from '../../access/sessions.service';
import { AppError, badInput, conflict } from '../../errors';
import { BRANDS, type TBrandId } from '../../../../schemas/brands';
import { periodOf, readTaskId, rowBrandOf, TASK_MESSAGES, taskIdOf, type TaskKey } from './task-id';
import { progressOf, recommendedTemplate } from './task-progress';

type TaskRow = Pick<UserTaskRow, 'progress' | 'bound_at' | 'completed_at' | 'rewarded_at'>;
type Count = { n: number };
const ROW = 'progress, bound_at, completed_at, rewarded_at';
const KEY = 'user_id = $1 AND brand = $2 AND task_code = $3 AND period = $4';
const keyParams = (k: TaskKey) => [k.userId, k.brand, k.code, k.period];

const stateOf = (row: TaskRow | undefined): TTaskState => (row?.rewarded_at ? 'received' : row?.completed_at ? 'done' : 'todo');

/** Store what the server found (progress only grows; completed once, at the first check that found it done). */
async function record(query: Query, key: TaskKey, task: TaskDef, progress: number, now: Date): Promise<TaskRow | undefined> {
  if (progress <= 0) return (await query<TaskRow>(`SELECT ${ROW} FROM user_tasks WHERE ${KEY}`, keyParams(key)))[0];
  const done = progress >= task.target ? now : null;
  const [row] = await query<TaskRow>(
    `INSERT INTO user_tasks (user_id, brand, task_code, period, progress, completed_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id, brand, task_code, period) DO UPDATE
       SET progress = GREATEST(user_tasks.progress, EXCLUDED.progress), completed_at = COALESCE(user_tasks.completed_at, EXCLUDED.completed_at)
     RETURNING ${ROW}`,
    [...keyParams(key), Math.min(progress, task.target), done],
  );
  return row;
}

/** Check a task against the database now and keep what was found. */
async function evaluate(query: Query, key: TaskKey, task: TaskDef, now: Date): Promise<TaskRow | undefined> {
  return record(query, key, task, await progressOf(query, key), now);
}

/** The ledger reference of a task's reward: once per brand by the ledger's key, once in all by the claim. */
const referenceOf = (key: TaskKey) => `${key.code}:${key.period}`;
const NEW_USER_REFERENCES = TASKS.filter((t) => t.taskType === 1).map((t) => `${t.code}:`);

/**
 * Where the user's 新手任务 rewards were taken, by task code: the brand of the ledger row the claim wrote (one query
 * for all five). Only brands other than `brand` are kept (the page names them: 已在问卷通领取).
 */
async function newUserTakenElsewhere(query: Query, userId: number, brand: string): Promise<Map<string, string>> {
  const rows = await query<Pick<CoinLedgerRow, 'brand' | 'reference'>>(
    `SELECT brand, reference FROM coin_ledger WHERE user_id = $1 AND reason = 'task' AND reference = ANY($2::text[]) AND brand <> $3`,
    [userId, NEW_USER_REFERENCES, brand],
  );
  return new Map(rows.map((r) => [r.reference.slice(0, -1), BRANDS[r.brand as TBrandId]?.name ?? r.brand]));
}

function view(deps: Deps, key: TaskKey, task: TaskDef, row: TaskRow | undefined, templateId: string | null, receivedOn: string | null = null): TTask {
  return {
    taskId: taskIdOf(deps.secret, key),
    code: task.code,
    taskType: task.taskType,
    dailyTaskType: task.dailyTaskType,
    title: task.title,
    description: task.description,
    reward: task.reward,
    state: stateOf(row),
    progress: Math.min(row?.progress ?? 0, task.target),
    target: task.target,
    templateId: task.code === '2-8' ? templateId : null,
    receivedOn: row?.rewarded_at ? receivedOn : null,
  };
}

const keyOf = (task: TaskDef, userId: number, brand: string, now: Date): TaskKey => ({
  userId,
  brand: rowBrandOf(task, brand),
  code: task.code,
  period: periodOf(task, now),
});
const templateOfToday = async (query: Query, now: Date) => (await recommendedTemplate(query, shanghaiDay(now)))?.publicId ?? null;

/** The task centre's list: every task in its current period, checked now. */
export async function taskList(deps: Deps, userId: number, brand: string): Promise<TTask[]> {
  const now = deps.now();
  const { query } = deps.database;
  const templateId = await templateOfToday(query, now);
  const list: TTask[] = [];
  for (const task of TASKS) {
    const key = keyOf(task, userId, brand, now);
    list.push(view(deps, key, task, await evaluate(query, key, task, now), templateId));
  }
  if (list.some((x) => x.taskType === 1 && x.state === 'received')) {
    const elsewhere = await newUserTakenElsewhere(query, userId, brand);
    for (const x of list) if (x.state === 'received') x.receivedOn = elsewhere.get(x.code) ?? null;
  }
  return list;
}

/** completeTask: check the task now; not met → "400" with the progress. */
export async function completeTask(deps: Deps, userId: number, brand: string, taskId: string): Promise<TTask> {
  const now = deps.now();
  const { key, task } = readTaskId(deps.secret, taskId, userId, brand, now);
  const { query } = deps.database;
  const row = await evaluate(query, key, task, now);
  if (!row?.completed_at) throw badInput(TASK_MESSAGES.notDone(Math.min(row?.progress ?? 0, task.target), task.target), 'taskId');
  return view(deps, key, task, row, await templateOfToday(query, now), await receivedOnOf(query, key, brand, row));
}

/** bindingTask: the user started the task (bound_at, first time only). */
export async function bindTask(deps: Deps, userId: number, brand: string, taskId: string): Promise<TTask> {
  const now = deps.now();
  const { key, task } = readTaskId(deps.secret, taskId, userId, brand, now);
  const { query } = deps.database;
  await query(
    `INSERT INTO user_tasks (user_id, brand, task_code, period, bound_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, brand, task_code, period) DO UPDATE SET bound_at = COALESCE(user_tasks.bound_at, EXCLUDED.bound_at)`,
    [...keyParams(key), now],
  );
  const row = await evaluate(query, key, task, now);
  return view(deps, key, task, row, await templateOfToday(query, now), await receivedOnOf(query, key, brand, row));
}

/** A received 新手任务's other brand (null when received here, not received or a 日常任务). */
async function receivedOnOf(query: Query, key: TaskKey, brand: string, row: TaskRow | undefined): Promise<string | null> {
  if (key.brand !== '' || !row?.rewarded_at) return null;
  return (await newUserTakenElsewhere(query, key.userId, brand)).get(key.code) ?? null;
}

/** saveTaskQuestion: link a project (at least view power on it) to today's 2-2 or 2-3 task. */
export async function saveTaskQuestion(deps: Deps, user: AuthUser, brand: string, taskId: string, questionId: string): Promise<TTask> {
  const { query } = deps.database;
  const { project } = await accessProject(query, user, questionId, 'read');
  const now = deps.now();
  const { key, task } = readTaskId(deps.secret, taskId, user.id, brand, now);
  if (task.code !== '2-2' && task.code !== '2-3') throw badInput(TASK_MESSAGES.linkOnly, 'taskId');
  await query(`INSERT INTO task_questions (user_id, brand, task_code, period, project_id) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`, [
    ...keyParams(key),
    project.id,
  ]);
  return view(deps, key, task, await evaluate(query, key, task, now), null);
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/**
 * receiveTaskReward: the task checked now, then in one transaction its reward claimed by one conditional UPDATE
 * (deps.taskClaim) and the coins paid with the ledger row (reason 'task', reference `${code}:${period}`) on the
 * request's brand. A 新手任务's row is the user's across the brands (brand ''), so the one UPDATE decides between
 * claims on all three: the reward is paid once, in the coin of the brand it was claimed on.
 */
export async function receiveTaskReward(deps: Deps, userId: number, brand: string, taskId: string) {
  const now = deps.now();
  const { query } = deps.database;
  const { key, task } = readTaskId(deps.secret, taskId, userId, brand, now);
  const checked = await evaluate(query, key, task, now);
  if (!checked?.completed_at) throw badInput(TASK_MESSAGES.notDone(Math.min(checked?.progress ?? 0, task.target), task.target), 'taskId');
  const claimer = await deps.taskClaim.prepare(query, key);
  const mover = await deps.coins.prepare(query, userId, brand);
  let coin: number;
  try {
    coin = await deps.database.transaction(async (q) => {
      if (!(await claimer.claim(q, key, task.reward, now))) throw conflict(TASK_MESSAGES.received);
      const after = await mover.change(q, {
        userId,
        brand,
        delta: task.reward,
        reason: 'task',
        reference: referenceOf(key),
        title: `任务奖励：${task.title}`,
        at: now,
      });
      return after!;
    });
  } catch (error) {
    // The ledger's once-only key (user, brand, reason, reference) is the second guard: a claim that got past a
    // broken first guard still pays nothing twice.
    if (isUniqueViolation(error)) throw conflict(TASK_MESSAGES.received);
    if (error instanceof AppError && error.resultCode === '409' && key.brand === '') {
      const elsewhere = await receivedOnOf(query, key, brand, { progress: 0, bound_at: null, completed_at: now, rewarded_at: now });
      if (elsewhere) throw conflict(TASK_MESSAGES.receivedOn(elsewhere));
    }
    throw error;
  }
  const [row] = await query<TaskRow>(`SELECT ${ROW} FROM user_tasks WHERE ${KEY}`, keyParams(key));
  return { task: view(deps, key, task, row, await templateOfToday(query, now)), reward: task.reward, coin };
}

/** The task centre's records: completed tasks, newest first. */
export async function taskRecords(
  query: Query,
  userId: number,
  brand: string,
  page: number,
  pageSize: number,
): Promise<{ list: TTaskRecord[]; total: number }> {
  const rows = await query<Pick<UserTaskRow, 'task_code' | 'reward' | 'completed_at' | 'rewarded_at'> & Count>(
    `SELECT task_code, reward, completed_at, rewarded_at, count(*) OVER ()::int AS n FROM user_tasks
      WHERE user_id = $1 AND brand IN ($2, '') AND completed_at IS NOT NULL
      ORDER BY completed_at DESC, task_code LIMIT $3 OFFSET $4`,
    [userId, brand, pageSize, (page - 1) * pageSize],
  );
  const list = rows.map((r) => {
    const task = taskOf(r.task_code);
    return {
      code: r.task_code,
      title: task?.title ?? r.task_code,
      reward: r.rewarded_at ? r.reward : (task?.reward ?? 0),
      completedTime: new Date(r.completed_at!).toISOString(),
      receivedTime: r.rewarded_at ? new Date(r.rewarded_at).toISOString() : null,
    };
  });
  const total = rows[0]?.n ?? (page > 1 ? await countRecords(query, userId, brand) : 0);
  return { list, total };
}

const countRecords = async (query: Query, userId: number, brand: string) =>
  Number(
    (await query<Count>("SELECT count(*)::int AS n FROM user_tasks WHERE user_id = $1 AND brand IN ($2, '') AND completed_at IS NOT NULL", [userId, brand]))[0]
      ?.n ?? 0,
  );

/**
 * getQuestionCopy with its tasks (spec §9), in one transaction: the copy, then what it completes (copyTasks); a
 * refused taskId rolls the copy back.
 */
export async function copyWithTasks(
  deps: Deps,
  user: AuthUser | null,
  brand: string,
  body: { questionId: string; taskId?: string },
  copyKindSettings: CopyKindSettings,
  options: TCopyOptions,
): Promise<TCreateResult> {
  return deps.database.transaction(async (query) => {
    const result = await copyProjectIn(query, user, body.questionId, copyKindSettings, options);
    if (result.isCreate !== 1) return result;
    const [from] = await query<Pick<ProjectRow, 'id' | 'is_template'>>('SELECT id, is_template FROM projects WHERE public_id = $1', [body.questionId]);
    await copyTasks(deps, query, user!.id, brand, { id: from!.id, isTemplate: from!.is_template }, body.taskId);
    return result;
  });
}

/**
 * A template copy's tasks (spec §9), in the copy's transaction: any template copied today completes 2-6; a copy made
 * with the 2-8 task's taskId must be of today's recommended template and completes 2-8.
 */
export async function copyTasks(
  deps: Deps,
  q: Query,
  userId: number,
  brand: string,
  template: { id: number; isTemplate: boolean },
  taskId: string | undefined,
): Promise<void> {
  const now = deps.now();
  if (taskId) {
    const { key, task } = readTaskId(deps.secret, taskId, userId, brand, now);
    if (task.code === '2-8') {
      const today = await recommendedTemplate(q, key.period);
      if (!today || today.id !== template.id) throw badInput(TASK_MESSAGES.wrongTemplate, 'questionId');
      await markTaskDone(q, key, now);
    }
  }
  if (template.isTemplate) await markTaskDone(q, { userId, brand, code: '2-6', period: shanghaiDay(now) }, now);
}

/** A 2-8 taskId given to a call that copies nothing (saveOrUpdateWxQuestion): still refused when not genuine. */
export function checkTaskId(deps: Deps, userId: number, brand: string, taskId: string, code: string): void {
  const { task } = readTaskId(deps.secret, taskId, userId, brand, deps.now());
  if (task.code !== code) throw new AppError('400', TASK_MESSAGES.unknown, { field: 'taskId' });
}

async function markTaskDone(q: Query, key: TaskKey, now: Date): Promise<void> {
  await q(
    `INSERT INTO user_tasks (user_id, brand, task_code, period, progress, completed_at) VALUES ($1, $2, $3, $4, 1, $5)
     ON CONFLICT (user_id, brand, task_code, period) DO UPDATE SET progress = GREATEST(user_tasks.progress, 1), completed_at = COALESCE(user_tasks.completed_at, EXCLUDED.completed_at)`,
    [...keyParams(key), now],
  );
}
