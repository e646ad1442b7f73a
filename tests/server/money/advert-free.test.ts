import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdvertFreeResult } from '../../../schemas/api/editor';
import type { TAnswerForm } from '../../../src/respond/types';
import { makeSubject } from '../../helpers/fixtures';
import { publishProject } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { newPayer, recharge, type Payer } from './money-helpers';

/**
 * 去广告 (issue 46): the owner's switch takes one unit of the advert quota the project's first switch-on, never
 * again for that project; an empty quota is refused with the buy page named; the respondent page's form says
 * whether the brand footer shows. Parallel switch-ons of more projects than the quota covers take exactly it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
}, 60_000);
afterAll(() => t.close());

const q = makeSubject(1, 1);
const quota = async (payer: Payer) =>
  (
    await t.database.query<{ remaining: number; used: number }>(`SELECT remaining, used FROM user_quotas WHERE user_id = $1 AND kind = 'advert'`, [payer.id])
  )[0];
const setAdvert = (payer: Payer, questionId: string, advertFree: boolean) =>
  t.call<TAdvertFreeResult>('activity/question/setAdvertFree', { questionId, advertFree }, payer.headers);
const footerHidden = async (questionId: string) => (await t.call<TAnswerForm>('active/write/getQuestion', { questionId })).data.advertFree;

describe(`去广告 takes the advert quota exactly (${engineName()})`, () => {
  it('refuses with an empty quota, takes one unit the first switch-on, none after, and the form hides the footer', async () => {
    const owner = await newPayer(t);
    const questionId = await publishProject(t, owner.headers, { subjects: [q] });
    expect(await footerHidden(questionId)).toBe(false);

    const refused = await setAdvert(owner, questionId, true);
    expect(refused.resultCode).toBe('409');
    expect(refused.resultMsg).toBe('去广告次数不足，请先购买去广告服务');
    expect(refused.data).toMatchObject({ reason: 'quotaEmpty', kind: 'advert', buyPath: '/buyAdvAccound.html' });
    expect(await footerHidden(questionId)).toBe(false);

    await recharge(t, owner, 10_000);
    expect((await t.call('active/pay/getAdvertPay', { packageId: 'advert-1' }, owner.headers)).resultCode).toBe('200');
    const on = await setAdvert(owner, questionId, true);
    expect(on.data).toEqual({ advertFree: true, remaining: 0, charged: true });
    expect(await footerHidden(questionId)).toBe(true);
    const settings = await t.call<{ advertFree: boolean }>('activity/question/getWxQuestionSetting', { questionId }, owner.headers);
    expect(settings.data.advertFree).toBe(true);

    // Off and on again: free, although the quota is now empty.
    expect((await setAdvert(owner, questionId, false)).data).toEqual({ advertFree: false, remaining: 0, charged: false });
    expect(await footerHidden(questionId)).toBe(false);
    expect((await setAdvert(owner, questionId, true)).data).toEqual({ advertFree: true, remaining: 0, charged: false });
    expect(await quota(owner)).toEqual({ remaining: 0, used: 1 });

    // A second project with the quota used up: refused, nothing taken.
    const second = await publishProject(t, owner.headers, { subjects: [q] });
    expect((await setAdvert(owner, second, true)).resultCode).toBe('409');
    expect(await footerHidden(second)).toBe(false);
    expect(await quota(owner)).toEqual({ remaining: 0, used: 1 });
  });

  it('only the owner switches it; bad input is refused with a Chinese message', async () => {
    const owner = await newPayer(t);
    const stranger = await newPayer(t);
    const questionId = await publishProject(t, owner.headers, { subjects: [q] });
    expect((await setAdvert(stranger, questionId, true)).resultCode).toBe('404');
    const bad = await t.call('activity/question/setAdvertFree', { questionId, advertFree: 'yes' }, owner.headers);
    expect(bad.resultCode).toBe('400');
    expect(bad.resultMsg).toMatch(/去广告/);
  });

  it('parallel switch-ons of 8 projects against 5 units: exactly 5 switched on, 5 used; one project switched 6 times takes 1', async () => {
    const owner = await newPayer(t);
    await recharge(t, owner, 20_000);
    expect((await t.call('active/pay/getAdvertPay', { packageId: 'advert-5' }, owner.headers)).resultCode).toBe('200');
    const projects = await Promise.all(Array.from({ length: 8 }, () => publishProject(t, owner.headers, { subjects: [q] })));
    const answers = await Promise.all(projects.map((id) => setAdvert(owner, id, true)));
    expect(answers.filter((a) => a.resultCode === '200')).toHaveLength(5);
    expect(answers.filter((a) => a.resultCode === '409')).toHaveLength(3);
    expect(await quota(owner)).toEqual({ remaining: 0, used: 5 });
    const hidden = await Promise.all(projects.map(footerHidden));
    expect(hidden.filter(Boolean)).toHaveLength(5);

    const other = await newPayer(t);
    await recharge(t, other, 20_000);
    expect((await t.call('active/pay/getAdvertPay', { packageId: 'advert-5' }, other.headers)).resultCode).toBe('200');
    const one = await publishProject(t, other.headers, { subjects: [q] });
    const many = await Promise.all(Array.from({ length: 6 }, () => setAdvert(other, one, true)));
    expect(many.every((a) => a.resultCode === '200')).toBe(true);
    expect(many.filter((a) => a.data.charged)).toHaveLength(1);
    expect(await quota(other)).toEqual({ remaining: 4, used: 1 });
  });
});
