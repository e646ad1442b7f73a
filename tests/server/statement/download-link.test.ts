import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreateResult } from '../../../schemas/api/question';
import type { TExportLink } from '../../../schemas/api/report';
import { exportsDir } from '../../../server/services/report/export-jobs.service';
import { loginNewUser, singleChoices } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

// Issue 16 item 13 (second half): a download link of 我的下载 carried the user's sequential database id in its
// signed token (base64 JSON, readable by anyone the link reached). It now names only the job's random id and
// an expiry; the job says whose it is.
let t: TestApp;
let owner: Awaited<ReturnType<typeof loginNewUser>>;
let jobId: string;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  owner = await loginNewUser(t);
  const { questionId } = (
    await t.call<TCreateResult>('activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: '导出测试', subjects: singleChoices(1) }, owner.headers)
  ).data;
  jobId = `link-${Date.now()}`;
  await mkdir(exportsDir(t.app.deps), { recursive: true });
  await writeFile(path.join(exportsDir(t.app.deps), `${jobId}.csv`), '\ufeff题目,答案\n');
  await t.database.query(
    `INSERT INTO export_jobs (public_id, user_id, project_id, kind, status, progress, file_name, file_path, size, finished_at)
     SELECT $1, u.id, p.id, 'csv', 'done', 100, '导出测试.csv', $2, 10, now() FROM projects p JOIN users u ON u.id = p.owner_id WHERE p.public_id = $3`,
    [jobId, `${jobId}.csv`, questionId],
  );
});
afterAll(() => t.close());

const tokenOf = (url: string) => decodeURIComponent(new URL(url, 'http://x').searchParams.get('token')!);

describe(`download links on ${engineName()}`, () => {
  it('name the job, not the user', async () => {
    const link = (await t.call<TExportLink>('activity/question/getDownloadUrl', { jobId }, owner.headers)).data;
    const [body] = tokenOf(link.url).split('.');
    const grant = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(Object.keys(grant).sort()).toEqual(['expires', 'jobId']);
    expect(grant.jobId).toBe(jobId);
    const [{ id }] = await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [owner.phone]);
    expect(Object.values(grant)).not.toContain(id);
    const response = await t.app.inject({ method: 'GET', url: link.url });
    expect(response.headers['content-disposition']).toMatch(/^attachment;/);
    expect(response.body).toContain('题目,答案');
  });

  it('still expire after 5 minutes and refuse a changed signature', async () => {
    const link = (await t.call<TExportLink>('activity/question/getDownloadUrl', { jobId }, owner.headers)).data;
    const forged = link.url.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'));
    expect((await t.app.inject({ method: 'GET', url: forged })).json().resultCode).toBe('401');
    const realNow = t.app.deps.now;
    t.app.deps.now = () => new Date(Date.now() + 6 * 60_000);
    try {
      expect((await t.app.inject({ method: 'GET', url: link.url })).json()).toMatchObject({
        resultCode: '401',
        resultMsg: '下载链接已失效，请在“我的下载”中重新下载',
      });
    } finally {
      t.app.deps.now = realNow;
    }
  });

  it('of a deleted job lead nowhere', async () => {
    const link = (await t.call<TExportLink>('activity/question/getDownloadUrl', { jobId }, owner.headers)).data;
    await t.database.query('UPDATE export_jobs SET public_id = $2 WHERE public_id = $1', [jobId, `${jobId}-gone`]);
    try {
      expect((await t.app.inject({ method: 'GET', url: link.url })).json().resultCode).toBe('404');
    } finally {
      await t.database.query('UPDATE export_jobs SET public_id = $1 WHERE public_id = $2', [jobId, `${jobId}-gone`]);
    }
  });
});
