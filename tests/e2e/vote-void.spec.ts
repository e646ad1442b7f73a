import { expect, test, type Page } from '@playwright/test';
import { laneOrigin } from './support';
import { loginCreator } from './respond-support';
import { call, publishVote, SHOTS, Voter, voterPage } from './vote-page-support';
import { closeOtherContextsAfterEach } from './contexts';

// Issue 19 acceptance: "the creator voids one vote and the count drops". A voter votes on the phone page; the
// creator opens the result screen, voids one of those votes in the vote detail list; the creator's ranking and
// totals drop at once, and the voter's page shows the lower count after a reload and in the detail a shared
// player link opens.
const origin = () => laneOrigin('toupiao.localhost');

/** The creator's result screen: a player's valid votes in the ranking, and a figure of the overview. */
const Result = (page: Page) => ({
  votesOf: (name: string) =>
    page
      .getByRole('region', { name: '选手排行' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name, exact: true }) })
      .getByRole('cell')
      .nth(4),
  figure: (label: string) =>
    page
      .getByRole('region', { name: '投票概况' })
      .locator('div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('dd'),
});

test('the creator voids one vote on the result screen and the count drops for the creator and the voter', async ({ browser, request }) => {
  const token = await loginCreator(request);
  const voteId = await publishVote(request, token, { title: '优秀班干部评选', names: ['林小雨', '周子轩', '郑可欣'], settings: { votesPerVoter: 3 } });

  // The voter votes twice for 周子轩 and once for 林小雨.
  const voter = await voterPage(browser);
  await voter.goto(`/v/${voteId}`);
  const V = Voter(voter);
  await V.vote('周子轩');
  await V.seeVotes('周子轩', 1);
  await V.vote('周子轩');
  await V.seeVotes('周子轩', 2);
  await V.vote('林小雨');
  await V.seeVotes('林小雨', 1);
  await expect(voter.getByTestId('total-votes')).toHaveText('3');

  // The creator sees the three votes and voids one of 周子轩's.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  await context.addCookies([{ name: 'token', value: token, url: origin() }]);
  const creator = await context.newPage();
  await creator.goto(`${origin()}/voting/result.html?voteId=${voteId}`);
  const R = Result(creator);
  await expect(R.votesOf('周子轩')).toHaveText('2');
  await expect(R.figure('有效票数')).toHaveText('3');
  const details = creator.getByRole('region', { name: '投票明细' });
  await expect(details.getByRole('button', { name: /^作废 .* 投给 / })).toHaveCount(3);
  await details
    .getByRole('button', { name: /^作废 .* 投给 周子轩 的票$/ })
    .first()
    .click();
  await expect(creator.getByText('已作废，该选手现有 1 票').first()).toBeVisible();
  await expect(R.votesOf('周子轩')).toHaveText('1');
  await expect(R.figure('有效票数')).toHaveText('2');
  await expect(R.figure('已作废')).toHaveText('1');
  await expect(details.getByRole('button', { name: /^恢复 .* 投给 周子轩 的票$/ })).toHaveCount(1);
  await creator.screenshot({ path: `${SHOTS}/desktop-result-voided.png`, fullPage: true });
  await creator.setViewportSize({ width: 390, height: 844 });
  await creator.screenshot({ path: `${SHOTS}/phone-result-voided.png`, fullPage: true });

  // The voter's page, reloaded, shows the lower count.
  await voter.reload();
  await V.seeVotes('周子轩', 1);
  await V.seeVotes('林小雨', 1);
  await expect(voter.getByTestId('total-votes')).toHaveText('2');
  await voter.screenshot({ path: `${SHOTS}/phone-after-void.png` });

  // The share poster's link for 周子轩 (`?playerId=`) opens his detail, with the lower count.
  const { list } = await call<{ list: { playerId: string }[] }>(request, 'activity/player/getPlayerList', { voteId, keyword: '周子轩' });
  await voter.goto(`/v/${voteId}?playerId=${list[0]!.playerId}`);
  await expect(voter.getByRole('dialog', { name: '2号 周子轩' })).toContainText('1 票');
  await voter.screenshot({ path: `${SHOTS}/phone-shared-player.png` });
  await context.close();
});

closeOtherContextsAfterEach();
