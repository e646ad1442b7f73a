import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shapeOf } from '../../../schemas/groupbuy/shape';
import { ZCheckInSettings } from '../../../schemas/api/checkin';
import { checkLogic } from '../../../schemas/logic/checker';
import { ZLogic } from '../../../schemas/logic/ast';
import { QUESTION_TYPES } from '../../../schemas/project-kinds';
import { sanitizeRichText } from '../../../schemas/rich-text/sanitize-server';
import { ZSubject, type TSubject } from '../../../schemas/subjects/registry';
import { UNNUMBERED_SUBJECT_TYPES } from '../../../schemas/subjects/subject-types';
import { isMobile } from '../../../schemas/phone';
import { TEMPLATE_CATEGORIES, TEMPLATES } from '../../../server/seed/templates';
import { TEMPLATE_OWNER_NAME, TEMPLATE_OWNER_PHONE, TEMPLATES_SEED_MARKER, seedTemplates } from '../../../server/seed/templates/seed-templates';
import { listSubjects, sanitizeSubject } from '../../../server/services/projects/subjects.service';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const ofKind = (questionType: number) => TEMPLATES.filter((t) => t.questionType === questionType);
const types = (subjects: readonly TSubject[]) => new Set(subjects.map((s) => s.subjectType));
/**
 * Sign-up chains (solitaireType 4) and daily check-ins (solitaireType 1) are not forms: they ask what their page
 * asks and carry settings.
 */
/** Group-buys (solitaireType 2) are their page's subjects: products, buyer, pick-up point (tested below). */
const groupBuys = TEMPLATES.filter((t) => t.questionType === 5 && t.solitaireType === 2);
const forms = TEMPLATES.filter((t) => !t.chain && !t.checkIn && !groupBuys.includes(t));
const chains = TEMPLATES.filter((t) => t.chain);
const checkIns = TEMPLATES.filter((t) => t.checkIn);

describe('template library content', () => {
  it('has at least 6 templates and at least one category per kind, each template in a category of its kind', () => {
    for (const questionType of QUESTION_TYPES) {
      expect(ofKind(questionType).length, `kind ${questionType}`).toBeGreaterThanOrEqual(6);
      expect(TEMPLATE_CATEGORIES[questionType].length).toBeGreaterThanOrEqual(1);
    }
    expect(TEMPLATES.length).toBeGreaterThanOrEqual(36);
    for (const t of TEMPLATES) expect(TEMPLATE_CATEGORIES[t.questionType], t.key).toContain(t.category);
    // Every category offers at least one template, so no category page is empty.
    for (const questionType of QUESTION_TYPES) {
      for (const name of TEMPLATE_CATEGORIES[questionType])
        expect(
          ofKind(questionType).some((t) => t.category === name),
          name,
        ).toBe(true);
    }
  });

  it('keys and titles are unique, hot counts differ so the hot list has one order', () => {
    expect(new Set(TEMPLATES.map((t) => t.key)).size).toBe(TEMPLATES.length);
    expect(new Set(TEMPLATES.map((t) => t.title)).size).toBe(TEMPLATES.length);
    expect(new Set(TEMPLATES.map((t) => t.hot)).size).toBe(TEMPLATES.length);
  });

  it.each(TEMPLATES.map((t) => [t.key, t] as const))('%s: every subject parses, uuids are unique, logic parses and checks clean', (_key, t) => {
    expect(t.subjects.length).toBeGreaterThanOrEqual(t.chain ? 4 : t.checkIn ? 3 : 5);
    for (const s of t.subjects) {
      const parsed = ZSubject.safeParse(s);
      expect(parsed.success, `${s.uuid}: ${parsed.error?.message}`).toBe(true);
      // Stored text equals the written text (insertSubjects sanitises titles and descriptions).
      expect(sanitizeSubject(s)).toEqual(s);
    }
    expect(new Set(t.subjects.map((s) => s.uuid)).size).toBe(t.subjects.length);
    expect(t.subjects.map((s) => s.indexSort)).toEqual(t.subjects.map((_, i) => i + 1));
    expect(ZLogic.safeParse(t.logic).success).toBe(true);
    expect(checkLogic(t.subjects, ZLogic.parse(t.logic))).toEqual([]);
    expect(sanitizeRichText(t.title)).toBe(t.title);
  });

  it.each(forms.map((t) => [t.key, t] as const))('%s: exercises at least three question types and some logic', (_key, t) => {
    const questionTypes = new Set(t.subjects.filter((s) => !UNNUMBERED_SUBJECT_TYPES.has(s.subjectType)).map((s) => s.subjectType));
    expect(questionTypes.size).toBeGreaterThanOrEqual(3);
    const { display, jumps, optionLinkage, quotas, random } = t.logic;
    expect(display.length + jumps.length + optionLinkage.length + quotas.length + random.length).toBeGreaterThanOrEqual(1);
  });

  it('exams score every question, mark correct options and explain the answer', () => {
    for (const t of ofKind(2)) {
      const scored = t.subjects.filter((s) => s.score !== undefined);
      expect(scored.length, t.key).toBeGreaterThanOrEqual(8);
      for (const s of scored) {
        expect(s.answerAnalysis, s.uuid).toBeTruthy();
        if ('options' in s)
          expect(
            s.options.some((o) => o.isCorrect),
            s.uuid,
          ).toBe(true);
      }
    }
  });

  it('each kind uses the subjects it is about', () => {
    for (const t of ofKind(6)) expect(types(t.subjects).has(34), t.key).toBe(true);
    for (const t of ofKind(7)) expect(types(t.subjects).has(37), t.key).toBe(true);
    for (const t of ofKind(5).filter((each) => !each.chain && !each.checkIn && !groupBuys.includes(each))) {
      expect(t.solitaireType, t.key).toBeDefined();
      expect(
        [6, 10, 21].some((n) => types(t.subjects).has(n as TSubject['subjectType'])),
        t.key,
      ).toBe(true);
      expect(
        [1, 2, 8].some((n) => types(t.subjects).has(n as TSubject['subjectType'])),
        t.key,
      ).toBe(true);
    }
    for (const t of ofKind(1)) expect(types(t.subjects).size, t.key).toBeGreaterThanOrEqual(4);
    const all = new Set(TEMPLATES.flatMap((t) => t.subjects.map((s) => s.subjectType)));
    for (const n of [1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 18, 19, 20, 21, 22, 23, 25, 26, 27, 28, 33, 34, 37]) {
      expect(all.has(n as TSubject['subjectType']), `type ${n}`).toBe(true);
    }
  });

  it('group-buy templates (水果团购, 社区团购, 班级订购…): products with spec, price, stock, and the subjects the page fills in', () => {
    expect(groupBuys.map((t) => t.title)).toEqual(expect.arrayContaining(['小区水果团购接龙', '社区生鲜团购接龙', '班级校服订购接龙']));
    for (const t of groupBuys) {
      const products = t.subjects
        .filter((s) => s.subjectType === 34)
        .flatMap((s) => (s as { products: { spec?: string; price: number; stock?: number }[] }).products);
      expect(products.length, t.key).toBeGreaterThanOrEqual(2);
      expect(
        products.every((p) => p.spec && p.price > 0 && p.stock !== undefined),
        t.key,
      ).toBe(true);
      const shape = shapeOf(t.subjects);
      expect(shape.nameSubjectId && shape.phoneSubjectId && shape.pickupSubjectId, t.key).toBeTruthy();
      expect(shape.points.length, t.key).toBeGreaterThanOrEqual(1);
      expect(shape.unsupported, t.key).toEqual([]);
      if (shape.points.some((p) => p.delivery)) expect(shape.addressSubjectId, t.key).toBeTruthy();
    }
  });

  it('sign-up chain templates: at least four, each with its chain settings and the subjects the chain page asks', () => {
    expect(chains.map((t) => t.title)).toEqual(
      expect.arrayContaining(['周末城市骑行活动报名', '部门年终聚餐报名', '周五下班拼车回家接龙', '社区志愿者报名接龙']),
    );
    for (const t of chains) {
      expect(t.questionType, t.key).toBe(5);
      expect(t.solitaireType, t.key).toBe(4);
      expect(t.chain!.cap === null || t.chain!.cap >= 1, t.key).toBe(true);
      expect(t.chain!.waitlist, t.key).toBe(true);
      expect(t.subjects.map((s) => s.subjectType)).toEqual([15, 6, 21, 6]);
      expect(t.subtitle.length, t.key).toBeGreaterThan(20);
    }
    // Every sign-up chain of the library is a chain with settings; form-style chains are other kinds.
    expect(TEMPLATES.filter((t) => t.solitaireType === 4 && !t.chain)).toEqual([]);
    expect(chains.some((t) => t.chain!.maskNames)).toBe(true);
  });

  it('check-in templates: at least three, each with settings the check-in page can take and the subjects it asks', () => {
    expect(checkIns.map((t) => t.title)).toEqual(expect.arrayContaining(['21 天早起打卡', '每日读书打卡', '21 天运动打卡']));
    for (const t of checkIns) {
      const c = t.checkIn!;
      expect([t.questionType, t.solitaireType], t.key).toEqual([5, 1]);
      expect(ZCheckInSettings.safeParse({ ...c, startDay: null, endDay: null }).success, t.key).toBe(true);
      expect(c.days === null || c.days >= 7, t.key).toBe(true);
      // The subjects mirror what the page asks: a number subject exactly when a number is asked, with its unit.
      const number = t.subjects.find((s) => s.subjectType === 21);
      expect(number ? (number as { unit?: string }).unit : null, t.key).toBe(c.numberMode === 'off' ? null : c.numberUnit);
      expect(
        t.subjects.some((s) => s.subjectType === 13),
        t.key,
      ).toBe(c.photoMode !== 'off');
    }
    expect(new Set(checkIns.map((t) => t.checkIn!.numberUnit))).toEqual(new Set(['', '分钟', '步']));
    expect(checkIns.some((t) => t.checkIn!.makeupDays > 0)).toBe(true);
    // Every check-in of the library carries its settings.
    expect(TEMPLATES.filter((t) => t.solitaireType === 1 && !t.checkIn)).toEqual([]);
  });

  it('uses logic where it is natural: display conditions, jumps, option linkage, quotas and random groups', () => {
    const logic = TEMPLATES.map((t) => t.logic);
    expect(logic.filter((l) => l.display.length > 0).length).toBeGreaterThanOrEqual(10);
    expect(logic.some((l) => l.jumps.length > 0)).toBe(true);
    expect(logic.some((l) => l.optionLinkage.length > 0)).toBe(true);
    expect(logic.some((l) => l.quotas.length > 0)).toBe(true);
    // Every exam draws or shuffles its questions.
    for (const t of ofKind(2)) expect(t.logic.random.length, t.key).toBeGreaterThan(0);
  });

  // Issue 16.16: payment templates ended with "支付成功" after no payment, others promised SMS reminders the
  // platform never sends and bookings no slot confirmed. A respondent only submits a sheet.
  it.each(TEMPLATES.map((t) => [t.key, t] as const))('%s: claims no payment, order, booking or SMS that did not happen', (_key, t) => {
    const claims = /(支付|付款|缴费|下单|订购|预约|购买)成功|已(支付|付款|缴费)|短信(提醒|通知)|在线付款|并付款/;
    const texts = [t.conclusion, t.subtitle, ...t.subjects.flatMap((s) => [s.title, 'description' in s ? String(s.description ?? '') : ''])];
    for (const text of texts) expect(text).not.toMatch(claims);
  });
});

describe('seedTemplates', () => {
  let t: TestApp;
  let firstRun: boolean;
  beforeAll(async () => {
    t = await createTestApp();
    firstRun = await seedTemplates(t.database);
  });
  afterAll(() => t.close());

  // How long it takes is not a test's business (a 5 s bound failed on a loaded machine): the seed's time shows in
  // the server's start (docs/benchmarks.md).
  it('writes the library once, under its own marker', async () => {
    expect(firstRun).toBe(true);
    expect(await seedTemplates(t.database)).toBe(false);
    const marker = await t.database.query('SELECT 1 FROM meta WHERE key = $1', [TEMPLATES_SEED_MARKER]);
    expect(marker).toHaveLength(1);
    const [count] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM projects WHERE is_template');
    expect(count!.n).toBe(TEMPLATES.length);
    const [types] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM template_types');
    expect(types!.n).toBe(Object.values(TEMPLATE_CATEGORIES).flat().length);
  });

  it('templates are published, owned by a system account nobody can log in as', async () => {
    const owners = await t.database.query<{ phone: string; username: string; password_hash: string | null }>(
      'SELECT DISTINCT u.phone, u.username, u.password_hash FROM projects p JOIN users u ON u.id = p.owner_id WHERE p.is_template',
    );
    expect(owners).toEqual([{ phone: TEMPLATE_OWNER_PHONE, username: TEMPLATE_OWNER_NAME, password_hash: null }]);
    expect(isMobile(TEMPLATE_OWNER_PHONE)).toBe(false);
    const sms = await t.call('activity/user/sendSms', { phone: TEMPLATE_OWNER_PHONE });
    expect(sms.resultCode).not.toBe('200');
    const statuses = await t.database.query<{ status: number }>('SELECT DISTINCT status FROM projects WHERE is_template');
    expect(statuses).toEqual([{ status: 1 }]);
  });

  it('stores every subject and the logic as written', async () => {
    const rows = await t.database.query<{ id: number; title: string; logic: unknown; solitaire_type: number | null }>(
      'SELECT id, title, logic, solitaire_type FROM projects WHERE is_template',
    );
    const byTitle = new Map(rows.map((r) => [r.title, r]));
    for (const def of TEMPLATES) {
      const row = byTitle.get(def.title)!;
      expect(await listSubjects(t.database.query, row.id)).toEqual(def.subjects);
      expect(row.logic).toEqual(def.logic);
      expect(row.solitaire_type).toBe(def.solitaireType ?? null);
    }
  });

  it('the library calls list categories per kind, templates per category and the hot list by use', async () => {
    const categories = await t.call<{ templateTypeId: number; name: string }[]>('activity/question/getWxQuestionTemplateTypeList', { questionType: 5 });
    expect(categories.data.map((c) => c.name)).toEqual([...TEMPLATE_CATEGORIES[5]]);
    const groupBuy = categories.data.find((c) => c.name === '团购接龙')!;
    const list = await t.call<{ list: { title: string; typeName: string; subjectCount: number }[]; total: number }>(
      'activity/question/getWxQuestionTemplateList',
      { questionType: 5, templateTypeId: groupBuy.templateTypeId, pageSize: 50 },
    );
    expect(list.data.total).toBe(TEMPLATES.filter((d) => d.category === '团购接龙').length);
    expect(list.data.list.every((x) => x.typeName === '团购接龙' && x.subjectCount > 0)).toBe(true);
    const hot = await t.call<{ list: { hot: number; title: string }[] }>('active/template/getHotTemplateSearchPage', { pageSize: 50 });
    const expected = [...TEMPLATES]
      .sort((a, b) => b.hot - a.hot)
      .slice(0, 50)
      .map((d) => d.title);
    expect(hot.data.list.map((x) => x.title)).toEqual(expected);
  });

  it('a user can start a project from a template', async () => {
    const user = await loginNewUser(t);
    const [row] = await t.database.query<{ public_id: string; id: number; hot: number }>(
      `SELECT public_id, id, hot FROM projects WHERE is_template AND title = '口腔诊所预约挂号'`,
    );
    const copy = await t.call<{ isCreate: number; questionId: string }>('activity/question/getQuestionCopy', { questionId: row!.public_id }, user.headers);
    expect(copy.data.isCreate).toBe(1);
    const [created] = await t.database.query<{ id: number; question_type: number }>('SELECT id, question_type FROM projects WHERE public_id = $1', [
      copy.data.questionId,
    ]);
    expect(created!.question_type).toBe(7);
    expect((await listSubjects(t.database.query, created!.id)).map((s) => s.subjectType)).toContain(37);
  });
});

describe('seedTemplates on a database seeded by an earlier library version', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('rewrites the templates in place: no duplicates, ids and use counts kept, content current', async () => {
    expect(await seedTemplates(t.database)).toBe(true);
    const def = TEMPLATES.find((d) => d.key === 'survey-canteen')!;
    const [before] = await t.database.query<{ id: number; public_id: string }>('SELECT id, public_id FROM projects WHERE is_template AND title = $1', [
      def.title,
    ]);
    // What an earlier version left: its own marker, the template without logic and with other subjects, and some uses.
    await t.database.query(`DELETE FROM meta WHERE key = $1`, [TEMPLATES_SEED_MARKER]);
    await t.database.query(`INSERT INTO meta (key, value) VALUES ('seed:templates:v1', '1')`);
    await t.database.query(`UPDATE projects SET logic = '{}'::jsonb, hot = 9999 WHERE id = $1`, [before!.id]);
    await t.database.query('DELETE FROM subjects WHERE project_id = $1 AND index_sort > 3', [before!.id]);

    expect(await seedTemplates(t.database)).toBe(true);
    const [count] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM projects WHERE is_template');
    expect(count!.n).toBe(TEMPLATES.length);
    const [after] = await t.database.query<{ id: number; public_id: string; hot: number; logic: unknown }>(
      'SELECT id, public_id, hot, logic FROM projects WHERE is_template AND title = $1',
      [def.title],
    );
    expect(after).toMatchObject({ id: before!.id, public_id: before!.public_id, hot: 9999 });
    expect(after!.logic).toEqual(def.logic);
    expect(await listSubjects(t.database.query, after!.id)).toEqual(def.subjects);
    expect(await seedTemplates(t.database)).toBe(false);
  });
});
