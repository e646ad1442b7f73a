import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
const SETTING = 'activity/question/solitaire/saveChainSetting';
const STATUS = 'activity/question/getQuestionStatus';
let settingFailures = 0;
let createdToday = FREE.questionCount;
/** A deadline a month ahead, as the field shows it (Shanghai wall time). */
const DEADLINE = toFieldValue(new Date(Date.now() + 30 * 86_400_000).toISOString());

beforeEach(() => {
  markSession();
  settingFailures = 0;
  createdToday = FREE.questionCount;
  api.current = createFakeApi({
    'activity/question/getQuestionCount': () => ({ ...FREE, questionCount: createdToday }),
    [CREATE]: () => ({ isCreate: 1, questionId: 'q_chain00001' }),
    [SETTING]: (body) => {
      if (settingFailures-- > 0) throw new Error('网络不稳定，请稍后重试');
      return {
        cap: body.cap,
        capChosen: true,
        waitlist: true,
        multiple: false,
        maskNames: false,
        deadline: body.deadline,
        closed: false,
        pinnedNote: '',
        wechatAuthId: null,
      };
    },
    [STATUS]: () => null,
  });
});
afterEach(() => forgetSession());

describe('一屏发起报名接龙 (issue 47 item 5)', () => {
  it('title, cap and deadline on one screen; 发布接龙 creates, sets and publishes the chain, then shows its link to share', async () => {
    const user = userEvent.setup();
    await renderApp('/questionnaire/quickSolitaire.html');
    await user.type(await screen.findByLabelText('接龙标题'), '周日篮球报名');
    await user.type(screen.getByLabelText('接龙说明（选填）'), '体育馆 2 号场');
    await user.type(screen.getByLabelText('人数上限'), '12');
    await user.type(screen.getByRole('textbox', { name: '截止时间' }), DEADLINE.replace('T', ' '));
    await user.tab();
    await user.click(screen.getByRole('button', { name: '发布接龙' }));

    expect(await screen.findByText('接龙已发布')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '周日篮球报名' })).toBeInTheDocument();
    expect(screen.getByTestId('chain-link')).toHaveTextContent(/\/s\/q_chain00001$/);
    expect(screen.getByRole('button', { name: '复制链接' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看接龙名单' })).toHaveAttribute('href', '/questionnaire/solitaireList.html?questionId=q_chain00001');
    expect(screen.getByRole('link', { name: '完整编辑' }).getAttribute('href')).toContain('q_chain00001');
    expect(api.current!.callsTo(CREATE)).toEqual([
      expect.objectContaining({ questionType: 5, solitaireType: 4, title: '周日篮球报名', subtitle: '体育馆 2 号场' }),
    ]);
    expect(api.current!.callsTo(SETTING)).toEqual([{ questionId: 'q_chain00001', cap: 12, deadline: fromFieldValue(DEADLINE) }]);
    expect(api.current!.callsTo(STATUS)).toEqual([{ questionId: 'q_chain00001', status: 1 }]);
  });

  it('says what is missing before calling anything; 不限人数 publishes without a cap', async () => {
    const user = userEvent.setup();
    await renderApp('/questionnaire/quickSolitaire.html');
    await user.click(await screen.findByRole('button', { name: '发布接龙' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请填写接龙标题');
    await user.type(screen.getByLabelText('接龙标题'), '周五聚餐');
    await user.click(screen.getByRole('button', { name: '发布接龙' }));
    expect(screen.getByRole('alert')).toHaveTextContent('人数上限请填 1 到 100000 之间的整数');
    expect(api.current!.callsTo(CREATE)).toEqual([]);
    await user.click(screen.getByLabelText('不限人数'));
    await user.click(screen.getByRole('button', { name: '发布接龙' }));
    expect(await screen.findByText('接龙已发布')).toBeInTheDocument();
    expect(api.current!.callsTo(SETTING)).toEqual([{ questionId: 'q_chain00001', cap: null, deadline: null }]);
  });

  it('a failed step shows its message; 发布接龙 again publishes the same chain without creating a second one', async () => {
    settingFailures = 1;
    const user = userEvent.setup();
    await renderApp('/questionnaire/quickSolitaire.html');
    await user.type(await screen.findByLabelText('接龙标题'), '羽毛球');
    await user.type(screen.getByLabelText('人数上限'), '8');
    await user.click(screen.getByRole('button', { name: '发布接龙' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('网络不稳定，请稍后重试');
    await user.click(screen.getByRole('button', { name: '发布接龙' }));
    expect(await screen.findByText('接龙已发布')).toBeInTheDocument();
    expect(api.current!.callsTo(CREATE)).toHaveLength(1);
    expect(api.current!.callsTo(SETTING)).toHaveLength(2);
  });

  it('today’s creations used up: the creation limit dialog instead of a message; 升级版本 opens the member page, nothing is created', async () => {
    createdToday = FREE.maxNumber;
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    await renderApp('/questionnaire/quickSolitaire.html');
    await user.type(await screen.findByLabelText('接龙标题'), '周日篮球报名');
    await user.click(screen.getByLabelText('不限人数'));
    await user.click(screen.getByRole('button', { name: '发布接龙' }));
    const dialog = await screen.findByRole('dialog', { name: '提示' });
    expect(dialog).toHaveTextContent('免费版每天最多支持创建20个项目，请升级版本');
    await user.click(within(dialog).getByRole('button', { name: '升级版本' }));
    expect(open).toHaveBeenCalledWith(expect.stringContaining('/member/index.html?memberLevel=1'), '_blank', 'noopener');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '提示' })).not.toBeInTheDocument());
    expect(api.current!.callsTo(CREATE)).toEqual([]);
    expect(screen.getByLabelText('接龙标题')).toHaveValue('周日篮球报名');
    open.mockRestore();
  });

  it('完整编辑 before publishing leads to the full creation page', async () => {
    await renderApp('/questionnaire/quickSolitaire.html');
    expect(await screen.findByRole('link', { name: '完整编辑' })).toHaveAttribute('href', '/questionnaire/createSolitaire.html');
  });
});

describe('the phone menu in the header', () => {
  it('opens the work navigation as a drawer; a link navigates and closes it', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/questionnaire/solitaire.html');
    await user.click(await screen.findByRole('button', { name: '打开菜单' }));
    const drawer = await screen.findByRole('dialog', { name: '工作台菜单' });
    expect(within(drawer).getByRole('link', { name: '工作台' })).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: '接龙管理' })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('link', { name: '一屏发起报名接龙' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/questionnaire/quickSolitaire.html'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '工作台菜单' })).not.toBeInTheDocument());
  });
});
