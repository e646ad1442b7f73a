import { afterEach, describe, expect, it, vi } from 'vitest';
import { BATCH_WAIT_MS, submitOne, type SubmitArgs } from '../../../server/services/submit/submit-batch.service';
import { plainSubmitArgs } from '../../helpers/submit-args';

/**
 * The batch's wait for the crowd (submit-batch.service.ts BATCH_WAIT_MS, issue 54): a steady crowd of submitters
 * goes in whole batches, a lone submitter never waits, and a crowd that has gone is waited for once at most. The
 * database here is a stand-in that answers every sheet 'ok' after `delay` and records the sheets of each statement:
 * what is under test is when the batcher sends, not what the statement does (submit-batch.test.ts and
 * submit-set.test.ts hold that on both engines).
 */
function standIn(delay: (done: () => void) => void) {
  const statements: number[] = [];
  const database = {
    engine: 'postgres' as const,
    prepared: <T>(name: string, _text: string, params: unknown[]): Promise<T[]> => {
      const sheets = name === 'wj_submit_many' ? (JSON.parse(params[0] as string) as unknown[]).length : 1;
      statements.push(sheets);
      const rows =
        name === 'wj_submit_many'
          ? Array.from({ length: sheets }, (_, k) => ({ i: k + 1, outcome: 'ok', replay: null, envelope: false, err_message: null, err_detail: null }))
          : [{ outcome: 'ok', replay: null, envelope: false }];
      return new Promise((resolve) => delay(() => resolve(rows as T[])));
    },
  };
  return { database, statements };
}

let seq = 0;
const sheet = (): SubmitArgs => {
  seq += 1;
  return plainSubmitArgs({ project: 1, version: 1, stamp: '0', publicId: `crowd${seq}`, submission: `crowd-${seq}` });
};

afterEach(() => {
  vi.useRealTimers();
});

describe('a batch waits for the crowd of submitters', () => {
  it('eight clients whose answers come back at different moments go eight sheets a statement, not halves taking turns', async () => {
    // Each statement takes 3 ms; each client sends its next sheet 0–1 ms after its answer (a network's spread).
    const { database, statements } = standIn((done) => setTimeout(done, 3));
    const client = async () => {
      for (let n = 0; n < 12; n++) {
        expect((await submitOne(database, sheet())).outcome).toBe('ok');
        await new Promise((resolve) => setTimeout(resolve, Math.random() < 0.5 ? 0 : 1));
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));
    expect(statements.reduce((a, b) => a + b, 0)).toBe(96);
    // The first statement carries the eight that arrived together; from then on the batch waits for the rest of
    // them. Without the wait the clients that come back first go on their own (one to four sheets a statement).
    const whole = statements.filter((n) => n === 8).length;
    expect(whole * 8).toBeGreaterThanOrEqual(0.75 * 96);
    expect(statements.length).toBeLessThanOrEqual(16);
  });

  it('a lone submitter never waits: each sheet goes as soon as it comes, with no timer running', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { database, statements } = standIn((done) => setImmediate(done));
    for (let n = 0; n < 10; n++) expect((await submitOne(database, sheet())).outcome).toBe('ok');
    expect(statements).toEqual(Array.from({ length: 10 }, () => 1));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('when the crowd has gone, the one left waits once, BATCH_WAIT_MS at most, and not again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { database, statements } = standIn((done) => setImmediate(done));
    // Two at once: a crowd of two.
    await Promise.all([submitOne(database, sheet()), submitOne(database, sheet())]);
    expect(statements).toEqual([2]);
    let answered = false;
    const alone = submitOne(database, sheet()).then((row) => {
      answered = true;
      return row;
    });
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(BATCH_WAIT_MS);
    expect((await alone).outcome).toBe('ok');
    expect(statements).toEqual([2, 1]);
    // The crowd is now the one who came: the next sheet goes without a wait.
    expect((await submitOne(database, sheet())).outcome).toBe('ok');
    expect(statements).toEqual([2, 1, 1]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a second submitter arriving while the first waits for it sends both at once, before the wait runs out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { database, statements } = standIn((done) => setImmediate(done));
    await Promise.all([submitOne(database, sheet()), submitOne(database, sheet())]);
    const first = submitOne(database, sheet());
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(vi.getTimerCount()).toBe(1);
    const second = submitOne(database, sheet());
    expect(vi.getTimerCount()).toBe(0);
    expect([(await first).outcome, (await second).outcome]).toEqual(['ok', 'ok']);
    expect(statements).toEqual([2, 2]);
  });
});
