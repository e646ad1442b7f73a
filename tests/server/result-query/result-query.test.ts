import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { QUERY_LIMITS, QUERY_MESSAGES, type TQueryForm, type TQueryResult } from '../../../schemas/api/result-query';
import { USER_MESSAGES } from '../../../schemas/api/user';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, lastCode, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t, 4);
});
afterAll(() => t.close());
// Each case starts with fresh rate-limit windows: the limits themselves have their own case.
beforeEach(async () => {
  await t.database.query(`DELETE FROM rate_limits WHERE key LIKE 'query:%'`);
});

type Options = { options: { uuid: string; isCorrect?: boolean }[]; score?: number };

/** An exam of one scored question, a name, a student number and a phone; query switched on with `settings`. */
async function exam(settings: object) {
  const single = { ...makeSubject(1, 1, '1+1=?'), score: 10 } as TSubject & Options;
  single.options = single.options.map((o, i) => ({ ...o, isCorrect: i === 1 }));
  const name = makeSubject(6, 2, '姓名');
  const number = makeSubject(6, 3, '学号');
  const phone = makeSubject(26, 4, '手机号');
  const questionId = await publishProject(t, owner.headers, {
    subjects: [single, name, number, phone] as TSubject[],
    questionType: 2,
    settings: { queryEnabled: true, ...settings },
  });
  const answer = (who: string, no: string, mobile: string, right: boolean) =>
    t.call('active/write/submit', {
      questionId,
      submissionId: submissionId(),
      deviceId: `d-${no}`,
      durationSeconds: 30,
      answers: { [single.uuid]: pick(single, right ? 1 : 0), [name.uuid]: who, [number.uuid]: no, [phone.uuid]: mobile },
    });
  expect((await answer('张三', '2026001', '13911110001', true)).resultCode).toBe('200');
  expect((await answer('李四', '2026002', '13911110002', false)).resultCode).toBe('200');
  return { questionId, single, name, number, phone };
}

const query = (body: object, headers: Record<string, string> = {}) => t.call<TQueryResult>('active/write/queryResult', body, headers);

describe(`结果查询 on ${engineName()}`, () => {
  it('by name + a field the creator picks: only the matching sheet, with its score and (when shown) its own answers', async () => {
    const { questionId, phone } = await exam({ queryKey: 'field', queryShowAnswers: true });
    const form = await t.call<TQueryForm>('active/write/getQueryForm', { questionId });
    expect(form.data).toMatchObject({ queryKey: 'field', nameLabel: '姓名', fieldLabel: '学号' });

    const mine = await query({ questionId, name: ' 张三 ', value: '2026001' });
    expect(mine.resultCode).toBe('200');
    expect(mine.data.list).toHaveLength(1);
    expect(mine.data.list[0]!.score).toEqual({ total: 10, max: 10 });
    const text = JSON.stringify(mine.data);
    expect(text).toContain('2026001');
    expect(text).not.toContain('李四');
    expect(text).not.toContain('2026002');
    expect(text).not.toContain('13911110002');

    // The creator picks another field: the phone number now goes with the name.
    await t.call('activity/question/updateWxQuestionSetting', { questionId, settings: { queryFieldSubject: phone.uuid } }, owner.headers);
    expect((await t.call<TQueryForm>('active/write/getQueryForm', { questionId })).data.fieldLabel).toBe('手机号');
    expect((await query({ questionId, name: '张三', value: '2026001' })).resultCode).toBe('404');
    expect((await query({ questionId, name: '张三', value: '139 1111 0001' })).resultCode).toBe('200');
  });

  it('a wrong field, another person’s name or no sheet all answer the same 未查询到结果', async () => {
    const { questionId } = await exam({ queryKey: 'field' });
    const answers = [
      await query({ questionId, name: '张三', value: '2026002' }),
      await query({ questionId, name: '李四', value: '2026001' }),
      await query({ questionId, name: '王五', value: '2026009' }),
    ];
    for (const answer of answers) expect(answer).toMatchObject({ resultCode: '404', resultMsg: QUERY_MESSAGES.none, data: null });
  });

  it('by phone + SMS code: the code proves the number, serves once, and a code for another number proves nothing', async () => {
    const { questionId } = await exam({ queryKey: 'phone', showScore: false });
    const form = await t.call<TQueryForm>('active/write/getQueryForm', { questionId });
    expect(form.data.queryKey).toBe('phone');
    expect(await t.call('active/write/sendQuerySms', { questionId, phone: '139 1111 0001' })).toMatchObject({ resultCode: '200' });
    const code = await lastCode(t.database, '13911110001');
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await query({ questionId, phone: '13911110001', code: wrong })).toMatchObject({ resultCode: '400', resultMsg: USER_MESSAGES.codeWrong });
    expect((await query({ questionId, phone: '13911110002', code })).resultCode).toBe('400');
    const mine = await query({ questionId, phone: '13911110001', code });
    expect(mine.resultCode).toBe('200');
    // showScore is off: the score stays hidden here too; answers were not switched on.
    expect(mine.data.list).toEqual([expect.objectContaining({ score: null, answers: null })]);
    expect((await query({ questionId, phone: '13911110001', code })).resultCode).toBe('400');
  });

  it('a code sent for another project, or a login code, does not open this query', async () => {
    const first = await exam({ queryKey: 'phone' });
    const second = await exam({ queryKey: 'phone' });
    await t.call('active/write/sendQuerySms', { questionId: first.questionId, phone: '13911110001' });
    const code = await lastCode(t.database, '13911110001');
    expect((await query({ questionId: second.questionId, phone: '13911110001', code })).resultCode).toBe('400');
    await t.call('activity/user/sendSms', { phone: '13911110001', type: 'login' });
    const login = await lastCode(t.database, '13911110001');
    expect((await query({ questionId: second.questionId, phone: '13911110001', code: login })).resultCode).toBe('400');
  });

  it('switched off (the default), the page and every query answer 该项目未开启结果查询', async () => {
    const name = makeSubject(6, 1, '姓名');
    const questionId = await publishProject(t, owner.headers, { subjects: [name, makeSubject(6, 2, '工号')] });
    for (const [path, body] of [
      ['active/write/getQueryForm', { questionId }],
      ['active/write/sendQuerySms', { questionId, phone: '13911110001' }],
      ['active/write/queryResult', { questionId, name: '张三', value: '1' }],
    ] as const) {
      expect(await t.call(path, body)).toMatchObject({ resultCode: '404', resultMsg: QUERY_MESSAGES.closed });
    }
  });

  it(`counts every query per client address (${QUERY_LIMITS.perIp} in 10 minutes), wrong keys included; a forged forwarding header does not reset it`, async () => {
    const { questionId } = await exam({ queryKey: 'field' });
    for (let i = 0; i < QUERY_LIMITS.perIp; i++) expect((await query({ questionId, name: '张三', value: `x${i}` })).resultCode).toBe('404');
    expect(await query({ questionId, name: '张三', value: '2026001' })).toMatchObject({ resultCode: '429', resultMsg: QUERY_MESSAGES.tooMany });
    expect((await query({ questionId, name: '张三', value: '2026001' }, { 'x-forwarded-for': '203.0.113.9' })).resultCode).toBe('429');
  });

  it('counts every query per project, whatever the address', async () => {
    const { questionId } = await exam({ queryKey: 'field' });
    const project = (await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId]))[0]!.id;
    await t.database.query(`INSERT INTO rate_limits (key, window_start, count) VALUES ($1, now(), $2)`, [`query:project:${project}`, QUERY_LIMITS.perProject]);
    expect(await query({ questionId, name: '张三', value: '2026001' })).toMatchObject({ resultCode: '429' });
  });

  it('the switch is a setting of edit power: a viewer cannot turn it on, an editor can', async () => {
    const questionId = await publishProject(t, owner.headers, { subjects: [makeSubject(6, 1, '姓名'), makeSubject(6, 2, '工号')] });
    const id = (await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId]))[0]!.id;
    const viewer = await loginNewUser(t);
    const editor = await loginNewUser(t);
    for (const [who, power] of [
      [viewer, 3],
      [editor, 2],
    ] as const) {
      const user = (await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [who.phone]))[0]!.id;
      await t.database.query('INSERT INTO project_members (project_id, user_id, power_type) VALUES ($1, $2, $3)', [id, user, power]);
    }
    const turnOn = (headers: { token: string }) =>
      t.call('activity/question/updateWxQuestionSetting', { questionId, settings: { queryEnabled: true, queryKey: 'field' } }, headers);
    expect((await turnOn(viewer.headers)).resultCode).toBe('403');
    expect((await t.call('active/write/getQueryForm', { questionId })).resultCode).toBe('404');
    expect((await turnOn(editor.headers)).resultCode).toBe('200');
    expect(await t.call('active/write/getQueryForm', { questionId })).toMatchObject({ resultCode: '200', data: { nameLabel: '姓名', fieldLabel: '工号' } });
  });
});
