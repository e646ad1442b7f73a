import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VoteApp } from '../../../src/vote-page/vote-app';
import { playerIdFromSearch, voteIdFromPath } from '../../../src/vote-page/location';
import { countdownText } from '../../../src/vote-page/countdown';
import { fakeServer, ok, player, refuse, scene } from './fake-server';

/** IntersectionObserver is absent in jsdom: this one lets a test scroll the list's end into view. */
const observers: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
class FakeObserver {
  constructor(private readonly cb: (entries: Array<{ isIntersecting: boolean }>) => void) {}
  observe() {
    observers.push(this.cb);
  }
  disconnect() {
    const i = observers.indexOf(this.cb);
    if (i >= 0) observers.splice(i, 1);
  }
}
const scrollToEnd = () => act(() => observers.slice().forEach((cb) => cb([{ isIntersecting: true }])));

beforeEach(() => {
  localStorage.clear();
  observers.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

const card = (name: string) => screen.getByRole('article', { name: new RegExp(name) });
const app = () => render(<VoteApp voteId="vote-abcdef12" />);

describe('the voting page', () => {
  it('reads the vote id from /v/{id} and writes countdowns in days and clock time', () => {
    expect(voteIdFromPath('/v/Ab_12-xyz')).toBe('Ab_12-xyz');
    expect(voteIdFromPath('/s/abc')).toBe('');
    expect(countdownText(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000)).toBe('2天 03:04:05');
    expect(countdownText(65_000)).toBe('00:01:05');
  });

  it('opens the detail of the player a shared link names (?playerId=), and ignores a malformed one', async () => {
    expect(playerIdFromSearch('?playerId=../../x')).toBeNull();
    const server = fakeServer([player(1, 5), player(2, 9), player(3, 1)], scene({ voteCount: 15 }));
    window.history.replaceState(null, '', '/v/vote-abcdef12?playerId=player-0002');
    try {
      app();
      const dialog = await screen.findByRole('dialog', { name: '2号 选手2' });
      expect(dialog).toHaveTextContent('9 票');
      expect(server.calls.filter((c) => c.path === 'activity/player/getPlayerList').some((c) => c.body.playerId === 'player-0002')).toBe(true);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('shows the cover area, title, countdown, totals and the players in two columns with number and votes', async () => {
    fakeServer([player(1, 5), player(2, 9)], scene({ voteCount: 14 }));
    app();
    expect(await screen.findByRole('heading', { name: '最美教师评选' })).toBeVisible();
    expect(screen.getByRole('timer')).toHaveTextContent(/距结束还有\s*2天|距结束还有\s*3天/);
    expect(screen.getByText('参赛选手').nextSibling).toHaveTextContent('2');
    expect(screen.getByTestId('total-votes')).toHaveTextContent('14');
    expect(screen.getByText('访问量').nextSibling).toHaveTextContent('12');
    const first = await waitFor(() => card('1号 选手1'));
    expect(first).toHaveTextContent('1号');
    expect(first).toHaveTextContent('5 票');
    expect(card('2号 选手2')).toHaveTextContent('9 票');
    expect(screen.getByTestId('remaining')).toHaveTextContent('每人每天可投 3 票（今日剩余 3 票）');
  });

  it('counts a vote at once where the voter sees it, one new ballot id per tap, and turns every vote button inactive once the day’s votes are used', async () => {
    const user = userEvent.setup();
    const server = fakeServer([player(1, 5), player(2, 9)], scene({ voteCount: 14 }));
    app();
    const first = await waitFor(() => card('1号 选手1'));
    await user.click(within(first).getByRole('button', { name: /给 选手1 投票/ }));
    await waitFor(() => expect(first).toHaveTextContent('6 票'));
    expect(screen.getByTestId('total-votes')).toHaveTextContent('15');
    expect(screen.getByTestId('remaining')).toHaveTextContent('今日剩余 2 票');
    expect(screen.getByRole('status')).toHaveTextContent('投票成功，今日还可投 2 票');
    await user.click(within(first).getByRole('button', { name: /给 选手1 投票/ }));
    await user.click(within(card('2号 选手2')).getByRole('button', { name: /给 选手2 投票/ }));
    await waitFor(() => expect(card('2号 选手2')).toHaveTextContent('10 票'));
    const ballots = server.calls.filter((c) => c.path === 'activity/vote/getVotePraise');
    expect(new Set(ballots.map((b) => b.body.ballotId)).size).toBe(3);
    expect(ballots.every((b) => b.body.deviceId === ballots[0]!.body.deviceId && typeof b.body.deviceId === 'string')).toBe(true);
    // The day's three votes are used: every vote button turns inactive and says so (issue 43 item 6).
    expect(screen.getByTestId('remaining')).toHaveTextContent('今日剩余 0 票');
    expect(within(first).getByRole('button', { name: '今日票数已用完：选手1' })).toBeDisabled();
    expect(within(card('2号 选手2')).getByRole('button', { name: '今日票数已用完：选手2' })).toBeDisabled();
    expect(first).toHaveTextContent('7 票');
  });

  it('retries a ballot lost to the network with the same ballot id, and the server counts it once', async () => {
    const user = userEvent.setup();
    const server = fakeServer([player(1, 0)], scene());
    const real = globalThis.fetch;
    let failOnce = true;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (url.endsWith('getVotePraise') && failOnce) {
        failOnce = false;
        await real(url, init); // the server counted it, the answer was lost
        throw new TypeError('Failed to fetch');
      }
      return real(url, init);
    });
    app();
    await user.click(within(await waitFor(() => card('1号 选手1'))).getByRole('button', { name: /给 选手1 投票/ }));
    await waitFor(() => expect(card('1号 选手1')).toHaveTextContent('1 票'));
    const ballots = server.calls.filter((c) => c.path === 'activity/vote/getVotePraise');
    expect(ballots).toHaveLength(2);
    expect(ballots[1]!.body.ballotId).toBe(ballots[0]!.body.ballotId);
    expect(server.state.players[0]!.votes).toBe(1);
  });

  it('says the vote is paused when the server refuses a ballot as suspended, and when it opens paused', async () => {
    const user = userEvent.setup();
    const server = fakeServer([player(1, 0)], scene());
    const view = app();
    const first = await waitFor(() => card('1号 选手1'));
    server.state.paused = true;
    await user.click(within(first).getByRole('button', { name: /给 选手1 投票/ }));
    expect(await screen.findByTestId('closed-banner')).toHaveTextContent('投票已暂停');
    expect(within(first).getByRole('button', { name: /投票已暂停/ })).toBeDisabled();
    view.unmount();
    fakeServer([player(1, 0)], scene({ phase: 'suspended', phaseMessage: '投票活动已暂停' }));
    app();
    expect(await screen.findByTestId('closed-banner')).toHaveTextContent('主办方暂停了本次投票');
  });

  it('says the vote has ended and disables voting', async () => {
    fakeServer([player(1, 3)], scene({ phase: 'ended', endTime: new Date(Date.now() - 1000).toISOString() }));
    app();
    expect(await screen.findByTestId('closed-banner')).toHaveTextContent('投票已结束');
    expect(screen.getByRole('timer')).toHaveTextContent('投票已结束');
    expect(within(await waitFor(() => card('1号 选手1'))).getByRole('button', { name: /投票已结束/ })).toBeDisabled();
  });

  it('searches by name or number and loads more players as the list end scrolls into view', async () => {
    const user = userEvent.setup();
    const players = Array.from({ length: 25 }, (_, i) => player(i + 1, i));
    const server = fakeServer(players, scene());
    app();
    await waitFor(() => card('20号 选手20'));
    expect(screen.queryByRole('article', { name: /25号/ })).toBeNull();
    scrollToEnd();
    await waitFor(() => card('25号 选手25'));
    expect(screen.getAllByRole('article')).toHaveLength(25);
    await user.type(screen.getByRole('searchbox', { name: '搜索选手姓名或编号' }), '23');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(card('23号 选手23')).toBeVisible();
    expect(server.calls.at(-1)!.body).toMatchObject({ keyword: '23', page: 1 });
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), '没有这个人{Enter}');
    expect(await screen.findByText('没有找到“没有这个人”相关的选手')).toBeVisible();
  });

  it('opens a player with previous and next, and votes from the detail with the remaining votes on the button', async () => {
    const user = userEvent.setup();
    fakeServer([player(1, 0), player(2, 4, { description: '二号的故事' })], scene());
    app();
    await user.click(await screen.findByRole('button', { name: '查看 1号 选手1 的详情' }));
    const dialog = screen.getByRole('dialog', { name: '1号 选手1' });
    await user.click(within(dialog).getByRole('button', { name: '上一位' }));
    expect(await within(dialog).findByText('已经是第一位选手了')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: '下一位' }));
    const next = await screen.findByRole('dialog', { name: '2号 选手2' });
    expect(within(next).getByText('二号的故事')).toBeVisible();
    const button = within(next).getByRole('button', { name: /给 选手2 投票，今日剩余 3 票/ });
    expect(button).toHaveTextContent('投票（今日剩余 3 票）');
    await user.click(button);
    await waitFor(() => expect(within(next).getByText('5')).toBeVisible());
    expect(within(next).getByRole('button', { name: /给 选手2 投票，今日剩余 2 票/ })).toHaveTextContent('投票（今日剩余 2 票）');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(card('2号 选手2')).toHaveTextContent('5 票');
  });

  it('ranks the players by votes, read again each time the tab opens', async () => {
    const user = userEvent.setup();
    fakeServer([player(1, 2), player(2, 3)], scene());
    app();
    await user.click(await screen.findByRole('tab', { name: '排行榜' }));
    const rows = async () => within(await screen.findByRole('list', { name: '选手排名' })).getAllByRole('listitem');
    await waitFor(async () => expect((await rows())[0]).toHaveTextContent('选手2'));
    await user.click(screen.getByRole('tab', { name: '选手' }));
    for (let i = 0; i < 2; i++) await user.click(within(await waitFor(() => card('1号 选手1'))).getByRole('button', { name: /给 选手1 投票/ }));
    await waitFor(() => expect(card('1号 选手1')).toHaveTextContent('4 票'));
    await user.click(screen.getByRole('tab', { name: '排行榜' }));
    await waitFor(async () => expect((await rows())[0]).toHaveTextContent('选手1'));
    expect((await rows())[0]).toHaveTextContent('4 票');
  });

  it('asks for a phone and SMS code when the rule wants them, then sends them with the ballot and the voter token after', async () => {
    const user = userEvent.setup();
    const server = fakeServer([player(1, 0)], scene({ remaining: null }, { identity: 'sms' }));
    server.routes['activity/user/sendSms'] = () => ok(null);
    const praise = server.routes['activity/vote/getVotePraise']!;
    server.routes['activity/vote/getVotePraise'] = (b) => {
      if (!b.voterToken && !(b.phone && b.code)) return refuse('409', '请先验证手机号后再投票', 'phoneRequired');
      const reply = praise(b);
      return { ...reply, data: { ...(reply.data as object), voterToken: 'token-of-voter' } };
    };
    app();
    await user.click(within(await waitFor(() => card('1号 选手1'))).getByRole('button', { name: /给 选手1 投票/ }));
    const dialog = screen.getByRole('dialog', { name: '验证手机号后投票' });
    await user.type(within(dialog).getByLabelText('手机号'), '13912345678');
    await user.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    await waitFor(() =>
      expect(server.calls.some((c) => c.path === 'activity/user/sendSms' && c.body.type === 'vote' && c.body.phone === '13912345678')).toBe(true),
    );
    expect(within(dialog).getByRole('button', { name: /秒后重发/ })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('验证码'), '123456');
    await user.click(within(dialog).getByRole('button', { name: '验证并投票' }));
    await waitFor(() => expect(card('1号 选手1')).toHaveTextContent('1 票'));
    await user.click(within(card('1号 选手1')).getByRole('button', { name: /给 选手1 投票/ }));
    await waitFor(() => expect(card('1号 选手1')).toHaveTextContent('2 票'));
    const ballots = server.calls.filter((c) => c.path === 'activity/vote/getVotePraise');
    expect(ballots[0]!.body).toMatchObject({ phone: '13912345678', code: '123456' });
    expect(ballots[1]!.body).toMatchObject({ voterToken: 'token-of-voter' });
    expect(ballots[1]!.body.code).toBeUndefined();
  });

  it('sends a voter to log in when the rule wants a login', async () => {
    const user = userEvent.setup();
    fakeServer([player(1, 0)], scene({}, { identity: 'login' }));
    app();
    await user.click(within(await waitFor(() => card('1号 选手1'))).getByRole('button', { name: /给 选手1 投票/ }));
    const dialog = screen.getByRole('dialog', { name: '请先登录' });
    expect(within(dialog).getByRole('link', { name: '去登录' }).getAttribute('href')).toMatch(/^\/login\?redirect=/);
  });

  it('微信授权 outside WeChat asks to open the page in WeChat, and sends no ballot', async () => {
    const user = userEvent.setup();
    const server = fakeServer([player(1, 0)], scene({ remaining: null }, { identity: 'wechat', wechatAuthId: 3, wechatAppid: 'wx00000000000000a1' }));
    app();
    await user.click(within(await waitFor(() => card('1号 选手1'))).getByRole('button', { name: /给 选手1 投票/ }));
    const dialog = screen.getByRole('dialog', { name: '请在微信中打开' });
    expect(within(dialog).getByTestId('wechat-only')).toHaveTextContent('每个微信号按规则计票');
    expect(server.calls.filter((c) => c.path === 'activity/vote/getVotePraise')).toEqual([]);
  });

  it('微信授权 in WeChat: back from WeChat with a code, the page takes the identity once, cleans the address and votes with it', async () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: 'Mozilla/5.0 (iPhone) MicroMessenger/8.0.50' });
    history.replaceState(null, '', '/v/vote-abcdef12?code=the-code&state=the-state&appid=wx00000000000000a1#wechat_redirect');
    const user = userEvent.setup();
    const server = fakeServer([player(1, 0)], scene({ remaining: null }, { identity: 'wechat', wechatAuthId: 3, wechatAppid: 'wx00000000000000a1' }));
    server.routes['activity/vote/getVoteWechatVoter'] = () => ok({ wechatToken: 'wx-identity', expiresIn: 86400 });
    app();
    expect(await screen.findByText('微信授权成功，请点击投票')).toBeVisible();
    expect(location.search + location.hash).toBe('');
    expect(server.calls.find((c) => c.path === 'activity/vote/getVoteWechatVoter')!.body).toEqual({
      voteId: 'vote-abcdef12',
      code: 'the-code',
      state: 'the-state',
      appid: 'wx00000000000000a1',
    });
    await user.click(within(card('1号 选手1')).getByRole('button', { name: /给 选手1 投票/ }));
    await waitFor(() => expect(card('1号 选手1')).toHaveTextContent('1 票'));
    expect(server.calls.find((c) => c.path === 'activity/vote/getVotePraise')!.body).toMatchObject({ wechatToken: 'wx-identity' });
  });

  it('微信授权 in WeChat without an identity yet: the sheet sends the voter to WeChat’s authorisation for this page', async () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: 'Mozilla/5.0 (Linux; Android 14) MicroMessenger/8.0.50' });
    history.replaceState(null, '', '/v/vote-abcdef12');
    const user = userEvent.setup();
    const server = fakeServer([player(1, 0)], scene({ remaining: null }, { identity: 'wechat', wechatAuthId: 3, wechatAppid: 'wx00000000000000a1' }));
    server.routes['activity/vote/getVoteWechatAuthUrl'] = () => refuse('409', '该投票绑定的公众号已解除授权，暂时无法微信授权投票，请联系发起人');
    app();
    await user.click(within(await waitFor(() => card('1号 选手1'))).getByRole('button', { name: /给 选手1 投票/ }));
    const dialog = screen.getByRole('dialog', { name: '微信授权后投票' });
    await user.click(within(dialog).getByRole('button', { name: '微信授权' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('已解除授权');
    expect(server.calls.find((c) => c.path === 'activity/vote/getVoteWechatAuthUrl')!.body).toEqual({
      voteId: 'vote-abcdef12',
      redirectPath: '/v/vote-abcdef12',
    });
  });

  it('says a vote that does not exist is gone', async () => {
    const server = fakeServer([], scene());
    server.routes['activity/vote/getSceneVoteSetting'] = () => refuse('404', '投票活动不存在或已删除');
    app();
    expect(await screen.findByRole('heading', { name: '投票不存在或已删除' })).toBeVisible();
  });
});
