import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manyParams, type SubmitArgs } from '../../../server/services/submit/submit-batch.service';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject } from '../../helpers/publish';
import { plainSubmitArgs } from '../../helpers/submit-args';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * Issue 54: wj_submit_many stores the sheets nothing can refuse (no quota, limit or cap) as one set — one INSERT, one
 * counter row per project — and sends the others through wj_submit one by one. Sent here as the batcher sends it, one
 * statement, so a batch holds exactly the sheets each case needs: retries inside the batch and of stored sheets, a
 * reused submission id, a paused and a stale project beside an open one, and refusable sheets among them.
 */
interface ManyRow {
  i: number;
  outcome: string;
  replay: { sheetId: string } | null;
  envelope: boolean | null;
  err_message: string | null;
}
const MANY = 'SELECT i, outcome, replay, envelope, err_message FROM wj_submit_many($1::jsonb) ORDER BY i';

let t: TestApp;
let owner: { headers: { token: string } };
let seq = 0;
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t);
});
afterAll(() => t.close());

async function project(settings: object = {}): Promise<{ id: number; version: number; stamp: string }> {
  const questionId = await publishProject(t, owner.headers, { subjects: [makeSubject(1, 1, '场次')], settings });
  const [row] = await t.database.query<{ id: number; version: number; stamp: string }>(
    'SELECT id, version, conclusions_version::text AS stamp FROM projects WHERE public_id = $1',
    [questionId],
  );
  return row!;
}

function sheet(p: { id: number; version: number; stamp: string }, over: Partial<SubmitArgs> = {}): SubmitArgs {
  seq += 1;
  return plainSubmitArgs({
    project: p.id,
    version: p.version,
    stamp: p.stamp,
    publicId: `set-${seq}-${Math.random().toString(36).slice(2)}`,
    submission: `sub-${seq}-${Math.random().toString(36).slice(2)}`,
    hash: 'h1',
    device: `dev-${seq}`,
    answers: { q: seq },
    result: { sheetId: '' },
    duration: 10,
    ...over,
  });
}

/** The sheets a project's webhooks have deliveries for, in the order they were queued. */
const deliveredFor = async (projectId: number): Promise<string[]> =>
  (
    await t.database.query<{ event_id: string }>(
      'SELECT d.event_id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE w.project_id = $1 ORDER BY d.id',
      [projectId],
    )
  ).map((d) => d.event_id);

/** The sheet's result names its own public id, as the submit's does, so a replay shows which sheet answered. */
const named = (s: SubmitArgs): SubmitArgs => ({ ...s, result: { sheetId: s.publicId } });
const many = (sheets: SubmitArgs[]) => t.database.query<ManyRow>(MANY, manyParams(sheets));
const counted = async (projectId: number) =>
  Number(
    (
      await t.database.query<{ n: number }>(
        'SELECT (SELECT data_count FROM projects WHERE id = $1) + coalesce((SELECT sum(n) FROM project_answer_counts WHERE project_id = $1), 0) AS n',
        [projectId],
      )
    )[0]!.n,
  );
const stored = async (projectId: number) =>
  Number((await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM answer_sheets WHERE project_id = $1', [projectId]))[0]!.n);

describe(`sheets stored as a set on ${engineName()}`, () => {
  it('retries inside the batch and of stored sheets replay the first, a reused id is told so, and each sheet counts once', async () => {
    const a = await project();
    const b = await project();
    const first = named(sheet(a));
    expect((await many([first])).map((r) => r.outcome)).toEqual(['ok']);
    const twin = named(sheet(b));
    const batch = [
      named(sheet(b)),
      { ...first, publicId: 'never-stored-1' }, // a retry of a stored sheet
      twin,
      { ...twin, publicId: 'never-stored-2' }, // the same sheet twice in one batch
      { ...first, publicId: 'never-stored-3', hash: 'other' }, // its id with other answers
      named(sheet(a)),
    ];
    const rows = await many(batch);
    expect(rows.map((r) => r.outcome)).toEqual(['ok', 'replay', 'ok', 'replay', 'reused', 'ok']);
    expect(rows[1]!.replay).toEqual({ sheetId: first.publicId });
    expect(rows[3]!.replay).toEqual({ sheetId: twin.publicId });
    expect(rows.every((r) => r.envelope === false)).toBe(true);
    // A batch of retries only: nothing inserted, every sheet answered from the stored one.
    const again = await many([
      { ...first, publicId: 'never-stored-5' },
      { ...twin, publicId: 'never-stored-6' },
    ]);
    expect(again.map((r) => [r.outcome, r.replay])).toEqual([
      ['replay', { sheetId: first.publicId }],
      ['replay', { sheetId: twin.publicId }],
    ]);
    expect(await stored(a.id)).toBe(2);
    expect(await stored(b.id)).toBe(2);
    expect(await counted(a.id)).toBe(2);
    expect(await counted(b.id)).toBe(2);
  });

  it('a paused, a stale and a deleted project refuse their sheets and leave the open one’s stored', async () => {
    const open = await project();
    const paused = await project();
    const stale = await project();
    const gone = await project();
    await t.database.query('UPDATE projects SET status = 0 WHERE id = $1', [paused.id]);
    await t.database.query('UPDATE projects SET deleted_at = now() WHERE id = $1', [gone.id]);
    const rows = await many([sheet(open), sheet(paused), sheet(stale, { version: stale.version + 1 }), sheet(stale, { stamp: 'x' }), sheet(gone), sheet(open)]);
    expect(rows.map((r) => r.outcome)).toEqual(['ok', 'paused', 'stale', 'stale', 'gone', 'ok']);
    expect(rows.map((r) => r.envelope)).toEqual([false, null, null, null, null, false]);
    expect(await stored(open.id)).toBe(2);
    expect(await counted(open.id)).toBe(2);
    for (const p of [paused, stale, gone]) expect(await stored(p.id)).toBe(0);
  });

  it('a batch of one project’s sheets (its lock and its row read once): stale sheets are told so and the rest stored; a paused or deleted project refuses them all', async () => {
    const open = await project();
    const rows = await many([sheet(open), sheet(open, { version: open.version + 1 }), sheet(open), sheet(open, { stamp: 'x' })]);
    expect(rows.map((r) => [r.outcome, r.envelope])).toEqual([
      ['ok', false],
      ['stale', null],
      ['ok', false],
      ['stale', null],
    ]);
    expect(await stored(open.id)).toBe(2);
    expect(await counted(open.id)).toBe(2);
    const paused = await project();
    const gone = await project();
    await t.database.query('UPDATE projects SET status = 0 WHERE id = $1', [paused.id]);
    await t.database.query('UPDATE projects SET deleted_at = now() WHERE id = $1', [gone.id]);
    expect((await many([sheet(paused), sheet(paused)])).map((r) => r.outcome)).toEqual(['paused', 'paused']);
    expect((await many([sheet(gone), sheet(gone)])).map((r) => r.outcome)).toEqual(['gone', 'gone']);
    expect((await stored(paused.id)) + (await stored(gone.id))).toBe(0);
  });

  it('a batch with a capped or limited sheet goes sheet by sheet (locks in project order): the cap and the limit refuse, the rest is stored', async () => {
    const capped = await project({ maxAnswers: 2 });
    const limited = await project({ perDeviceLimit: 1 });
    const open = await project();
    const cap = { cap: 2 };
    const once = { limitKinds: ['device'], limitKeys: ['same'], limitValues: [1] };
    const rows = await many([sheet(open), sheet(capped, cap), sheet(limited, once), sheet(capped, cap), sheet(open), sheet(limited, once), sheet(capped, cap)]);
    expect(rows.map((r) => r.outcome)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'refused', 'refused']);
    expect(rows.map((r) => r.err_message)).toEqual([null, null, null, null, null, 'device', 'full']);
    expect(await stored(open.id)).toBe(2);
    expect(await stored(capped.id)).toBe(2);
    expect(await stored(limited.id)).toBe(1);
    expect(await counted(capped.id)).toBe(2);
  });

  it('an enabled webhook gets one delivery per stored sheet, none for a replay', async () => {
    const p = await project();
    await t.database.query(
      `INSERT INTO webhooks (public_id, project_id, url, secret, events) VALUES ('wh-set-' || $1::int, $1::int, 'https://example.com/h', 's', ARRAY['sheet.accepted'])`,
      [p.id],
    );
    const s1 = named(sheet(p));
    const s2 = sheet(p);
    const rows = await many([s1, s2, { ...s1, publicId: 'never-stored-4' }]);
    expect(rows.map((r) => r.outcome)).toEqual(['ok', 'ok', 'replay']);
    // In the sheets' order, the replay's id never among them.
    expect(await deliveredFor(p.id)).toEqual([s1.publicId, s2.publicId]);
  });

  it('only a webhook that is enabled and wants sheet.accepted gets deliveries, also in a batch of two projects', async () => {
    const [hooked, other] = [await project(), await project()];
    const hook = (id: number, name: string, events: string, enabled: boolean) =>
      t.database.query(
        `INSERT INTO webhooks (public_id, project_id, url, secret, events, enabled) VALUES ($2, $1, 'https://example.com/h', 's', $3::text[], $4)`,
        [id, `${name}-${id}`, events, enabled],
      );
    await hook(hooked.id, 'wh-on', '{sheet.accepted}', true);
    await hook(hooked.id, 'wh-off', '{sheet.accepted}', false);
    await hook(other.id, 'wh-paid', '{order.paid}', true);
    const alone = sheet(other);
    expect((await many([alone, sheet(other)])).map((r) => r.outcome)).toEqual(['ok', 'ok']);
    expect(await deliveredFor(other.id)).toEqual([]);
    const mine = sheet(hooked);
    expect((await many([sheet(other), mine])).map((r) => r.outcome)).toEqual(['ok', 'ok']);
    expect(await deliveredFor(hooked.id)).toEqual([mine.publicId]);
    expect(await deliveredFor(other.id)).toEqual([]);
  });
});
