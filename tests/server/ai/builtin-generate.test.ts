// The built-in assistant's generation (issue 52 item 3): for each of the six kinds its example request gives a
// draft that passes the schema and is saved as a project; "员工满意度调查，10题左右" gives about ten subjects about
// employees and their work; a request nothing in the library speaks of is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askedCount } from '../../../schemas/ai/asked-count';
import { AI_KIND_NAMES, AI_KINDS, AI_LIMITS, type TAiKindName } from '../../../schemas/ai/kinds';
import { ZAiDraft, type TAiStreamEvent } from '../../../schemas/api/ai';
import type { TCreateResult } from '../../../schemas/api/question';
import type { TSubject } from '../../../schemas/subjects/registry';
import { fitsProjectType, isNumberedSubjectType } from '../../../schemas/subjects/subject-types';
import { seedTemplates } from '../../../server/seed/templates/seed-templates';
import { BRANDS } from '../../../schemas/brands';
import { generateBuiltin, NOTHING_FOUND } from '../../../server/services/ai/builtin-generate';
import { generateProject } from '../../../server/services/ai/generate.service';
import { BUILTIN_ENGINE_NAME, type AiStream } from '../../../server/services/ai/engine';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
let owner: { headers: { token: string } };
let templateIds: Set<string>;

beforeAll(async () => {
  t = await createTestApp();
  await seedTemplates(t.database);
  owner = await loginNewUser(t, 4);
  const rows = await t.database.query<{ config: { uuid: string; options?: { uuid: string }[] } }>(
    'SELECT s.config FROM subjects s JOIN projects p ON p.id = s.project_id WHERE p.is_template',
  );
  templateIds = new Set(rows.flatMap((r) => [r.config.uuid, ...(r.config.options ?? []).map((o) => o.uuid)]));
});
afterAll(() => t.close());

const generate = (kind: TAiKindName, prompt: string, stream: AiStream | null = null, count?: number) =>
  generateBuiltin(t.app.deps, { kind, prompt, count: count ?? askedCount(prompt) ?? AI_LIMITS.defaultSubjects }, stream);

function recorder(): AiStream & { events: Exclude<TAiStreamEvent, { type: 'end' }>[] } {
  const events: Exclude<TAiStreamEvent, { type: 'end' }>[] = [];
  return { events, send: (e) => events.push(e), signal: new AbortController().signal };
}

const titles = (subjects: readonly TSubject[]) => subjects.map((s) => s.title);

describe('each kind from its example request', () => {
  it.each(AI_KIND_NAMES)('%s: a valid draft of the kind, saved as a project with every subject', async (kind) => {
    const k = AI_KINDS[kind];
    const result = await generate(kind, k.example);
    expect(result).toMatchObject({ engine: 'builtin', engineName: BUILTIN_ENGINE_NAME, aiRemaining: null });
    const draft = ZAiDraft.parse(result.draft);
    expect(draft.questionType).toBe(k.questionType);
    expect(draft.solitaireType).toBe(kind === 'solitaire' ? 3 : null);
    expect(draft.subjects.length).toBeGreaterThanOrEqual(3);
    for (const s of draft.subjects) {
      expect(k.subjectTypes as readonly number[]).toContain(s.subjectType);
      expect(fitsProjectType(s.subjectType, k.questionType)).toBe(true);
    }
    expect(result.sources.length).toBeGreaterThan(0);

    const saved = await t.call<TCreateResult>(
      'activity/question/saveOrUpdateWxQuestion',
      {
        questionType: draft.questionType,
        solitaireType: draft.solitaireType ?? undefined,
        title: draft.title,
        subtitle: draft.subtitle,
        subjects: draft.subjects,
      },
      owner.headers,
    );
    expect([saved.resultCode, saved.resultMsg]).toEqual(['200', expect.any(String)]);
    const reopened = await t.call<{ subjects: TSubject[] }>('activity/question/getSubject', { questionId: saved.data.questionId }, owner.headers);
    expect(titles(reopened.data.subjects)).toEqual(titles(draft.subjects));
  });

  it('exam: "单选和判断各5题" gives ten scored questions with their answers (name and staff number on top), the subtitle names the total', async () => {
    const { draft } = await generate('exam', AI_KINDS.exam.example);
    const scored = draft.subjects.filter((s) => 'score' in s && (s.score ?? 0) > 0);
    expect(scored).toHaveLength(10);
    expect(titles(draft.subjects.slice(0, 2))).toEqual(['姓名', '工号']);
    expect(draft.subjects).toHaveLength(12);
    for (const s of scored) expect('options' in s && s.options.some((o) => o.isCorrect)).toBe(true);
    expect(titles(draft.subjects)).toContain('我国安全生产工作的方针是？');
    const total = scored.reduce((sum, s) => sum + ('score' in s ? (s.score ?? 0) : 0), 0);
    expect(draft.subtitle).toContain(`满分${total}分`);
  });

  it("exam: asked for more than the library holds on the topic, fewer questions rather than another topic's", async () => {
    const result = await generate('exam', '党史知识竞赛，20题');
    expect(result.sources).toEqual(['党史知识竞赛']);
    expect(result.draft.subjects.length).toBeLessThan(20);
    expect(titles(result.draft.subjects).some((title) => /垃圾|安全|英语/.test(title))).toBe(false);
  });

  it('receivePayment: one product priced as the request says', async () => {
    const { draft } = await generate('receivePayment', '班级活动费收款，每人100元，登记孩子姓名');
    expect(draft.title).toBe('班级活动费收款');
    const products = draft.subjects.filter((s) => s.subjectType === 34);
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({ products: [{ title: '班级活动费', price: 10_000 }] });
    expect(draft.subjects.some((s) => /姓名/.test(s.title))).toBe(true);
  });

  it('reservation: one appointment slot, from the dental template', async () => {
    const result = await generate('reservation', AI_KINDS.reservation.example);
    expect(result.draft.subjects.filter((s) => s.subjectType === 37)).toHaveLength(1);
    expect(result.sources[0]).toBe('口腔诊所预约挂号');
    expect(titles(result.draft.subjects)).toContain('症状描述（如牙疼的位置、持续时间）');
  });

  it('registrationForm: a name for each person the request names (the parent and the child) and one mobile number', async () => {
    const { draft } = await generate('registrationForm', AI_KINDS.registrationForm.example);
    const names = titles(draft.subjects.filter((s) => s.subjectType === 6 && /姓名/.test(s.title)));
    expect(names).toHaveLength(2);
    expect(names.some((n) => /家长/.test(n)) && names.some((n) => /宝宝|孩子|小朋友|学生/.test(n))).toBe(true);
    expect(draft.subjects.filter((s) => s.subjectType === 26)).toHaveLength(1);
  });

  it('one name when the request names one person, whatever the templates ask', async () => {
    for (const [kind, prompt] of [
      ['receivePayment', '班级活动费收款，每人100元，登记孩子姓名'],
      ['reservation', '口腔诊所预约挂号，登记症状'],
    ] as const) {
      const { draft } = await generate(kind, prompt);
      expect(draft.subjects.filter((s) => s.subjectType === 6 && /姓名|预约人/.test(s.title))).toHaveLength(1);
    }
  });

  it("solitaire: a feedback chain started from the parents' meeting chain, with a name", async () => {
    const result = await generate('solitaire', AI_KINDS.solitaire.example);
    expect(result.sources[0]).toBe('班级家长会参会接龙');
    expect(titles(result.draft.subjects)).toEqual(expect.arrayContaining(['学生姓名', '是否能按时参加？']));
  });
});

describe('"员工满意度调查，10题左右"', () => {
  it('about ten numbered subjects, most of them about employees, their work and satisfaction', async () => {
    const stream = recorder();
    const result = await generate('question', '员工满意度调查，10题左右', stream);
    const { draft } = result;
    expect(draft.title).toBe('员工满意度调查');
    expect(draft.subtitle.length).toBeGreaterThan(5);
    const numbered = draft.subjects.filter((s) => isNumberedSubjectType(s.subjectType));
    expect(numbered.length).toBeGreaterThanOrEqual(9);
    expect(numbered.length).toBeLessThanOrEqual(11);
    const about = draft.subjects.filter((s) => /员工|工作|满意|公司|部门|离开/.test(s.title));
    expect(about.length).toBeGreaterThan(draft.subjects.length / 2);
    expect(titles(draft.subjects)).toEqual(expect.arrayContaining(['您所在的部门', '总体而言，您对在公司工作的满意程度', '您有多大可能推荐朋友来公司工作？']));
    expect(result.sources[0]).toBe('员工敬业度调查');
    expect(new Set(draft.subjects.map((s) => s.indexSort))).toEqual(new Set(draft.subjects.map((_, i) => i + 1)));

    // Streamed as chosen: the title, then every subject in order.
    expect(stream.events[0]).toEqual({ type: 'title', title: draft.title, subtitle: draft.subtitle });
    expect(stream.events.slice(1)).toEqual(draft.subjects.map((subject, index) => ({ type: 'subject', index, subject })));
  });

  it("every subject and option has a fresh id, never a template's, and no two titles are the same question", async () => {
    const a = await generate('question', '员工满意度调查，10题左右');
    const b = await generate('question', '员工满意度调查，10题左右');
    const ids = (subjects: readonly TSubject[]) => subjects.flatMap((s) => [s.uuid, ...('options' in s ? s.options.map((o) => o.uuid) : [])]);
    for (const id of ids(a.draft.subjects)) expect(templateIds.has(id)).toBe(false);
    expect(ids(a.draft.subjects).filter((id) => ids(b.draft.subjects).includes(id))).toEqual([]);
    expect(new Set(titles(a.draft.subjects)).size).toBe(a.draft.subjects.length);
    expect(titles(b.draft.subjects)).toEqual(titles(a.draft.subjects));
  });

  it('takes the count asked (5 or 20) as near as the library allows', async () => {
    expect((await generate('question', '员工满意度调查，5题')).draft.subjects).toHaveLength(5);
    expect((await generate('question', '员工满意度调查', null, 14)).draft.subjects).toHaveLength(14);
  });
});

describe('through the generation orchestrator (no model configured)', () => {
  it('stores the built-in draft with its sources, labelled 内置助手, no AI count taken', async () => {
    const [user] = await t.database.query<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 1');
    const generation = await generateProject(t.app.deps, user!.id, BRANDS.wenjuan, 'question', { prompt: '员工满意度调查，10题左右' }, null);
    expect(generation).toMatchObject({ engine: 'builtin', engineName: '内置助手', aiRemaining: null, questionId: null });
    expect(generation.sources).toContain('员工敬业度调查');
    const [row] = await t.database.query<{ engine: string; draft: { subjects: unknown[] } }>('SELECT engine, draft FROM ai_generations WHERE public_id = $1', [
      generation.generationId,
    ]);
    expect(row!.engine).toBe('builtin');
    expect(row!.draft.subjects).toHaveLength(generation.draft.subjects.length);
  });
});

describe('a request nothing in the library speaks of', () => {
  it('is refused with 没有找到相关内容，请换个描述 (no canned template), and nothing is streamed', async () => {
    for (const prompt of ['asdfgh', 'qwerty 123']) {
      const stream = recorder();
      await expect(generate('question', prompt, stream)).rejects.toMatchObject({ resultCode: '404', message: NOTHING_FOUND });
      expect(stream.events).toEqual([]);
    }
  });

  it('a request only partly known is composed from the subjects that speak of it', async () => {
    const result = await generate('question', '宠物医院满意度调查');
    expect(result.draft.title).toBe('宠物医院满意度调查');
    expect(result.draft.subjects.filter((s) => /满意/.test(s.title)).length).toBeGreaterThanOrEqual(2);
  });
});

describe('the library read once per process', () => {
  it('is read again when it was empty (asked before the seed), then kept', async () => {
    const fresh = await createTestApp();
    try {
      const ask = () => generateBuiltin(fresh.app.deps, { kind: 'exam', prompt: '安全生产考试', count: 10 }, null);
      await expect(ask()).rejects.toMatchObject({ resultCode: '404' });
      await seedTemplates(fresh.database);
      expect(titles((await ask()).draft.subjects)).toContain('我国安全生产工作的方针是？');
      await fresh.database.query('UPDATE projects SET deleted_at = now() WHERE is_template');
      expect((await ask()).sources).toEqual(['安全生产培训考试']);
    } finally {
      await fresh.close();
    }
  });
});
