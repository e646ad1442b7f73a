import { expect, test, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { SHOTS, voterPage } from './vote-page-support';
import { closeOtherContextsAfterEach } from './contexts';

// The voting page on phones from 360 to 414 px (and a desktop browser): nothing scrolls sideways, every control
// is at least 40 px high, the long list loads as it scrolls, and the screenshots are looked at. The layout does
// not depend on the data's source, so the vote calls are answered here with a long title, long names and large
// numbers (the journey against the real server is vote-page.spec.ts).
const VOTE_ID = 'layoutVote01';
const players = Array.from({ length: 26 }, (_, i) => ({
  playerId: `layoutPlayer${String(i).padStart(2, '0')}`,
  no: i + 1,
  name: i % 3 === 0 ? `第${i + 1}位参赛选手（高一年级三班）` : ['张晓明', '李华', '王芳', '赵磊'][i % 4]!,
  photo: '',
  description: '<p>热爱音乐，擅长民谣弹唱，曾获市青少年歌手大赛二等奖。</p>',
  videoUrl: '',
  audioUrl: '',
  typeId: null,
  typeName: null,
  votes: 123_456 - i * 3_001,
  rank: i + 1,
  review: 'approved',
}));
const scene = {
  voteId: VOTE_ID,
  title: '第三届校园十佳歌手网络人气评选——为你心中的好声音投上宝贵一票',
  coverImages: [],
  description: '<p>投票规则：每人每天可投 3 票，投票截止后公布结果。</p>',
  startTime: null,
  endTime: new Date(Date.now() + 3.2 * 86_400_000).toISOString(),
  phase: 'running',
  phaseMessage: null,
  settings: {
    limitScope: 'day',
    votesPerVoter: 3,
    perPlayerPerDay: 2,
    playersPerBallot: 1,
    identity: 'none',
    whitelist: false,
    showCounts: true,
    showRanking: true,
    comments: true,
    commentReview: true,
    music: false,
    signUp: true,
    signUpReview: true,
  },
  playerCount: 26,
  voteCount: 1_523_456,
  visitCount: 2_093_100,
  remaining: 3,
  brand: 'toupiao',
};
const ok = (data: unknown) => ({ resultCode: '200', resultMsg: '成功', data });

async function answerVoteCalls(page: Page) {
  await page.route('**/api/**', async (route) => {
    const path = new URL(route.request().url()).pathname.replace('/api/', '');
    const body = route.request().postDataJSON() ?? {};
    const page_ = Number(body.page ?? 1);
    const size = Number(body.pageSize ?? 10);
    const answers: Record<string, unknown> = {
      'activity/vote/getSceneVoteSetting': scene,
      'activity/player/getPlayerList': { list: players.slice((page_ - 1) * size, page_ * size), total: players.length, page: page_, pageSize: size },
      'activity/player/getPlayerRankPage': { list: players.slice((page_ - 1) * size, page_ * size), total: players.length, page: page_, pageSize: size },
      'activity/vote/getMusicByVoteId': { open: false, source: null, musicId: null, name: null, url: null, autoplay: false },
      'activity/vote/getCommentList': {
        list: [
          {
            commentId: 'c1',
            nickname: '热心观众',
            content: '每一位选手都很棒，加油！',
            playerId: null,
            playerName: null,
            status: 'shown',
            createTime: new Date().toISOString(),
          },
        ],
        total: 1,
        moderation: true,
        open: true,
      },
      'activity/vote/getWxAppletVoteSignUp': {
        voteId: VOTE_ID,
        title: scene.title,
        open: true,
        closedReason: null,
        playerTypes: [{ typeId: 1, name: '高一年级' }],
        mine: [],
      },
      'activity/vote/getLastOrNext': players[1],
      'activity/vote/getPageWxAppletPicture': {
        voteId: VOTE_ID,
        title: scene.title,
        cover: null,
        url: `http://localhost/v/${VOTE_ID}`,
        qrPng: await QRCode.toDataURL(`http://localhost/v/${VOTE_ID}`, { margin: 1, width: 240 }),
        playerName: null,
        playerNo: null,
        votes: null,
      },
    };
    if (path in answers) return route.fulfill({ json: ok(answers[path]) });
    return route.continue();
  });
}

async function problems(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = Array.from(document.body.querySelectorAll('*'))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.right > width + 1 && !el.closest('.v-sr');
      })
      .map((el) => `${el.tagName.toLowerCase()}.${String((el as HTMLElement).className).split(' ')[0]}`);
    const small = Array.from(document.querySelectorAll('button, a[href], input:not(.v-sr), select, textarea'))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && (box.height < 40 || box.width < 40);
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 16)}" ${Math.round(el.getBoundingClientRect().height)}px`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, width, wide: wide.slice(0, 8), small: small.slice(0, 8) };
  });
}

async function expectFits(page: Page, label: string) {
  const found = await problems(page);
  expect(found.scrollWidth, `page width, ${label}`).toBeLessThanOrEqual(found.width);
  expect(found.wide, `past the right edge, ${label}`).toEqual([]);
  expect(found.small, `touch targets under 40 px, ${label}`).toEqual([]);
}

for (const width of [360, 390, 414]) {
  test(`the voting page fits a ${width} px phone with touch targets of 40 px`, async ({ browser }) => {
    const page = await voterPage(browser, { width, height: 844 });
    await answerVoteCalls(page);
    await page.goto(`/v/${VOTE_ID}`);
    await expect(page.getByRole('article')).toHaveCount(20);
    await expectFits(page, `players at ${width}px`);
    await page.screenshot({ path: `${SHOTS}/phone-${width}.png` });
    // Infinite scroll: the last 6 of the 26 players arrive as the list's end comes into view.
    await page.getByRole('article').last().scrollIntoViewIfNeeded();
    await expect(page.getByRole('article')).toHaveCount(26);
    await page.getByRole('button', { name: /查看 2号 李华 的详情/ }).click();
    await expect(page.getByRole('dialog', { name: '2号 李华' })).toBeVisible();
    await expectFits(page, `detail at ${width}px`);
    await page.screenshot({ path: `${SHOTS}/phone-${width}-detail.png` });
    await page.getByRole('button', { name: '关闭' }).click();
    for (const [tab, shot] of [
      ['排行榜', 'ranking'],
      ['评论', 'comments'],
      ['我要报名', 'signup'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel')).not.toBeEmpty();
      await expectFits(page, `${tab} at ${width}px`);
      await page.screenshot({ path: `${SHOTS}/phone-${width}-${shot}.png` });
    }
    await page.context().close();
  });
}

test('a desktop browser shows the page as a centred column, and the share poster is a PNG', async ({ browser }) => {
  const page = await voterPage(browser, { width: 1440, height: 900 });
  await answerVoteCalls(page);
  await page.goto(`/v/${VOTE_ID}`);
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/desktop-1440.png` });
  await page.getByRole('button', { name: '分享海报' }).click();
  const poster = page.getByTestId('poster');
  await expect(poster).toBeVisible();
  expect(await poster.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  expect(await poster.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([600, 900]);
  await page.screenshot({ path: `${SHOTS}/desktop-poster.png` });
  await page.context().close();
});

closeOtherContextsAfterEach();
