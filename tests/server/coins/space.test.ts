import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSpaceItem, TSpaceParticipation, TSpaceRelease } from '../../../schemas/api/coins';
import { SPACE_MESSAGES } from '../../../schemas/coins/space';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { pick, submissionId } from '../../helpers/publish';
import { answerFromSpace, coinsOfPhone, giveCoins, publishedSurvey } from '../../helpers/space-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/** Issue 51 item 4: releasing to the mutual space, answering for coins, the lists and leaving with the rest. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
}, 60_000);
afterAll(() => t.close());

const S = 'activity/space/';
type Released = { release: TSpaceRelease; coin: number; coinName: string };
const release = (headers: Record<string, string>, questionId: string, reward: number, budget: number, minutes = 3) =>
  t.call<Released>(`${S}getSpaceRelease`, { questionId, reward, budget, minutes }, headers);
const list = (headers: Record<string, string>, body: object = {}) =>
  t.call<{ list: TSpaceItem[]; total: number; coin: number; coinName: string }>(`${S}getSpaceList`, body, headers);
const sheets = async (questionId: string) => {
  const [row] = await t.database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM answer_sheets s JOIN projects p ON p.id = s.project_id WHERE p.public_id = $1 AND s.status = 1',
    [questionId],
  );
  return row!.n;
};

describe(`the mutual answering space on ${engineName()}`, () => {
  it('a release pays its budget up front, once per project, only for a published project and with enough coins', async () => {
    const a = await loginNewUser(t);
    const draft = await t.call<{ questionId: string }>('activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: '草稿', subjects: [] }, a.headers);
    const unpublished = await release(a.headers, draft.data.questionId, 5, 50);
    expect(unpublished.resultCode).toBe('409');
    expect(unpublished.resultMsg).toBe(SPACE_MESSAGES.notPublished);

    const questionId = await publishedSurvey(t, a.headers);
    const poor = await release(a.headers, questionId, 5, 50);
    expect(poor.resultCode).toBe('409');
    expect(poor.resultMsg).toBe('问卷币不足：需要 50 问卷币，当前 0 问卷币');
    expect((await list(a.headers)).data.list.some((i) => i.questionId === questionId)).toBe(false);

    await giveCoins(t, a.phone, 120);
    const ok = await release(a.headers, questionId, 5, 50);
    expect(ok.resultCode).toBe('200');
    expect(ok.data).toMatchObject({ coin: 70, coinName: '问卷币', release: { reward: 5, budget: 50, paid: 0, state: 'open' } });
    expect(await coinsOfPhone(t, a.phone)).toBe(70);

    const again = await release(a.headers, questionId, 5, 50);
    expect(again.resultCode).toBe('409');
    expect(again.resultMsg).toBe(SPACE_MESSAGES.alreadyOpen);
    expect(await coinsOfPhone(t, a.phone)).toBe(70);

    const small = await release(a.headers, await publishedSurvey(t, a.headers), 10, 5);
    expect(small.resultCode).toBe('400');
    expect(small.resultMsg).toBe(SPACE_MESSAGES.budgetTooSmall);
  });

  it('answering pays the reward once, refuses one’s own release, and asks a logged-out respondent to log in', async () => {
    const a = await loginNewUser(t);
    const b = await loginNewUser(t);
    await giveCoins(t, a.phone, 100);
    const questionId = await publishedSurvey(t, a.headers);
    const { release: r } = (await release(a.headers, questionId, 5, 100)).data;

    const own = await answerFromSpace(t, questionId, r.releaseId, a.headers);
    expect(own.resultCode).toBe('200');
    expect(own.data.space).toMatchObject({ state: 'refused', message: '不能回答自己发布的问卷' });

    const guest = await answerFromSpace(t, questionId, r.releaseId);
    expect(guest.data.space).toMatchObject({ state: 'login', message: SPACE_MESSAGES.login('问卷币') });

    const paid = await answerFromSpace(t, questionId, r.releaseId, b.headers);
    expect(paid.data.space).toEqual({ state: 'paid', reward: 5, coinName: '问卷币', message: '获得 5 问卷币' });
    expect(await coinsOfPhone(t, b.phone)).toBe(5);

    const twice = await answerFromSpace(t, questionId, r.releaseId, b.headers);
    expect(twice.data.space).toMatchObject({ state: 'refused', message: SPACE_MESSAGES.twice });
    expect(await coinsOfPhone(t, b.phone)).toBe(5);
    // Every sheet is kept as a normal answer; only the one paid counts against the budget.
    expect(await sheets(questionId)).toBe(4);
    expect(await coinsOfPhone(t, a.phone)).toBe(0);

    const items = (await list(b.headers)).data.list.filter((i) => i.releaseId === r.releaseId);
    expect(items).toMatchObject([{ answered: true, mine: false, reward: 5, remaining: 19, subjectCount: 1, minutes: 3 }]);
    expect((await list(a.headers)).data.list.find((i) => i.releaseId === r.releaseId)).toMatchObject({ mine: true });
    const mine = await t.call<{ list: TSpaceRelease[] }>(`${S}getReleaseQuestionPage`, {}, a.headers);
    expect(mine.data.list[0]).toMatchObject({ releaseId: r.releaseId, paid: 5, answers: 1, budget: 100 });
    const joined = await t.call<{ list: TSpaceParticipation[] }>(`${S}getParticipationSpacePage`, {}, b.headers);
    expect(joined.data.list.map((p) => [p.state, p.reward, p.reason])).toEqual([['paid', 5, '获得 5 问卷币']]);
  });

  it('a suspect sheet and a sheet the creator’s screening ends early are stored and earn nothing', async () => {
    const a = await loginNewUser(t);
    await giveCoins(t, a.phone, 100);
    const three = [1, 2, 3].map((i) => makeSubject(1, i, `题${i}`) as TSubject);
    const fastId = await publishedSurvey(t, a.headers, { subjects: three });
    const fast = (await release(a.headers, fastId, 5, 50)).data.release;
    const b = await loginNewUser(t);
    const answers = Object.fromEntries(three.map((s) => [s.uuid, pick(s, 0)]));
    const quick = await answerFromSpace(t, fastId, fast.releaseId, b.headers, { answers, durationSeconds: 1 });
    expect(quick.data.space).toMatchObject({ state: 'refused', message: SPACE_MESSAGES.suspect('答题过快') });

    const [gate, rest] = [makeSubject(1, 1, '你是否在职？') as TSubject, makeSubject(1, 2, '你的岗位') as TSubject];
    const logic = {
      jumps: [{ id: 'j1', from: gate.uuid, to: { kind: 'end', message: '感谢参与，您不符合条件' } }],
      display: [],
      optionLinkage: [],
      quotas: [],
      random: [],
    };
    const screenId = await publishedSurvey(t, a.headers, { subjects: [gate, rest], logic });
    const screen = (await release(a.headers, screenId, 5, 50)).data.release;
    const out = await answerFromSpace(t, screenId, screen.releaseId, b.headers, { answers: { [gate.uuid]: pick(gate, 1) } });
    expect(out.resultCode).toBe('200');
    expect(out.data.space).toMatchObject({ state: 'refused', message: SPACE_MESSAGES.screened('感谢参与，您不符合条件') });
    expect(await coinsOfPhone(t, b.phone)).toBe(0);
    const mine = await t.call<{ list: TSpaceRelease[] }>(`${S}getReleaseQuestionPage`, {}, a.headers);
    expect(mine.data.list.map((r) => r.paid)).toEqual([0, 0]);
  });

  it('exit gives the rest back once; a budget that cannot pay another answer closes and returns the rest', async () => {
    const a = await loginNewUser(t);
    await giveCoins(t, a.phone, 200);
    const questionId = await publishedSurvey(t, a.headers);
    const r = (await release(a.headers, questionId, 10, 100)).data.release;
    const b = await loginNewUser(t);
    await answerFromSpace(t, questionId, r.releaseId, b.headers);
    const stranger = await loginNewUser(t);
    expect((await t.call(`${S}getSpaceExit`, { releaseId: r.releaseId }, stranger.headers)).resultCode).toBe('404');
    const exit = await t.call<{ refunded: number; coin: number; release: TSpaceRelease }>(`${S}getSpaceExit`, { releaseId: r.releaseId }, a.headers);
    expect(exit.data).toMatchObject({ refunded: 90, coin: 190, release: { state: 'closed', paid: 10, refunded: 90 } });
    const twice = await t.call(`${S}getSpaceExit`, { releaseId: r.releaseId }, a.headers);
    expect([twice.resultCode, twice.resultMsg]).toEqual(['409', SPACE_MESSAGES.exited]);
    expect(await coinsOfPhone(t, a.phone)).toBe(190);
    const late = await answerFromSpace(t, questionId, r.releaseId, (await loginNewUser(t)).headers);
    expect(late.data.space).toMatchObject({ state: 'refused', message: SPACE_MESSAGES.closed });
    // The project may be released again once the first release left the space.
    expect((await release(a.headers, questionId, 10, 25)).resultCode).toBe('200');
    const second = (await t.call<{ list: TSpaceRelease[] }>(`${S}getReleaseQuestionPage`, {}, a.headers)).data.list[0]!;
    await answerFromSpace(t, questionId, second.releaseId, (await loginNewUser(t)).headers);
    await answerFromSpace(t, questionId, second.releaseId, (await loginNewUser(t)).headers);
    const spent = (await t.call<{ list: TSpaceRelease[] }>(`${S}getReleaseQuestionPage`, {}, a.headers)).data.list.find(
      (x) => x.releaseId === second.releaseId,
    );
    expect(spent).toMatchObject({ state: 'closed', paid: 20, refunded: 5 });
    expect(await coinsOfPhone(t, a.phone)).toBe(190 - 25 + 5);
    expect((await list(b.headers)).data.list.some((i) => i.questionId === questionId)).toBe(false);
  });

  it('the list sorts by reward, newest and shortest, filters by kind, and the daily cap stops the earnings', async () => {
    const a = await loginNewUser(t);
    await giveCoins(t, a.phone, 2_000);
    const ids: string[] = [];
    for (const [reward, minutes] of [
      [100, 9],
      [100, 1],
      [100, 5],
      [100, 7],
    ] as const) {
      const questionId = await publishedSurvey(t, a.headers);
      ids.push((await release(a.headers, questionId, reward, 400, minutes)).data.release.releaseId);
    }
    const b = await loginNewUser(t);
    const byShort = (await list(b.headers, { sort: 'short', pageSize: 100 })).data.list.filter((i) => ids.includes(i.releaseId));
    expect(byShort.map((i) => i.minutes)).toEqual([1, 5, 7, 9]);
    const byNew = (await list(b.headers, { sort: 'new', pageSize: 100 })).data.list.filter((i) => ids.includes(i.releaseId));
    expect(byNew.map((i) => i.releaseId)).toEqual([...ids].reverse());
    expect((await list(b.headers, { questionType: 2 })).data.list.some((i) => ids.includes(i.releaseId))).toBe(false);
    const items = (await list(b.headers, { sort: 'new', pageSize: 100 })).data.list.filter((i) => ids.includes(i.releaseId));
    const outcomes = [];
    for (const item of items) outcomes.push((await answerFromSpace(t, item.questionId, item.releaseId, b.headers)).data.space!.state);
    expect(outcomes).toEqual(['paid', 'paid', 'paid', 'refused']);
    expect(await coinsOfPhone(t, b.phone)).toBe(300);
    const joined = await t.call<{ list: TSpaceParticipation[] }>(`${S}getParticipationSpacePage`, {}, b.headers);
    expect(joined.data.list[0]!.reason).toBe(SPACE_MESSAGES.dailyCap(300, '问卷币'));
  });

  it('bad input is refused with a clear message, never a fault', async () => {
    const a = await loginNewUser(t);
    expect((await release(a.headers, 'no-such-project', 5, 50)).resultCode).toBe('404');
    expect((await t.call(`${S}getSpaceExit`, { releaseId: 'nope' }, a.headers)).resultCode).toBe('404');
    const bad = await answerFromSpace(t, await publishedSurvey(t, a.headers), 'not-a-release', (await loginNewUser(t)).headers);
    expect(bad.data.space).toMatchObject({ state: 'refused', message: SPACE_MESSAGES.releaseMissing });
    expect((await t.call(`${S}getSpaceList`, {})).resultCode).toBe('401');
    expect(submissionId()).toBeTruthy();
  });
});
