import { expect, test } from '@playwright/test';
import { loginCreator } from './respond-support';
import { codeFor, newPhone } from './support';
import { call, publishVote, SHOTS, Voter, voterPage } from './vote-page-support';
import { closeOtherContextsAfterEach } from './contexts';

// Issue 19 part 4: the phone voting page against the real server. Two voters (two browser contexts, so two
// device ids) vote up to the daily limit, after which the vote buttons are inactive (issue 43 item 6), the
// ranking changes, and a suspended vote says so.
const NAMES = ['张晓明', '李华', '王芳', '赵磊', '陈静', '刘洋'];

test('two voters vote up to the daily limit (the buttons then turn inactive), the ranking changes, and a paused vote says so', async ({ browser, request }) => {
  const token = await loginCreator(request);
  const voteId = await publishVote(request, token, { title: '2026 最美社区志愿者评选', names: NAMES, settings: { votesPerVoter: 3 } });

  // Voter A opens the short link and lands on the voting page.
  const a = await voterPage(browser);
  await a.goto(`/x/${voteId}`);
  await expect(a).toHaveURL(new RegExp(`/v/${voteId}$`));
  await expect(a.getByRole('heading', { name: '2026 最美社区志愿者评选' })).toBeVisible();
  await expect(a.getByTestId('remaining')).toContainText('今日剩余 3 票');
  const A = Voter(a);
  await A.vote('李华');
  await A.seeVotes('李华', 1);
  await A.seeToast('投票成功，今日还可投 2 票');
  await A.vote('李华');
  await A.seeVotes('李华', 2);
  await A.vote('王芳');
  await A.seeVotes('王芳', 1);
  await expect(a.getByTestId('remaining')).toContainText('今日剩余 0 票');
  await expect(a.getByTestId('total-votes')).toHaveText('3');
  await A.openRanking();
  await expect(A.rankRows().first()).toContainText('李华');
  await expect(A.rankRows().first()).toContainText('2 票');
  await a.screenshot({ path: `${SHOTS}/phone-ranking-a.png` });

  // Voter B (another device) sees A's votes, votes twice for 王芳, who overtakes 李华, and is refused past the limit.
  const b = await voterPage(browser);
  await b.goto(`/v/${voteId}`);
  const B = Voter(b);
  await B.seeVotes('李华', 2);
  await expect(b.getByTestId('remaining')).toContainText('今日剩余 3 票');
  await B.vote('王芳');
  await B.seeVotes('王芳', 2);
  await B.vote('王芳');
  await B.seeVotes('王芳', 3);
  await B.vote('赵磊');
  await B.seeVotes('赵磊', 1);
  // The day's votes are used: every vote button is inactive and says so (issue 43 item 6).
  await expect(B.card('赵磊').getByRole('button', { name: '今日票数已用完：赵磊' })).toBeDisabled();
  await expect(B.card('陈静').getByRole('button', { name: '今日票数已用完：陈静' })).toBeDisabled();
  await B.seeVotes('赵磊', 1);
  await b.screenshot({ path: `${SHOTS}/phone-limit-b.png` });
  await B.openRanking();
  await expect(B.rankRows().first()).toContainText('王芳');
  await expect(B.rankRows().first()).toContainText('3 票');
  await expect(B.rankRows().nth(1)).toContainText('李华');

  // A opens the ranking again: it changed.
  await A.openPlayers();
  await A.openRanking();
  await expect(A.rankRows().first()).toContainText('王芳');

  // The detail of a player, with previous / next from the server.
  await A.openPlayers();
  await a.getByRole('button', { name: /查看 1号 张晓明 的详情/ }).click();
  await expect(a.getByRole('dialog', { name: '1号 张晓明' })).toBeVisible();
  await a.getByRole('button', { name: '下一位' }).click();
  await expect(a.getByRole('dialog', { name: '2号 李华' })).toContainText('2 票');
  await a.screenshot({ path: `${SHOTS}/phone-detail.png` });
  await a.getByRole('button', { name: '关闭' }).click();

  // The creator suspends the vote: a page already open (of a voter with votes left) is told so by the refused
  // ballot, a new one at once.
  const d = await voterPage(browser);
  await d.goto(`/v/${voteId}`);
  await expect(d.getByTestId('remaining')).toContainText('今日剩余 3 票');
  await call(request, 'activity/vote/getVoteSuspendOrStart', { voteId, action: 'suspend' }, token);
  const c = await voterPage(browser);
  await c.goto(`/v/${voteId}`);
  await expect(c.getByTestId('closed-banner')).toContainText('投票已暂停');
  await expect(
    Voter(c)
      .card('陈静')
      .getByRole('button', { name: /投票已暂停/ }),
  ).toBeDisabled();
  await c.screenshot({ path: `${SHOTS}/phone-suspended.png` });
  const D = Voter(d);
  await D.vote('陈静');
  await D.seeToast('投票活动已暂停');
  await expect(d.getByTestId('closed-banner')).toContainText('投票已暂停');
});

test('a vote that asks for a phone: the voter gets an SMS code, votes, and votes again without a new code', async ({ browser, request }) => {
  const token = await loginCreator(request);
  const voteId = await publishVote(request, token, {
    title: '业主委员会候选人投票',
    names: ['周建国', '吴秀兰'],
    settings: { votesPerVoter: 2, identity: 'sms' },
  });
  const page = await voterPage(browser);
  await page.goto(`/v/${voteId}`);
  const V = Voter(page);
  await V.vote('周建国');
  const dialog = page.getByRole('dialog', { name: '验证手机号后投票' });
  const phone = newPhone();
  await dialog.getByLabel('手机号').fill(phone);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(dialog.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  await dialog.getByLabel('验证码').fill(await codeFor(request, phone));
  await page.screenshot({ path: `${SHOTS}/phone-sms.png` });
  await dialog.getByRole('button', { name: '验证并投票' }).click();
  await V.seeVotes('周建国', 1);
  await V.vote('吴秀兰');
  await V.seeVotes('吴秀兰', 1);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(V.card('吴秀兰').getByRole('button', { name: '今日票数已用完：吴秀兰' })).toBeDisabled();
});

test('a voter comments, signs up as a player for review, and saves a player’s share poster as a PNG', async ({ browser, request }) => {
  const token = await loginCreator(request);
  const voteId = await publishVote(request, token, {
    title: '社区好邻居评选',
    names: ['钱多多', '孙悦'],
    settings: { comments: true, commentReview: false, signUp: true },
  });
  const page = await voterPage(browser);
  await page.goto(`/v/${voteId}`);
  await page.getByRole('tab', { name: '评论' }).click();
  await page.getByLabel('昵称（选填）').fill('楼下王阿姨');
  await page.getByLabel('评论内容').fill('钱多多经常帮大家取快递，支持！');
  await page.getByRole('button', { name: '发表评论' }).click();
  await expect(page.getByText('钱多多经常帮大家取快递，支持！')).toBeVisible();
  await expect(page.getByText('楼下王阿姨')).toBeVisible();

  await page.getByRole('tab', { name: '我要报名' }).click();
  await page.getByLabel('选手名称').fill('李大爷');
  await page.getByLabel('选手介绍').fill('小区义务理发二十年。');
  await page.getByRole('button', { name: '提交报名' }).click();
  await expect(page.getByRole('region', { name: '我要报名' }).getByText('待审核')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/phone-signup-pending.png` });

  await page.getByRole('tab', { name: '选手' }).click();
  await page.getByRole('button', { name: /查看 2号 孙悦 的详情/ }).click();
  await page.getByRole('button', { name: '拉票' }).click();
  const poster = page.getByTestId('poster');
  await expect(poster).toBeVisible();
  expect(await poster.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  await page.screenshot({ path: `${SHOTS}/phone-poster.png` });
});

closeOtherContextsAfterEach();
