import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';
import { createFakeApi, type TFakeApi } from '../projects/fake-api';
import { renderApp, SAMPLE_USER } from '../render-app';
import { detailOf, pageOf, player, vote } from './vote-fixtures';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null, uploads: [] as Array<{ path: string; name: string }>, uploadFails: null as Error | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
  upload: async (contract: { path: string }, form: FormData) => {
    const file = form.get('file') as File;
    if (api.uploadFails) throw api.uploadFails;
    api.uploads.push({ path: contract.path, name: file.name });
    const ext = file.name.split('.').pop();
    return { fileName: file.name, url: `/uploads/m${api.uploads.length}.${ext}`, fileSize: file.size, viewUrl: `/uploads/m${api.uploads.length}.${ext}?t=x.y` };
  },
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

const DRAFT = detailOf(vote({ voteId: 'v_editing0001', title: '校园十佳歌手', version: 3, playerCount: 2 }));
const PLAYERS = [
  player({ playerId: 'p_000000001', no: 1, name: '张三', votes: 3 }),
  player({ playerId: 'p_000000002', no: 2, name: '李四', review: 'pending' }),
];

beforeEach(() => {
  markSession();
  api.uploads = [];
  api.uploadFails = null;
  api.current = createFakeApi({
    'activity/vote/getVote': () => DRAFT,
    'activity/vote/saveOrUpdateVote': () => ({ voteId: DRAFT.voteId, version: 4, isCreate: 0 }),
    'activity/vote/saveOrUpdateVoteSetting': (body) => ({ voteId: DRAFT.voteId, settings: body.settings, version: 4 }),
    'activity/vote/getVoteSuspendOrStart': () => ({ voteId: DRAFT.voteId, status: 'running', phase: 'running' }),
    'activity/player/getPlayerList': pageOf(PLAYERS),
    'activity/player/getPlayerTypeList': () => [{ typeId: 1, name: '独唱组', sort: 0, playerCount: 1 }],
    'activity/player/batchNameAddPlayer': (body) => {
      const names = String(body.names).split('\n').filter(Boolean);
      return { added: names.length, players: names.map((name, i) => ({ playerId: `p_new0000${i}`, no: 3 + i, name })) };
    },
    'activity/player/getPlayerVerify': () => ({ updated: 1 }),
    'activity/player/saveOrUpdatePlayer': (body) => player({ playerId: 'p_000000003', no: 3, name: String(body.name) }),
    'activity/player/batchAddPlayer': (body) => ({ added: (body.rows as unknown[]).length, players: [{ playerId: 'p_row0000001', no: 3, name: '周八' }] }),
    'activity/vote/getCommentList': () => ({
      list: [
        {
          commentId: 'c_0000001',
          nickname: '热心观众',
          content: '张三唱得太好了',
          playerId: 'p_000000001',
          playerName: '张三',
          status: 'pending',
          createTime: '2026-11-26T08:00:00.000Z',
        },
      ],
      total: 1,
      moderation: true,
      open: true,
    }),
    'activity/vote/getCommentShow': () => ({ updated: 1 }),
    'activity/vote/white/getWhiteSetting': () => ({ whiteOpen: false, whiteTip: '', total: 0 }),
    'activity/component/getVoteAuthInfoList': () => ({ list: [], total: 0, configured: true, missingEnv: [], notifyUrl: '' }),
  });
});
afterEach(() => forgetSession());

describe('/voting/add.html', () => {
  it('saves the basic info with the version it read', async () => {
    const user = userEvent.setup();
    await renderApp('/voting/add.html?voteId=v_editing0001');
    const title = await screen.findByLabelText('投票标题');
    await user.clear(title);
    await user.type(title, '校园十佳歌手大赛');
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '保存基本信息' }));
    await waitFor(() =>
      expect(api.current!.callsTo('activity/vote/saveOrUpdateVote')).toEqual([
        { voteId: 'v_editing0001', version: 3, title: '校园十佳歌手大赛', coverImages: [], description: '', startTime: null, endTime: null },
      ]),
    );
  });

  it('tells the creator to reload when someone saved meanwhile ("409")', async () => {
    api.current!.handlers['activity/vote/saveOrUpdateVote'] = () => {
      throw new ApiError('409', '投票已被修改，请刷新后再保存');
    };
    const user = userEvent.setup();
    await renderApp('/voting/add.html?voteId=v_editing0001');
    await screen.findByLabelText('投票标题');
    await user.click(screen.getByRole('button', { name: '保存基本信息' }));
    expect(await screen.findByText('投票已在别处修改，请刷新页面后再保存')).toBeInTheDocument();
  });

  it('adds players by pasted names and reviews a signed-up one', async () => {
    const user = userEvent.setup();
    await renderApp('/voting/add.html?voteId=v_editing0001');
    await user.click(await screen.findByRole('button', { name: /选手管理/ }));
    expect(await screen.findByRole('cell', { name: '张三' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '按名称批量添加' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('选手名称（每行一个）'), '王五{Enter}赵六{Enter}{Enter}钱七');
    await user.click(within(dialog).getByRole('button', { name: '添加 3 位选手' }));
    await waitFor(() =>
      expect(api.current!.callsTo('activity/player/batchNameAddPlayer')).toEqual([{ voteId: 'v_editing0001', names: '王五\n赵六\n\n钱七', typeId: null }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const pending = within(screen.getByRole('group', { name: '李四 的操作' }));
    await user.click(pending.getByRole('button', { name: '通过' }));
    await waitFor(() =>
      expect(api.current!.callsTo('activity/player/getPlayerVerify')).toEqual([{ voteId: 'v_editing0001', playerIds: ['p_000000002'], review: 'approved' }]),
    );
  });

  it('adds a batch of typed rows through batchAddPlayer, skipping empty rows', async () => {
    const user = userEvent.setup();
    await renderApp('/voting/add.html?voteId=v_editing0001');
    await user.click(await screen.findByRole('button', { name: /选手管理/ }));
    await user.click(await screen.findByRole('button', { name: '批量录入' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('第 1 行名称'), '周八');
    await user.type(within(dialog).getByLabelText('第 1 行介绍'), '高二（3）班');
    await user.type(within(dialog).getByLabelText('第 3 行名称'), '吴九');
    await user.type(within(dialog).getByLabelText('第 3 行视频链接'), 'ftp://x');
    await user.click(within(dialog).getByRole('button', { name: '添加 2 位选手' }));
    expect(await within(dialog).findByText('视频链接须以 http:// 或 https:// 开头')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('第 3 行视频链接'));
    await user.click(within(dialog).getByRole('button', { name: '添加 2 位选手' }));
    await waitFor(() =>
      expect(api.current!.callsTo('activity/player/batchAddPlayer')).toEqual([
        {
          voteId: 'v_editing0001',
          rows: [
            { name: '周八', description: '高二（3）班', videoUrl: '' },
            { name: '吴九', description: '', videoUrl: '' },
          ],
        },
      ]),
    );
  });

  it("uploads a player's video (refusals said plainly), takes a link for the audio, and saves both", async () => {
    const user = userEvent.setup();
    await renderApp('/voting/add.html?voteId=v_editing0001');
    await user.click(await screen.findByRole('button', { name: /选手管理/ }));
    await user.click(await screen.findByRole('button', { name: '添加选手' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('选手名称'), '王五');
    const video = within(dialog).getByRole('group', { name: '选手视频' });
    expect(within(video).getByText('上传视频')).toBeInTheDocument();
    expect(within(video).getByText('mp4、flv、wmv、3gp、avi，不超过100MB')).toBeInTheDocument();

    api.uploadFails = new ApiError('400', 'file: 文件内容不是有效的视频（mp4）');
    await user.upload(within(video).getByLabelText('上传选手视频文件'), new File(['not a video'], '假视频.mp4', { type: 'video/mp4' }));
    expect(await within(video).findByRole('alert')).toHaveTextContent(/^文件内容不是有效的视频（mp4）$/);

    api.uploadFails = null;
    await user.upload(within(video).getByLabelText('上传选手视频文件'), new File(['mp4'], '参赛视频.mp4', { type: 'video/mp4' }));
    expect(await within(video).findByLabelText('视频预览')).toHaveAttribute('src', '/uploads/m1.mp4');
    expect(within(video).getByText('参赛视频.mp4')).toBeInTheDocument();
    expect(within(video).queryByRole('alert')).toBeNull();
    expect(within(video).queryByLabelText('视频链接')).toBeNull();
    expect(api.uploads).toEqual([{ path: 'upload/video', name: '参赛视频.mp4' }]);

    await user.type(within(dialog).getByLabelText('音频链接'), 'https://music.example.com/song.mp3');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(api.current!.callsTo('activity/player/saveOrUpdatePlayer')).toEqual([
        expect.objectContaining({ voteId: 'v_editing0001', name: '王五', videoUrl: '/uploads/m1.mp4', audioUrl: 'https://music.example.com/song.mp3' }),
      ]),
    );
  });

  it('an uploaded audio shows as a file that can be removed, which brings back the upload and the link', async () => {
    api.current!.handlers['activity/player/getPlayerList'] = pageOf([player({ playerId: 'p_000000001', no: 1, name: '张三', audioUrl: '/uploads/mabc.mp3' })]);
    const user = userEvent.setup();
    await renderApp('/voting/add.html?voteId=v_editing0001');
    await user.click(await screen.findByRole('button', { name: /选手管理/ }));
    await user.click(within(await screen.findByRole('group', { name: '张三 的操作' })).getByRole('button', { name: '编辑' }));
    const audio = within(await screen.findByRole('dialog')).getByRole('group', { name: '选手音频' });
    expect(within(audio).getByLabelText('音频预览')).toHaveAttribute('src', '/uploads/mabc.mp3');
    expect(within(audio).getByText('已上传的音频')).toBeInTheDocument();
    await user.click(within(audio).getByRole('button', { name: '移除音频' }));
    expect(within(audio).queryByLabelText('音频预览')).toBeNull();
    expect(within(audio).getByLabelText('音频链接')).toHaveValue('');
    expect(within(audio).getByLabelText('上传选手音频文件')).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(api.current!.callsTo('activity/player/saveOrUpdatePlayer')).toEqual([expect.objectContaining({ playerId: 'p_000000001', audioUrl: '' })]),
    );
  });

  it('checks the rules with the shared schema before saving them', async () => {
    const user = userEvent.setup();
    await renderApp('/voting/add.html?voteId=v_editing0001');
    await user.click(await screen.findByRole('button', { name: /投票规则/ }));
    const perVoter = screen.getByLabelText('每人可投票数');
    await user.clear(perVoter);
    await user.type(perVoter, '2');
    const perBallot = screen.getByLabelText('每次投票可选选手数');
    await user.clear(perBallot);
    await user.type(perBallot, '5');
    await user.click(screen.getByRole('button', { name: '保存投票规则' }));
    expect(await screen.findByText('每次可选选手数不能超过每人可投票数')).toBeInTheDocument();
    expect(api.current!.callsTo('activity/vote/saveOrUpdateVoteSetting')).toEqual([]);

    await user.clear(perBallot);
    await user.type(perBallot, '2');
    await user.selectOptions(screen.getByLabelText('投票身份验证'), 'sms');
    await user.click(screen.getByRole('button', { name: '保存投票规则' }));
    await waitFor(() =>
      expect(api.current!.callsTo('activity/vote/saveOrUpdateVoteSetting')[0]).toMatchObject({
        voteId: 'v_editing0001',
        version: 3,
        settings: { votesPerVoter: 2, playersPerBallot: 2, identity: 'sms', limitScope: 'day' },
      }),
    );
  });

  it('微信授权 is off until an official account is bound, saying where to bind one', async () => {
    const user = userEvent.setup();
    await renderApp('/voting/add.html?voteId=v_editing0001');
    await user.click(await screen.findByRole('button', { name: /投票规则/ }));
    const hint = await screen.findByTestId('wechat-identity-hint');
    expect(within(hint).getByRole('link', { name: '去授权绑定公众号' })).toHaveAttribute('href', '/bindingServicer/index.html');
    expect(screen.getByRole('option', { name: '微信授权（每个微信号计票）' })).toBeDisabled();
  });

  it('with a bound official account 微信授权 names it and saves its binding', async () => {
    const account = { authId: 7, authorizerAppid: 'wx0000000000000007', kind: 'mp', nickName: '校园公众号', status: 'authorized' };
    api.current!.handlers['activity/component/getVoteAuthInfoList'] = () => ({ list: [account], total: 1, configured: true, missingEnv: [], notifyUrl: '' });
    const user = userEvent.setup();
    await renderApp('/voting/add.html?voteId=v_editing0001');
    await user.click(await screen.findByRole('button', { name: /投票规则/ }));
    await waitFor(() => expect(screen.getByRole('option', { name: '微信授权（每个微信号计票）' })).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('投票身份验证'), 'wechat');
    expect(screen.getByLabelText('授权投票的公众号')).toHaveDisplayValue('校园公众号');
    await user.click(screen.getByRole('button', { name: '保存投票规则' }));
    await waitFor(() =>
      expect(api.current!.callsTo('activity/vote/saveOrUpdateVoteSetting')[0]).toMatchObject({ settings: { identity: 'wechat', wechatAuthId: 7 } }),
    );
  });

  it('publishes from the publish step', async () => {
    const user = userEvent.setup();
    await renderApp('/voting/add.html?voteId=v_editing0001');
    await user.click(await screen.findByRole('button', { name: '去发布' }));
    await user.click(await screen.findByRole('button', { name: '发布投票' }));
    await waitFor(() => expect(api.current!.callsTo('activity/vote/getVoteSuspendOrStart')).toEqual([{ voteId: 'v_editing0001', action: 'start' }]));
  });

  it('approves a pending comment from 评论管理', async () => {
    const user = userEvent.setup();
    await renderApp('/voting/add.html?voteId=v_editing0001');
    await user.click(await screen.findByRole('button', { name: /评论管理/ }));
    expect(await screen.findByText('张三唱得太好了')).toBeInTheDocument();
    expect(api.current!.callsTo('activity/vote/getCommentList')[0]).toMatchObject({ voteId: 'v_editing0001', status: 'pending', manage: true });
    await user.click(screen.getByRole('button', { name: '显示' }));
    await waitFor(() =>
      expect(api.current!.callsTo('activity/vote/getCommentShow')).toEqual([{ voteId: 'v_editing0001', commentIds: ['c_0000001'], show: true }]),
    );
  });

  it('sends a collaborator with view power to the results instead of the forms', async () => {
    api.current!.handlers['activity/vote/getVote'] = () => ({ ...DRAFT, powerType: 3 });
    await renderApp('/voting/add.html?voteId=v_editing0001');
    expect(await screen.findByText('你对该投票只有查看权限')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '保存基本信息' })).toBeNull();
    expect(screen.getByRole('link', { name: '查看投票结果' })).toHaveAttribute('href', '/voting/result.html?voteId=v_editing0001');
  });

  it('shows the error state when the vote cannot be opened', async () => {
    api.current!.handlers['activity/vote/getVote'] = () => {
      throw new ApiError('404', '投票不存在');
    };
    await renderApp('/voting/add.html?voteId=v_editing0001');
    expect(await screen.findByText('投票打开失败')).toBeInTheDocument();
  });
});
