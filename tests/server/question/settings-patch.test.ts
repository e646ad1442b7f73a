import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreateResult } from '../../../schemas/api/question';
import type { TProjectSettings, TProjectStyle } from '../../../schemas/api/settings';
import { loginNewUser, singleChoices } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Read = { settings: TProjectSettings; style: TProjectStyle; version: number };

describe(`saving part of the settings on ${engineName()}`, () => {
  it('changes only the fields sent: the share title from the release page keeps the password and the limits', async () => {
    const u = await loginNewUser(t);
    const created = await t.call<TCreateResult>(
      'activity/question/saveOrUpdateWxQuestion',
      { questionType: 1, title: '设置测试', subjects: singleChoices(1) },
      u.headers,
    );
    const questionId = created.data.questionId!;
    const read = async () => (await t.call<Read>('activity/question/getWxQuestionSetting', { questionId }, u.headers)).data;
    const save = (settings: object) => t.call('activity/question/updateWxQuestionSetting', { questionId, settings }, u.headers);

    expect((await save({ password: '8888', perIpLimit: 2, loginRequired: true, showScore: false })).resultCode).toBe('200');
    expect((await save({ shareTitle: '邀请您参加调查' })).resultCode).toBe('200');
    const settings = (await read()).settings;
    expect(settings).toMatchObject({ password: '8888', perIpLimit: 2, loginRequired: true, showScore: false, shareTitle: '邀请您参加调查' });

    await t.call('activity/question/saveOrUpdateFormat', { questionId, style: { primaryColor: '#dc2626', fontSize: 'large' } }, u.headers);
    await t.call('activity/question/saveOrUpdateFormat', { questionId, style: { logo: '/uploads/logo.png' } }, u.headers);
    expect((await read()).style).toMatchObject({ primaryColor: '#dc2626', fontSize: 'large', logo: '/uploads/logo.png' });
  });
});
