import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFLICT_MESSAGE, type TConflict } from '../../../schemas/api/editor';
import { SUBJECT_LIMIT_MESSAGE, type TCreateResult } from '../../../schemas/api/question';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject, singleChoices } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof loginNewUser>>;
const SAVE = 'activity/question/saveOrUpdateWxQuestion';

async function createWith(owner: User, subjects: TSubject[]): Promise<string> {
  const created = await t.call<TCreateResult>(SAVE, { questionType: 1, title: '员工满意度调查', subjects }, owner.headers);
  expect(created.data.isCreate).toBe(1);
  return created.data.questionId!;
}

const read = async (questionId: string, headers: { token: string }) =>
  (await t.call<{ subjects: TSubject[]; version: number }>('activity/question/getSubject', { questionId }, headers)).data;

const save = (questionId: string, headers: { token: string }, body: { subjects?: TSubject[]; version?: number; title?: string }) =>
  t.call(SAVE, { questionId, questionType: 1, title: body.title ?? '员工满意度调查', ...body }, headers);

async function join(questionId: string, user: User, powerType: number) {
  const [project] = await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId]);
  const [row] = await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [user.phone]);
  await t.database.query('INSERT INTO project_members (project_id, user_id, power_type) VALUES ($1, $2, $3)', [project!.id, row!.id, powerType]);
}

describe(`saveOrUpdateWxQuestion on an existing project on ${engineName()}`, () => {
  it("replacing the subjects past the owner's subject limit is refused and changes nothing", async () => {
    const owner = await loginNewUser(t);
    const questionId = await createWith(owner, singleChoices(199));
    const { version } = await read(questionId, owner.headers);
    const over = await save(questionId, owner.headers, { subjects: singleChoices(201), version });
    expect(over).toMatchObject({ resultCode: '400', resultMsg: SUBJECT_LIMIT_MESSAGE, data: { field: 'subjects', reason: 'subjectLimit' } });
    expect((await read(questionId, owner.headers)).subjects).toHaveLength(199);
    // Layout blocks do not count, so 200 questions and a paragraph fit.
    const fits = await save(questionId, owner.headers, { subjects: [...singleChoices(200), makeSubject(15, 201)], version });
    expect(fits.resultCode, fits.resultMsg).toBe('200');
    expect((await read(questionId, owner.headers)).subjects).toHaveLength(201);
  });

  it("the limit is the owner's level, whoever saves", async () => {
    const freeOwner = await loginNewUser(t);
    const enterpriseEditor = await loginNewUser(t, 4);
    const small = await createWith(freeOwner, singleChoices(2));
    await join(small, enterpriseEditor, 2);
    const refused = await save(small, enterpriseEditor.headers, { subjects: singleChoices(201), version: (await read(small, freeOwner.headers)).version });
    expect(refused).toMatchObject({ resultCode: '400', resultMsg: SUBJECT_LIMIT_MESSAGE });

    const enterpriseOwner = await loginNewUser(t, 4);
    const freeEditor = await loginNewUser(t);
    const big = await createWith(enterpriseOwner, singleChoices(2));
    await join(big, freeEditor, 2);
    const allowed = await save(big, freeEditor.headers, { subjects: singleChoices(300), version: (await read(big, enterpriseOwner.headers)).version });
    expect(allowed.resultCode, allowed.resultMsg).toBe('200');
    expect((await read(big, enterpriseOwner.headers)).subjects).toHaveLength(300);
  });

  it('an owner over the limit after a downgrade may still remove questions', async () => {
    const owner = await loginNewUser(t, 4);
    const questionId = await createWith(owner, singleChoices(250));
    await t.database.query('UPDATE users SET member_level = 1 WHERE phone = $1', [owner.phone]);
    const { subjects, version } = await read(questionId, owner.headers);
    const fewer = await save(questionId, owner.headers, { subjects: subjects.slice(0, 240), version });
    expect(fewer.resultCode, fewer.resultMsg).toBe('200');
    expect((await read(questionId, owner.headers)).subjects).toHaveLength(240);
  });

  it('a stale version is a "409" naming who changed the project, and the newer subjects stay', async () => {
    const owner = await loginNewUser(t);
    const editor = await loginNewUser(t);
    const questionId = await createWith(owner, singleChoices(3));
    await join(questionId, editor, 2);
    await t.database.query(`UPDATE users SET username = '王小明' WHERE phone = $1`, [editor.phone]);
    const { version } = await read(questionId, owner.headers);

    const first = await save(questionId, editor.headers, { subjects: singleChoices(5), version });
    expect(first.resultCode, first.resultMsg).toBe('200');
    const stale = await save(questionId, owner.headers, { subjects: singleChoices(1), version });
    expect(stale.resultCode).toBe('409');
    expect(stale.resultMsg).toBe(CONFLICT_MESSAGE('王小明'));
    expect((stale.data as TConflict).version).toBe(version + 1);
    expect((await read(questionId, owner.headers)).subjects).toHaveLength(5);

    // With the current version the save goes through, keeps the given order and moves the version on.
    const fresh = singleChoices(2).reverse();
    const current = await save(questionId, owner.headers, { subjects: fresh, version: version + 1, title: '改过的标题' });
    expect(current.resultCode, current.resultMsg).toBe('200');
    const after = await read(questionId, owner.headers);
    expect(after.subjects.map((s) => s.uuid)).toEqual(fresh.map((s) => s.uuid));
    expect(after.version).toBe(version + 2);
  });

  it('replacing subjects without a version is refused naming the field; a title change needs none', async () => {
    const owner = await loginNewUser(t);
    const questionId = await createWith(owner, singleChoices(3));
    const blind = await save(questionId, owner.headers, { subjects: singleChoices(1) });
    expect(blind.resultCode).toBe('400');
    expect(blind.resultMsg).toMatch(/^version: /);
    expect((await read(questionId, owner.headers)).subjects).toHaveLength(3);
    const renamed = await save(questionId, owner.headers, { title: '新标题' });
    expect(renamed.resultCode, renamed.resultMsg).toBe('200');
    const info = await t.call<{ title: string }>('activity/question/getWxQuestion', { questionId }, owner.headers);
    expect(info.data.title).toBe('新标题');
  });
});
