import type { FastifyInstance } from 'fastify';
import { voteDay } from '../../../schemas/vote/vote-rules';
import { playerPortrait, voteCover } from '../demo-images';
import { atTime, call, uploadImage, type Story } from '../seed-calls';
import type { DemoRandom } from './demo-random';

const PLAYERS = [
  { name: '王秀兰', about: '社区食堂志愿者，七年来每天为独居老人送午餐。' },
  { name: '陈建国', about: '退休电工，义务为居民修理电器四百余次。' },
  { name: '李晓雯', about: '组织“周末课堂”，为双职工家庭的孩子辅导功课。' },
  { name: '张海涛', about: '夜间巡逻队队长，带队守护小区安全。' },
  { name: '刘芳', about: '垃圾分类督导员，带动三栋楼分类准确率过九成。' },
  { name: '赵志强', about: '暴雨夜组织转移低洼楼栋的二十多户居民。' },
  { name: '孙丽娟', about: '手语志愿者，陪听障居民看病办事。' },
  { name: '周明', about: '大学生志愿者，教老人用手机挂号、视频通话。' },
];
/** How popular each player is at the start and how that moves over the week (the trend chart then has a race). */
const POPULARITY = [9, 7.5, 5, 6, 4, 3.5, 2.5, 2];
const MOMENTUM = [0, 0.2, 1.1, -0.3, 0.1, 0.6, 0, 0.4];
/** Ballots a day, oldest day first (today is cut at the moment the seed runs). */
const BALLOTS_A_DAY = [14, 19, 24, 29, 35, 41, 44];
const COMMENTS = [
  { player: 0, nickname: '3号楼老李', content: '王阿姨的饭菜比饭店还香，每天准点送到，辛苦了！', shown: true },
  { player: 1, nickname: '小区住户', content: '陈师傅修好了我家用了十年的洗衣机，分文不收。', shown: true },
  { player: 2, nickname: '晨晨妈妈', content: '周末课堂帮了大忙，孩子作业终于不拖了。', shown: true },
  { player: 5, nickname: '滨河一号', content: '那天晚上多亏赵大哥，老人们都安全转移了。', shown: true },
  { player: 7, nickname: '张奶奶', content: '小周教会我用手机挂号，再也不用排长队。', shown: true },
  { player: 6, nickname: '爱心接力', content: '手语志愿者真的很少见，为孙老师点赞。', shown: true },
  { player: 3, nickname: '夜跑爱好者', content: '巡逻队晚上常看到，安全感满满。', shown: false },
  { player: 4, nickname: '匿名', content: '分类督导很耐心，希望多一些这样的邻居。', shown: false },
];

interface Visit {
  voter: number;
  at: Date;
  players: number[];
}

/** Who comes to vote when, for whom: a voter comes at most once a day and gives 1–3 of the day's 3 votes to different players. */
function plan(story: Story, random: DemoRandom): Visit[] {
  const visits: Visit[] = [];
  const voters = 140;
  BALLOTS_A_DAY.forEach((target, i) => {
    const offset = i - (BALLOTS_A_DAY.length - 1);
    const weights = POPULARITY.map((p, k) => p * (1 + (MOMENTUM[k]! * i) / 6));
    const open = story.at(offset, '07:30').getTime();
    const close = Math.min(story.at(offset, '22:30').getTime(), story.now.getTime() - 10 * 60_000);
    const seen = new Set<number>();
    let cast = 0;
    while (cast < target && close > open && seen.size < voters) {
      const voter = random.int(voters);
      if (seen.has(voter)) continue;
      seen.add(voter);
      const players: number[] = [];
      const picks = Math.min(1 + random.weighted([1, 3, 6]), target - cast);
      while (players.length < picks) {
        const player = random.weighted(weights.map((w, k) => (players.includes(k) ? 0 : w)));
        players.push(player);
      }
      cast += players.length;
      visits.push({ voter, at: new Date(open + random.next() * (close - open)), players });
    }
  });
  return visits.sort((a, b) => a.at.getTime() - b.at.getTime());
}

const device = (voter: number) => `demo-voter-${String(voter).padStart(4, '0')}`;
const ipOf = (voter: number) => `10.${20 + (voter % 7)}.${Math.floor(voter / 7) % 250}.${10 + (voter % 200)}`;

/**
 * 投票通: a running vote of 8 players with pictures, started a week ago, with some 200 ballots cast over the days
 * since (more each day, one player catching up), visits, and comments some of which wait for approval.
 */
export async function seedDemoVote(app: FastifyInstance, token: string, story: Story, random: DemoRandom): Promise<string> {
  const made = story.at(-7, '19:30');
  const voteId = await atTime(app, made, async () => {
    const cover = await uploadImage(app, token, await voteCover(), 'cover.png');
    const { voteId } = await call<{ voteId: string }>(
      app,
      'activity/vote/saveOrUpdateVote',
      {
        title: '第三届“最美社区志愿者”评选',
        coverImages: [cover],
        description: '<p>一年来，他们在社区的每个角落默默付出。请为你心中的“最美志愿者”投上一票。</p><p>每人每天可投 3 票，同一位选手每天限投 1 票。</p>',
        startTime: story.at(-7, '20:00').toISOString(),
        endTime: story.at(4, '22:00').toISOString(),
        settings: { limitScope: 'day', votesPerVoter: 3, perPlayerPerDay: 1, playersPerBallot: 1, comments: true, commentReview: true },
      },
      token,
      undefined,
      'toupiao',
    );
    const photos: string[] = [];
    for (let i = 0; i < PLAYERS.length; i++) photos.push(await uploadImage(app, token, await playerPortrait(i), `player-${i + 1}.png`));
    const rows = PLAYERS.map((p, i) => ({ name: p.name, photo: photos[i], description: `<p>${p.about}</p>` }));
    await call(app, 'activity/player/batchAddPlayer', { voteId, rows }, token);
    await call(app, 'activity/vote/getVoteSuspendOrStart', { voteId, action: 'start' }, token);
    return voteId;
  });
  // Made "then": the list shows when it was created (the database stamps rows with its own clock).
  await app.deps.database.query('UPDATE vote_activities SET created_at = $2 WHERE public_id = $1', [voteId, made]);
  const { list } = await call<{ list: { playerId: string; no: number }[] }>(app, 'activity/player/getPlayerList', { voteId, page: 1, pageSize: 20 }, token);
  const playerIds = [...list].sort((a, b) => a.no - b.no).map((p) => p.playerId);
  await castBallots(app, voteId, playerIds, plan(story, random));
  await comment(app, token, voteId, playerIds);
  return voteId;
}

/** Visits in order, cut into groups of different voters on one day (at most `size`). */
function groups(visits: Visit[], size: number): Visit[][] {
  const out: Visit[][] = [];
  let group: Visit[] = [];
  for (const v of visits) {
    if (group.length === size || group.some((g) => g.voter === v.voter) || (group[0] && voteDay(group[0].at) !== voteDay(v.at))) {
      out.push(group);
      group = [];
    }
    group.push(v);
  }
  if (group.length) out.push(group);
  return out;
}

/**
 * Each visit opens the page (a visit) and casts its ballots through getVotePraise with the clock at that moment.
 * A group of different voters goes at once, so its ballots share batches as a busy vote's do: the first ballots at
 * the visits' moments, each next round half a minute after the group's last, so that however the calls of a round
 * take the moments, every voter's ballots follow each other in time.
 */
async function castBallots(app: FastifyInstance, voteId: string, playerIds: string[], visits: Visit[]): Promise<void> {
  let ballot = 0;
  for (const group of groups(visits, 24)) {
    await atTime(app, group[0]!.at, () =>
      Promise.all(group.map((v) => call(app, 'activity/vote/getSceneVoteSetting', { voteId, visit: true }, undefined, ipOf(v.voter)))),
    );
    const last = group[group.length - 1]!.at.getTime();
    for (let round = 0; round < 3; round++) {
      const moments = group.filter((v) => v.players[round] !== undefined);
      if (!moments.length) break;
      // getVotePraise reads the clock once per ballot: each reading is the next moment.
      const times = moments.map((v, i) => new Date(round === 0 ? v.at.getTime() : last + round * 30_000 + i * 1_000));
      let next = 0;
      await atTime(
        app,
        () => times[Math.min(next++, times.length - 1)]!,
        () =>
          Promise.all(
            moments.map((v) =>
              call(
                app,
                'activity/vote/getVotePraise',
                { voteId, ballotId: `demo-ballot-${++ballot}`, playerIds: [playerIds[v.players[round]!]!], deviceId: device(v.voter) },
                undefined,
                ipOf(v.voter),
              ),
            ),
          ),
      );
    }
  }
}

/** Voters' comments from the page; the organiser approves most, two still wait (moderation is on). */
async function comment(app: FastifyInstance, token: string, voteId: string, playerIds: string[]): Promise<void> {
  const shown: string[] = [];
  for (const [i, c] of COMMENTS.entries()) {
    const { commentId } = await call<{ commentId: string }>(
      app,
      'activity/vote/saveComment',
      { voteId, playerId: playerIds[c.player], nickname: c.nickname, content: c.content, deviceId: device(i * 11) },
      undefined,
      ipOf(i * 11),
    );
    if (c.shown) shown.push(commentId);
  }
  await call(app, 'activity/vote/getCommentShow', { voteId, commentIds: shown, show: true }, token);
}
