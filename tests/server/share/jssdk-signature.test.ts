import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { jsSdkNonce, jsSdkSignature } from '../../../server/services/share/jssdk-signature';

/** WeChat's published JS-SDK signature algorithm (附录1) and its test vector. */
describe('JS-SDK signature', () => {
  const vector = {
    ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
    nonceStr: 'Wm3WZYTPz0wzccnW',
    timestamp: 1414587457,
    url: 'http://mp.weixin.qq.com?params=value',
  };

  it("gives WeChat's published signature for its test vector", () => {
    expect(jsSdkSignature(vector)).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('signs the address without its #fragment, as the page after a hash change still verifies', () => {
    expect(jsSdkSignature({ ...vector, url: `${vector.url}#/list` })).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('signs the sorted, unescaped string (a query with & and = and Chinese stays as it is)', () => {
    const url = 'https://jielong.example.test/s/q-abc?from=群聊&name=张三';
    const plain = `jsapi_ticket=${vector.ticket}&noncestr=${vector.nonceStr}&timestamp=${vector.timestamp}&url=${url}`;
    expect(jsSdkSignature({ ...vector, url })).toBe(createHash('sha1').update(plain).digest('hex'));
  });

  it('makes 16-character nonces of letters and digits, different each time', () => {
    const a = jsSdkNonce();
    expect(a).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(jsSdkNonce()).not.toBe(a);
  });
});
