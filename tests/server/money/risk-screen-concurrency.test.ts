import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSubject } from '../../../schemas/subjects/registry';
import { grantQuota } from '../../../server/services/money/quota.service';
import { lockedScreen, riskScreen, type RiskScreenStrategy } from '../../../server/services/money/risk-screen.service';
import { makeSubject } from '../../helpers/fixtures';
import { naiveRiskScreen } from '../../helpers/naive-strategies';
import { publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { newPayer } from './money-helpers';

/**
 * 风控筛查 under concurrency: parallel screenings of one project never charge a sheet twice nor take more units
 * than the owner has; the naive read-then-write screening is caught doing both.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
}, 60_000);
afterAll(() => t.close());

const SHEETS = 10;
const PARALLEL = 6;

async function projectWithSheets(units: number) {
  const owner = await newPayer(t);
  const advice = makeSubject(7, 1, '建议') as TSubject;
  const questionId = await publishProject(t, owner.headers, { subjects: [advice] });
  for (let i = 0; i < SHEETS; i++) {
    const body = {
      questionId,
      submissionId: submissionId(),
      answers: { [advice.uuid]: `意见 ${i}` },
      deviceId: `dev-${i}`,
      durationSeconds: 60,
      source: 'link',
    };
    const answer = await t.call('active/write/submit', body);
    expect(answer.resultCode, answer.resultMsg).toBe('200');
  }
  await grantQuota(t.database.query, owner.id, 'risk', units, new Date());
  const [project] = await t.database.query<{ id: number; owner_id: number }>('SELECT id, owner_id FROM projects WHERE public_id = $1', [questionId]);
  return { owner, project: project! };
}

async function race(strategy: RiskScreenStrategy, units: number) {
  const { owner, project } = await projectWithSheets(units);
  const results = await Promise.allSettled(Array.from({ length: PARALLEL }, () => riskScreen(t.database, project, new Date(), strategy)));
  const screened = results.reduce((n, r) => n + (r.status === 'fulfilled' ? r.value.screened : 0), 0);
  const [quota] = await t.database.query<{ remaining: number; used: number }>(`SELECT remaining, used FROM user_quotas WHERE user_id = $1 AND kind = 'risk'`, [
    owner.id,
  ]);
  const [sheets] = await t.database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM answer_sheets WHERE project_id = $1 AND risk_screened_at IS NOT NULL',
    [project.id],
  );
  return { screened, quota: quota!, screenedRows: sheets!.n };
}

describe(`risk screening under concurrency (${engineName()})`, () => {
  it(`${PARALLEL} parallel screenings of ${SHEETS} sheets with 30 units: each sheet charged once`, async () => {
    const { screened, quota, screenedRows } = await race(lockedScreen, 30);
    expect(screened).toBe(SHEETS);
    expect(screenedRows).toBe(SHEETS);
    expect(quota).toEqual({ remaining: 20, used: SHEETS });
  });

  it(`${PARALLEL} parallel screenings with 4 units: exactly 4 sheets screened, the quota not overdrawn`, async () => {
    const { screened, quota, screenedRows } = await race(lockedScreen, 4);
    expect(screened).toBe(4);
    expect(screenedRows).toBe(4);
    expect(quota).toEqual({ remaining: 0, used: 4 });
  });

  it('the naive read-then-write screening is caught charging sheets more than once', async () => {
    const { screened, quota, screenedRows } = await race(naiveRiskScreen(PARALLEL), 30);
    expect(screenedRows).toBe(SHEETS);
    expect(screened).toBeGreaterThan(SHEETS);
    expect(quota.used).toBeGreaterThan(SHEETS);
  });

  it('the naive screening is caught taking more units than the owner has', async () => {
    const { quota } = await race(naiveRiskScreen(PARALLEL), 4);
    expect(quota.used).toBeGreaterThan(4);
  });
});
