import { afterEach, describe, expect, it } from 'vitest';
import { readEnv } from '../../../server/env';
import { createTestApp, type TestApp } from '../../helpers/test-app';

// Issue 43 item 7: the 用户服务协议 and 隐私政策 pages name who runs the deployment, from its settings.
let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe('site/operator', () => {
  it('answers OPERATOR_NAME and OPERATOR_CONTACT to anyone, logged in or not', async () => {
    t = await createTestApp({ env: { OPERATOR_NAME: '杭州示例科技有限公司', OPERATOR_CONTACT: 'support@example.com' } });
    expect(await t.call('site/operator')).toMatchObject({ resultCode: '200', data: { name: '杭州示例科技有限公司', contact: 'support@example.com' } });
  });

  it('answers null for a setting left unset', async () => {
    t = await createTestApp();
    expect((await t.call('site/operator')).data).toEqual({ name: null, contact: null });
  });

  it('reads the settings trimmed, and refuses an operator name too long to show at start', () => {
    expect(readEnv({ OPERATOR_NAME: '  杭州示例科技有限公司 ' }).OPERATOR_NAME).toBe('杭州示例科技有限公司');
    expect(() => readEnv({ OPERATOR_NAME: '名'.repeat(101) })).toThrow(/OPERATOR_NAME/);
  });
});
