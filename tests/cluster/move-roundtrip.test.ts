/**
 * Issue 55's first acceptance: a PGlite install filled through the API with every kind of project (tests/cluster/
 * move/fill.ts), moved to a fresh PostgreSQL database by moveToPostgres, serves every report, list and export equal
 * to before (move/snapshot.ts, as the owners and as a collaborator, with the same login tokens: sessions are rows),
 * and new sheets, orders, ballots and chain entries get ids past every old one.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveToPostgres } from '../../server/db/move/move';
import type { TestApp } from '../helpers/test-app';
import { createDatabase } from './harness';
import { callOk, fill, type Filled } from './move/fill';
import { ID_TABLES, idMarks, idSplit, writeOneOfEach, type IdMarks } from './move/ids';
import { openInstall } from './move/install';
import { differences, snapshot, type Snapshot } from './move/snapshot';

const dataDir = mkdtempSync(path.join(tmpdir(), 'wj-move-rt-'));
// APP_SECRET, the same before and after: signed download links and the upload's address stay valid.
const secret = randomBytes(32).toString('hex');
let t: TestApp | undefined;
let target: Awaited<ReturnType<typeof createDatabase>> | undefined;
let filled: Filled;
let before: Snapshot;
let marks: IdMarks;
let chainId: string;

beforeAll(async () => {
  t = await openInstall({ dataDir, secret });
  filled = await fill(t);
  before = await snapshot(t, filled);
  marks = await idMarks(t.database.query);
  const chains = await callOk<{ list: { questionId: string; solitaireType?: number }[] }>(
    t,
    'activity/question/getWxQuestionList',
    { questionType: 5, page: 1, pageSize: 20 },
    { token: filled.demo },
  );
  chainId = chains.list.find((p) => p.solitaireType === 4)!.questionId;
  // Closed: the PGlite directory is released for the move.
  await t.close();
  t = undefined;
  target = await createDatabase('move_rt');
}, 240_000);
afterAll(async () => {
  await t?.close();
  await target?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a filled PGlite install moved to PostgreSQL', () => {
  it('the source held every kind worth moving', () => {
    for (const table of ID_TABLES) expect(marks[table].rows, table).toBeGreaterThan(0);
    // Most reads answered with data (the rest are a kind's call on another kind, whose error is compared too).
    const answered = Object.values(before).filter((answer) => (answer as { resultCode?: string }).resultCode === '200');
    expect(answered.length).toBeGreaterThan(300);
    const key = (who: string, path: string, label: string) => before[`${who} · ${path} · ${label}`] as { resultCode: string; data: Record<string, unknown> };
    const { questionId } = filled.survey;
    expect(key('colleague', 'question/statement/getStatement', questionId).data).toMatchObject({ filtered: false, total: 4 });
    expect(key('demo', 'question/statement/getStatement', 'filtered').data).toMatchObject({ filtered: true, total: 2 });
    // The summary counts paid orders: the refunded-in-part one and the shipped one (the third was never paid).
    expect(key('shop owner', 'active/commodity/order/getOrderList', filled.shop.questionId).data.summary).toEqual({
      orders: 2,
      paidFen: 5990 + 5000,
      refundedFen: 1500,
      netFen: 5990 + 5000 - 1500,
    });
    // The payer's balance ledger: the recharge in, the envelope's budget out.
    const ledger = before['payer · recharge/getUserTransactionList'] as { resultCode: string; data: { list: unknown[] } };
    expect(ledger.resultCode).toBe('200');
    expect(ledger.data.list.length).toBeGreaterThanOrEqual(2);
    expect(before['export file']).toMatchObject({ status: 200, rows: { length: 4 } });
    expect(before['upload file']).toMatchObject({ status: 200, body: Buffer.from('%PDF-1.4 roundtrip\n').toString('base64') });
  });

  it('moves: every table equal on both sides', async () => {
    const report = await moveToPostgres({ dataDir, targetUrl: target!.url });
    expect(report.tables.filter((line) => !line.equal)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.tables.length).toBeGreaterThan(50);
    expect(report.sequences).toBeGreaterThan(0);
  });

  it('serves every report, list and export as before, to the same sessions', async () => {
    t = await openInstall({ dataDir, secret, databaseUrl: target!.url });
    expect(t.database.engine).toBe('postgres');
    const after = await snapshot(t, filled);
    expect(differences(before, after).slice(0, 40)).toEqual([]);
    expect(after).toEqual(before);
  });

  it('new sheets, orders, ballots and chain entries get ids past every old one', async () => {
    await writeOneOfEach(t!, filled, chainId);
    // Every row is either an old one (at or below the old maximum, as many as before) or a new one past it; the
    // payment page's order is a sheet too, so the survey and the shop each add one to answer_sheets.
    const split = await idSplit(t!.database.query, marks);
    const added = { answer_sheets: 2, orders: 1, vote_ballots: 1, chain_entries: 1 };
    for (const table of ID_TABLES) expect(split[table], table).toEqual({ below: marks[table].rows, above: added[table] });
  });
});
