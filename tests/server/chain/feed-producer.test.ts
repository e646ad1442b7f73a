import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFeedEvent } from '../../../server/services/chain/chain-events.service';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * The live feed has one producer (issue 45 item 2): wj_feed_event, which the services (chain changes, check-ins) and
 * the group-buy orders' trigger both call, writes every event and keeps one project's ids in commit order.
 */
let t: TestApp;
let projectId: number;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await loginNewUser(t);
  const questionId = await publishProject(t, owner.headers, { subjects: [makeSubject(1, 1)] });
  const [row] = await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId]);
  projectId = row!.id;
});
afterAll(() => t.close());

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return /\.(ts|sql)$/.test(entry.name) ? [full] : [];
  });
}

describe(`the live feed's one producer on ${engineName()}`, () => {
  it('only wj_feed_event writes chain_events', () => {
    const writers = sourceFiles(path.resolve('server')).filter((file) => /INSERT\s+INTO\s+chain_events\b/i.test(readFileSync(file, 'utf8')));
    expect(writers.map((file) => path.relative(process.cwd(), file))).toEqual([path.join('server', 'db', 'functions', 'wj_feed_event.sql')]);
  });

  it('ids come in commit order: an event written while an earlier one is uncommitted waits for it', async () => {
    const committed: number[] = [];
    const write = (delayMs: number, kind: string) =>
      t.database.transaction(async (q) => {
        await recordFeedEvent(q, projectId, { kind });
        if (delayMs) await q('SELECT pg_sleep($1)', [delayMs / 1000]);
        const [row] = await q<{ id: number | string }>('SELECT max(id) AS id FROM chain_events WHERE project_id = $1 AND kind = $2', [projectId, kind]);
        return Number(row!.id);
      });
    // The slow one writes first and commits last; the quick one starts while it is open.
    const slow = write(400, 'slow').then((id) => committed.push(id));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const quick = write(0, 'quick').then((id) => committed.push(id));
    await Promise.all([slow, quick]);
    expect(committed).toEqual([...committed].sort((a, b) => a - b));
    const [{ n }] = (await t.database.query<{ n: number }>("SELECT count(*)::int AS n FROM chain_events WHERE project_id = $1 AND kind IN ('slow', 'quick')", [
      projectId,
    ])) as [{ n: number }];
    expect(n).toBe(2);
  });
});
