import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { subjectEntry } from '../../../schemas/subjects/registry';
import { engineName } from '../../helpers/test-db';

/**
 * kill -9 under write load: every submission the server acknowledged is in the database after a restart, and
 * none twice (a retry of an acknowledged id replays the same sheet). Runs on PostgreSQL when DATABASE_URL is
 * set (a fresh database), else on a PGlite data directory.
 */
const port = 18500 + (process.pid % 400);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wenjuan-crash-'));
let databaseUrl = '';
let dropDatabase = async () => {};

afterAll(async () => {
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

async function freshPostgres(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const { Client } = (await import('pg')).default;
  const name = `crash_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  databaseUrl = target.toString();
  dropDatabase = async () => {
    const c = new Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await c.end();
  };
}

function startServer(): Promise<ChildProcess> {
  const child = spawn('node', ['--import', 'tsx', 'server/start.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, NODE_ENV: 'test', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      if (out.includes('is running')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
}

async function post<T>(call: string, body: unknown, token?: string): Promise<{ resultCode: string; data: T }> {
  const response = await fetch(`${base}/api/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return response.json() as Promise<{ resultCode: string; data: T }>;
}

describe(`crash under write load on ${engineName()}`, () => {
  it('loses no acknowledged submission and stores none twice', async () => {
    await freshPostgres();
    let server = await startServer();
    const token = (await post<{ token: string }>('activity/user/userNameLogin', { userName: '13800138000', password: 'demo1234' })).data.token;
    const subject = subjectEntry(1).create({
      uuid: 'crash-q1',
      indexSort: 1,
      newId: (() => {
        let i = 0;
        return () => `crash-o${++i}`;
      })(),
    });
    const created = await post<{ questionId: string }>(
      'activity/question/saveOrUpdateWxQuestion',
      { questionType: 1, title: '崩溃测试', subjects: [subject] },
      token,
    );
    const questionId = created.data.questionId;
    expect((await post('activity/question/getQuestionStatus', { questionId, status: 1 }, token)).resultCode).toBe('200');

    const acked = new Map<string, string>();
    const bodyOf = (id: string) => ({
      questionId,
      submissionId: id,
      deviceId: `dev-${id}`,
      durationSeconds: 30,
      answers: { 'crash-q1': { optionIds: ['crash-o1'] } },
    });
    let running = true;
    const worker = async (w: number) => {
      for (let i = 0; running && i < 100_000; i++) {
        const id = `w${w}-${i}-${randomBytes(3).toString('hex')}`;
        try {
          const answer = await post<{ sheetId: string }>('active/write/submit', bodyOf(id));
          if (answer.resultCode === '200') acked.set(id, answer.data.sheetId);
        } catch {
          return; // the server died mid-request: that submission was never acknowledged
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => worker(w));
    await new Promise((r) => setTimeout(r, 2_500));
    server.kill('SIGKILL');
    running = false;
    await Promise.all(workers);
    if (server.exitCode === null && server.signalCode === null) await new Promise((r) => server.once('exit', r));
    expect(acked.size).toBeGreaterThan(20);

    server = await startServer();
    try {
      const total = (await post<{ total: number }>('activity/question/getAnswerList', { questionId, pageSize: 1 }, token)).data.total;
      expect(total).toBeGreaterThanOrEqual(acked.size);
      for (const [id, sheetId] of acked) {
        const again = await post<{ sheetId: string }>('active/write/submit', bodyOf(id));
        expect(again.data.sheetId, id).toBe(sheetId);
      }
      const after = (await post<{ total: number }>('activity/question/getAnswerList', { questionId, pageSize: 1 }, token)).data.total;
      expect(after).toBe(total);
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  }, 120_000);
});
