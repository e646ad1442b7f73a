import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AI_NONCE_PATTERN, aiCanonical, aiNonce, aiSignature, aiSignedHeaders, aiSignedPath, sameText, sha256Hex } from '../../../schemas/ai/signature';

const input = {
  method: 'post',
  path: '/api/ai/question/ai_question_type',
  timestamp: '1764950400000',
  nonce: 'Ab3dEf7hIj9kLm1n',
  body: '{"prompt":"员工满意度调查"}',
};

describe('AI call signature (schemas/ai/signature.ts)', () => {
  it('signs METHOD, PATH, TIMESTAMP, NONCE and the body hash with HMAC-SHA256, as any HMAC library computes it', () => {
    const bodyHash = createHash('sha256').update(input.body, 'utf8').digest('hex');
    expect(sha256Hex(input.body)).toBe(bodyHash);
    expect(sha256Hex(new TextEncoder().encode(input.body))).toBe(bodyHash);
    expect(aiCanonical(input)).toBe(`POST\n/api/ai/question/ai_question_type\n1764950400000\nAb3dEf7hIj9kLm1n\n${bodyHash}`);
    const expected = createHmac('sha256', 'the-session-key').update(aiCanonical(input)).digest('hex');
    expect(aiSignature('the-session-key', input)).toBe(expected);
  });

  it('changes with every signed part and with the key', () => {
    const base = aiSignature('k', input);
    for (const changed of [
      { ...input, path: '/api/ai/question/ai_exam_type' },
      { ...input, timestamp: '1764950400001' },
      { ...input, nonce: 'Ab3dEf7hIj9kLm1N' },
      { ...input, body: '{"prompt":"员工满意度调查 "}' },
      { ...input, method: 'GET' },
    ]) {
      expect(aiSignature('k', changed)).not.toBe(base);
    }
    expect(aiSignature('K', input)).not.toBe(base);
  });

  it('makes 16-character alphanumeric nonces that do not repeat', () => {
    const nonces = Array.from({ length: 2000 }, () => aiNonce());
    for (const nonce of nonces) expect(nonce).toMatch(AI_NONCE_PATTERN);
    expect(new Set(nonces).size).toBe(nonces.length);
    // Bytes a uniform draw cannot use (248 and above) are skipped, not folded onto the first letters.
    let calls = 0;
    const skewed = aiNonce((bytes) => bytes.fill(calls++ === 0 ? 255 : 0));
    expect(skewed).toBe('A'.repeat(16));
  });

  it('gives the headers of one signed POST with the route path of a contract path', () => {
    expect(aiSignedPath('ai/agent/ai_analyze/getConversation')).toBe('/api/ai/agent/ai_analyze/getConversation');
    const headers = aiSignedHeaders('k', input.path, input.body, { now: 1764950400000.4, nonce: input.nonce });
    expect(headers).toEqual({ timestamp: '1764950400000', nonce: input.nonce, signature: aiSignature('k', { ...input, method: 'POST' }) });
    expect(aiSignedHeaders('k', input.path, input.body).nonce).toMatch(AI_NONCE_PATTERN);
  });

  it('compares signatures whole', () => {
    expect(sameText('abc', 'abc')).toBe(true);
    expect(sameText('abc', 'abd')).toBe(false);
    expect(sameText('abc', 'abcd')).toBe(false);
  });
});
