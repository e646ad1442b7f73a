import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TReportFilter } from '../../../schemas/api/report';
import type { ProjectRow } from '../../../server/db/rows';
import { dataDetail } from '../../../server/services/report/report-detail';
import { buildStatement, crossTab } from '../../../server/services/report/report.service';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * While the filter index is being built (withSheetIndex answers null), a filtered report answers from SQL at once
 * with the counting note {counted, total} instead of waiting: the same figures, counted exactly from SQL.
 */
const building = vi.hoisted(() => ({ on: false }));
vi.mock('../../../server/services/report/sheet-index/index-store', async (original) => {
  const real = await original<typeof import('../../../server/services/report/sheet-index/index-store')>();
  return { ...real, withSheetIndex: (...args: Parameters<typeof real.withSheetIndex>) => (building.on ? Promise.resolve(null) : real.withSheetIndex(...args)) };
});

let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t, 4);
});
afterAll(() => t.close());

describe(`the counting note while the index builds, on ${engineName()}`, () => {
  it('filtered statement and cross-tab answer from SQL with the note; the detail total is the same count', async () => {
    const q1 = { ...makeSubject(1, 1, '行业'), required: false };
    const q2 = { ...makeSubject(2, 2, '渠道'), required: false };
    const questionId = await publishProject(t, owner.headers, { subjects: [q1, q2] });
    for (let i = 0; i < 9; i++) {
      const answers = { [q1.uuid]: pick(q1, i % 2), [q2.uuid]: { optionIds: [(q2 as unknown as { options: { uuid: string }[] }).options[i % 3]!.uuid] } };
      const r = await t.call('active/write/submit', { questionId, submissionId: submissionId(), answers, deviceId: `d-${i}`, durationSeconds: 40 });
      expect(r.resultCode, r.resultMsg).toBe('200');
    }
    const [project] = await t.database.query<ProjectRow>('SELECT * FROM projects WHERE public_id = $1', [questionId]);
    const option = (q1 as unknown as { options: { uuid: string }[] }).options[0]!.uuid;
    const filter: TReportFilter = { scope: 'valid', suspect: 'all', conditions: [{ op: 'chose', subject: q1.uuid, option }], match: 'all' };

    const indexed = await buildStatement(t.database, project!, filter);
    const indexedCross = await crossTab(t.database, project!, q1.uuid, q2.uuid, filter);
    expect(indexed.total).toBe(5);
    expect(indexed.counting).toBeUndefined();

    building.on = true;
    try {
      const counted = await buildStatement(t.database, project!, filter);
      expect(counted.counting).toEqual({ counted: 5, total: 5 });
      expect({ ...counted, counting: undefined }).toEqual({ ...indexed, counting: undefined });
      const cross = await crossTab(t.database, project!, q1.uuid, q2.uuid, filter);
      expect(cross.counting).toEqual({ counted: 5, total: 5 });
      expect({ ...cross, counting: undefined }).toEqual({ ...indexedCross, counting: undefined });
      expect((await dataDetail(t.database, project!, { sort: 'createTime', order: 'desc', filter, pageSize: 2 })).total).toBe(5);
    } finally {
      building.on = false;
    }
  });
});
