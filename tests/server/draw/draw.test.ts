import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAW_MESSAGES, type TDrawInfo, type TDrawOutcome, type TDrawSetting, type TWinnerList } from '../../../schemas/api/draw';
import { luckyDraw } from '../../../server/services/draw/draw-take.service';
import { loginNewUser } from '../../helpers/fixtures';
import { naiveDrawStock } from '../../helpers/naive-strategies';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { DRAW, publishSurvey, submitSheet } from './draw-helpers';

let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  owner = await loginNewUser(t);
}, 60_000);
afterAll(() => t.close());

const save = (questionId: string, prizes: object[], enabled = true) =>
  t.call<TDrawSetting>(`${DRAW}saveDrawSetting`, { questionId, enabled, prizes }, owner.headers);

async function drawProject(prizes: object[]) {
  const { questionId, subject } = await publishSurvey(t, owner.headers);
  const saved = await save(questionId, prizes);
  expect(saved.resultCode, saved.resultMsg).toBe('200');
  return { questionId, subjects: [subject] };
}

describe(`答题抽奖 on ${engineName()}`, () => {
  it('a winner draws once, leaves a contact, and the creator lists it; a second draw of the sheet is refused', async () => {
    const { questionId, subjects } = await drawProject([{ name: '蓝牙耳机', stock: 3, permille: 1000 }]);
    const sheet = await submitSheet(t, questionId, subjects);
    const info = await t.call<TDrawInfo>(`${DRAW}getDrawInfo`, sheet);
    expect(info.data).toEqual({ enabled: true, prizes: [{ name: '蓝牙耳机', image: '' }], outcome: null });
    const drawn = await t.call<TDrawOutcome>(`${DRAW}luckyDraw`, sheet);
    expect(drawn.data).toEqual({ won: true, prizeName: '蓝牙耳机', prizeImage: '', contactSaved: false });
    expect(await t.call(`${DRAW}luckyDraw`, sheet)).toMatchObject({ resultCode: '409', resultMsg: DRAW_MESSAGES.drawn });

    const bad = await t.call(`${DRAW}saveWinnerContact`, { ...sheet, name: '张三', phone: '123', address: '北京' });
    expect(bad).toMatchObject({ resultCode: '400', resultMsg: expect.stringContaining(DRAW_MESSAGES.phone) });
    const contact = { ...sheet, name: '张三', phone: '13800001111', address: '北京市海淀区中关村大街1号' };
    expect((await t.call<TDrawOutcome>(`${DRAW}saveWinnerContact`, contact)).data.contactSaved).toBe(true);

    const list = await t.call<TWinnerList>(`${DRAW}getWinnerList`, { questionId }, owner.headers);
    expect(list.data).toMatchObject({ total: 1, drawn: 1 });
    expect(list.data.list[0]).toMatchObject({ prizeName: '蓝牙耳机', sheetId: sheet.sheetId, name: '张三', phone: '13800001111', address: contact.address });
    const setting = await t.call<TDrawSetting>(`${DRAW}getDrawSetting`, { questionId }, owner.headers);
    expect(setting.data.prizes[0]).toMatchObject({ stock: 3, won: 1 });
  });

  it('refuses a draw without a valid sheet: no proof, a forged proof, another project, a sheet in the bin, a closed draw', async () => {
    const { questionId, subjects } = await drawProject([{ name: '纪念品', stock: 10, permille: 500 }]);
    const sheet = await submitSheet(t, questionId, subjects);
    const refused = { resultCode: '403', resultMsg: DRAW_MESSAGES.noSheet };
    expect(await t.call(`${DRAW}luckyDraw`, { questionId, sheetId: sheet.sheetId })).toMatchObject({
      resultCode: '400',
      resultMsg: expect.stringContaining(DRAW_MESSAGES.noSheet),
    });
    expect(await t.call(`${DRAW}luckyDraw`, { ...sheet, sheetProof: 'x'.repeat(43) })).toMatchObject(refused);
    const other = await drawProject([{ name: '纪念品', stock: 10, permille: 500 }]);
    expect(await t.call(`${DRAW}luckyDraw`, { ...sheet, questionId: other.questionId })).toMatchObject(refused);
    await t.database.query('UPDATE answer_sheets SET status = 0 WHERE public_id = $1', [sheet.sheetId]);
    expect(await t.call(`${DRAW}luckyDraw`, sheet)).toMatchObject(refused);

    const second = await submitSheet(t, questionId, subjects);
    expect((await save(questionId, [{ name: '纪念品', stock: 10, permille: 500 }], false)).resultCode).toBe('200');
    expect(await t.call(`${DRAW}luckyDraw`, second)).toMatchObject({ resultCode: '403', resultMsg: DRAW_MESSAGES.closed });
    expect((await t.call<TDrawInfo>(`${DRAW}getDrawInfo`, second)).data).toEqual({ enabled: false, prizes: [], outcome: null });
  });

  it('checks the settings: chances over 100%, a stock below what is won, a loser leaving a contact, a stranger reading the winners', async () => {
    const { questionId, subjects } = await drawProject([{ name: '一等奖', stock: 1, permille: 1000 }]);
    expect(
      await save(questionId, [
        { name: 'A', stock: 1, permille: 600 },
        { name: 'B', stock: 1, permille: 500 },
      ]),
    ).toMatchObject({
      resultCode: '400',
      resultMsg: DRAW_MESSAGES.total,
    });
    const winner = await submitSheet(t, questionId, subjects);
    expect((await t.call<TDrawOutcome>(`${DRAW}luckyDraw`, winner)).data.won).toBe(true);
    const { data } = await t.call<TDrawSetting>(`${DRAW}getDrawSetting`, { questionId }, owner.headers);
    const prizeId = data.prizes[0]!.prizeId;
    expect(await save(questionId, [{ prizeId, name: '一等奖', stock: 0, permille: 1000 }])).toMatchObject({
      resultCode: '400',
      resultMsg: DRAW_MESSAGES.stockBelowWon('一等奖', 1),
    });
    const loser = await submitSheet(t, questionId, subjects);
    expect((await t.call<TDrawOutcome>(`${DRAW}luckyDraw`, loser)).data).toEqual({ won: false, prizeName: '', prizeImage: '', contactSaved: false });
    const contact = { ...loser, name: '李四', phone: '13800002222', address: '上海' };
    expect(await t.call(`${DRAW}saveWinnerContact`, contact)).toMatchObject({ resultCode: '403', resultMsg: DRAW_MESSAGES.notWinner });
    const stranger = await loginNewUser(t);
    expect((await t.call(`${DRAW}getWinnerList`, { questionId }, stranger.headers)).resultCode).toBe('404');
  });
});

describe(`答题抽奖 stock under concurrency (${engineName()})`, () => {
  async function race(draw: (sheet: Awaited<ReturnType<typeof submitSheet>>) => Promise<unknown>) {
    const { questionId, subjects } = await drawProject([{ name: '限量礼盒', stock: 5, permille: 1000 }]);
    const sheets = [];
    for (let i = 0; i < 30; i++) sheets.push(await submitSheet(t, questionId, subjects));
    await Promise.all(sheets.map(draw));
    const [row] = await t.database.query<{ winners: number; drawn: number }>(
      `SELECT count(*) FILTER (WHERE prize_name <> '')::int AS winners, count(*)::int AS drawn FROM draw_records r JOIN projects p ON p.id = r.project_id WHERE p.public_id = $1`,
      [questionId],
    );
    return row!;
  }

  it('30 parallel draws for a prize with stock 5: exactly 5 winners, the other 25 drew 未中奖', async () => {
    const outcomes: TDrawOutcome[] = [];
    const counts = await race(async (sheet) => outcomes.push((await t.call<TDrawOutcome>(`${DRAW}luckyDraw`, sheet)).data));
    expect(counts).toEqual({ winners: 5, drawn: 30 });
    expect(outcomes.filter((o) => o.won)).toHaveLength(5);
  }, 120_000);

  it('the naive read-then-write stock is caught: more than 5 winners', async () => {
    const counts = await race((sheet) => luckyDraw(t.app.deps, sheet, naiveDrawStock));
    expect(counts.drawn).toBe(30);
    expect(counts.winners).toBeGreaterThan(5);
  }, 120_000);
});
