import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreateResult } from '../../../schemas/api/question';
import type { TProjectSettings } from '../../../schemas/api/settings';
import type { TTeamWorkCode } from '../../../schemas/api/team';
import { loginNewUser, singleChoices } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

// Issue 16 item 11: a collaborator with view power read the answering password and the whitelist's phone
// numbers from getWxQuestionSetting. Settings are now projected by power: view power learns whether a password
// is set and how many are listed, not what.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type SettingsAnswer = { settings: TProjectSettings; withheld: { passwordSet: boolean; whitelistCount: number } | null };

async function projectWithSecrets() {
  const owner = await loginNewUser(t);
  const { questionId } = (
    await t.call<TCreateResult>('activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: '内部调查', subjects: singleChoices(1) }, owner.headers)
  ).data;
  const { version } = (await t.call<{ version: number }>('activity/question/getWxQuestionSetting', { questionId }, owner.headers)).data;
  const saved = await t.call(
    'activity/question/updateWxQuestionSetting',
    { questionId, version, settings: { password: 'x7k9q2', whitelistEnabled: true, whitelist: ['13800001111', '13800002222'] } },
    owner.headers,
  );
  expect(saved.resultCode).toBe('200');
  const member = async (powerType: 1 | 2 | 3) => {
    const user = await loginNewUser(t);
    const code = (await t.call<TTeamWorkCode>('activity/question/getTeamWorkCode', { questionId, powerType }, owner.headers)).data;
    expect((await t.call('code/joinTeamWork', { workCode: code.workCode }, user.headers)).resultCode).toBe('200');
    return user;
  };
  return { owner, questionId: questionId!, member };
}

describe(`settings as each power reads them (${engineName()})`, () => {
  it('view power: no password, no whitelist phones — only that they exist', async () => {
    const { questionId, member } = await projectWithSecrets();
    const viewer = await member(3);
    const answer = await t.call<SettingsAnswer>('activity/question/getWxQuestionSetting', { questionId }, viewer.headers);
    expect(answer.resultCode).toBe('200');
    expect(answer.data.settings.password).toBe('');
    expect(answer.data.settings.whitelist).toEqual([]);
    expect(answer.data.settings.whitelistEnabled).toBe(true);
    expect(answer.data.withheld).toEqual({ passwordSet: true, whitelistCount: 2 });
    expect(JSON.stringify(answer)).not.toMatch(/x7k9q2|13800001111|13800002222/);
  });

  it('the owner, managers and editors read them in full (they can change them)', async () => {
    const { owner, questionId, member } = await projectWithSecrets();
    for (const headers of [owner.headers, (await member(1)).headers, (await member(2)).headers]) {
      const answer = await t.call<SettingsAnswer>('activity/question/getWxQuestionSetting', { questionId }, headers);
      expect(answer.data.settings).toMatchObject({ password: 'x7k9q2', whitelist: ['13800001111', '13800002222'] });
      expect(answer.data.withheld).toBeNull();
    }
  });

  it('a view-power reader cannot write them back either', async () => {
    const { questionId, member } = await projectWithSecrets();
    const viewer = await member(3);
    const answer = await t.call('activity/question/updateWxQuestionSetting', { questionId, version: 1, settings: { password: '' } }, viewer.headers);
    expect(answer.resultCode).toBe('403');
  });
});
