import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreateResult } from '../../../schemas/api/question';
import { loginNewUser, singleChoices } from '../../helpers/fixtures';
import { NOT_PROJECT_CALLS, PROJECT_CALLS, PROJECT_FIELDS, PROJECT_ROUTES, type Caller, type Ctx, type Need, type Role } from '../../helpers/project-calls';
import { requestFields } from '../../helpers/request-fields';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

const ROLES: Role[] = ['loggedOut', 'stranger', 'view', 'edit', 'manage', 'owner'];
const ALLOWED: Record<Need, Role[]> = {
  read: ['owner', 'manage', 'edit', 'view'],
  edit: ['owner', 'manage', 'edit'],
  report: ['owner', 'manage', 'view'],
  manage: ['owner', 'manage'],
  owner: ['owner'],
};

let t: TestApp;
const users = {} as Record<Exclude<Role, 'loggedOut'>, Caller & { publicId: string }>;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['owner', 'manage', 'edit', 'view', 'stranger'] as const) {
    const u = await loginNewUser(t, role === 'owner' ? 4 : 1);
    const row = (await t.database.query<{ id: number; public_id: string }>('SELECT id, public_id FROM users WHERE phone = $1', [u.phone]))[0]!;
    users[role] = { headers: u.headers, id: row.id, publicId: row.public_id };
  }
});
afterAll(() => t.close());

/** A fresh project with one collaborator per power and a live invitation, so no call sees another's side effects. */
async function freshProject(): Promise<Ctx> {
  await t.database.query('DELETE FROM daily_creations');
  const subjects = singleChoices(2);
  const created = await t.call<TCreateResult>(
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 1, title: '权限矩阵', subjects },
    users.owner.headers,
  );
  const questionId = created.data.questionId!;
  const id = (await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId]))[0]!.id;
  for (const [role, power] of [
    ['manage', 1],
    ['edit', 2],
    ['view', 3],
  ] as const) {
    await t.database.query('INSERT INTO project_members (project_id, user_id, power_type) VALUES ($1, $2, $3)', [id, users[role].id, power]);
  }
  await t.database.query(`INSERT INTO conclusions (public_id, project_id, config) VALUES ($1, $2, '{"title":"谢谢"}')`, [`c-${questionId}`, id]);
  const code = await t.call<{ teamWorkCodeId: string }>('activity/question/getTeamWorkCode', { questionId, powerType: 3 }, users.owner.headers);
  const options = (subjects[0] as { options: { uuid: string }[] }).options;
  const webhook = await t.database.query<{ id: number }>(
    "INSERT INTO webhooks (public_id, project_id, url, secret, events) VALUES ($1, $2, 'https://example.com/hook', 'whsec_matrix', '{sheet.accepted}') RETURNING id",
    [`wh-${questionId}`, id],
  );
  await t.database.query("INSERT INTO webhook_deliveries (public_id, webhook_id, event, event_id, payload) VALUES ($1, $2, 'ping', 'ping_matrix', '{}')", [
    `whd-${questionId}`,
    webhook[0]!.id,
  ]);
  return {
    webhookId: `wh-${questionId}`,
    deliveryId: `whd-${questionId}`,
    conclusionId: `c-${questionId}`,
    questionId,
    subjectUuid: subjects[0]!.uuid,
    optionUuid: options[0]!.uuid,
    memberUserId: users.view.publicId,
    workCodeId: code.data.teamWorkCodeId,
  };
}

function expected(role: Role, need: Need, override: Partial<Record<Role, string>> = {}, anyone?: string): string {
  if (anyone) return anyone;
  if (override[role]) return override[role]!;
  if (role === 'loggedOut') return '401';
  if (role === 'stranger') return '404';
  return ALLOWED[need].includes(role) ? '200' : '403';
}

describe(`permission matrix on ${engineName()}: every project call × every role`, () => {
  it('every route that names a project, or that was registered by hand, is in the table', () => {
    const schemas = new Map(t.app.calls.map((c) => [c.path, c.body]));
    const missing: string[] = [];
    for (const route of t.app.apiRoutes) {
      const schema = route.method === 'POST' ? schemas.get(route.path) : undefined;
      const key = route.method === 'POST' ? route.path : `${route.method} ${route.path}`;
      // A schema tells whether the request names a project; a route made by hand must always be classified.
      const namesProject = schema ? PROJECT_FIELDS.some((field) => requestFields(schema).has(field)) : true;
      if (namesProject && !PROJECT_CALLS[key] && !PROJECT_ROUTES[key] && !NOT_PROJECT_CALLS.has(key)) missing.push(key);
    }
    expect(missing, 'add these calls to tests/helpers/project-calls.ts').toEqual([]);
  });

  it('the table names only routes the app has', () => {
    const known = new Set(t.app.apiRoutes.map((r) => (r.method === 'POST' ? r.path : `${r.method} ${r.path}`)));
    const stale = [...Object.keys(PROJECT_CALLS), ...Object.keys(PROJECT_ROUTES), ...NOT_PROJECT_CALLS.keys()].filter((key) => !known.has(key));
    expect(stale).toEqual([]);
  });

  for (const [path, call] of Object.entries(PROJECT_CALLS)) {
    it(path, async () => {
      const got: Record<string, string> = {};
      const want: Record<string, string> = {};
      for (const role of ROLES) {
        const ctx = await freshProject();
        const headers = role === 'loggedOut' ? {} : users[role].headers;
        got[role] = (await t.call(path, call.body(ctx), headers)).resultCode;
        want[role] = expected(role, call.need, call.override, call.anyone);
      }
      expect(got).toEqual(want);
    });
  }

  for (const [key, route] of Object.entries(PROJECT_ROUTES)) {
    it(key, async () => {
      const got: Record<string, string> = {};
      const want: Record<string, string> = {};
      for (const role of ROLES) {
        const ctx = await freshProject();
        got[role] = await route.send(t.app, ctx, role === 'loggedOut' ? null : users[role]);
        want[role] = expected(role, route.need, route.override);
      }
      expect(got).toEqual(want);
    });
  }
});
