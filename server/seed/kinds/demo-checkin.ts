import type { FastifyInstance } from 'fastify';
import { atTime, call, type Story } from '../seed-calls';
import type { DemoRandom } from './demo-random';

const S = 'activity/question/solitaire/';

/** Runners: when they usually check in, and on which of the week's days (oldest first, today last) they did. */
const RUNNERS: [name: string, usual: string, days: string][] = [
  ['林晓', '06:20', '1111111'],
  ['马超', '06:45', '1110111'],
  ['何佳', '07:05', '1111110'],
  ['宋伟', '07:30', '0011111'],
  ['唐宁', '08:10', '1101011'],
  ['韩雪', '08:40', '1111101'],
  ['冯涛', '09:20', '0110110'],
  ['曹颖', '06:55', '0001111'],
];
const NOTES = ['今天状态不错', '配速有进步', '下雨也没停', '和朋友一起跑的', '有点累，坚持住了', '', '看到了日出', ''];

/**
 * 接龙通: a 21-day running check-in (打卡接龙) of the colleague's, in its seventh day: eight runners with a week of
 * check-ins (on time before 09:00, late after), streaks of every length, one make-up of a missed day. The colleague
 * made it and shares it with the demo account (可查看).
 */
export async function seedDemoCheckIn(app: FastifyInstance, token: string, story: Story, random: DemoRandom): Promise<string> {
  const questionId = await atTime(app, story.at(-7, '21:00'), async () => {
    const { questionId } = await call<{ questionId: string }>(
      app,
      'activity/question/saveOrUpdateWxQuestion',
      { questionType: 5, solitaireType: 1, title: '21 天晨跑打卡', subtitle: '每天跑完记录一下距离，互相监督', subjects: [] },
      token,
      undefined,
      'jielong',
    );
    await call(
      app,
      `${S}saveCheckInSetting`,
      {
        questionId,
        startDay: story.day(-6),
        endDay: story.day(14),
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        windowStart: '05:00',
        windowEnd: '22:00',
        lateAfter: '09:00',
        textMode: 'optional',
        photoMode: 'off',
        numberMode: 'optional',
        numberLabel: '距离',
        numberUnit: '公里',
        makeupDays: 2,
      },
      token,
    );
    await call(app, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);
    return questionId;
  });
  const checkIns: { at: Date; runner: number }[] = [];
  RUNNERS.forEach(([, usual, days], runner) => {
    [...days].forEach((done, i) => {
      if (done !== '1') return;
      const at = new Date(story.at(i - 6, usual).getTime() + (random.int(40) - 15) * 60_000);
      // Today's are only those already made.
      if (at.getTime() < story.now.getTime() - 5 * 60_000) checkIns.push({ at, runner });
    });
  });
  checkIns.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const [n, { at, runner }] of checkIns.entries()) {
    await atTime(app, at, () =>
      call(
        app,
        `${S}checkIn`,
        { questionId, deviceId: `demo-runner-${runner}`, name: RUNNERS[runner]![0], text: NOTES[n % NOTES.length], amount: 3 + random.int(8) },
        undefined,
        `10.9.0.${runner + 10}`,
      ),
    );
  }
  // 唐宁 missed the day before yesterday and makes it up the evening after (make-ups: the last 2 days).
  await atTime(app, story.at(-1, '21:30'), () =>
    call(
      app,
      `${S}checkIn`,
      { questionId, deviceId: 'demo-runner-4', name: '唐宁', text: '补卡：那天加班，第二天补跑了', amount: 5, day: story.day(-2) },
      undefined,
      '10.9.0.14',
    ),
  );
  return questionId;
}
