import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings, defaultStyle } from '../../../schemas/api/settings';
import { addDays, shanghaiDay } from '../../../schemas/checkin/days';
import type { TSubject } from '../../../schemas/subjects/registry';
import { forgetSession, markSession } from '../../../src/api/token';
import { fromFieldValue, toFieldValue } from '../../../src/ui/shanghai-time';
import { renderApp, SAMPLE_USER } from '../render-app';
import { createFakeApi, FREE, type TFakeApi } from '../projects/fake-api';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

const CREATE = 'activity/question/saveOrUpdateWxQuestion';
const CHECKIN_SETTING = 'activity/question/solitaire/saveCheckInSetting';
const SETTINGS = 'activity/question/updateWxQuestionSetting';
const STATUS = 'activity/question/getQuestionStatus';
const TODAY = shanghaiDay(new Date());
const DEADLINE = toFieldValue(new Date(Date.now() + 3 * 86_400_000).toISOString());
let createdToday = FREE.questionCount;

/** Puts a whole value in a field at once (typing each character made the two-screen journey slow on a busy machine). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

beforeEach(() => {
  markSession();
  createdToday = FREE.questionCount;
  api.current = createFakeApi({
    'activity/question/getQuestionCount': () => ({ ...FREE, questionCount: createdToday }),
    [CREATE]: () => ({ isCreate: 1, questionId: 'q_quick00001' }),
    [CHECKIN_SETTING]: (body) => body,
    'activity/question/getWxQuestionSetting': () => ({ settings: defaultSettings(), style: defaultStyle(), version: 4, withheld: null }),
    [SETTINGS]: (body) => ({ settings: body.settings, version: 5 }),
    [STATUS]: () => null,
  });
});
afterEach(() => forgetSession());

describe('一屏发起打卡接龙 (issue 47 item 5)', () => {
  it('title, period and daily window on one screen; 发布打卡 creates the check-in, saves its period and publishes it', async () => {
    const user = userEvent.setup();
    await renderApp('/questionnaire/quickCheckIn.html');
    await fill(user, await screen.findByLabelText('打卡标题'), '21 天早起打卡');
    expect(screen.getByRole('textbox', { name: '开始日期' })).toHaveValue(TODAY);
    await user.type(screen.getByRole('textbox', { name: '结束日期' }), addDays(TODAY, 20));
    await user.tab();
    const start = screen.getByRole('textbox', { name: '每天开始' });
    await user.clear(start);
    await user.type(start, '05:30');
    await user.tab();
    await user.click(screen.getByRole('button', { name: '发布打卡' }));

    expect(await screen.findByText('打卡已发布')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看打卡记录' })).toHaveAttribute('href', expect.stringContaining('solitaireType=1'));
    expect(api.current!.callsTo(CREATE)).toEqual([expect.objectContaining({ questionType: 5, solitaireType: 1, title: '21 天早起打卡' })]);
    expect(api.current!.callsTo(CHECKIN_SETTING)).toEqual([
      { questionId: 'q_quick00001', startDay: TODAY, endDay: addDays(TODAY, 20), windowStart: '05:30', windowEnd: '24:00' },
    ]);
    expect(api.current!.callsTo(STATUS)).toEqual([{ questionId: 'q_quick00001', status: 1 }]);
  });

  it('an end before the start is refused before anything is created', async () => {
    const user = userEvent.setup();
    await renderApp('/questionnaire/quickCheckIn.html');
    await fill(user, await screen.findByLabelText('打卡标题'), '读书打卡');
    await user.type(screen.getByRole('textbox', { name: '结束日期' }), addDays(TODAY, -3));
    await user.tab();
    await user.click(screen.getByRole('button', { name: '发布打卡' }));
    expect(screen.getByRole('alert')).toHaveTextContent('结束日期不能早于开始日期');
    expect(api.current!.callsTo(CREATE)).toEqual([]);
  });
});

describe('快速发起团购接龙 (issue 47 item 5)', () => {
  it('two screens: title and deadline, then products and pick-up points; 发布团购 creates the sheet, saves the deadline, publishes', async () => {
    const user = userEvent.setup();
    await renderApp('/questionnaire/quickGroupBuy.html');
    await user.click(await screen.findByRole('button', { name: '下一步' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请填写团购标题');
    await fill(user, screen.getByLabelText('团购标题'), '周六水果团购');
    await user.type(screen.getByRole('textbox', { name: '截止时间' }), DEADLINE.replace('T', ' '));
    await user.tab();
    await user.click(screen.getByRole('button', { name: '下一步' }));

    const first = await screen.findByRole('group', { name: '商品 1' });
    await fill(user, within(first).getByLabelText('商品名称'), '赣南脐橙');
    await fill(user, within(first).getByLabelText('价格（元）'), '58.5');
    await fill(user, within(first).getByLabelText('库存'), '30');
    await user.click(screen.getByRole('button', { name: '添加商品' }));
    const second = screen.getByRole('group', { name: '商品 2' });
    await fill(user, within(second).getByLabelText('商品名称'), '海南芒果');
    await user.click(screen.getByRole('button', { name: '发布团购' }));
    expect(screen.getByRole('alert')).toHaveTextContent('「海南芒果」的价格请填大于 0 的金额（最多两位小数）');
    await fill(user, within(second).getByLabelText('价格（元）'), '39');
    await user.click(screen.getByRole('button', { name: '添加商品' }));
    await user.click(screen.getByRole('button', { name: '删除商品 3' }));
    await user.click(screen.getByRole('button', { name: '添加自提点' }));
    await fill(user, screen.getByLabelText('自提点 1'), '小区东门');
    await user.click(screen.getByRole('button', { name: '添加自提点' }));
    await fill(user, screen.getByLabelText('自提点 2'), '送货上门');
    await user.click(screen.getByRole('button', { name: '发布团购' }));

    expect(await screen.findByText('团购已发布')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看团购订单' })).toHaveAttribute('href', expect.stringContaining('solitaireType=2'));
    const [created] = api.current!.callsTo(CREATE) as { solitaireType: number; title: string; subjects: TSubject[] }[];
    expect(created).toMatchObject({ questionType: 5, solitaireType: 2, title: '周六水果团购' });
    const goods = created!.subjects.find((s) => s.subjectType === 34) as TSubject & { products: { title: string; price: number; stock?: number }[] };
    expect(goods.products.map(({ title, price, stock }) => ({ title, price, stock }))).toEqual([
      { title: '赣南脐橙', price: 5850, stock: 30 },
      { title: '海南芒果', price: 3900, stock: undefined },
    ]);
    const pickup = created!.subjects.find((s) => s.title === '自提点') as TSubject & { options: { title: string }[] };
    expect(pickup.options.map((o) => o.title)).toEqual(['小区东门', '送货上门']);
    expect(created!.subjects.some((s) => s.title.startsWith('收货地址'))).toBe(true);
    expect(api.current!.callsTo(SETTINGS)).toEqual([
      { questionId: 'q_quick00001', version: 4, settings: { ...defaultSettings(), endTime: fromFieldValue(DEADLINE) } },
    ]);
    expect(api.current!.callsTo(STATUS)).toEqual([{ questionId: 'q_quick00001', status: 1 }]);
  });

  it('without pick-up points the sheet asks none; today’s limit shows the upgrade dialog and creates nothing', async () => {
    createdToday = FREE.maxNumber;
    const user = userEvent.setup();
    await renderApp('/questionnaire/quickGroupBuy.html');
    await fill(user, await screen.findByLabelText('团购标题'), '社区团购');
    await user.click(screen.getByRole('button', { name: '下一步' }));
    const first = await screen.findByRole('group', { name: '商品 1' });
    await fill(user, within(first).getByLabelText('商品名称'), '土鸡蛋');
    await fill(user, within(first).getByLabelText('价格（元）'), '25');
    await user.click(screen.getByRole('button', { name: '发布团购' }));
    const dialog = await screen.findByRole('dialog', { name: '提示' });
    expect(dialog).toHaveTextContent('免费版每天最多支持创建20个项目，请升级版本');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '提示' })).not.toBeInTheDocument());
    expect(api.current!.callsTo(CREATE)).toEqual([]);

    createdToday = FREE.questionCount;
    await user.click(screen.getByRole('button', { name: '发布团购' }));
    expect(await screen.findByText('团购已发布')).toBeInTheDocument();
    const [created] = api.current!.callsTo(CREATE) as { subjects: TSubject[] }[];
    expect(created!.subjects.map((s) => s.title)).toEqual(['姓名', '手机号', '选择商品']);
    expect(api.current!.callsTo(SETTINGS)).toEqual([]);
  });
});
