import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TExportJob } from '../../../schemas/api/export-jobs';
import type { TMessage } from '../../../schemas/api/message';
import type { TTeamWorkCode } from '../../../schemas/api/team';
import { NEWS_TYPES } from '../../../server/services/messages/notify.service';
import { loginNewUser, singleChoices } from '../../helpers/fixtures';
import { publishProject } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/** Issue 46 item 4: the system tells a user when an export is ready and when someone joined their project. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'wj-system-messages-'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual', env: { DATA_DIR: dataDir }, exportRunner: { worker: 'messages', progressIntervalMs: 0 } });
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Who = { headers: { token: string } };
const messages = async (who: Who) => (await t.call<{ list: TMessage[]; total: number }>('active/message/list', {}, who.headers)).data;
const ok = <T>(answer: { resultCode: string; resultMsg: string; data: T }) => {
  expect(answer.resultCode, answer.resultMsg).toBe('200');
  return answer.data;
};

describe(`system messages (${engineName()})`, () => {
  it('an export ready: one 导出完成 message to whoever asked for it, when the file exists, not before', async () => {
    const owner = await loginNewUser(t);
    const questionId = await publishProject(t, owner.headers, { subjects: singleChoices(1) });
    const job = ok(await t.call<TExportJob>('question/statement/createExportJob', { questionId, kind: 'xlsx' }, owner.headers));
    expect((await messages(owner)).total).toBe(0);
    expect(await t.app.exportRunner.runOnce()).toBe(job.jobId);
    const done = ok(await t.call<TExportJob>('activity/question/getDownload', { jobId: job.jobId }, owner.headers));
    expect(done.status).toBe('done');
    const { list, total } = await messages(owner);
    expect(total).toBe(1);
    expect(list[0]).toMatchObject({ newsType: NEWS_TYPES.exportReady, read: false });
    expect(list[0]!.title).toBe(`导出完成：${done.fileName}，可在「我的下载」中下载（保留7天）`);
    expect(await t.app.exportRunner.runOnce()).toBeNull();
    expect((await messages(owner)).total).toBe(1);
  });

  it('an export that failed or was deleted before it finished writes no 导出完成', async () => {
    const owner = await loginNewUser(t);
    const questionId = await publishProject(t, owner.headers, { subjects: singleChoices(1) });
    const job = ok(await t.call<TExportJob>('question/statement/createExportJob', { questionId, kind: 'xlsx' }, owner.headers));
    // Taken three times without finishing: the runner fails it for good.
    await t.database.query('UPDATE export_jobs SET attempts = 3 WHERE public_id = $1', [job.jobId]);
    expect(await t.app.exportRunner.runOnce()).toBe(job.jobId);
    expect(ok(await t.call<TExportJob>('activity/question/getDownload', { jobId: job.jobId }, owner.headers)).status).toBe('failed');
    expect((await messages(owner)).total).toBe(0);
  });

  it('a collaborator joined: the owner is told who joined which project with which power, once per joining', async () => {
    const [owner, guest] = [await loginNewUser(t), await loginNewUser(t)];
    const created = ok(
      await t.call<{ questionId: string }>(
        'activity/question/saveOrUpdateWxQuestion',
        { questionType: 1, title: '<b>年会</b>报名', subjects: singleChoices(1) },
        owner.headers,
      ),
    );
    const invite = async (powerType: number) =>
      ok(await t.call<TTeamWorkCode>('activity/question/getTeamWorkCode', { questionId: created.questionId, powerType }, owner.headers)).workCode;
    const [guestName] = await t.database.query<{ username: string }>('SELECT username FROM users WHERE phone = $1', [guest.phone]);

    // The owner opening their own link joins nobody and is told nothing.
    ok(await t.call('code/joinTeamWork', { workCode: await invite(2) }, owner.headers));
    expect((await messages(owner)).total).toBe(0);

    const code = await invite(2);
    const joins = await Promise.all([1, 2, 3].map(() => t.call('code/joinTeamWork', { workCode: code }, guest.headers)));
    expect(joins.map((j) => j.resultCode)).toEqual(['200', '200', '200']);
    // Joining again with another link (the higher power stays) is not a new joining.
    ok(await t.call('code/joinTeamWork', { workCode: await invite(3) }, guest.headers));
    const { list, total } = await messages(owner);
    expect(total).toBe(1);
    expect(list[0]).toMatchObject({ newsType: NEWS_TYPES.teamJoined, title: `${guestName!.username} 通过邀请链接加入了「年会报名」的协作，权限：可编辑` });
    expect((await messages(guest)).total).toBe(0);

    // A refused join (a link reset) tells nothing.
    const stranger = await loginNewUser(t);
    const old = await invite(3);
    ok(await t.call('code/resetTeamWorkCode', { questionId: created.questionId, powerType: 3 }, owner.headers));
    expect((await t.call('code/joinTeamWork', { workCode: old }, stranger.headers)).resultCode).toBe('404');
    expect((await messages(owner)).total).toBe(1);
  });
});
