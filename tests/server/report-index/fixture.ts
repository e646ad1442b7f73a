import { expect } from 'vitest';
import type { TSubject } from '../../../schemas/subjects/registry';
import { collectFacts, factPlan, type FactPlan, type Facts } from '../../../server/services/report/report-facts';
import { Params } from '../../../server/services/report/report-filter';
import { reportSubjects } from '../../../server/services/report/report-subjects';
import { withSheetIndex } from '../../../server/services/report/sheet-index/index-store';
import { factsOf, validSheets, type SheetIndex } from '../../../server/services/report/sheet-index/sheet-index';
import { makeSubject } from '../../helpers/fixtures';
import { publishProject, submissionId } from '../../helpers/publish';
import type { TestApp } from '../../helpers/test-app';

/** A survey with every kind of fact the index keeps, and its i-th sheet's answers (tests/server/report-index). */
const parts = (prefix: string, titles: string[]) => titles.map((title, i) => ({ uuid: `${prefix}${i + 1}`, title }));
const loose = (s: TSubject, extra: object = {}) => ({ ...s, required: false, ...extra }) as TSubject;
export const single = loose(makeSubject(1, 1, '单选'), { options: parts('s', ['甲', '乙', '丙']) });
const multi = loose(makeSubject(2, 2, '多选'), { options: parts('m', ['一', '二', '三', '四']) });
const nps = loose(makeSubject(22, 3, '推荐'));
const rank = loose(makeSubject(9, 4, '排序'), { options: parts('r', ['甲', '乙', '丙']) });
const sum = loose(makeSubject(20, 5, '分配'), { items: parts('x', ['研发', '市场']), total: 100 });
const mMulti = loose(makeSubject(12, 6, '矩阵多选'), { rows: parts('w', ['上午', '下午']), columns: parts('k', ['茶', '咖啡']) });
export const SUBJECTS = [single, multi, nps, rank, sum, mMulti];

export function answersOf(i: number): Record<string, unknown> {
  const a: Record<string, unknown> = {
    [single.uuid]: { optionIds: [`s${1 + (i % 3)}`] },
    [multi.uuid]: { optionIds: [`m${1 + (i % 4)}`, ...(i % 3 === 0 ? [`m${1 + ((i + 1) % 4)}`] : [])] },
    [rank.uuid]: { optionIds: i % 2 ? ['r1', 'r2', 'r3'] : ['r3', 'r1', 'r2'] },
  };
  if (i % 4 !== 1) a[nps.uuid] = (i * 7) % 11;
  if (i % 3 !== 2) a[sum.uuid] = { x1: (i * 10) % 100, x2: 100 - ((i * 10) % 100) };
  if (i % 5 !== 3) a[mMulti.uuid] = { w1: i % 2 ? ['k1'] : ['k1', 'k2'], ...(i % 3 ? { w2: ['k2'] } : {}) };
  return a;
}

export interface Survey {
  questionId: string;
  projectId: number;
  submit(i?: number): Promise<string>;
  plan(): Promise<FactPlan>;
}

let counter = 0;
export async function newSurvey(t: TestApp, headers: { token: string }): Promise<Survey> {
  const questionId = await publishProject(t, headers, { subjects: SUBJECTS });
  const projectId = (await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId]))[0]!.id;
  return {
    questionId,
    projectId,
    async submit(i = counter++) {
      const r = await t.call<{ sheetId: string }>('active/write/submit', {
        questionId,
        submissionId: submissionId(),
        answers: answersOf(i),
        deviceId: `d-${counter++}`,
        durationSeconds: 60,
      });
      expect(r.resultCode, r.resultMsg).toBe('200');
      return r.data.sheetId;
    },
    async plan() {
      return factPlan(
        (await reportSubjects(t.database.query, projectId)).map((l) => l.subject),
        false,
      );
    },
  };
}

/** The valid sheets' facts by SQL. */
export async function sqlFacts(t: TestApp, s: Survey): Promise<Facts> {
  return collectFacts(t.database.query, { where: 'a.project_id = $1 AND a.status = 1', params: new Params([s.projectId]) }, await s.plan());
}

/** The valid sheets' facts through the index, with the index's watermark and version; null while building. */
export async function indexFacts(t: TestApp, s: Survey): Promise<{ facts: Facts; watermark: number; version: number; suspect: number } | null> {
  const got = await withSheetIndex(t.database, s.projectId, await s.plan(), (index: SheetIndex) => {
    const valid = validSheets(index);
    try {
      return { facts: factsOf(index, valid), watermark: index.watermark, version: index.version, suspect: index.suspect.size };
    } finally {
      valid.dispose();
    }
  });
  return got?.value ?? null;
}

export const head = async (t: TestApp, projectId: number) =>
  (
    await t.database.query<{ watermark: number; version: number; state: string }>(
      'SELECT watermark, version, state FROM sheet_index_heads WHERE project_id = $1',
      [projectId],
    )
  )[0];

export const maxSheetId = async (t: TestApp, projectId: number) =>
  (await t.database.query<{ m: number }>('SELECT coalesce(max(id), 0)::int AS m FROM answer_sheets WHERE project_id = $1', [projectId]))[0]!.m;
