import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quickSubmitRequest, SOURCES, ZSubmitRequest } from '../../schemas/api/write';

/**
 * A submit body near the common shape: each field usually as the respondent page sends it (or left out where it may be),
 * now and then of another type, out of bounds, or a field the hand parse leaves to Zod.
 */
const usually = <T, U>(valid: fc.Arbitrary<T>, odd: fc.Arbitrary<U>) => fc.oneof({ arbitrary: valid, weight: 12 }, { arbitrary: odd, weight: 1 });
const absent = fc.constant(undefined);
const id = fc.stringMatching(/^[\w-]{8,64}$/);
const device = fc.stringMatching(/^[\w-]{1,64}$/);
const oddText = fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom('', 'short', 'has space!', 'x'.repeat(65)), fc.integer(), fc.constant(null));
const optional = <T>(a: fc.Arbitrary<T>) => fc.oneof(absent, a);
const body = fc
  .record({
    questionId: usually(id, oddText),
    submissionId: usually(id, oddText),
    deviceId: usually(device, oddText),
    answers: usually(
      fc.dictionary(fc.string({ maxLength: 70 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
      fc.constantFrom([], null, 'answers', { ['k'.repeat(65)]: 1 }),
    ),
    durationSeconds: usually(optional(fc.integer({ min: 0, max: 30 * 24 * 3600 })), fc.oneof(fc.integer(), fc.double(), fc.constant('60'))),
    source: usually(optional(fc.constantFrom(...SOURCES)), fc.constantFrom('mail', 1)),
    timedOut: usually(optional(fc.boolean()), fc.constant('true')),
    password: usually(optional(fc.string({ maxLength: 64 })), fc.oneof(fc.string({ minLength: 65, maxLength: 70 }), fc.constant(1))),
    editToken: usually(optional(fc.string({ maxLength: 200 })), fc.string({ minLength: 201, maxLength: 210 })),
    wechatToken: usually(optional(fc.string({ maxLength: 300 })), fc.string({ minLength: 301, maxLength: 310 })),
    whitelistToken: usually(optional(fc.string({ maxLength: 200 })), fc.string({ minLength: 201, maxLength: 210 })),
    smsCodes: usually(absent, fc.constantFrom({}, { a: '123456' })),
    contactToken: usually(absent, fc.constantFrom(' ct-1 ', 'ct')),
    spaceReleaseId: usually(absent, fc.constant('r-1')),
    extra: usually(absent, fc.constant(1)),
  })
  // A field left out is absent, as in a JSON body (not present with the value undefined).
  .map((b) => JSON.parse(JSON.stringify(b)) as unknown);

describe('quickSubmitRequest (the submit body’s hand parse)', () => {
  it('answers exactly what ZSubmitRequest answers, or leaves the body to it', () => {
    let taken = 0;
    fc.assert(
      fc.property(body, (b) => {
        const quick = quickSubmitRequest(b);
        if (quick === null) return;
        taken += 1;
        const zod = ZSubmitRequest.safeParse(b);
        expect(zod.success).toBe(true);
        expect(quick).toStrictEqual(zod.data);
      }),
      { numRuns: 3000 },
    );
    // The comparison above ran on bodies the hand parse took, not only on ones it left to Zod.
    expect(taken).toBeGreaterThan(300);
  });

  it('takes the respondent page’s usual body itself, with Zod’s defaults', () => {
    const b = { questionId: 'q1234567', submissionId: 's-000001', deviceId: 'd', answers: { s1: { optionIds: ['o1'] } } };
    expect(quickSubmitRequest(b)).toStrictEqual({ ...b, durationSeconds: 0, source: 'link', timedOut: false, smsCodes: {} });
    expect(quickSubmitRequest({ ...b, durationSeconds: 60, source: 'qr', timedOut: true, password: 'pw' })).toStrictEqual(
      ZSubmitRequest.parse({ ...b, durationSeconds: 60, source: 'qr', timedOut: true, password: 'pw' }),
    );
  });

  it('leaves every refusal to Zod, so its message is the one the respondent reads', () => {
    const b = { questionId: 'q1234567', submissionId: 's-000001', deviceId: 'device-01', answers: {} };
    for (const bad of [{ questionId: 'q' }, { durationSeconds: -1 }, { answers: [] }, { source: 'mail' }, { answers: { ['k'.repeat(65)]: 1 } }])
      expect(quickSubmitRequest({ ...b, ...bad })).toBeNull();
  });
});
