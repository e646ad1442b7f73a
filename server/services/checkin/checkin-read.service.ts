import type { TCheckInManageView, TCheckInView, TRankRow } from '../../../schemas/api/checkin';
import { addDays, isCheckInDay, shanghaiDay, streaksOf, type TCheckInRules } from '../../../schemas/checkin/days';
import type { Query } from '../../db/client';
import type { CheckInRecordRow } from '../../db/rows';
import type { AuthUser } from '../access/sessions.service';
import { lastEventId } from '../chain/chain-events.service';
import { chainViewer, solitaireWechat, type ChainCaller } from '../chain/chain-wechat.service';
import type { Deps } from '../deps';
import { managedCheckIn, publicCheckIn, readCheckIn, recordOf, rulesOf, settingsOf } from './checkin-project.service';

/** How many rows the ranking shows, and how many days the completion chart reaches back. */
const RANKING_SIZE = 20;
const CHART_DAYS = 60;

interface Person {
  participant: string;
  name: string;
  days: string[];
  first: string;
}

/** Every participant of a check-in with their days (the name of their newest check-in). */
async function peopleOf(query: Query, projectId: number): Promise<Person[]> {
  const rows = await query<Pick<CheckInRecordRow, 'participant' | 'day' | 'name'>>(
    'SELECT participant, day, name FROM checkin_records WHERE project_id = $1 ORDER BY created_at, id',
    [projectId],
  );
  const people = new Map<string, Person>();
  for (const row of rows) {
    const person = people.get(row.participant) ?? { participant: row.participant, name: row.name, days: [], first: row.day };
    person.name = row.name;
    person.days.push(row.day);
    if (row.day < person.first) person.first = row.day;
    people.set(row.participant, person);
  }
  return [...people.values()];
}

function rankingOf(rules: TCheckInRules, people: Person[], now: Date, me: string | null): TRankRow[] {
  return people
    .map((p) => ({ name: p.name, mine: p.participant === me, ...streaksOf(rules, p.days, now) }))
    .sort((a, b) => b.current - a.current || b.longest - a.longest || b.total - a.total || a.name.localeCompare(b.name, 'zh-CN'))
    .slice(0, RANKING_SIZE);
}

const rowsOn = (query: Query, projectId: number, day: string) =>
  query<CheckInRecordRow>('SELECT * FROM checkin_records WHERE project_id = $1 AND day = $2 ORDER BY created_at DESC, id DESC LIMIT 200', [projectId, day]);

/** The participant's page: the settings, their calendar's check-ins and streaks, today's board and the ranking. */
export async function getCheckIn(deps: Deps, user: AuthUser | null, questionId: string, caller: ChainCaller): Promise<TCheckInView> {
  const { query } = deps.database;
  const project = await publicCheckIn(query, questionId);
  // Read before the records: an event that lands meanwhile is sent again, never missed.
  const feedFrom = await lastEventId(query, project.id);
  const settings = await readCheckIn(query, project.id);
  const rules = rulesOf(settings);
  const now = deps.now();
  const today = shanghaiDay(now);
  // 仅限微信授权参与: `w:<openid>` with a valid token, else nobody (the board stays public).
  const wechat = await solitaireWechat(query, project.id);
  const me = chainViewer(deps, wechat, user, caller);
  const mine = me
    ? await query<CheckInRecordRow>('SELECT * FROM checkin_records WHERE project_id = $1 AND participant = $2 ORDER BY day', [project.id, me])
    : [];
  const people = await peopleOf(query, project.id);
  return {
    questionId: project.public_id,
    title: project.title,
    description: project.subtitle ?? '',
    status: project.status,
    settings: settingsOf(settings),
    today,
    serverTime: now.toISOString(),
    myName: [...mine].sort((a, b) => +new Date(b.created_at) - +new Date(a.created_at))[0]?.name ?? '',
    mine: mine.map(recordOf),
    streaks: streaksOf(
      rules,
      mine.map((r) => r.day),
      now,
    ),
    board: (await rowsOn(query, project.id, today)).map(recordOf),
    ranking: rankingOf(rules, people, now, me),
    participants: people.length,
    lastEventId: feedFrom,
    wechatAuthId: wechat.wechat_auth_id,
  };
}

/**
 * The creator's view: per check-in day (the last 60 up to today) how many of those who had checked in by then
 * checked in that day, who has not checked in today, the newest records and the ranking.
 */
export async function getCheckInManage(deps: Deps, user: AuthUser | null, questionId: string): Promise<TCheckInManageView> {
  const { query } = deps.database;
  const project = await managedCheckIn(query, user, questionId, 'read');
  const settings = await readCheckIn(query, project.id);
  const rules = rulesOf(settings);
  const now = deps.now();
  const today = shanghaiDay(now);
  const people = await peopleOf(query, project.id);
  const doneOn = new Map<string, number>();
  for (const p of people) for (const day of p.days) doneOn.set(day, (doneOn.get(day) ?? 0) + 1);
  const firsts = people.map((p) => p.first).sort();
  const earliest = [rules.startDay, firsts[0]].filter((d): d is string => !!d && d <= today).sort()[0] ?? today;
  const from = earliest < addDays(today, -(CHART_DAYS - 1)) ? addDays(today, -(CHART_DAYS - 1)) : earliest;
  const rates: TCheckInManageView['rates'] = [];
  for (let day = from; day <= today; day = addDays(day, 1)) {
    if (!isCheckInDay(rules, day)) continue;
    const expected = firsts.filter((f) => f <= day).length;
    const done = doneOn.get(day) ?? 0;
    rates.push({ day, done, expected, rate: expected ? Math.round((done / expected) * 1000) / 1000 : 0 });
  }
  const todayIsCheckInDay = isCheckInDay(rules, today);
  const records = await query<CheckInRecordRow>('SELECT * FROM checkin_records WHERE project_id = $1 ORDER BY created_at DESC, id DESC LIMIT 500', [
    project.id,
  ]);
  return {
    questionId: project.public_id,
    title: project.title,
    status: project.status,
    settings: settingsOf(settings),
    powerType: project.powerType,
    today,
    serverTime: now.toISOString(),
    participants: people.length,
    rates,
    todayIsCheckInDay,
    missedToday: todayIsCheckInDay ? people.filter((p) => !p.days.includes(today)).map((p) => p.name) : [],
    records: records.map(recordOf),
    ranking: rankingOf(rules, people, now, null),
    wechatAuthId: (await solitaireWechat(query, project.id)).wechat_auth_id,
  };
}
