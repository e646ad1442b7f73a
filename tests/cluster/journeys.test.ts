/**
 * Journeys through nginx in front of three server processes on one PostgreSQL database, where consecutive calls
 * land on different processes (each answer names its process in x-wj-node, and the tests check it): nothing a
 * user does may depend on which process served the previous call.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TExportJob } from '../../schemas/api/export-jobs';
import type { TCreateResult } from '../../schemas/api/question';
import type { TExportLink } from '../../schemas/api/report';
import type { TSubject } from '../../schemas/subjects/registry';
import { smsUnits } from '../../server/services/sms/invitation-plan';
import { makeSubject } from '../helpers/fixtures';
import { pick, submissionId } from '../helpers/publish';
import { nodeLog, startCluster, waitFor, type Cluster, type ClusterNode, type Envelope } from './harness';

let c: Cluster;
beforeAll(async () => {
  // On an empty database: the first journey checks that the three processes starting together migrated it once.
  c = await startCluster({ nodes: 3, emptyDatabase: true });
}, 240_000);
afterAll(async () => {
  await c?.close();
});

type Headers = { token: string };
const ok = <T>(answer: Envelope<T>): T => {
  expect(answer.resultCode, `${answer.resultMsg} (from ${answer.node})`).toBe('200');
  return answer.data;
};
/** Consecutive answers came from different processes. */
const spread = (...answers: Envelope[]) => {
  for (let i = 1; i < answers.length; i++) expect(answers[i]!.node, `call ${i + 1} landed on the process of call ${i}`).not.toBe(answers[i - 1]!.node);
};
const codeOf = async (phone: string) => {
  const [row] = await c.query<{ text: string }>('SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [phone]);
  return row!.text.match(/(\d{6})/)![1]!;
};
let phoneSeq = 0;
const newPhone = () => `1590${String(process.pid % 1000).padStart(3, '0')}${String(phoneSeq++).padStart(4, '0')}`;

async function login(memberLevel = 1): Promise<{ headers: Headers; phone: string }> {
  const phone = newPhone();
  ok(await c.call('activity/user/sendSms', { phone }));
  const { token } = ok(await c.call<{ token: string }>('activity/user/login', { phone, code: await codeOf(phone) }));
  if (memberLevel !== 1) await c.query('UPDATE users SET member_level = $2 WHERE phone = $1', [phone, memberLevel]);
  return { headers: { token }, phone };
}

async function publish(headers: Headers, subjects: TSubject[], settings?: object): Promise<string> {
  const { questionId } = ok(await c.call<TCreateResult>('activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: '集群测试', subjects }, headers));
  if (settings) ok(await c.call('activity/question/updateWxQuestionSetting', { questionId, settings }, headers));
  ok(await c.call('activity/question/getQuestionStatus', { questionId, status: 1 }, headers));
  return questionId!;
}

const sheet = (questionId: string, answers: Record<string, unknown>) => ({
  questionId,
  submissionId: submissionId(),
  deviceId: `dev-${submissionId()}`,
  durationSeconds: 60,
  answers,
});
const nodeByPid = (pid: number): ClusterNode => c.nodes.find((n) => n.proc?.pid === pid)!;
const runnerPid = (claimedBy: string | null) => Number(claimedBy?.split(':')[1]);

describe('three processes behind nginx on one PostgreSQL database', () => {
  it('started together on an empty database, they applied each migration exactly once', async () => {
    const journal = JSON.parse(readFileSync(path.resolve('server/db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const sqlFiles = readdirSync(path.resolve('server/db/migrations')).filter((f) => f.endsWith('.sql'));
    const applied = await c.query<{ hash: string; n: string }>('SELECT hash, count(*) AS n FROM drizzle.__drizzle_migrations GROUP BY hash');
    expect(applied).toHaveLength(journal.entries.length);
    expect(applied).toHaveLength(sqlFiles.length);
    expect(applied.every((row) => Number(row.n) === 1)).toBe(true);
    // And every process is up and ready.
    for (const node of c.nodes) expect((await fetch(`http://127.0.0.1:${node.port}/readyz`)).status, nodeLog(node)).toBe(200);
  });

  it('SMS login: the code sent by one process is accepted by another, and a third knows the token', async () => {
    const phone = newPhone();
    const sent = await c.call('activity/user/sendSms', { phone });
    ok(sent);
    const logged = await c.call<{ token: string }>('activity/user/login', { phone, code: await codeOf(phone) });
    const { token } = ok(logged);
    const info = await c.call<{ username: string }>('activity/user/info', {}, { token });
    expect(ok(info).username).toBeTruthy();
    spread(sent, logged, info);
    // Logged out on one process: every other one refuses the token at once (no per-process session cache).
    const out = await c.call('activity/user/logout', {}, { token });
    ok(out);
    const after = await c.call('activity/user/info', {}, { token });
    expect(after.resultCode).toBe('401');
    spread(out, after);
  });

  it('QR login: a code shown by one process, scanned and confirmed through others, logs the desktop in on yet another', async () => {
    const phone = await login();
    const shown = await c.call<{ qrId: string; pollSecret: string }>('activity/user/showLoginQr');
    const { qrId, pollSecret } = ok(shown);
    const waiting = await c.call<{ status: string }>('activity/user/checkCode', { qrId, pollSecret });
    expect(ok(waiting).status).toBe('waiting');
    const scanned = await c.call('activity/user/loginByQr', { qrId, confirm: false }, phone.headers);
    ok(scanned);
    const seen = await c.call<{ status: string }>('activity/user/checkCode', { qrId, pollSecret });
    expect(ok(seen).status).toBe('scanned');
    const confirmed = await c.call('activity/user/loginByQr', { qrId, confirm: true }, phone.headers);
    ok(confirmed);
    const polled = await c.call<{ status: string; token?: string }>('activity/user/checkCode', { qrId, pollSecret });
    expect(ok(polled)).toMatchObject({ status: 'confirmed', token: expect.any(String) });
    const again = await c.call<{ status: string; token?: string }>('activity/user/checkCode', { qrId, pollSecret });
    expect(ok(again)).toEqual({ status: 'expired' }); // handed to exactly one poll, whichever process it reached
    const desktop = await c.call('activity/user/info', {}, { token: polled.data.token! });
    ok(desktop);
    spread(shown, waiting, scanned, seen, confirmed, polled, again, desktop);
  });

  it('editor: a save on one process and a stale save on another — the version check refuses the second', async () => {
    const u = await login();
    const created = await c.call<TCreateResult>(
      'activity/question/saveOrUpdateWxQuestion',
      { questionType: 1, title: '协作编辑', subjects: [makeSubject(1, 1, '第1题')] },
      u.headers,
    );
    const questionId = ok(created).questionId!;
    const read = await c.call<{ version: number; subjects: TSubject[] }>('activity/question/v2/getSubject', { questionId }, u.headers);
    const { version, subjects } = ok(read);
    const first = await c.call<{ version: number }>(
      'activity/question/saveEditorDocument',
      { questionId, version, document: { title: '甲的修改', subjects, logic: {} } },
      u.headers,
    );
    expect(ok(first).version).toBe(version + 1);
    const stale = await c.call(
      'activity/question/saveEditorDocument',
      { questionId, version, document: { title: '乙的修改', subjects: [], logic: {} } },
      u.headers,
    );
    expect(stale.resultCode).toBe('409');
    expect(stale.resultMsg).toMatch(/^项目已被.+修改，请刷新后再编辑$/);
    const now = await c.call<{ title: string }>('activity/question/getWxQuestion', { questionId }, u.headers);
    expect(ok(now).title).toBe('甲的修改');
    spread(created, read, first, stale, now);
  });

  it('a project edited through one process while the others serve its respondent page: no sheet is accepted against the old questions', async () => {
    const u = await login();
    const q1 = { ...makeSubject(1, 1, '您的年级'), required: true } as TSubject;
    const questionId = await publish(u.headers, [q1]);
    // Every process answers a sheet, so each one holds the project in its submit cache.
    const warm = [];
    for (let i = 0; i < 3; i++) warm.push(await c.call('active/write/submit', sheet(questionId, { [q1.uuid]: pick(q1, 0) })));
    warm.forEach(ok);
    expect(new Set(warm.map((w) => w.node)).size).toBe(3);
    const page = await c.call<{ subjects: TSubject[] }>('active/write/getQuestion', { questionId });
    expect(ok(page).subjects).toHaveLength(1);

    // The creator pauses, adds a required question and publishes again (spec §4: no structure edit while collecting).
    ok(await c.call('activity/question/getQuestionStatus', { questionId, status: 0 }, u.headers));
    const read = ok(await c.call<{ version: number; subjects: TSubject[] }>('activity/question/v2/getSubject', { questionId }, u.headers));
    const q2 = { ...makeSubject(1, 2, '您的专业'), required: true } as TSubject;
    const saved = await c.call(
      'activity/question/saveEditorDocument',
      { questionId, version: read.version, document: { title: '集群测试', subjects: [...read.subjects, q2], logic: {} } },
      u.headers,
    );
    ok(saved);
    ok(await c.call('activity/question/getQuestionStatus', { questionId, status: 1 }, u.headers));

    // A respondent who loaded the old page sends the old sheet, to each process in turn: refused by every one.
    const old = [];
    for (let i = 0; i < 3; i++) old.push(await c.call('active/write/submit', sheet(questionId, { [q1.uuid]: pick(q1, 1) })));
    for (const answer of old) {
      expect(answer.resultCode, `${answer.node} accepted a sheet without the new required question`).toBe('400');
      expect(answer.resultMsg).toContain('第2题');
    }
    expect(new Set(old.map((a) => a.node)).size).toBe(3);
    // The new page, from any process, is accepted.
    const fresh = [];
    for (let i = 0; i < 3; i++) fresh.push(await c.call('active/write/submit', sheet(questionId, { [q1.uuid]: pick(q1, 0), [q2.uuid]: pick(q2, 1) })));
    fresh.forEach(ok);
    spread(saved, ...old, ...fresh);
    const stored = await c.query<{ n: string }>(
      `SELECT count(*) AS n FROM answer_sheets s JOIN projects p ON p.id = s.project_id WHERE p.public_id = $1 AND NOT (s.answers ? $2)`,
      [questionId, q2.uuid],
    );
    expect(Number(stored[0]!.n)).toBe(3); // only the three sheets from before the edit lack the new question
  });

  it('rate limits are counted across processes: a second code within the minute and a sixth wrong password are refused by whichever process gets them', async () => {
    const phone = newPhone();
    const first = await c.call('activity/user/sendSms', { phone });
    ok(first);
    const second = await c.call('activity/user/sendSms', { phone });
    expect(second).toMatchObject({ resultCode: '429', resultMsg: '发送太频繁，请1分钟后再试' });
    spread(first, second);

    // Password tries: 5 per account and address; a forged X-Forwarded-For does not make a new address
    // (nginx sets the header to the address it sees).
    const u = await login();
    ok(await c.call('activity/user/settingPassword', { password: 'right-pass-1' }, u.headers));
    const tries = [];
    for (let i = 0; i < 5; i++)
      tries.push(await c.call('activity/user/userNameLogin', { userName: u.phone, password: `wrong-${i}` }, { 'x-forwarded-for': `203.0.113.${i}` }));
    for (const t of tries) expect(t).toMatchObject({ resultCode: '400', resultMsg: '账号或密码错误' });
    const locked = await c.call('activity/user/userNameLogin', { userName: u.phone, password: 'right-pass-1' }, { 'x-forwarded-for': '198.51.100.7' });
    expect(locked).toMatchObject({ resultCode: '429', resultMsg: '登录失败次数过多，请15分钟后再试' });
    spread(...tries, locked);
    expect(new Set(tries.map((t) => t.node)).size).toBe(3);
  });

  it('the test clock moved through one process is the clock of every process (kept in the database)', async () => {
    const u = await login();
    const day = 86_400_000;
    const q = makeSubject(1, 1);
    const questionId = await publish(u.headers, [q], {
      startTime: new Date(Date.now() + day).toISOString(),
      endTime: new Date(Date.now() + 3 * day).toISOString(),
    });
    const early = await c.call('active/write/submit', sheet(questionId, { [q.uuid]: pick(q, 0) }));
    expect(early).toMatchObject({ resultCode: '409', resultMsg: '问卷尚未开始' });
    const moved = await c.call('dev/clock', { offsetDays: 2 });
    try {
      ok(moved);
      const inside = [];
      for (let i = 0; i < 3; i++) inside.push(await c.call('active/write/submit', sheet(questionId, { [q.uuid]: pick(q, 0) })));
      inside.forEach(ok);
      expect(new Set(inside.map((a) => a.node)).size).toBe(3);
      spread(early, moved, ...inside);
    } finally {
      ok(await c.call('dev/clock', { offsetDays: 0 }));
    }
    const back = [];
    for (let i = 0; i < 3; i++) back.push(await c.call('active/write/submit', sheet(questionId, { [q.uuid]: pick(q, 0) })));
    for (const answer of back) expect(answer).toMatchObject({ resultCode: '409', resultMsg: '问卷尚未开始' });
  });

  describe('export jobs (我的下载)', () => {
    let owner: { headers: Headers };
    let questionId: string;
    const R = 'question/statement/';
    const Q = 'activity/question/';
    const job = async (jobId: string) =>
      (
        await c.query<{ status: string; claimed_by: string | null; attempts: number; progress: number; error: string | null }>(
          'SELECT status, claimed_by, attempts, progress, error FROM export_jobs WHERE public_id = $1',
          [jobId],
        )
      )[0]!;
    const done = (jobId: string) => waitFor(async () => (await job(jobId)).status === 'done', `export ${jobId} done`, 120_000);
    /** A lock taken by `sql` in a transaction of another connection, held until the returned release. */
    const hold = async (sql: string, params: unknown[] = []) => {
      const holder = new pg.Client({ connectionString: c.databaseUrl });
      await holder.connect();
      await holder.query('BEGIN');
      await holder.query(sql, params);
      return async () => {
        await holder.query('COMMIT').catch(() => {});
        await holder.end();
      };
    };
    /**
     * The job's row locked: its runner waits at its next progress write (and could not write its end), so a signal
     * sent meanwhile finds the job running however fast this machine exports.
     */
    const holdJob = (jobId: string) => hold('SELECT 1 FROM export_jobs WHERE public_id = $1 FOR UPDATE', [jobId]);

    beforeAll(async () => {
      owner = await login(4);
      const q = makeSubject(1, 1, '性别');
      questionId = await publish(owner.headers, [q]);
      // 40,000 sheets written straight into the table, so an Excel export runs for several seconds.
      const [{ id }] = (await c.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId])) as [{ id: number }];
      const options = (q as { options: { uuid: string }[] }).options.map((o) => o.uuid);
      await c.query(
        `INSERT INTO answer_sheets (public_id, project_id, submission_id, body_hash, device_id, ip, source, answers, result, duration_seconds)
         SELECT 'bulk-' || i, $1::int, 'bulk-sub-' || i, 'h', 'd' || i, '127.0.0.1', 'link',
                jsonb_build_object($2::text, jsonb_build_object('optionIds', jsonb_build_array(CASE WHEN i % 2 = 0 THEN $3 ELSE $4 END))), '{}'::jsonb, 30
         FROM generate_series(1, 40000) AS i`,
        [id, q.uuid, options[0], options[1]],
      );
      await c.query('UPDATE projects SET data_count = 40000 WHERE id = $1', [id]);
    }, 120_000);

    it('jobs queued through one process are taken by whichever process is free, and the file downloads through another', async () => {
      // The sheets stay locked until both jobs are claimed, so a job holds its process however fast this machine
      // writes 40,000 rows (one once finished before any other process polled). The first job is queued through the
      // first process and taken by whichever process claims it first (its queuer at once, or another at its poll);
      // the second is queued through that busy process, so it waits for another process's poll.
      const claimed = async (jobId: string) => (await job(jobId)).claimed_by !== null;
      let first: Envelope<TExportJob>;
      let second: Envelope<TExportJob>;
      let busy: ClusterNode;
      const release = await hold('LOCK TABLE answer_sheets IN ACCESS EXCLUSIVE MODE');
      try {
        first = await c.callNode<TExportJob>(c.nodes[0]!, `${R}createExportJob`, { questionId, kind: 'xlsx' }, owner.headers);
        await waitFor(() => claimed(ok(first).jobId), 'the first job claimed', 30_000);
        busy = nodeByPid(runnerPid((await job(ok(first).jobId)).claimed_by));
        expect(busy).toBeDefined();
        second = await c.callNode<TExportJob>(busy, `${R}createExportJob`, { questionId, kind: 'xlsx' }, owner.headers);
        await waitFor(() => claimed(ok(second).jobId), 'the second job claimed', 30_000);
      } finally {
        await release();
      }
      const a = ok(first).jobId;
      const b = ok(second).jobId;
      await Promise.all([done(a), done(b)]);
      const [ja, jb] = [await job(a), await job(b)];
      const [na, nb] = [nodeByPid(runnerPid(ja.claimed_by)), nodeByPid(runnerPid(jb.claimed_by))];
      expect(na, `claimed by ${ja.claimed_by}`).toBeDefined();
      expect(nb, `claimed by ${jb.claimed_by}`).toBeDefined();
      expect(na.name).toBe(busy.name);
      expect(second.node).toBe(busy.name);
      expect(nb.name, 'the second job was taken by the busy process that queued it').not.toBe(busy.name);

      const list = await c.call<{ list: { jobId: string; status: string }[] }>(`${Q}getDownloadList`, {}, owner.headers);
      expect(
        ok(list)
          .list.filter((j) => [a, b].includes(j.jobId))
          .map((j) => j.status),
      ).toEqual(['done', 'done']);
      const link = await c.call<TExportLink>(`${Q}getDownloadUrl`, { jobId: a }, owner.headers);
      const file = await fetch(`${c.url}${ok(link).url}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('x-wj-node')).not.toBe(link.node);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
    });

    it('a process killed in the middle of a job: another process takes the job again and finishes it', async () => {
      const queued = ok(await c.call<TExportJob>(`${R}createExportJob`, { questionId, kind: 'xlsx' }, owner.headers)).jobId;
      await waitFor(
        async () => {
          const j = await job(queued);
          return j.status === 'running' && j.progress > 0;
        },
        'the job running',
        60_000,
      );
      const release = await holdJob(queued);
      const victim = nodeByPid(runnerPid((await job(queued)).claimed_by));
      expect(victim).toBeDefined();
      try {
        expect(await c.stop(victim, 'SIGKILL')).toBe('SIGKILL');
      } finally {
        await release();
      }
      // Retaken at the next poll of another process (its runner's session lock died with it), not after the
      // two minutes a silent heartbeat takes to go stale.
      await waitFor(
        async () => {
          const j = await job(queued);
          return j.attempts === 2 && j.status !== 'queued';
        },
        'the job taken again',
        30_000,
      );
      await done(queued);
      const finished = await job(queued);
      expect(finished).toMatchObject({ status: 'done', attempts: 2, progress: 100, error: null });
      const taker = nodeByPid(runnerPid(finished.claimed_by));
      expect(taker).toBeDefined();
      expect(taker.name).not.toBe(victim.name);
      await c.start(victim);
    });

    it('SIGTERM while a job runs: the process finishes the job, then exits cleanly', async () => {
      const queued = ok(await c.call<TExportJob>(`${R}createExportJob`, { questionId, kind: 'xlsx' }, owner.headers)).jobId;
      await waitFor(
        async () => {
          const j = await job(queued);
          return j.status === 'running' && j.progress > 0;
        },
        'the job running',
        60_000,
      );
      const release = await holdJob(queued);
      const pid = runnerPid((await job(queued)).claimed_by);
      const runner = nodeByPid(pid);
      expect(runner).toBeDefined();
      // The signal reaches the process while its job cannot end; the job goes on once the row is free again.
      const stopped = c.stop(runner, 'SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await job(queued)).status).toBe('running');
      await release();
      expect(await stopped).toBe('0');
      // Finished by the stopping process itself, not put back for another.
      const finished = await job(queued);
      expect(finished).toMatchObject({ status: 'done', attempts: 1, progress: 100 });
      expect(runnerPid(finished.claimed_by)).toBe(pid);
      await c.start(runner);
    });
  });

  it('invitations: with the runners of all three processes live, each of 90 SMS in one send goes out once', async () => {
    const u = await login();
    const questionId = await publish(u.headers, [makeSubject(1, 1, '您的意见')]);
    const [user] = await c.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [u.phone]);
    const userId = user!.id;
    // An approved, chosen signature and 200 SMS counts (bought and reviewed elsewhere: tests/server/sms).
    await c.query(`INSERT INTO sms_signs (user_id, name, purpose, state, chosen) VALUES ($1, '集群测试', '邀请答卷', 'approved', true)`, [userId]);
    await c.query(`INSERT INTO user_quotas (user_id, kind, remaining, used, updated_at) VALUES ($1, 'sms', 200, 0, now())`, [userId]);
    const [group] = await c.query<{ id: number }>(`INSERT INTO contact_groups (user_id, name) VALUES ($1, '全员') RETURNING id`, [userId]);
    const phones = Array.from({ length: 90 }, () => newPhone());
    for (const [i, phone] of phones.entries()) {
      await c.query('INSERT INTO contacts (user_id, group_id, name, phone) VALUES ($1, $2, $3, $4)', [userId, group!.id, `员工${i + 1}`, phone]);
    }
    const sent = await c.call<{ invitationId: number; queued: number; refused: number }>(
      'activity/message/contact/addSmsDetail',
      { questionId, channel: 'sms', groupIds: [group!.id], content: '{姓名}您好，请填写问卷：{链接}' },
      u.headers,
    );
    expect(ok(sent)).toMatchObject({ queued: 90, refused: 0 });
    const { invitationId } = sent.data;
    await waitFor(
      async () => {
        const [row] = await c.query<{ state: string }>('SELECT state FROM invitations WHERE id = $1', [invitationId]);
        return row?.state === 'done';
      },
      'the send finished',
      90_000,
    );
    const messages = await c.query<{ state: string; attempts: number; content: string }>(
      'SELECT state, attempts, content FROM invitation_messages WHERE invitation_id = $1',
      [invitationId],
    );
    expect(messages).toHaveLength(90);
    // Taken once each: a second take would have raised attempts (and a second text in the outbox).
    expect(messages.every((m) => m.state === 'sent' && m.attempts === 1)).toBe(true);
    const texts = await c.query<{ phone: string; n: string }>('SELECT phone, count(*) AS n FROM sms_outbox WHERE phone = ANY($1::text[]) GROUP BY phone', [
      phones,
    ]);
    expect(texts).toHaveLength(90);
    expect(texts.every((row) => Number(row.n) === 1)).toBe(true);
    const [left] = await c.query<{ remaining: number }>(`SELECT remaining FROM user_quotas WHERE user_id = $1 AND kind = 'sms'`, [userId]);
    expect(left!.remaining).toBe(200 - messages.reduce((sum, m) => sum + smsUnits(m.content), 0));
  });

  // Live events across processes (the sign-up chains' server-sent events fanned out with LISTEN/NOTIFY) have
  // their own file, tests/cluster/chain-live.test.ts: a page connected to one process receives what a call to
  // another did, and resumes through nginx with Last-Event-ID.
});
