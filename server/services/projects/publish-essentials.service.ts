import type { TPublishEssential } from '../../../schemas/api/editor';
import { shanghaiDay } from '../../../schemas/checkin/days';
import { QUESTION_TYPE, SOLITAIRE_TYPE } from '../../../schemas/project-kinds';
import { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';
import type { TSubject } from '../../../schemas/subjects/registry';
import type { Query } from '../../db/client';
import type { ProjectRow } from '../../db/rows';
import { col, defineSql } from '../../db/sql';

type Check = (query: Query, project: Pick<ProjectRow, 'id'>, subjects: readonly TSubject[], now: Date) => Promise<TPublishEssential[]>;

const has = async (query: Query, sql: string, id: number) => (await query(sql, [id])).length > 0;

/** 预约: a slot subject to book with, and a saved schedule (its days, times and places) to book from. */
const appointment: Check = async (query, project, subjects) => [
  ...(subjects.some((s) => s.subjectType === SUBJECT_TYPE.appointment) ? [] : (['slotSubject'] as const)),
  ...((await has(query, 'SELECT 1 FROM appointment_schedules WHERE project_id = $1', project.id)) ? [] : (['schedule'] as const)),
];

/** 收款 and 团购: something to buy, at a price, and every product named (a new one starts with empty fields). */
const priced: Check = async (_query, _project, subjects) => {
  const products = subjects.flatMap((s) => (s.subjectType === SUBJECT_TYPE.product ? s.products : []));
  return [
    ...(products.some((p) => p.price > 0) ? [] : (['pricedProduct'] as const)),
    ...(products.some((p) => !p.title.trim()) ? (['productName'] as const) : []),
  ];
};

/** 报名接龙: the creator chose a cap or no cap. */
const signUp: Check = async (query, project) =>
  (await has(query, 'SELECT 1 FROM chain_settings WHERE project_id = $1 AND cap_chosen', project.id)) ? [] : ['capChoice'];

const checkInSql = defineSql(
  'publish-essentials.checkIn',
  { start_day: col.text.orNull(), end_day: col.text.orNull() },
  'SELECT start_day, end_day FROM checkin_settings WHERE project_id = $1',
);

/** 打卡: a period with a start day (its Beijing days are counted from there) that has not ended. */
const checkIn: Check = async (query, project, _subjects, now) => {
  const rows = await checkInSql.run(query, [project.id]);
  const period = rows[0];
  if (!period?.start_day) return ['period'];
  return period.end_day !== null && period.end_day < shanghaiDay(now) ? ['periodEnded'] : [];
};

function checkOf(project: Pick<ProjectRow, 'question_type' | 'solitaire_type'>): Check | null {
  if (project.question_type === QUESTION_TYPE.appoint) return appointment;
  if (project.question_type === QUESTION_TYPE.online) return priced;
  if (project.question_type !== QUESTION_TYPE.solitaire) return null;
  if (project.solitaire_type === SOLITAIRE_TYPE.groupBuy) return priced;
  if (project.solitaire_type === SOLITAIRE_TYPE.signUp) return signUp;
  if (project.solitaire_type === SOLITAIRE_TYPE.checkIn) return checkIn;
  return null;
}

/** What the project's kind still needs before it is published (issue 43 item 2); empty when nothing. */
export async function missingEssentials(
  query: Query,
  project: Pick<ProjectRow, 'id' | 'question_type' | 'solitaire_type'>,
  subjects: readonly TSubject[],
  now: Date,
): Promise<TPublishEssential[]> {
  const check = checkOf(project);
  return check ? check(query, project, subjects, now) : [];
}
