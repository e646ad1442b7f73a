import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ZAnswerForm } from '../../../schemas/api/write';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

type TAnswerForm = z.infer<typeof ZAnswerForm>;

// 禁止复制粘贴 and 切屏限制 (issue 49): kept in the settings, handed to the answering page, bad values refused.
let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t);
});
afterAll(() => t.close());

describe(`anti-cheat settings on ${engineName()}`, () => {
  it('the answering page receives noCopyPaste and leaveLimit as saved; off by default', async () => {
    const on = await publishProject(t, owner.headers, { subjects: [makeSubject(1, 1)], settings: { noCopyPaste: true, leaveLimit: 3 } });
    const page = await t.call<TAnswerForm>('active/write/getQuestion', { questionId: on });
    expect(page.data.settings).toMatchObject({ noCopyPaste: true, leaveLimit: 3 });
    const off = await publishProject(t, owner.headers, { subjects: [makeSubject(1, 1)] });
    expect((await t.call<TAnswerForm>('active/write/getQuestion', { questionId: off })).data.settings).toMatchObject({ noCopyPaste: false, leaveLimit: null });
  });

  it('a 切屏限制 of 0 or above 100 is refused with the envelope, never stored', async () => {
    const questionId = await publishProject(t, owner.headers, { subjects: [makeSubject(1, 1)] });
    for (const leaveLimit of [0, 101, 2.5, '3']) {
      const { version } = (await t.call<{ version: number }>('activity/question/getWxQuestionSetting', { questionId }, owner.headers)).data;
      const answer = await t.call('activity/question/updateWxQuestionSetting', { questionId, version, settings: { leaveLimit } }, owner.headers);
      expect(answer.resultCode).toBe('400');
      expect(answer.resultMsg).toBeTruthy();
    }
    expect((await t.call<TAnswerForm>('active/write/getQuestion', { questionId })).data.settings.leaveLimit).toBeNull();
  });
});
