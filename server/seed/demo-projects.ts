import type { FastifyInstance } from 'fastify';
import { subjectEntry, type TSubject } from '../../schemas/subjects/registry';
import type { Database } from '../db/client';
import { ensureUser, setPassword } from '../services/access/users.service';
import { seedDemoKinds, type DemoSessions } from './demo-kinds';
import { call, login } from './seed-calls';
import { COLLEAGUE_NAME, COLLEAGUE_PHONE, DEMO_PHONE, demoPasswordHash } from './seed';

export { COLLEAGUE_NAME, COLLEAGUE_PHONE } from './seed';
const MARKER = 'seed:demo-projects';

type TAnswerOf = (subjects: TSubject[], n: number, next: () => number) => Record<string, unknown>;
interface TSample {
  title: string;
  questionType: number;
  subjects: TSubject[];
  settings?: Record<string, unknown>;
  answers: number;
  answer: TAnswerOf;
}

let seq = 0;
function make(type: number, title: string, fields: Record<string, unknown> = {}): TSubject {
  seq += 1;
  const base = subjectEntry(type).create({ uuid: `demo-${seq}`, indexSort: seq, newId: () => `demo-o${++seq}` });
  return { ...base, title, ...fields } as TSubject;
}
const opts = (...titles: string[]) => titles.map((title) => ({ uuid: `demo-o${++seq}`, title }));
const optionIds = (s: TSubject) => (s as { options: { uuid: string }[] }).options.map((o) => o.uuid);
/** Picks index i of a subject's options with the weights given (skewed like real answers). */
const weighted = (weights: number[], r: number) => {
  const total = weights.reduce((a, b) => a + b, 0);
  let x = r * total;
  return Math.max(
    0,
    weights.findIndex((w) => (x -= w) < 0),
  );
};

function samples(): TSample[] {
  const satisfaction = make(1, '您对我们的整体服务是否满意？', { options: opts('非常满意', '满意', '一般', '不满意') });
  const aspects = make(2, '您最看重哪些方面？（多选）', { options: opts('价格', '服务态度', '响应速度', '产品质量', '售后保障') });
  const stars = make(23, '请为本次购物体验打分');
  const advice = make(7, '还有什么想对我们说的？', { required: false });
  const q1 = make(1, '公司规定的上班时间是？', { options: opts('8:30', '9:00', '9:30').map((o, i) => ({ ...o, isCorrect: i === 1 })), score: 5 });
  const q2 = make(2, '以下哪些属于信息安全要求？', {
    options: opts('离开工位锁屏', '密码贴在显示器上', '不点陌生链接', '共享账号').map((o, i) => ({ ...o, isCorrect: i === 0 || i === 2 })),
    score: 5,
  });
  const q3 = make(1, '年假需要提前几天申请？', { options: opts('1 天', '3 天', '7 天').map((o, i) => ({ ...o, isCorrect: i === 1 })), score: 5 });
  const name = make(6, '姓名', { maxLength: 20 });
  const route = make(1, '选择路线', { options: opts('西山 8 公里（轻松）', '香山 12 公里（中等）', '灵山 20 公里（挑战）') });
  const people = make(21, '同行人数（含本人）', { min: 1, max: 5, decimals: 0, unit: '人' });
  const NAMES = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨帆', '赵磊', '黄敏', '周杰', '吴婷', '徐明', '孙悦'];
  const ADVICE = ['希望配送再快一点', '客服很耐心，点赞', '包装可以更环保', '', '价格有点高', '', '会推荐给朋友'];
  return [
    {
      title: '2026 年度客户满意度调查',
      questionType: 1,
      subjects: [satisfaction, aspects, stars, advice],
      answers: 36,
      answer: ([s, a, r, t], n, next) => ({
        [s!.uuid]: { optionIds: [optionIds(s!)[weighted([5, 8, 3, 1], next())]!] },
        [a!.uuid]: {
          optionIds: optionIds(a!)
            .filter((_, i) => next() < [0.6, 0.5, 0.4, 0.7, 0.3][i]!)
            .concat(optionIds(a!)[n % 5]!)
            .filter((id, i, all) => all.indexOf(id) === i),
        },
        [r!.uuid]: 5 - weighted([6, 5, 2, 1, 0.5], next()),
        ...(ADVICE[n % ADVICE.length] ? { [t!.uuid]: ADVICE[n % ADVICE.length] } : {}),
      }),
    },
    {
      title: '新员工入职培训考试',
      questionType: 2,
      subjects: [q1, q2, q3],
      settings: { showScore: true, showCorrectAnswers: true },
      answers: 14,
      answer: ([a, b, c], _n, next) => ({
        [a!.uuid]: { optionIds: [optionIds(a!)[weighted([1, 6, 1], next())]!] },
        [b!.uuid]: { optionIds: next() < 0.6 ? [optionIds(b!)[0]!, optionIds(b!)[2]!] : [optionIds(b!)[0]!] },
        [c!.uuid]: { optionIds: [optionIds(c!)[weighted([2, 5, 2], next())]!] },
      }),
    },
    {
      title: '周末徒步活动报名',
      questionType: 4,
      subjects: [name, route, people],
      answers: 12,
      answer: ([who, r, p], n, next) => ({
        [who!.uuid]: NAMES[n % NAMES.length],
        [r!.uuid]: { optionIds: [optionIds(r!)[weighted([4, 5, 2], next())]!] },
        [p!.uuid]: 1 + weighted([5, 3, 1, 1, 0.5], next()),
      }),
    },
  ];
}

/**
 * Once per database (a `meta` row): the demo account gets a survey, an exam and a sign-up form with answers,
 * and a colleague account (13800138001, same password) who edits the survey with it and shares a form of its
 * own, so the report, exports and collaboration are there to look at on first login.
 */
export async function seedDemoProjects(app: FastifyInstance, database: Database): Promise<boolean> {
  const claimed = await database.query(`INSERT INTO meta (key, value) VALUES ($1, '1') ON CONFLICT (key) DO NOTHING RETURNING key`, [MARKER]);
  // Some thousand calls: keep them out of the access log, where a newcomer reads the first start.
  const level = app.log.level;
  app.log.level = 'warn';
  try {
    const tokens = claimed.length ? await writeSamples(app, database) : undefined;
    // The newer kinds (votes, chains, payments, appointments) have their own marker: older databases get them too.
    const kinds = await seedDemoKinds(app, database, tokens);
    return claimed.length > 0 || kinds !== null;
  } finally {
    app.log.level = level;
  }
}

/** Answers the two accounts' sessions, which the kinds' seed goes on with (a login is an Argon2 verification). */
async function writeSamples(app: FastifyInstance, database: Database): Promise<DemoSessions> {
  const { user: colleague } = await ensureUser(database, COLLEAGUE_PHONE);
  await setPassword(database, colleague.id, await demoPasswordHash());
  await database.query('UPDATE users SET username = $2 WHERE id = $1', [colleague.id, COLLEAGUE_NAME]);
  const demo = await login(app, DEMO_PHONE);
  const other = await login(app, COLLEAGUE_PHONE);
  let random = 20260101;
  const next = () => (random = (random * 1103515245 + 12345) % 2147483648) / 2147483648;
  const ids: string[] = [];
  for (const sample of samples()) {
    const { questionId } = await call<{ questionId: string }>(
      app,
      'activity/question/saveOrUpdateWxQuestion',
      { title: sample.title, questionType: sample.questionType, subjects: sample.subjects },
      demo,
    );
    if (sample.settings) await call(app, 'activity/question/updateWxQuestionSetting', { questionId, settings: sample.settings }, demo);
    await call(app, 'activity/question/getQuestionStatus', { questionId, status: 1 }, demo);
    for (let n = 0; n < sample.answers; n++) {
      const body = {
        questionId,
        submissionId: `demo-${questionId}-${n}`,
        deviceId: `demo-device-${n}`,
        durationSeconds: 40 + Math.round(next() * 200),
        answers: sample.answer(sample.subjects, n, next),
      };
      await call(app, 'active/write/submit', body, undefined, `10.0.${sample.questionType}.${n + 1}`);
    }
    await spreadOverPastWeek(database, questionId);
    ids.push(questionId);
  }
  const { workCode } = await call<{ workCode: string }>(app, 'activity/question/getTeamWorkCode', { questionId: ids[0], powerType: 2 }, demo);
  await call(app, 'code/joinTeamWork', { workCode }, other);
  const shared = await call<{ questionId: string }>(
    app,
    'activity/question/saveOrUpdateWxQuestion',
    { title: '部门团建地点征集（同事共享）', questionType: 1, subjects: [make(1, '团建去哪里？', { options: opts('郊外露营', '温泉度假', '城市剧本杀') })] },
    other,
  );
  const invite = await call<{ workCode: string }>(app, 'activity/question/getTeamWorkCode', { questionId: shared.questionId, powerType: 3 }, other);
  await call(app, 'code/joinTeamWork', { workCode: invite.workCode }, demo);
  // Samples are not the newcomer's own work: they do not use up today's creation allowance.
  await database.query('DELETE FROM daily_creations WHERE user_id IN (SELECT id FROM users WHERE phone = ANY($1::text[]))', [[DEMO_PHONE, COLLEAGUE_PHONE]]);
  return { demo, colleague: other };
}

/**
 * Answers written in one second look fake on the answer list and the report: the newest stays "刚刚", each older
 * one came about five hours before the next (a week for 36), and the project was made an hour before the first.
 */
async function spreadOverPastWeek(database: Database, questionId: string): Promise<void> {
  await database.query(
    `UPDATE answer_sheets a SET created_at = a.created_at - s.r * interval '311 minutes'
       FROM (SELECT id, row_number() OVER (ORDER BY id DESC) - 1 AS r FROM answer_sheets
              WHERE project_id = (SELECT id FROM projects WHERE public_id = $1)) s
      WHERE a.id = s.id`,
    [questionId],
  );
  await database.query(
    `UPDATE projects p SET created_at = (SELECT min(created_at) FROM answer_sheets WHERE project_id = p.id) - interval '1 hour'
      WHERE public_id = $1 AND EXISTS (SELECT 1 FROM answer_sheets WHERE project_id = p.id)`,
    [questionId],
  );
}
