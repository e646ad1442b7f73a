import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChainView, TWithdrawResult } from './chain-types';
import type { TChainEntry } from '../../../schemas/api/chain';
import { CHAIN_LIST_HEAD, writeChainExport } from '../../../server/jobs/chain-export';
import { sendPendingNotices } from '../../../server/services/notices/notice-send.service';
import { promoteWaiting } from '../../../server/services/chain/chain-promote.service';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { device, publishChain, S } from './chain-helpers';

/**
 * Issue 43 item 4: a promoted waitlister who left a phone is texted once through the SMS provider (the outbox
 * here), signed with the brand they joined on; the lists number joined entries 1…n again after a removal, and the
 * export keeps the arrival order beside that number. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
}, 60_000);
afterAll(() => t.close());

let phones = 0;
/** A phone number of this run only (the outbox is shared by the file's tests). */
const newPhone = () => `139${String(process.pid % 10_000).padStart(4, '0')}${String(phones++).padStart(4, '0')}`;
const outbox = async (phone: string) =>
  (await t.database.query<{ text: string; brand: string }>('SELECT text, brand FROM sms_outbox WHERE phone = $1 ORDER BY id', [phone])).map((r) => r);
const join = (questionId: string, deviceId: string, name: string, extra: object = {}, headers: Record<string, string> = {}) =>
  t.call<{ entry: TChainEntry }>(`${S}joinChain`, { questionId, deviceId, name, ...extra }, headers);

async function exportRows(questionId: string): Promise<unknown[][]> {
  const [project] = await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId]);
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await writeChainExport({ query: t.database.query, projectId: project!.id, out, progress: async () => {} });
  out.end();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  const sheet = workbook.getWorksheet('接龙名单')!;
  sheet.eachRow((row) => rows.push(Array.from({ length: CHAIN_LIST_HEAD.length }, (_, i) => (row.values as unknown[])[i + 1] ?? '')));
  return rows;
}

describe('a promoted waitlister is told', () => {
  it('texts the phone left on the waitlist once, after the removal that promoted it, signed by the brand joined on', async () => {
    const { questionId, owner } = await publishChain(t, { cap: 2 });
    const [a, b, c, d] = [device(), device(), device(), device()];
    const [early, waiter] = [newPhone(), newPhone()];
    await join(questionId, a, '张三', { phone: early });
    const second = await join(questionId, b, '李四');
    const waiting = await join(questionId, c, '王五', { phone: waiter }, { host: 'jielong.localhost' });
    expect(waiting.data.entry.state).toBe('waitlisted');
    expect((await join(questionId, d, '赵六')).data.entry.state).toBe('waitlisted');
    // A phone serves only a promotion: an entry admitted at once keeps none.
    expect(await t.database.query('SELECT 1 FROM chain_entries WHERE phone = $1', [early])).toHaveLength(0);
    expect(await outbox(waiter)).toEqual([]);

    const removed = await t.call<TWithdrawResult>(
      `${S}removeChainEntry`,
      { questionId, entryId: second.data.entry.entryId, reason: '重复报名' },
      owner.headers,
    );
    expect(removed.resultCode).toBe('200');
    expect(removed.data.promoted).toEqual([waiting.data.entry.entryId]);
    // Sent once the removal committed: 王五 is now second on the list.
    expect(await outbox(waiter)).toEqual([{ text: '【接龙通】王五，你在「周六羽毛球报名」的候补已转为正式报名，现排第 2 位。', brand: 'jielong' }]);
    // Claimed once: another run (the sweep) sends nothing again.
    expect(await sendPendingNotices(t.app.deps)).toBe(0);
    expect(await outbox(waiter)).toHaveLength(1);

    // The waitlister's own page reads them as joined.
    const page = await t.call<TChainView>(`${S}getChain`, { questionId, deviceId: c });
    const mine = page.data.entries.find((e) => e.entryId === page.data.mine[0]);
    expect(mine?.state).toBe('joined');
  });

  it('texts a promotion made by raising the cap, and none for a waitlister who left no phone', async () => {
    const { questionId, owner } = await publishChain(t, { cap: 1 });
    const phone = newPhone();
    await join(questionId, device(), '甲');
    await join(questionId, device(), '乙');
    await join(questionId, device(), '丙', { phone });
    const raised = await t.call(`${S}saveChainSetting`, { questionId, cap: 2 }, owner.headers);
    expect(raised.resultCode).toBe('200');
    // 乙 (no phone) is promoted first: nothing to send, and 丙 still waits.
    expect(await outbox(phone)).toEqual([]);
    expect((await t.call(`${S}saveChainSetting`, { questionId, cap: 3 }, owner.headers)).resultCode).toBe('200');
    const texts = await outbox(phone);
    expect(texts).toHaveLength(1);
    // Joined on the default host: signed 问卷通.
    expect(texts[0]!.text).toMatch(/^【问卷通】丙，你在「周六羽毛球报名」的候补已转为正式报名，现排第 3 位。$/);
  });

  it('claims each owed text once when several processes sweep at the same time', async () => {
    const { questionId } = await publishChain(t, { cap: 1 });
    const phone = newPhone();
    const first = await join(questionId, device(), '甲');
    const d = device();
    await join(questionId, d, '乙', { phone });
    // Promoted with its text still pending (as after a crash between the commit and the text).
    await t.database.transaction(async (query) => {
      await query(`UPDATE chain_entries SET state = 'withdrawn' WHERE public_id = $1`, [first.data.entry.entryId]);
      await query(`UPDATE chain_settings SET used = 0 WHERE project_id = (SELECT id FROM projects WHERE public_id = $1)`, [questionId]);
      await promoteWaiting(query, (await query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId]))[0]!.id, new Date());
    });
    expect(await outbox(phone)).toEqual([]);
    const sent = await Promise.all([sendPendingNotices(t.app.deps), sendPendingNotices(t.app.deps), sendPendingNotices(t.app.deps)]);
    expect(sent.reduce((x, y) => x + y, 0)).toBe(1);
    expect(await outbox(phone)).toHaveLength(1);
  });

  it('refuses a phone that is not a mobile number', async () => {
    const { questionId } = await publishChain(t, { cap: 1 });
    const bad = await join(questionId, device(), '甲', { phone: '12345' });
    expect(bad.resultCode).toBe('400');
    expect(bad.resultMsg).toContain('手机号格式不正确');
  });
});

describe('numbers after a removal', () => {
  it('numbers the joined list 1…n again while the export keeps the arrival order', async () => {
    const { questionId, owner } = await publishChain(t, { cap: 3 });
    const ids: string[] = [];
    for (const name of ['张三', '李四', '王五', '赵六', '钱七']) ids.push((await join(questionId, device(), name)).data.entry.entryId);
    await t.call(`${S}removeChainEntry`, { questionId, entryId: ids[1], reason: '重复报名' }, owner.headers);

    const view = await t.call<TChainView>(`${S}getChain`, { questionId });
    // The page numbers what it lists in this order: joined 1…3 (赵六 promoted), then the waitlist.
    expect(view.data.entries.map((e) => [e.name, e.state])).toEqual([
      ['张三', 'joined'],
      ['王五', 'joined'],
      ['赵六', 'joined'],
      ['钱七', 'waitlisted'],
    ]);

    const rows = await exportRows(questionId);
    expect(rows[0]).toEqual(CHAIN_LIST_HEAD);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[5]])).toEqual([
      [1, 1, '张三', '已报名'],
      ['', 2, '李四', '已移除'],
      [2, 3, '王五', '已报名'],
      [3, 4, '赵六', '已报名'],
      ['候补1', 5, '钱七', '候补中'],
    ]);
  });
});
