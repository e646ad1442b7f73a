import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../../schemas/api/user';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, lastCode, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t);
});
afterAll(() => t.close());

const submit = (questionId: string, answers: Record<string, unknown>, smsCodes?: Record<string, string>) =>
  t.call('active/write/submit', {
    questionId,
    submissionId: submissionId(),
    answers,
    deviceId: 'sms-device',
    durationSeconds: 20,
    ...(smsCodes ? { smsCodes } : {}),
  });

describe(`需短信验证 on the answer page on ${engineName()}`, () => {
  it('the number answered must carry the code the SMS provider sent to it; a code serves once', async () => {
    const phone = { ...makeSubject(26, 1, '手机号'), smsVerify: true } as TSubject;
    const questionId = await publishProject(t, owner.headers, { subjects: [phone] });
    const number = '13912345678';
    expect(await t.call('active/write/sendAnswerSms', { questionId, subjectId: phone.uuid, phone: '139 1234 5678' })).toMatchObject({
      resultCode: '200',
      resultMsg: '验证码已发送',
    });
    const code = await lastCode(t.database, number);

    expect(await submit(questionId, { [phone.uuid]: number })).toMatchObject({
      resultCode: '400',
      resultMsg: `subjects.${phone.uuid}: 第1题：请输入短信验证码`,
    });
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await submit(questionId, { [phone.uuid]: number }, { [phone.uuid]: wrong })).toMatchObject({
      resultCode: '400',
      resultMsg: `subjects.${phone.uuid}: 第1题：${USER_MESSAGES.codeWrong}`,
    });
    // A code sent to another number does not prove this one.
    expect((await submit(questionId, { [phone.uuid]: '13700000000' }, { [phone.uuid]: code })).resultCode).toBe('400');
    expect((await submit(questionId, { [phone.uuid]: number }, { [phone.uuid]: code })).resultCode).toBe('200');
    expect((await submit(questionId, { [phone.uuid]: number }, { [phone.uuid]: code })).resultCode).toBe('400');
  });

  it('a phone subject without 需短信验证 sends nothing and needs no code; a wrong number is refused', async () => {
    const plain = makeSubject(26, 1, '手机号');
    const questionId = await publishProject(t, owner.headers, { subjects: [plain] });
    expect(await t.call('active/write/sendAnswerSms', { questionId, subjectId: plain.uuid, phone: '13912340000' })).toMatchObject({
      resultCode: '400',
      resultMsg: 'subjectId: 该题不需要短信验证',
    });
    expect((await submit(questionId, { [plain.uuid]: '13912340000' })).resultCode).toBe('200');
    const verified = { ...makeSubject(26, 1, '手机号'), smsVerify: true } as TSubject;
    const other = await publishProject(t, owner.headers, { subjects: [verified] });
    expect((await t.call('active/write/sendAnswerSms', { questionId: other, subjectId: verified.uuid, phone: '12345' })).resultCode).toBe('400');
  });
});
