import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSession, markSession } from '../../../src/api/token';
import { renderApp, SAMPLE_USER } from '../render-app';
import { createFakeApi, FREE, type TFakeApi } from '../projects/fake-api';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null, uploads: 0 }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
  upload: async () => ({ url: `/uploads/photo-${++api.uploads}.png` }),
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

const COUNT = 'activity/question/getQuestionCount';
const SAVE = 'activity/vote/saveOrUpdateVote';
const LIST = 'activity/player/getPlayerList';
const BATCH = 'activity/player/batchAddPlayer';
const START = 'activity/vote/getVoteSuspendOrStart';
/** The players the fake server holds: what batchAddPlayer added. */
let saved: Array<{ playerId: string; name: string; photo: string }> = [];
let batchFailures = 0;
let used = 3;

beforeEach(() => {
  markSession();
  saved = [];
  batchFailures = 0;
  used = 3;
  api.current = createFakeApi({
    [COUNT]: () => ({ ...FREE, questionCount: used }),
    [SAVE]: () => ({ voteId: 'v_quick0001', version: 1, isCreate: 1 }),
    [LIST]: () => ({ list: saved.map((p, i) => ({ ...p, no: i + 1 })), total: saved.length, page: 1, pageSize: 100 }),
    [BATCH]: (body) => {
      const rows = body.rows as Array<{ name: string; photo?: string }>;
      // The server adds the first row, then the connection drops.
      if (batchFailures-- > 0)
        throw ((saved = [...saved, { playerId: `p_${rows[0]!.name}`, name: rows[0]!.name, photo: rows[0]!.photo ?? '' }]), new Error('网络不稳定，请稍后重试'));
      saved = [...saved, ...rows.map((row) => ({ playerId: `p_${row.name}`, name: row.name, photo: row.photo ?? '' }))];
      return { added: rows.length, players: [] };
    },
    [START]: () => ({ voteId: 'v_quick0001', status: 'running', phase: 'running' }),
    'wxApplet/vote/getAppletCode': () => ({ voteId: 'v_quick0001', url: 'http://localhost/v/v_quick0001', qrPng: 'data:image/png;base64,AAAA' }),
  });
});
afterEach(() => forgetSession());

async function fillBasics(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('投票标题'), '最美班级评选');
  await user.type(screen.getByLabelText('活动介绍（选填）'), '每班一个名额\n<b>公平</b>投票');
  await user.click(screen.getByLabelText('整个活动每人只能投 1 票'));
  await user.click(screen.getByRole('button', { name: /下一步：添加选手/ }));
}

describe('快速发起投票 (issue 47 item 5)', () => {
  it('two screens: basics and rule, then players with a photo; 发布投票 creates, adds, publishes and shows the share view', async () => {
    const user = userEvent.setup();
    await renderApp('/voting/quick.html');
    await fillBasics(user);
    expect(screen.getByText(/第 2 步，共 2 步/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('第1位选手名称'), '一班');
    await user.upload(screen.getByLabelText('第1位选手的照片'), new File(['x'], 'a.png', { type: 'image/png' }));
    await user.type(screen.getByLabelText('第2位选手名称'), '二班');
    await user.click(screen.getByRole('button', { name: '添加选手' }));
    await user.type(screen.getByLabelText('第3位选手名称'), '三班');
    await user.click(screen.getByRole('button', { name: '发布投票' }));

    expect(await screen.findByText('投票已发布')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '最美班级评选' })).toBeInTheDocument();
    expect(await screen.findByTestId('vote-link')).toHaveTextContent('http://localhost/v/v_quick0001');
    expect(screen.getByRole('img', { name: '投票二维码' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看投票结果' })).toHaveAttribute('href', '/voting/result.html?voteId=v_quick0001');
    expect(screen.getByRole('link', { name: '完整编辑' })).toHaveAttribute('href', '/voting/add.html?voteId=v_quick0001');
    const [created] = api.current!.callsTo(SAVE);
    expect(created).toMatchObject({
      title: '最美班级评选',
      description: '<p>每班一个名额</p><p>&lt;b&gt;公平&lt;/b&gt;投票</p>',
      startTime: null,
      endTime: null,
      settings: { limitScope: 'activity', votesPerVoter: 1 },
    });
    expect(api.current!.callsTo(BATCH)).toEqual([
      {
        voteId: 'v_quick0001',
        rows: [
          { name: '一班', photo: '/uploads/photo-1.png' },
          { name: '二班', photo: '' },
          { name: '三班', photo: '' },
        ],
      },
    ]);
    expect(api.current!.callsTo(START)).toEqual([{ voteId: 'v_quick0001', action: 'start' }]);
  });

  it('says what is missing on each screen before calling anything', async () => {
    const user = userEvent.setup();
    await renderApp('/voting/quick.html');
    await user.click(await screen.findByRole('button', { name: /下一步/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('请填写投票标题');
    await user.type(screen.getByLabelText('投票标题'), '人气评选');
    await user.click(screen.getByRole('button', { name: /下一步/ }));
    await user.type(screen.getByLabelText('第1位选手名称'), '张三');
    await user.click(screen.getByRole('button', { name: '发布投票' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请填写每位选手的名称，或删掉空行');
    await user.type(screen.getByLabelText('第2位选手名称'), '张三');
    await user.click(screen.getByRole('button', { name: '发布投票' }));
    expect(screen.getByRole('alert')).toHaveTextContent('选手名称重复：张三');
    await user.click(screen.getByRole('button', { name: '上一步' }));
    expect(screen.getByLabelText('投票标题')).toHaveValue('人气评选');
    expect([COUNT, SAVE, BATCH, START].flatMap((path) => api.current!.callsTo(path))).toEqual([]);
  });

  it('a failure while adding players: 发布投票 again adds only the missing players to the same vote', async () => {
    batchFailures = 1;
    const user = userEvent.setup();
    await renderApp('/voting/quick.html');
    await fillBasics(user);
    await user.type(screen.getByLabelText('第1位选手名称'), '一班');
    await user.type(screen.getByLabelText('第2位选手名称'), '二班');
    await user.click(screen.getByRole('button', { name: '发布投票' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('网络不稳定，请稍后重试');
    await user.click(screen.getByRole('button', { name: '发布投票' }));
    expect(await screen.findByText('投票已发布')).toBeInTheDocument();
    expect(api.current!.callsTo(SAVE)).toHaveLength(1);
    expect(saved.map((p) => p.name)).toEqual(['一班', '二班']);
  });

  it('today’s creations used up: the create pages’ limit dialog, and no vote is created', async () => {
    used = 20;
    const user = userEvent.setup();
    await renderApp('/voting/quick.html');
    await fillBasics(user);
    await user.type(screen.getByLabelText('第1位选手名称'), '一班');
    await user.type(screen.getByLabelText('第2位选手名称'), '二班');
    await user.click(screen.getByRole('button', { name: '发布投票' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('免费版');
    expect(within(dialog).getByRole('button', { name: '升级版本' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.current!.callsTo(SAVE)).toEqual([]);
  });

  it('the vote create page links to the quick screen', async () => {
    api.current!.handlers['activity/vote/getVoteRecommendList'] = () => [];
    await renderApp('/voting/create.html');
    expect(await screen.findByRole('link', { name: /手机上发起更快/ })).toHaveAttribute('href', '/voting/quick.html');
  });
});
