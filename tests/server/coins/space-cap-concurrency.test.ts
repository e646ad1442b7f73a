import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSpaceRelease } from '../../../schemas/api/coins';
import { SPACE_RULE } from '../../../schemas/coins/rules';
import { loginNewUser } from '../../helpers/fixtures';
import { answerFromSpace, coinsOfPhone, giveCoins, publishedSurvey } from '../../helpers/space-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * The space's daily earning cap is a limit counted over the ledger: one respondent answering many releases at once
 * must not pass it (the account is locked from the count to the credit). 10 releases of 40 against a cap of 300 → 7 paid.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
}, 60_000);
afterAll(() => t.close());

describe(`the space's daily cap under parallel answers on ${engineName()}`, () => {
  it('one respondent answering ten releases at once earns at most the cap', async () => {
    const reward = 40;
    const releaser = await loginNewUser(t);
    const me = await loginNewUser(t);
    await giveCoins(t, releaser.phone, 10 * reward);
    const releases: { questionId: string; releaseId: string }[] = [];
    for (let i = 0; i < 10; i++) {
      const questionId = await publishedSurvey(t, releaser.headers);
      const made = await t.call<{ release: TSpaceRelease }>('activity/space/getSpaceRelease', { questionId, reward, budget: reward }, releaser.headers);
      releases.push({ questionId, releaseId: made.data.release.releaseId });
    }
    const answers = await Promise.all(releases.map((r) => answerFromSpace(t, r.questionId, r.releaseId, me.headers)));
    const paid = answers.filter((a) => a.data.space?.state === 'paid').length;
    expect(paid).toBe(Math.floor(SPACE_RULE.dailyEarnCap / reward));
    expect(await coinsOfPhone(t, me.phone)).toBe(paid * reward);
    // Every sheet is stored all the same; a capped answer costs the releaser nothing (its budget goes back on leaving).
    expect(answers.every((a) => a.resultCode === '200')).toBe(true);
    const [row] = await t.database.query<{ n: number }>(
      `SELECT sum(paid)::int AS n FROM space_releases r JOIN projects p ON p.id = r.project_id WHERE p.public_id = ANY($1)`,
      [releases.map((r) => r.questionId)],
    );
    expect(row!.n).toBe(paid * reward);
  });
});
