import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSession, markSession } from '../../../src/api/token';
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

const COUNT = 'activity/question/getQuestionCount';
const CREATE = 'activity/question/saveOrUpdateWxQuestion';
const STATUS = 'activity/question/getQuestionStatus';
const MERCHANT = 'active/wxPay/getProviderCount';
const NONE = { total: 0, auditing: 0, rejected: 0, to_be_signed: 0, finished: 0 };
let statusFailures = 0;
let used = 3;
let merchants = NONE;

beforeEach(() => {
  markSession();
  statusFailures = 0;
  used = 3;
  merchants = NONE;
  api.current = createFakeApi({
    [COUNT]: () => ({ ...FREE, questionCount: used }),
    [CREATE]: () => ({ isCreate: 1, questionId: 'q_pay000001' }),
    [STATUS]: () => {
      if (statusFailures-- > 0) throw new Error('网络不稳定，请稍后重试');
      return null;
    },
    [MERCHANT]: () => merchants,
  });
});
afterEach(() => forgetSession());

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('收款标题'), '三年二班班费');
  await user.type(screen.getByLabelText('收款说明（选填）'), '本学期班级活动经费');
  await user.type(screen.getByLabelText('第1个项目名称'), '班费');
  await user.type(screen.getByLabelText('第1个项目金额（元）'), '50');
  await user.click(screen.getByRole('button', { name: '添加项目' }));
  await user.type(screen.getByLabelText('第2个项目名称'), '春游门票');
  await user.type(screen.getByLabelText('第2个项目金额（元）'), '12.5');
}

describe('一屏发起收款 (issue 47 item 5)', () => {
  it('title, items and prices on one screen; 发布收款 creates the payment page with its subjects, publishes it, then shows its link', async () => {
    const user = userEvent.setup();
    await renderApp('/questionnaire/quickOnline.html');
    await fill(user);
    await user.click(screen.getByRole('button', { name: '发布收款' }));

    expect(await screen.findByText('收款页已发布')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '三年二班班费' })).toBeInTheDocument();
    expect(screen.getByTestId('pay-link')).toHaveTextContent(/\/s\/q_pay000001$/);
    expect(screen.getByRole('link', { name: '查看收款订单' })).toHaveAttribute('href', '/online/list.html?questionId=q_pay000001');
    expect(screen.getByRole('link', { name: '完整编辑' }).getAttribute('href')).toContain('q_pay000001');
    const [created] = api.current!.callsTo(CREATE) as Array<{ subjects: Array<Record<string, unknown>> }>;
    expect(created).toMatchObject({ questionType: 6, title: '三年二班班费', subtitle: '本学期班级活动经费' });
    expect(created!.subjects.map((s) => [s.subjectType, s.title, s.required])).toEqual([
      [34, '付款项目', true],
      [6, '姓名', true],
      [26, '手机号', false],
    ]);
    expect((created!.subjects[0]!.products as Array<{ title: string; price: number }>).map((p) => [p.title, p.price])).toEqual([
      ['班费', 5000],
      ['春游门票', 1250],
    ]);
    expect(api.current!.callsTo(STATUS)).toEqual([{ questionId: 'q_pay000001', status: 1 }]);
  });

  it('without a merchant account the screen says so and links to onboarding; with one it says the money settles there', async () => {
    await renderApp('/questionnaire/quickOnline.html');
    expect(await screen.findByText(/你还没有开通收款商户/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去开通收款' })).toHaveAttribute('href', '/merchant.html');
    merchants = { ...NONE, total: 1, finished: 1 };
    await renderApp('/questionnaire/quickOnline.html');
    expect(await screen.findByText(/已开通收款商户/)).toBeInTheDocument();
  });

  it('says what is wrong before calling anything', async () => {
    const user = userEvent.setup();
    await renderApp('/questionnaire/quickOnline.html');
    await user.click(await screen.findByRole('button', { name: '发布收款' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请填写收款标题');
    await user.type(screen.getByLabelText('收款标题'), '班费');
    await user.type(screen.getByLabelText('第1个项目名称'), '班费');
    await user.type(screen.getByLabelText('第1个项目金额（元）'), '0');
    await user.click(screen.getByRole('button', { name: '发布收款' }));
    expect(screen.getByRole('alert')).toHaveTextContent('「班费」的金额请填 0.01 到 100000 元');
    expect(api.current!.callsTo(CREATE)).toEqual([]);
  });

  it('a failed publish shows its message; 发布收款 again publishes the same page without creating a second one', async () => {
    statusFailures = 1;
    const user = userEvent.setup();
    await renderApp('/questionnaire/quickOnline.html');
    await fill(user);
    await user.click(screen.getByRole('button', { name: '发布收款' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('网络不稳定，请稍后重试');
    expect(screen.getByLabelText('收款标题')).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: '发布收款' }));
    expect(await screen.findByText('收款页已发布')).toBeInTheDocument();
    expect(api.current!.callsTo(CREATE)).toHaveLength(1);
    expect(api.current!.callsTo(STATUS)).toHaveLength(2);
  });

  it('today’s creations used up: the limit dialog, and nothing is created', async () => {
    used = 20;
    const user = userEvent.setup();
    await renderApp('/questionnaire/quickOnline.html');
    await fill(user);
    await user.click(screen.getByRole('button', { name: '发布收款' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('免费版');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.current!.callsTo(CREATE)).toEqual([]);
  });

  it('the phone menu and the 收款 create page lead to the quick screens', async () => {
    const user = userEvent.setup();
    await renderApp('/questionnaire/createOnline.html');
    expect(await screen.findByRole('link', { name: /手机上发起更快/ })).toHaveAttribute('href', '/questionnaire/quickOnline.html');
    await user.click(screen.getByRole('button', { name: '打开菜单' }));
    const drawer = await screen.findByRole('dialog', { name: '工作台菜单' });
    expect(within(drawer).getByRole('link', { name: '一屏发起收款' })).toHaveAttribute('href', '/questionnaire/quickOnline.html');
    expect(within(drawer).getByRole('link', { name: '快速发起投票' })).toHaveAttribute('href', '/voting/quick.html');
  });
});
