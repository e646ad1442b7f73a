/**
 * A running export job whose process died is taken again at once on PostgreSQL: the runner claims and runs it on
 * a connection of its own holding a session advisory lock on the job (server/jobs/export-queue.ts JOB_LOCK), and
 * PostgreSQL drops a dead client's session with its locks. Before, the job waited two minutes for its heartbeat
 * to go stale. A live runner's job is never taken.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TExportJob } from '../../schemas/api/export-jobs';
import { claimJob, releaseJobLock } from '../../server/jobs/export-queue';
import { loginNewUser, makeSubject } from '../helpers/fixtures';
import { publishProject } from '../helpers/publish';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { ADMIN_URL } from './harness';

process.env.DATABASE_URL ||= ADMIN_URL;
let t: TestApp;
let owner: { headers: { token: string } };
let questionId: string;

beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  owner = await loginNewUser(t, 4);
  questionId = await publishProject(t, owner.headers, { subjects: [makeSubject(1, 1)] });
}, 60_000);
afterAll(() => t?.close());

const queue = async () => {
  const answer = await t.call<TExportJob>('question/statement/createExportJob', { questionId, kind: 'csv' }, owner.headers);
  expect(answer.resultCode, answer.resultMsg).toBe('200');
  return answer.data.jobId;
};
const statusOf = async (jobId: string) =>
  (
    await t.database.query<{ status: string; claimed_by: string; attempts: number }>(
      'SELECT status, claimed_by, attempts FROM export_jobs WHERE public_id = $1',
      [jobId],
    )
  )[0]!;
const remove = (jobId: string) => t.database.query('DELETE FROM export_jobs WHERE public_id = $1', [jobId]);

describe('export job liveness on PostgreSQL', () => {
  it('a live runner keeps its job: another runner polling meanwhile finds nothing', async () => {
    const jobId = await queue();
    const session = t.database.session!;
    await session(async (held) => {
      const mine = await claimJob(held, 'runner-a', true);
      expect(mine).toMatchObject({ public_id: jobId, claimed_by: 'runner-a', locked: true });
      expect(await session((other) => claimJob(other, 'runner-b', true))).toBeNull();
      await releaseJobLock(held, mine!);
    });
    await remove(jobId);
  });

  it('a runner whose connection died (its process was killed): another runner takes the job at once, heartbeat still fresh', async () => {
    const jobId = await queue();
    const session = t.database.session!;
    let backend = 0;
    await session(async (held) => {
      backend = (await held<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]!.pid;
      expect(await claimJob(held, 'runner-a', true)).toMatchObject({ public_id: jobId, locked: true });
      // The process dies: PostgreSQL ends its session (here: terminated from outside).
      await t.database.query('SELECT pg_terminate_backend($1)', [backend]);
      await held('SELECT 1').catch(() => {});
    }).catch(() => {});
    expect(await statusOf(jobId)).toMatchObject({ status: 'running', claimed_by: 'runner-a', attempts: 1 });
    // The claim without liveness (what every runner did before) leaves it to the two-minute heartbeat …
    expect(await claimJob(t.database.query, 'runner-old')).toBeNull();
    // … the liveness claim takes it now.
    const taken = await session((other) => claimJob(other, 'runner-b', true));
    expect(taken).toMatchObject({ public_id: jobId, claimed_by: 'runner-b', attempts: 2, locked: true });
    await remove(jobId);
  });
});
