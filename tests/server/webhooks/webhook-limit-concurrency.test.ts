import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '../../../schemas/api/webhooks';
import { WEBHOOK_LIMITS } from '../../../schemas/webhooks/events';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { draftProject } from '../../helpers/webhook-fixtures';

/** The per-project limit holds when many saves race: the project's row lock makes the conditional insert's count final. */
let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t);
}, 60_000);
afterAll(() => t.close());

const save = (questionId: string, i: number) =>
  t.call('activity/question/webhook/saveWebhook', { questionId, url: `https://example.com/race/${i}`, events: ['sheet.accepted'] }, owner.headers);

describe(`${WEBHOOK_LIMITS.perProject} webhooks at most, 12 saves racing, on ${engineName()}`, () => {
  for (const before of [0, 3]) {
    it(`with ${before} already saved, exactly ${WEBHOOK_LIMITS.perProject - before} of the racers win`, async () => {
      const questionId = await draftProject(t, owner.headers);
      for (let i = 0; i < before; i++) expect((await save(questionId, 100 + i)).resultCode).toBe('200');
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => save(questionId, i)));
      expect(answers.filter((a) => a.resultCode === '200')).toHaveLength(WEBHOOK_LIMITS.perProject - before);
      for (const lost of answers.filter((a) => a.resultCode !== '200')) expect(lost).toMatchObject({ resultCode: '409', resultMsg: WEBHOOK_MESSAGES.tooMany });
      const rows = await t.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM webhooks w JOIN projects p ON p.id = w.project_id WHERE p.public_id = $1',
        [questionId],
      );
      expect(rows[0]!.n).toBe(WEBHOOK_LIMITS.perProject);
    });
  }
});
