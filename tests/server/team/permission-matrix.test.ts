import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreateResult } from '../../../schemas/api/question';
import { loginNewUser, singleChoices } from '../../helpers/fixtures';
import { NOT_PROJECT_CALLS, PROJECT_CALLS, type Need } from '../../helpers/project-calls';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

type Role = 'owner' | 'manage' | 'edit' | 'view' | 'stranger' | 'loggedOut';
const ROLES: Role[] = ['loggedOut', 'stranger', 'view', 'edit', 'manage', 'owner'];
const ALLOWED: Record<Need, Role[]> = {
  read: ['owner', 'manage', 'edit', 'view'],
  edit: ['owner', 'manage', 'edit'],
  report: ['owner', 'manage', 'view'],
  manage: ['owner', 'manage'],
  owner: ['owner'],
};

let t: TestApp;
const users = {} as Record<Exclude<Role, 'loggedOut'>, { headers: { token: string }; id: number; publicId: string }>;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['owner', 'manage', 'edit', 'view', 'stranger'] as const) {
    const u = await loginNewUser(t, role === 'owner' ? 4 : 1);
    const row = (await t.database.query<{ id: number; public_id: string }>('SELECT id, public_id FROM users WHERE phone = $1', [u.phone]))[0]!;
    users[role] = { headers: u.headers, id: row.id, publicId: row.public_id };
  }
});
afterAll(() => t.close());

/** A fresh project with one collaborator per power, so no call sees another's side effects. */
async function freshProject() {
  await t.database.query('DELETE FROM daily_creations');
  const subjects = singleChoices(2);
  const created = await t.call<TCreateResult>('activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: '权限矩阵', subjects }, users.owner.headers);
  const questionId = created.data.questionId!;
  const id = (await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId]))[0]!.id;
  for (const [role, power] of [['manage', 1], ['edit', 2], ['view', 3]] as const) {
    await t.database.query('INSERT INTO project_members (project_id, user_id, power_type) VALUES ($1, $2, $3)', [id, users[role].id, power]);
  }
  await t.database.query(`INSERT INTO conclusions (public_id, project_id, config) VALUES ($1, $2, '{"title":"谢谢"}')`, [`c-${questionId}`, id]);
  const options = (subjects[0] as { options: { uuid: string }[] }).options;
  return { conclusionId: `c-${questionId}`, questionId, subjectUuid: subjects[0]!.uuid, optionUuid: options[0]!.uuid, memberUserId: users.view.publicId };
}

describe(`permission matrix on ${engineName()}: every project call × every role`, () => {
  it('every registered project call is in the table', () => {
    const missing = t.app.calls
      .map((c) => c.path)
      .filter((p) => (p.startsWith('activity/question/') || p.startsWith('code/')) && !NOT_PROJECT_CALLS.has(p) && !PROJECT_CALLS[p]);
    expect(missing, 'add these calls to tests/helpers/project-calls.ts').toEqual([]);
  });

  for (const [path, call] of Object.entries(PROJECT_CALLS)) {
    it(path, async () => {
      const got: Record<string, string> = {};
      const want: Record<string, string> = {};
      for (const role of ROLES) {
        const ctx = await freshProject();
        const headers = role === 'loggedOut' ? {} : users[role].headers;
        got[role] = (await t.call(path, call.body(ctx), headers)).resultCode;
        want[role] =
          role === 'loggedOut' ? '401' : role === 'stranger' ? '404' : (call.override?.[role] ?? (ALLOWED[call.need].includes(role) ? '200' : '403'));
      }
      expect(got).toEqual(want);
    });
  }
});
