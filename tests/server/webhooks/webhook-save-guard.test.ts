import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TWebhookItem } from '../../../schemas/api/webhooks';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { draftProject } from '../../helpers/webhook-fixtures';

/**
 * Saving a webhook runs the delivery guard (server/services/webhooks/ssrf-guard.ts): the server's own and private
 * addresses are refused with the guard's reason, and nothing is saved.
 */
let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t);
}, 60_000);
afterAll(() => t.close());

const W = 'activity/question/webhook/';

describe('a webhook to a private address', () => {
  for (const url of [
    'http://127.0.0.1:8080/hook',
    'http://localhost/hook',
    'http://10.1.2.3/hook',
    'http://192.168.1.10/hook',
    'http://[::1]/hook',
    'http://169.254.169.254/latest',
  ]) {
    it(`is refused: ${url}`, async () => {
      const questionId = await draftProject(t, owner.headers);
      const answer = await t.call(`${W}saveWebhook`, { questionId, url, events: ['sheet.accepted'] }, owner.headers);
      expect(answer.resultCode).toBe('400');
      expect(answer.resultMsg).toMatch(/内网|本机|保留|私有/);
      expect((await t.call<{ list: TWebhookItem[] }>(`${W}getWebhookList`, { questionId }, owner.headers)).data.list).toEqual([]);
    });
  }
});
