import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe('dev/config', () => {
  it('allows the flow simulator outside production', async () => {
    t = await createTestApp();
    expect((await t.call('dev/config')).data).toEqual({ flows: true });
  });

  it('hides it in production unless DEV_FLOWS=1', async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production' } });
    expect((await t.call('dev/config')).data).toEqual({ flows: false });
    await t.close();
    t = await createTestApp({ env: { NODE_ENV: 'production', DEV_FLOWS: '1' } });
    expect((await t.call('dev/config')).data).toEqual({ flows: true });
  });

  it('honours DEV_FLOWS=0 in development', async () => {
    t = await createTestApp({ env: { NODE_ENV: 'development', DEV_FLOWS: '0' } });
    expect((await t.call('dev/config')).data).toEqual({ flows: false });
  });
});
