import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStatement } from '../../../schemas/api/report';
import { configureSheetIndex } from '../../../server/services/report/sheet-index/index-store';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { head, newSurvey, single } from './fixture';

/**
 * A filtered report asked before the filter index is built (issue 54 item 2): it does not wait for the build, it
 * answers from SQL — exactly — with the counting note, and the same figures come from the index once it is ready.
 */
let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp({ env: { REPORT_INDEX_MIN_SHEETS: 1_000 } as never });
  owner = await loginNewUser(t, 4);
});
afterAll(async () => {
  configureSheetIndex({ tail: 1000 });
  await t.close();
});

const statement = async (questionId: string, filter: object) => {
  const r = await t.call<TStatement>('question/statement/getStatement', { questionId, filter }, owner.headers);
  expect(r.resultCode, r.resultMsg).toBe('200');
  return r.data;
};

describe(`a filtered report while its index builds (${engineName()})`, () => {
  it('answers from SQL with the counting note, and equals the index’s answer once built', async () => {
    const s = await newSurvey(t, owner.headers);
    for (let i = 0; i < 12; i++) await s.submit(i);
    // Only those who chose 甲 (sheets 0, 3, 6, 9).
    const filter = { conditions: [{ op: 'chose', subject: single.uuid, option: 's1' }] };
    configureSheetIndex({ tail: 2 });
    const building = await statement(s.questionId, filter);
    expect(building.counting).toEqual({ counted: 4, total: 4 });
    expect(building.total).toBe(4);
    expect((await head(t, s.projectId))?.state).not.toBe('ready');
    for (let round = 0; round < 5 && (await head(t, s.projectId))?.state !== 'ready'; round++) await t.app.reportIndexRunner.runOnce();
    expect((await head(t, s.projectId))?.state).toBe('ready');
    const indexed = await statement(s.questionId, filter);
    expect(indexed.counting).toBeUndefined();
    expect(indexed.total).toBe(4);
    expect(building.subjects).toEqual(indexed.subjects);
  });
});
