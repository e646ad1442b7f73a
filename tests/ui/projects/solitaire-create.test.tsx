import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOLITAIRE_KINDS } from '../../../schemas/project-kinds';
import { forgetSession, markSession } from '../../../src/api/token';
import { renderApp, SAMPLE_USER } from '../render-app';
import { createFakeApi, FREE, project, type TFakeApi } from './fake-api';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

const CHAIN_TEMPLATE = {
  questionId: 'q_tpl_chain1',
  title: '周五下班拼车回家接龙',
  subtitle: '周五 18:00 从园区东门出发',
  questionType: 5,
  solitaireType: 4,
  templateTypeId: 7,
  typeName: '报名接龙',
  subjectCount: 3,
  hot: 1440,
};
const page = (list: unknown[]) => ({ list, total: list.length, page: 1, pageSize: 12 });

beforeEach(() => {
  markSession();
  api.current = createFakeApi({
    'activity/question/getQuestionCount': () => FREE,
    'activity/question/saveOrUpdateWxQuestion': () => ({ isCreate: 1, questionId: 'q_chain00001' }),
    'activity/question/getQuestionCopy': () => ({ isCreate: 1, questionId: 'q_copy000001' }),
    'activity/question/getWxQuestion': (body) =>
      project({ questionId: String(body.questionId), title: CHAIN_TEMPLATE.title, questionType: 5, solitaireType: 4 }),
    'activity/question/getWxQuestionTemplateTypeList': () => [{ templateTypeId: 7, name: '报名接龙', questionType: 5 }],
    'activity/question/getWxQuestionTemplateList': () => page([CHAIN_TEMPLATE]),
    'active/template/getHotTemplateSearchPage': () => page([CHAIN_TEMPLATE]),
  });
});
afterEach(() => forgetSession());

describe('新建接龙: the kinds of chain (issue 20)', () => {
  it('offers 报名接龙, 打卡接龙 and 团购接龙 from the one table; kinds not ready show 即将上线 and cannot be picked', async () => {
    const user = userEvent.setup();
    await renderApp('/questionnaire/createSolitaire.html');
    const group = await screen.findByRole('radiogroup', { name: '选择接龙类型' });
    const kinds = within(group).getAllByRole('radio');
    expect(kinds.map((k) => k.textContent)).toEqual(SOLITAIRE_KINDS.map((k) => expect.stringContaining(k.name)));
    const signUp = within(group).getByRole('radio', { name: /报名接龙/ });
    const checkIn = within(group).getByRole('radio', { name: /打卡接龙/ });
    expect(signUp).toHaveAttribute('aria-checked', 'true');
    for (const kind of SOLITAIRE_KINDS.filter((k) => !k.ready)) {
      const radio = within(group).getByRole('radio', { name: new RegExp(kind.name) });
      expect(radio).toBeDisabled();
      expect(radio).toHaveTextContent('即将上线');
    }
    expect(checkIn).toBeInTheDocument();
    const notReady = SOLITAIRE_KINDS.find((k) => !k.ready);
    if (notReady) {
      await user.click(within(group).getByRole('radio', { name: new RegExp(notReady.name) }));
      expect(signUp).toHaveAttribute('aria-checked', 'true');
    }
  });

  it('creates a sign-up chain with its description and opens the chain list with its settings', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/questionnaire/createSolitaire.html');
    await user.type(await screen.findByLabelText('接龙标题'), '周六羽毛球');
    await user.type(screen.getByLabelText('接龙说明（选填）'), '3 号馆 14:00，AA 场地费');
    await user.click(screen.getByRole('button', { name: '立即创建' }));
    await waitFor(() => expect(router.state.location.href).toBe('/questionnaire/solitaireList.html?questionId=q_chain00001'));
    expect(api.current!.callsTo('activity/question/saveOrUpdateWxQuestion')[0]).toMatchObject({
      questionType: 5,
      solitaireType: 4,
      title: '周六羽毛球',
      subtitle: '3 号馆 14:00，AA 场地费',
    });
  });

  it('creates a daily check-in, which opens its own screen (completion rate, records, settings)', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/questionnaire/createSolitaire.html');
    await user.click(within(await screen.findByRole('radiogroup', { name: '选择接龙类型' })).getByRole('radio', { name: /打卡接龙/ }));
    await user.type(screen.getByLabelText('接龙标题'), '21 天早起打卡');
    await user.click(screen.getByRole('button', { name: '立即创建' }));
    await waitFor(() => expect(router.state.location.href).toBe('/questionnaire/solitaireList.html?solitaireType=1&questionId=q_chain00001'));
    expect(api.current!.callsTo('activity/question/saveOrUpdateWxQuestion')[0]).toMatchObject({ questionType: 5, solitaireType: 1, title: '21 天早起打卡' });
  });

  it('creates a group-buy with its starter subjects (姓名, 手机号, 商品, 自提点, 收货地址) and opens the editor to set the products', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/questionnaire/createSolitaire.html');
    await user.click(within(await screen.findByRole('radiogroup', { name: '选择接龙类型' })).getByRole('radio', { name: /团购接龙/ }));
    await user.type(screen.getByLabelText('接龙标题'), '本周水果团购');
    await user.click(screen.getByRole('button', { name: '立即创建' }));
    await waitFor(() => expect(router.state.location.href).toBe('/questionnaire/edit/subject.html?questionId=q_chain00001'));
    const sent = api.current!.callsTo('activity/question/saveOrUpdateWxQuestion')[0] as { subjects: { subjectType: number; title: string }[] };
    expect(sent).toMatchObject({ questionType: 5, solitaireType: 2, title: '本周水果团购' });
    expect(sent.subjects.map((s) => [s.subjectType, s.title])).toEqual([
      [6, '姓名'],
      [26, '手机号'],
      [34, '选择商品'],
      [1, '自提点'],
      [6, '收货地址（选送货上门时填写）'],
    ]);
  });

  it('a sign-up chain template used from the create page opens the new chain’s list, other kinds the editor', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/questionnaire/createSolitaire.html');
    await user.click(await screen.findByRole('button', { name: `使用 ${CHAIN_TEMPLATE.title}` }));
    await waitFor(() => expect(router.state.location.href).toBe('/questionnaire/solitaireList.html?questionId=q_copy000001'));
    expect(api.current!.callsTo('activity/question/getQuestionCopy')[0]).toMatchObject({ questionId: CHAIN_TEMPLATE.questionId });

    api.current!.handlers['activity/question/getWxQuestion'] = (body) =>
      project({ questionId: String(body.questionId), title: '亲子徒步反馈', questionType: 5, solitaireType: 3 });
    await router.navigate({ to: '/questionnaire/createSolitaire.html' });
    await user.click(await screen.findByRole('button', { name: `使用 ${CHAIN_TEMPLATE.title}` }));
    await waitFor(() => expect(router.state.location.href).toBe('/questionnaire/edit/subject.html?questionId=q_copy000001'));
  });

  it('other kinds have no picker and create without a solitaireType', async () => {
    const user = userEvent.setup();
    await renderApp('/questionnaire/createForm.html');
    await user.type(await screen.findByLabelText('表单标题'), '员工信息登记');
    expect(screen.queryByRole('radiogroup', { name: '选择接龙类型' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '立即创建' }));
    await waitFor(() => expect(api.current!.callsTo('activity/question/saveOrUpdateWxQuestion')).toHaveLength(1));
    expect(api.current!.callsTo('activity/question/saveOrUpdateWxQuestion')[0]!.solitaireType).toBeUndefined();
  });
});
