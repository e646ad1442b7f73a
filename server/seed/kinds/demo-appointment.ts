import type { FastifyInstance } from 'fastify';
import type { TScheduleInput } from '../../../schemas/appointment/schedule';
import { atTime, call, type Story } from '../seed-calls';
import { demoSubjects } from './demo-subjects';

const A = 'activity/question/appointment/';
const SLOTS = [
  { start: '09:00', end: '10:00', capacity: 3 },
  { start: '10:00', end: '11:00', capacity: 3 },
  { start: '14:00', end: '15:00', capacity: 3 },
  { start: '15:00', end: '16:00', capacity: 3 },
];
const END: Record<string, string> = Object.fromEntries(SLOTS.map((s) => [s.start, s.end]));

/** A booking as the answer page makes it: when, for which slot (day offset, start), who, and what happens after. */
type Then = { do: 'checkIn' | 'markNoShow' | 'cancel'; day: number; time: string };
const BOOKINGS: { name: string; phone: string; party: number; at: [number, string]; slot: [number, string]; waitlist?: true; then?: Then }[] = [
  { name: '方磊', phone: '13612340001', party: 1, at: [-4, '10:20'], slot: [-1, '09:00'], then: { do: 'checkIn', day: -1, time: '08:52' } },
  { name: '程雪', phone: '13612340002', party: 2, at: [-3, '16:45'], slot: [-1, '09:00'], then: { do: 'checkIn', day: -1, time: '09:03' } },
  { name: '邓凯', phone: '13612340003', party: 1, at: [-3, '20:10'], slot: [-1, '14:00'], then: { do: 'markNoShow', day: -1, time: '15:10' } },
  { name: '彭丽', phone: '13612340004', party: 1, at: [-2, '09:05'], slot: [-1, '15:00'], then: { do: 'checkIn', day: -1, time: '14:58' } },
  // Tomorrow 09:00 fills up (3 places), two join its waitlist; then the first cancels and the first waiting moves up.
  { name: '曾华', phone: '13612340005', party: 1, at: [-3, '11:30'], slot: [1, '09:00'], then: { do: 'cancel', day: -1, time: '20:15' } },
  { name: '蒋涛', phone: '13612340006', party: 2, at: [-2, '14:12'], slot: [1, '09:00'] },
  { name: '蔡琴', phone: '', party: 1, at: [-2, '19:40'], slot: [1, '09:00'], waitlist: true },
  { name: '潘越', phone: '', party: 1, at: [-1, '08:25'], slot: [1, '09:00'], waitlist: true },
  { name: '袁博', phone: '13612340009', party: 1, at: [-2, '10:55'], slot: [1, '10:00'] },
  { name: '范婷', phone: '13612340010', party: 2, at: [-1, '12:40'], slot: [1, '14:00'] },
  { name: '石磊', phone: '13612340011', party: 1, at: [-1, '17:05'], slot: [2, '09:00'] },
  { name: '姚瑶', phone: '13612340012', party: 1, at: [-1, '21:30'], slot: [2, '15:00'] },
  { name: '谭亮', phone: '13612340013', party: 1, at: [-1, '22:15'], slot: [3, '10:00'] },
];

/**
 * 接龙通: an appointment schedule (预约) for dental check-ups, four slots a day of three places: yesterday's visits
 * checked in (one no-show), the coming days booked, tomorrow morning full with a waitlist, one booker who
 * cancelled through their private link (the first waiting moved up). Reminders are off: the demo's phones are
 * made up, and a developer's SMS provider must not text them.
 */
export async function seedDemoAppointment(app: FastifyInstance, token: string, story: Story): Promise<string> {
  const s = demoSubjects('demo-appoint');
  const slot = s.make(37, '预约时段');
  const name = s.make(6, '姓名');
  const phone = { ...s.make(26, '手机号'), required: false };
  const schedule: TScheduleInput = {
    timeZone: 'Asia/Shanghai',
    startDate: story.day(-5),
    endDate: story.day(30),
    weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, slots: SLOTS })),
    partySizeMax: 2,
    window: { daysAhead: 14, cutoffMinutes: 60 },
    reminderMinutes: 0,
  };
  const questionId = await atTime(app, story.at(-5, '09:00'), async () => {
    const { questionId } = await call<{ questionId: string }>(
      app,
      'activity/question/saveOrUpdateWxQuestion',
      { questionType: 7, title: '口腔健康检查预约', subtitle: '社区卫生服务中心二楼口腔科，请按预约时段到达', subjects: [slot, name, phone] },
      token,
      undefined,
      'jielong',
    );
    await call(app, `${A}saveSetting`, { questionId, schedule }, token);
    await call(app, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);
    return questionId;
  });
  const later: { at: Date; then: Then; bookingId: string; token: string }[] = [];
  const ordered = BOOKINGS.map((b, n) => ({ ...b, n, when: story.at(...b.at) })).sort((a, b) => a.when.getTime() - b.when.getTime());
  for (const b of ordered) {
    const answer = await atTime(app, b.when, () =>
      call<{ booking: { bookingId: string; token: string } }>(
        app,
        'active/write/submit',
        {
          questionId,
          submissionId: `demo-booking-${questionId}-${b.n}`,
          deviceId: `demo-patient-${b.n}`,
          durationSeconds: 40 + b.n * 3,
          answers: {
            [slot.uuid]: {
              date: story.day(b.slot[0]),
              start: b.slot[1],
              end: END[b.slot[1]],
              resourceKey: '',
              partySize: b.party,
              ...(b.waitlist ? { waitlist: true } : {}),
            },
            [name.uuid]: b.name,
            ...(b.phone ? { [phone.uuid]: b.phone } : {}),
          },
        },
        undefined,
        `10.11.0.${b.n + 10}`,
      ),
    );
    if (b.then) later.push({ at: story.at(b.then.day, b.then.time), then: b.then, ...answer.booking });
  }
  for (const { at, then, bookingId, token: link } of later.sort((a, b) => a.at.getTime() - b.at.getTime())) {
    await atTime(app, at, () =>
      then.do === 'cancel'
        ? call(app, `${A}cancel`, { token: link, reason: '临时出差，改天再约' })
        : call(app, `${A}${then.do}`, { questionId, bookingId }, token),
    );
  }
  return questionId;
}
