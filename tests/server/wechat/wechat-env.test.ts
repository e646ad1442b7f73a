import { describe, expect, it } from 'vitest';
import { readEnv } from '../../../server/env';
import { wechatOpenFromEnv } from '../../../server/providers/wechat-open';
import { FAKE_OPEN } from '../../helpers/fake-wechat-open';

const all = {
  WECHAT_OPEN_APPID: FAKE_OPEN.appId,
  WECHAT_OPEN_APPSECRET: FAKE_OPEN.appSecret,
  WECHAT_OPEN_TOKEN: FAKE_OPEN.token,
  WECHAT_OPEN_AES_KEY: FAKE_OPEN.aesKey,
};

describe('WECHAT_OPEN_* configuration', () => {
  it('all four keys build the adapter; none leaves it off', () => {
    expect(wechatOpenFromEnv(readEnv({ NODE_ENV: 'test', ...all }))?.config.appId).toBe(FAKE_OPEN.appId);
    expect(wechatOpenFromEnv(readEnv({ NODE_ENV: 'test' }))).toBeNull();
  });

  it('some of them stop the start naming the missing ones; a malformed AES key is named too', () => {
    expect(() => readEnv({ NODE_ENV: 'test', WECHAT_OPEN_APPID: FAKE_OPEN.appId })).toThrow(
      /WECHAT_OPEN_APPSECRET[\s\S]*WECHAT_OPEN_TOKEN[\s\S]*WECHAT_OPEN_AES_KEY/,
    );
    expect(() => readEnv({ NODE_ENV: 'test', ...all, WECHAT_OPEN_AES_KEY: 'short' })).toThrow('WECHAT_OPEN_AES_KEY is the 43-character EncodingAESKey');
  });
});
