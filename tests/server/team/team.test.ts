import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreateResult, TProjectList } from '../../../schemas/api/question';
import { INVITE_CLOSED, JOIN_ERRORS, type TResetWorkCode, type TTeamMember, type TTeamWorkCode } from '../../../schemas/api/team';
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
  const { questionId } = (
    await t.call<TCreateResult>('activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: '协作项目', subjects: singleChoices(1) }, owner.headers)
  ).data;
  const invite = (powerType: number) => t.call<TTeamWorkCode>('activity/question/getTeamWorkCode', { questionId, powerType }, owner.headers);
  return { owner, guest, questionId: questionId!, invite };
}

describe(`collaboration on ${engineName()}`, () => {
  it('invite with a power, valid today to today + 7; joining lands with that power and shows in lists', async () => {
    const { guest, questionId, invite } = await setup();
    const code = (await invite(3)).data;
    const from = new Date(code.validFrom);
    expect((new Date(code.validTo).getTime() - from.getTime()) / 86_400_000).toBe(7);
    const expires = (await t.database.query<{ expires_at: Date | string }>('SELECT expires_at FROM team_work_codes WHERE code = $1', [code.workCode]))[0]!
      .expires_at;
    expect(new Date(expires).toISOString()).toBe(new Date(`${code.validTo}T23:59:59.999+08:00`).toISOString());
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
    expect(members.map((m) => [m.isOwner, m.powerType])).toEqual([
      [true, 1],
      [false, 2],
    ]);
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

  it('with 允许通过邀请链接加入 off nobody invites and no earlier link admits anyone; on again, links work', async () => {
    const { owner, guest, questionId, invite } = await setup();
    const manager = await loginNewUser(t);
    await t.call('code/joinTeamWork', { workCode: (await invite(1)).data.workCode }, manager.headers);
    const earlier = (await invite(2)).data.workCode;
    // Only the owner holds the switch.
    expect((await t.call('code/setFriendAddTeamWork', { questionId, isFriendAddTeamWork: 0 }, manager.headers)).resultCode).toBe('403');
    expect((await t.call('code/setFriendAddTeamWork', { questionId, isFriendAddTeamWork: 0 }, owner.headers)).resultCode).toBe('200');
    for (const who of [owner, manager]) {
      expect(await t.call('activity/question/getTeamWorkCode', { questionId, powerType: 3 }, who.headers)).toMatchObject({
        resultCode: '409',
        resultMsg: INVITE_CLOSED,
      });
      expect((await t.call('code/resetTeamWorkCode', { questionId, powerType: 3 }, who.headers)).resultCode).toBe('409');
    }
    expect(await t.call('code/joinTeamWork', { workCode: earlier }, guest.headers)).toMatchObject({
      resultCode: '404',
      resultMsg: JOIN_ERRORS.closed,
      data: { reason: 'closed' },
    });
    // The editor's settings autosave (an older snapshot saying 1) leaves the owner's switch alone.
    const saved = await t.call<{ settings: { isFriendAddTeamWork: number } }>(
      'activity/question/updateWxQuestionSetting',
      { questionId, settings: { isFriendAddTeamWork: 1, maxAnswers: 50 } },
      owner.headers,
    );
    expect(saved.data.settings).toMatchObject({ isFriendAddTeamWork: 0, maxAnswers: 50 });
    expect(
      (await t.call<{ settings: { isFriendAddTeamWork: number } }>('activity/question/getWxQuestionSetting', { questionId }, owner.headers)).data.settings
        .isFriendAddTeamWork,
    ).toBe(0);

    await t.call('code/setFriendAddTeamWork', { questionId, isFriendAddTeamWork: 1 }, owner.headers);
    expect(await t.call('code/joinTeamWork', { workCode: earlier }, guest.headers)).toMatchObject({ resultCode: '200', data: { powerType: 2 } });
  });

  it('重置链接 revokes every earlier link of the project and hands out a fresh one', async () => {
    const { owner, guest, questionId, invite } = await setup();
    const [first, second] = [(await invite(3)).data, (await invite(2)).data];
    const reset = await t.call<TResetWorkCode>('code/resetTeamWorkCode', { questionId, powerType: 2 }, owner.headers);
    expect(reset).toMatchObject({ resultCode: '200', data: { revoked: 2, powerType: 2 } });
    expect([first.workCode, second.workCode]).not.toContain(reset.data.workCode);
    for (const old of [first, second]) {
      expect(await t.call('code/joinTeamWork', { workCode: old.workCode }, guest.headers)).toMatchObject({
        resultCode: '404',
        resultMsg: JOIN_ERRORS.revoked,
        data: { reason: 'revoked' },
      });
    }
    expect((await t.call<{ powerType: number }>('code/joinTeamWork', { workCode: reset.data.workCode }, guest.headers)).data.powerType).toBe(2);
    // A collaborator who can edit does not reset; one who can manage does.
    expect((await t.call('code/resetTeamWorkCode', { questionId, powerType: 3 }, guest.headers)).resultCode).toBe('403');
    await t.call('code/updateMemberPower', { questionId, userId: await memberIdOf(owner.headers, questionId), powerType: 1 }, owner.headers);
    const again = await t.call<TResetWorkCode>('code/resetTeamWorkCode', { questionId, powerType: 3 }, guest.headers);
    expect(again.data.revoked).toBe(1);
    expect((await t.call('code/joinTeamWork', { workCode: reset.data.workCode }, guest.headers)).data).toMatchObject({ reason: 'revoked' });
  });

  it('a manager collaborator changes and removes other members, never the owner nor themselves; an editor cannot', async () => {
    const { owner, questionId, invite } = await setup();
    const [manager, editor, viewer] = [await loginNewUser(t), await loginNewUser(t), await loginNewUser(t)];
    for (const [who, power] of [
      [manager, 1],
      [editor, 2],
      [viewer, 3],
    ] as const)
      await t.call('code/joinTeamWork', { workCode: (await invite(power)).data.workCode }, who.headers);
    const members = (await t.call<TTeamMember[]>('code/getTeamMemberList', { questionId }, manager.headers)).data;
    const [ownerRow, managerRow, editorRow, viewerRow] = members;
    expect(members.map((m) => m.powerType)).toEqual([1, 1, 2, 3]);
    const change = (who: { headers: Record<string, string> }, userId: string, powerType: number) =>
      t.call('code/updateMemberPower', { questionId, userId, powerType }, who.headers);
    expect((await change(manager, viewerRow!.userId, 2)).resultCode).toBe('200');
    expect((await change(manager, ownerRow!.userId, 3)).resultCode).toBe('400');
    expect(await change(manager, managerRow!.userId, 3)).toMatchObject({ resultCode: '400', resultMsg: expect.stringContaining('不能修改自己的权限') });
    expect((await t.call('code/removeMember', { questionId, userId: managerRow!.userId }, manager.headers)).resultCode).toBe('400');
    expect((await t.call('code/removeMember', { questionId, userId: ownerRow!.userId }, manager.headers)).resultCode).toBe('400');
    expect((await change(editor, viewerRow!.userId, 3)).resultCode).toBe('403');
    expect((await t.call('code/removeMember', { questionId, userId: editorRow!.userId }, manager.headers)).resultCode).toBe('200');
    const after = (await t.call<TTeamMember[]>('code/getTeamMemberList', { questionId }, owner.headers)).data;
    expect(after.map((m) => [m.userId, m.powerType])).toEqual([
      [ownerRow!.userId, 1],
      [managerRow!.userId, 1],
      [viewerRow!.userId, 2],
    ]);
    // The owner may also remove a manager.
    expect((await t.call('code/removeMember', { questionId, userId: managerRow!.userId }, owner.headers)).resultCode).toBe('200');
  });

  it('members can leave; the owner cannot', async () => {
    const { owner, guest, questionId, invite } = await setup();
    await t.call('code/joinTeamWork', { workCode: (await invite(3)).data.workCode }, guest.headers);
    expect((await t.call('code/leaveTeamWork', { questionId }, guest.headers)).resultCode).toBe('200');
    expect((await t.call('activity/question/getWxQuestion', { questionId }, guest.headers)).resultCode).toBe('404');
    expect((await t.call('code/leaveTeamWork', { questionId }, owner.headers)).resultCode).toBe('400');
  });

  it('a link admits until 23:59:59 (Beijing) of the last day its copied text names, and not a moment after (test clock)', async () => {
    const { guest, invite } = await setup();
    const late = await loginNewUser(t);
    const code = (await invite(3)).data;
    const today = new Date(Date.parse(`${code.validFrom}T00:00:00+08:00`));
    expect(new Date(Date.parse(`${code.validTo}T00:00:00+08:00`)).getTime() - today.getTime()).toBe(7 * 86_400_000);
    const original = t.app.deps.now;
    const moveTo = (iso: string) => t.call('dev/clock', { offsetDays: (Date.parse(iso) - Date.now()) / 86_400_000 });
    try {
      await moveTo(`${code.validTo}T23:59:59+08:00`);
      expect((await t.call<{ powerType: number }>('code/joinTeamWork', { workCode: code.workCode }, guest.headers)).data.powerType).toBe(3);
      await moveTo(new Date(Date.parse(`${code.validTo}T00:00:00+08:00`) + 86_400_000 + 200).toISOString());
      expect(await t.call('code/joinTeamWork', { workCode: code.workCode }, late.headers)).toMatchObject({ resultCode: '404', data: { reason: 'expired' } });
    } finally {
      t.app.deps.now = original;
    }
  });
});

async function memberIdOf(headers: Record<string, string>, questionId: string): Promise<string> {
  return (await t.call<TTeamMember[]>('code/getTeamMemberList', { questionId }, headers)).data.find((m) => !m.isOwner)!.userId;
}
