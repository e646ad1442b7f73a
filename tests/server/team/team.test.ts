import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreateResult, TProjectList } from '../../../schemas/api/question';
import type { TTeamMember, TTeamWorkCode } from '../../../schemas/api/team';
import { loginNewUser, singleChoices } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
let clock = 0;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(Date.now() + clock) });
});
afterAll(() => t.close());

async function setup() {
  const owner = await loginNewUser(t);
  const guest = await loginNewUser(t);
  const { questionId } = (await t.call<TCreateResult>('activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: '协作项目', subjects: singleChoices(1) }, owner.headers)).data;
  const invite = (powerType: number) => t.call<TTeamWorkCode>('activity/question/getTeamWorkCode', { questionId, powerType }, owner.headers);
  return { owner, guest, questionId: questionId!, invite };
}

describe(`collaboration on ${engineName()}`, () => {
  it('invite with a power, valid today to today + 7; joining lands with that power and shows in lists', async () => {
    const { guest, questionId, invite } = await setup();
    const code = (await invite(3)).data;
    const from = new Date(code.validFrom);
    expect((new Date(code.validTo).getTime() - from.getTime()) / 86_400_000).toBe(7);
    const joined = await t.call<{ questionId: string; powerType: number }>('code/joinTeamWork', { workCode: code.workCode }, guest.headers);
    expect(joined.data).toEqual({ questionId, powerType: 3 });
    const list = await t.call<TProjectList>('activity/question/getWxQuestionList', { questionType: 1 }, guest.headers);
    expect(list.data.list).toEqual([expect.objectContaining({ questionId, powerType: 3, isTeamWork: 1 })]);
    expect((await t.call('activity/question/updateWxQuestion', { questionId, title: 'x' }, guest.headers)).resultCode).toBe('403');
  });

  it('joining twice keeps the higher power; the owner can change and remove members', async () => {
    const { owner, guest, questionId, invite } = await setup();
    await t.call('code/joinTeamWork', { workCode: (await invite(2)).data.workCode }, guest.headers);
    const again = await t.call<{ powerType: number }>('code/joinTeamWork', { workCode: (await invite(3)).data.workCode }, guest.headers);
    expect(again.data.powerType).toBe(2);
    const members = (await t.call<TTeamMember[]>('code/getTeamMemberList', { questionId }, owner.headers)).data;
    expect(members.map((m) => [m.isOwner, m.powerType])).toEqual([[true, 1], [false, 2]]);
    await t.call('code/updateMemberPower', { questionId, userId: members[1]!.userId, powerType: 1 }, owner.headers);
    expect((await t.call<{ powerType: number }>('activity/question/getWxQuestion', { questionId }, guest.headers)).data.powerType).toBe(1);
    expect((await t.call('code/removeMember', { questionId, userId: members[1]!.userId }, owner.headers)).resultCode).toBe('200');
    expect((await t.call('activity/question/getWxQuestion', { questionId }, guest.headers)).resultCode).toBe('404');
  });

  it('updateWorkType changes the power a code grants', async () => {
    const { owner, guest, invite } = await setup();
    const code = (await invite(3)).data;
    expect((await t.call('activity/question/updateWorkType', { workCodeId: code.teamWorkCodeId, powerType: 2 }, owner.headers)).resultCode).toBe('200');
    expect((await t.call('activity/question/updateWorkType', { workCodeId: code.teamWorkCodeId, powerType: 1 }, guest.headers)).resultCode).toBe('404');
    expect((await t.call<{ powerType: number }>('code/joinTeamWork', { workCode: code.workCode }, guest.headers)).data.powerType).toBe(2);
  });

  it('an expired, unknown or deleted-project code is refused with its reason', async () => {
    const { owner, guest, questionId, invite } = await setup();
    const code = (await invite(3)).data.workCode;
    clock = 8 * 86_400_000;
    try {
      expect(await t.call('code/joinTeamWork', { workCode: code }, guest.headers)).toMatchObject({ resultCode: '404', data: { reason: 'expired' } });
    } finally {
      clock = 0;
    }
    expect(await t.call('code/joinTeamWork', { workCode: 'x'.repeat(20) }, guest.headers)).toMatchObject({ data: { reason: 'unknown' } });
    await t.call('activity/question/getWxQuestionDel', { questionId }, owner.headers);
    expect(await t.call('code/joinTeamWork', { workCode: code }, guest.headers)).toMatchObject({ data: { reason: 'deleted' } });
  });

  it('a collaborator manager cannot invite when the owner turned friends-invite off; members can leave', async () => {
    const { owner, guest, questionId, invite } = await setup();
    await t.call('code/joinTeamWork', { workCode: (await invite(1)).data.workCode }, guest.headers);
    expect((await t.call('activity/question/getTeamWorkCode', { questionId, powerType: 3 }, guest.headers)).resultCode).toBe('200');
    await t.call('activity/question/updateWxQuestionSetting', { questionId, settings: { isFriendAddTeamWork: 0 } }, owner.headers);
    expect((await t.call('activity/question/getTeamWorkCode', { questionId, powerType: 3 }, guest.headers)).resultCode).toBe('403');
    expect((await t.call('code/leaveTeamWork', { questionId }, guest.headers)).resultCode).toBe('200');
    expect((await t.call('code/leaveTeamWork', { questionId }, owner.headers)).resultCode).toBe('400');
  });
});
