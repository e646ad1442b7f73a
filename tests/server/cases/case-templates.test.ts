import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TKeyedTemplate } from '../../../schemas/api/template-keys';
import { PROJECT_KINDS } from '../../../schemas/project-kinds';
import { TEMPLATES } from '../../../server/seed/templates';
import { seedTemplates } from '../../../server/seed/templates/seed-templates';
import { VOTE_TEMPLATES } from '../../../server/seed/vote-templates';
import { seedVoteTemplates } from '../../../server/services/vote-extras/vote-templates.service';
import { CASE_COUNT } from '../../../src/app/route-table';
import { CASES, INDUSTRIES } from '../../../src/features/cases/cases-data';
import { PLANS, planTemplates } from '../../../src/features/cases/plans-data';
import { SCENES } from '../../../src/features/cases/scenes-data';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

// Issue 48 item 2: every case and plan opens a template of the library by its stable key. These fail when a key
// is renamed or removed from the seed, or a case's template is of another kind than the case says.
const VOTE = 'vote:';
const seedOf = (key: string) => (key.startsWith(VOTE) ? VOTE_TEMPLATES.find((v) => `${VOTE}${v.key}` === key) : TEMPLATES.find((t) => t.key === key));
const kindOfKey = (key: string): string | undefined => {
  if (key.startsWith(VOTE)) return VOTE_TEMPLATES.some((v) => `${VOTE}${v.key}` === key) ? 'voting' : undefined;
  const t = TEMPLATES.find((each) => each.key === key);
  return Object.entries(PROJECT_KINDS).find(([, k]) => 'questionType' in k && k.questionType === t?.questionType)?.[0];
};
const ALL_KEYS = [...new Set([...CASES.map((c) => c.template), ...PLANS.flatMap(planTemplates)])];

describe('case and plan data', () => {
  it(`has the ${CASE_COUNT} public cases, numbered 1–${CASE_COUNT}, in the six industries`, () => {
    expect(CASES.map((c) => c.index)).toEqual(Array.from({ length: CASE_COUNT }, (_, i) => i + 1));
    expect(new Set(CASES.map((c) => c.title)).size).toBe(CASE_COUNT);
    for (const industry of INDUSTRIES)
      expect(
        CASES.some((c) => c.industry === industry),
        industry,
      ).toBe(true);
    expect(SCENES.map((s) => s.industry)).toEqual([...INDUSTRIES]);
  });

  it.each(CASES.map((c) => [c.index, c] as const))('case %i opens a seeded template of its own kind and has steps', (_i, c) => {
    expect(seedOf(c.template), c.template).toBeDefined();
    expect(kindOfKey(c.template), c.template).toBe(c.kind);
    expect(c.steps.length).toBeGreaterThanOrEqual(4);
    expect(c.steps[0]!.detail).toContain('使用此模板');
  });

  it('has at least six plans with unique ids; every step template is seeded, every linked case exists', () => {
    expect(PLANS.length).toBeGreaterThanOrEqual(6);
    expect(new Set(PLANS.map((p) => p.id)).size).toBe(PLANS.length);
    for (const p of PLANS) {
      expect(planTemplates(p).length, p.id).toBeGreaterThanOrEqual(2);
      for (const key of planTemplates(p)) expect(seedOf(key), `${p.id}: ${key}`).toBeDefined();
      for (const index of p.cases)
        expect(
          CASES.some((c) => c.index === index),
          `${p.id}: case ${index}`,
        ).toBe(true);
    }
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedTemplates(t.database);
  await seedVoteTemplates(t.database);
}, 60_000);
afterAll(() => t.close());

const byKey = (keys: unknown) => t.call<TKeyedTemplate[]>('active/template/getTemplatesByKey', { keys });

describe('active/template/getTemplatesByKey', () => {
  it("answers every case's and plan's template with this database's id, to anyone, in the keys' order", async () => {
    for (let at = 0; at < ALL_KEYS.length; at += 30) {
      const keys = ALL_KEYS.slice(at, at + 30);
      const answer = await byKey(keys);
      expect(answer.resultCode).toBe('200');
      expect(answer.data.map((x) => x.key)).toEqual(keys);
      for (const x of answer.data) expect(x.title).toBe(key2title(x.key));
    }
  });

  it('leaves out keys it does not hold and refuses malformed ones in the envelope', async () => {
    const answer = await byKey(['appoint-dental', 'no-such-template', 'vote:no-such']);
    expect(answer.data.map((x) => x.key)).toEqual(['appoint-dental']);
    for (const bad of [[], ['Bad Key'], ['x'.repeat(41)], Array.from({ length: 31 }, () => 'survey-csat'), 'survey-csat', [1]]) {
      const refused = await byKey(bad);
      expect(refused.resultCode, JSON.stringify(bad)).not.toBe('200');
      expect(refused.resultMsg).toBeTruthy();
    }
  });

  it('gives ids that make a working project or vote for a logged-in user', async () => {
    const user = await loginNewUser(t);
    const [project, vote] = (await byKey(['form-class-attendance', 'vote:singer'])).data;
    expect(project).toMatchObject({ kind: 'project', questionType: 4, subjectCount: 6 });
    const copy = await t.call<{ questionId: string; isCreate: number }>('activity/question/getQuestionCopy', { questionId: project!.templateId }, user.headers);
    expect(copy.data.isCreate).toBe(1);
    const info = await t.call<{ title: string; questionType: number }>('activity/question/getWxQuestion', { questionId: copy.data.questionId }, user.headers);
    expect(info.data).toMatchObject({ title: '课堂签到表', questionType: 4 });
    expect(vote).toMatchObject({ kind: 'vote', questionType: null, subjectCount: 4 });
    const used = await t.call<{ voteId: string; isCreate: number }>('wxApplet/vote/getTemplateByVoteId', { templateId: vote!.templateId }, user.headers);
    expect(used.data.isCreate).toBe(1);
  });
});

function key2title(key: string): string {
  const seed = seedOf(key);
  return seed!.title;
}
