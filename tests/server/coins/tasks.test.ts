import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSignStatus, TTask, TTaskRecord } from '../../../schemas/api/coins';
import type { TCreateResult } from '../../../schemas/api/question';
import { shanghaiDay } from '../../../schemas/checkin/days';
import type { TSubject } from '../../../schemas/subjects/registry';
import { seedTemplates } from '../../../server/seed/templates/seed-templates';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/** Issue 51 item 2: the task centre — sign-in streaks, tasks completed by real events, rewards received once. */
let t: TestApp;
let clock = new Date();
const DAY = 86_400_000;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  await seedTemplates(t.database);
}, 60_000);
afterAll(() => t.close());

const T = 'activity/task/';
const q1 = makeSubject(1, 1) as TSubject;
type TaskList = { coin: number; coinName: string; sign: TSignStatus; tasks: TTask[] };

async function tasksOf(headers: { token: string }) {
  const answer = await t.call<TaskList>(`${T}getWxAppletTaskList`, {}, headers);
  expect(answer.resultCode).toBe('200');
  return answer.data;
}
const taskOf = async (headers: { token: string }, code: string) => (await tasksOf(headers)).tasks.find((x) => x.code === code)!;
const coinOf = async (headers: { token: string }) => (await tasksOf(headers)).coin;
const ledger = (phone: string) =>
  t.database.query<{ delta: number; reason: string; reference: string; title: string }>(
    'SELECT l.delta, l.reason, l.reference, l.title FROM coin_ledger l JOIN users u ON u.id = l.user_id WHERE u.phone = $1 ORDER BY l.id',
    [phone],
  );

describe(`task centre on ${engineName()}`, () => {
  it('signs in once a day; the streak bonus arrives on day 3; a second sign-in the same day is refused; a missed day starts again', async () => {
    clock = new Date('2026-03-01T02:00:00Z');
    const u = await loginNewUser(t);
    const before = await t.call<TSignStatus>(`${T}getUserSignTask`, {}, u.headers);
    expect(before.data).toMatchObject({ signedToday: false, streak: 0, todayReward: 5 });
    expect(before.data.days.map((d) => d.reward)).toEqual([5, 5, 15, 5, 5, 5, 35]);
    const rewards: number[] = [];
    for (let day = 0; day < 3; day++) {
      clock = new Date(Date.parse('2026-03-01T02:00:00Z') + day * DAY);
      const answer = await t.call<{ reward: number; coin: number; coinName: string; sign: TSignStatus }>(`${T}receiveSignTask`, {}, u.headers);
      expect(answer.resultMsg).toBe('签到成功');
      rewards.push(answer.data.reward);
      expect(answer.data.sign).toMatchObject({ signedToday: true, streak: day + 1 });
      expect(answer.data.coinName).toBe('问卷币');
    }
    expect(rewards).toEqual([5, 5, 15]);
    expect(await coinOf(u.headers)).toBe(25);
    const again = await t.call(`${T}receiveSignTask`, {}, u.headers);
    expect([again.resultCode, again.resultMsg]).toEqual(['409', '今天已签到']);
    expect((await ledger(u.phone)).map((r) => r.title)).toEqual(['每日签到（连续第 1 天）', '每日签到（连续第 2 天）', '每日签到（连续第 3 天）']);
    // Miss 2026-03-04: the 5th starts again at day 1.
    clock = new Date('2026-03-05T02:00:00Z');
    const status = await t.call<TSignStatus>(`${T}getUserSignTask`, {}, u.headers);
    expect(status.data).toMatchObject({ signedToday: false, streak: 0, todayReward: 5 });
    expect((await t.call<{ reward: number }>(`${T}receiveSignTask`, {}, u.headers)).data.reward).toBe(5);
    clock = new Date();
  });

  it('coins are the brand’s: a sign-in on 投票通 earns 金币 on 投票通 only', async () => {
    const u = await loginNewUser(t);
    const onToupiao = { ...u.headers, host: 'toupiao.localhost' };
    const answer = await t.call<{ coinName: string; coin: number }>(`${T}receiveSignTask`, {}, onToupiao);
    expect(answer.data).toMatchObject({ coinName: '金币', coin: 5 });
    expect(await coinOf(u.headers)).toBe(0);
    expect((await t.call(`${T}receiveSignTask`, {}, u.headers)).resultCode).toBe('200');
  });

  it('a new-user task is done only when the event happened, and its reward is received once', async () => {
    const u = await loginNewUser(t);
    // The SMS login bound a phone: 1-1 is done at once.
    expect((await taskOf(u.headers, '1-1')).state).toBe('done');
    const create = await taskOf(u.headers, '1-2');
    expect(create).toMatchObject({ state: 'todo', progress: 0, target: 1, reward: 20 });
    const early = await t.call(`${T}receiveTaskReward`, { taskId: create.taskId }, u.headers);
    expect([early.resultCode, early.resultMsg]).toEqual(['400', '任务尚未完成（当前进度 0/1）']);
    const check = await t.call(`${T}completeTask`, { taskId: create.taskId }, u.headers);
    expect([check.resultCode, check.resultMsg]).toEqual(['400', '任务尚未完成（当前进度 0/1）']);
    await t.call<TCreateResult>('activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: '第一个问卷' }, u.headers);
    const done = await t.call<TTask>(`${T}completeTask`, { taskId: create.taskId }, u.headers);
    expect(done.data).toMatchObject({ state: 'done', progress: 1 });
    const got = await t.call<{ reward: number; coin: number; task: TTask }>(`${T}receiveTaskReward`, { taskId: create.taskId }, u.headers);
    expect(got.resultMsg).toBe('领取成功');
    expect(got.data).toMatchObject({ reward: 20, coin: 20, task: { state: 'received' } });
    const twice = await t.call(`${T}receiveTaskReward`, { taskId: create.taskId }, u.headers);
    expect([twice.resultCode, twice.resultMsg]).toEqual(['409', '奖励已领取']);
    expect(await ledger(u.phone)).toEqual([{ delta: 20, reason: 'task', reference: '1-2:', title: '任务奖励：创建第一个项目' }]);
    const records = await t.call<{ list: TTaskRecord[]; total: number }>(`${T}getWxAppletTaskDetailList`, {}, u.headers);
    expect(records.data.list.map((r) => [r.code, r.receivedTime !== null])).toEqual(
      expect.arrayContaining([
        ['1-2', true],
        ['1-1', false],
      ]),
    );
  });

  it('a new-user task pays once across the brands: taken on 问卷通 in 问卷币, 投票通 and 接龙通 show 已在问卷通领取 and refuse it', async () => {
    const u = await loginNewUser(t);
    const onToupiao = { ...u.headers, host: 'toupiao.localhost' };
    const onJielong = { ...u.headers, host: 'jielong.localhost' };
    const bind = await taskOf(onToupiao, '1-1');
    expect(bind).toMatchObject({ state: 'done', receivedOn: null });
    const got = await t.call<{ reward: number; coin: number; coinName: string }>(`${T}receiveTaskReward`, { taskId: bind.taskId }, u.headers);
    expect(got.data).toMatchObject({ coinName: '问卷币', coin: bind.reward });
    expect(await taskOf(u.headers, '1-1')).toMatchObject({ state: 'received', receivedOn: null });
    expect(await taskOf(onToupiao, '1-1')).toMatchObject({ state: 'received', receivedOn: '问卷通' });
    expect(await taskOf(onJielong, '1-1')).toMatchObject({ state: 'received', receivedOn: '问卷通' });
    const again = await t.call(`${T}receiveTaskReward`, { taskId: (await taskOf(onJielong, '1-1')).taskId }, onJielong);
    expect([again.resultCode, again.resultMsg]).toEqual(['409', '奖励已在问卷通领取（新手任务每位用户只奖励一次）']);
    expect(await coinOf(onToupiao)).toBe(0);
    expect(await coinOf(onJielong)).toBe(0);
    expect(await ledger(u.phone)).toEqual([{ delta: bind.reward, reason: 'task', reference: '1-1:', title: '任务奖励：绑定手机号' }]);
    const records = await t.call<{ list: TTaskRecord[] }>(`${T}getWxAppletTaskDetailList`, {}, onJielong);
    expect(records.data.list.find((r) => r.code === '1-1')?.receivedTime).toEqual(expect.any(String));
  });

  it('publishing completes 1-3, ten valid answers complete 1-4, a collaborator who joined completes 1-5', async () => {
    const u = await loginNewUser(t);
    const questionId = await publishProject(t, u.headers, { subjects: [q1] });
    expect((await taskOf(u.headers, '1-3')).state).toBe('done');
    for (let i = 0; i < 9; i++) {
      await t.call('active/write/submit', {
        questionId,
        submissionId: submissionId(),
        answers: { [q1.uuid]: pick(q1, 0) },
        deviceId: `nt${i}`,
        durationSeconds: 30,
      });
    }
    expect(await taskOf(u.headers, '1-4')).toMatchObject({ state: 'todo', progress: 9, target: 10 });
    await t.call('active/write/submit', {
      questionId,
      submissionId: submissionId(),
      answers: { [q1.uuid]: pick(q1, 1) },
      deviceId: 'nt9',
      durationSeconds: 30,
    });
    expect(await taskOf(u.headers, '1-4')).toMatchObject({ state: 'done', progress: 10 });
    expect((await taskOf(u.headers, '1-5')).state).toBe('todo');
    const code = await t.call<{ workCode: string }>('activity/question/getTeamWorkCode', { questionId, powerType: 3 }, u.headers);
    const friend = await loginNewUser(t);
    expect((await t.call('code/joinTeamWork', { workCode: code.data.workCode }, friend.headers)).resultCode).toBe('200');
    expect((await taskOf(u.headers, '1-5')).state).toBe('done');
  });

  it('refuses a forged, foreign, other-brand or yesterday’s taskId alike', async () => {
    const a = await loginNewUser(t);
    const b = await loginNewUser(t);
    const mine = await taskOf(a.headers, '2-6');
    const refused = async (taskId: string, headers: Record<string, string>) => {
      const answer = await t.call(`${T}completeTask`, { taskId }, headers);
      return [answer.resultCode, answer.resultMsg];
    };
    const unknown = ['400', '任务不存在或已过期'];
    expect(await refused('v1.forged-task-id', a.headers)).toEqual(unknown);
    expect(await refused(`${mine.taskId.slice(0, -2)}AA`, a.headers)).toEqual(unknown);
    expect(await refused(mine.taskId, b.headers)).toEqual(unknown);
    expect(await refused(mine.taskId, { ...a.headers, host: 'jielong.localhost' })).toEqual(unknown);
    clock = new Date(Date.now() + DAY);
    expect(await refused(mine.taskId, a.headers)).toEqual(unknown);
    clock = new Date();
  });

  it('a template copy completes 2-6; 2-8 needs today’s recommended template and its genuine taskId', async () => {
    const u = await loginNewUser(t);
    const list = await tasksOf(u.headers);
    const recommend = list.tasks.find((x) => x.code === '2-8')!;
    expect(recommend.templateId).toEqual(expect.any(String));
    const [other] = await t.database.query<{ public_id: string }>('SELECT public_id FROM projects WHERE is_template AND public_id <> $1 LIMIT 1', [
      recommend.templateId,
    ]);
    const copy = (questionId: string, extra: object = {}) => t.call<TCreateResult>('activity/question/getQuestionCopy', { questionId, ...extra }, u.headers);
    expect((await copy(recommend.templateId!, { taskType: '2-8' })).resultMsg).toBe('taskId: 缺少任务编号');
    const forged = await copy(recommend.templateId!, { taskType: '2-8', taskId: 'v1.abc' });
    expect([forged.resultCode, forged.resultMsg]).toEqual(['400', '任务不存在或已过期']);
    const wrong = await copy(other!.public_id, { taskType: '2-8', taskId: recommend.taskId });
    expect([wrong.resultCode, wrong.resultMsg]).toEqual(['400', '这不是今日推荐的模板']);
    // Nothing was copied by the refused calls, and 2-6 is still to do.
    expect((await taskOf(u.headers, '2-6')).state).toBe('todo');
    expect((await copy(other!.public_id)).data.isCreate).toBe(1);
    expect((await taskOf(u.headers, '2-6')).state).toBe('done');
    expect((await taskOf(u.headers, '2-8')).state).toBe('todo');
    expect((await copy(recommend.templateId!, { taskType: '2-8', taskId: recommend.taskId })).data.isCreate).toBe(1);
    const got = await t.call<{ coin: number }>(`${T}receiveTaskReward`, { taskId: (await taskOf(u.headers, '2-8')).taskId }, u.headers);
    expect(got.data.coin).toBe(20);
    const projects = await t.database.query('SELECT 1 FROM projects p JOIN users u ON u.id = p.owner_id WHERE u.phone = $1', [u.phone]);
    expect(projects).toHaveLength(2);
  });

  it('2-3: a shared project that then receives someone else’s sheet; only 2-2 and 2-3 take a project link', async () => {
    const u = await loginNewUser(t);
    const questionId = await publishProject(t, u.headers, { subjects: [q1] });
    await t.call('active/write/submit', {
      questionId,
      submissionId: submissionId(),
      answers: { [q1.uuid]: pick(q1, 0) },
      deviceId: 'before',
      durationSeconds: 30,
    });
    const share = await taskOf(u.headers, '2-3');
    const notLinkable = await t.call(`${T}saveTaskQuestion`, { taskId: (await taskOf(u.headers, '2-6')).taskId, questionId }, u.headers);
    expect([notLinkable.resultCode, notLinkable.resultMsg]).toEqual(['400', '只有互助答题和分享项目任务可以关联项目']);
    const stranger = await loginNewUser(t);
    const foreign = await t.call(`${T}saveTaskQuestion`, { taskId: (await taskOf(stranger.headers, '2-3')).taskId, questionId }, stranger.headers);
    expect(foreign.resultCode).toBe('404');
    const linked = await t.call<TTask>(`${T}saveTaskQuestion`, { taskId: share.taskId, questionId }, u.headers);
    // The sheet that came before the link does not count.
    expect(linked.data).toMatchObject({ state: 'todo', progress: 0 });
    await t.call('active/write/submit', {
      questionId,
      submissionId: submissionId(),
      answers: { [q1.uuid]: pick(q1, 1) },
      deviceId: 'after',
      durationSeconds: 30,
    });
    expect(await taskOf(u.headers, '2-3')).toMatchObject({ state: 'done', progress: 1 });
  });

  it('2-2: three paid answers in the mutual space today, each kept as the task’s project link', async () => {
    const owner = await loginNewUser(t);
    const u = await loginNewUser(t);
    const [ownerRow] = await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [owner.phone]);
    const [me] = await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [u.phone]);
    for (let i = 0; i < 3; i++) {
      expect(await taskOf(u.headers, '2-2')).toMatchObject({ state: 'todo', progress: i, target: 3 });
      const questionId = await publishProject(t, owner.headers, { subjects: [q1] });
      const [release] = await t.database.query<{ id: number }>(
        `INSERT INTO space_releases (public_id, project_id, user_id, brand, reward, budget) SELECT $1, id, $2, 'wenjuan', 5, 50 FROM projects WHERE public_id = $3 RETURNING id`,
        [`rel-${questionId}`, ownerRow!.id, questionId],
      );
      await t.database.query(`INSERT INTO space_answers (release_id, user_id, reward, state, created_at) VALUES ($1, $2, 5, 'paid', $3)`, [
        release!.id,
        me!.id,
        clock,
      ]);
    }
    expect(await taskOf(u.headers, '2-2')).toMatchObject({ state: 'done', progress: 3 });
    const links = await t.database.query("SELECT 1 FROM task_questions WHERE user_id = $1 AND task_code = '2-2' AND period = $2", [me!.id, shanghaiDay(clock)]);
    expect(links).toHaveLength(3);
  });
});
