// Our own project file (issue 53 item 2): everything that makes a project, so that export A → create B from it →
// export B equals export A. Ids of the project, its conclusion pages and every time are left out on purpose; subject
// and option uuids stay (logic and conclusion pages name them) and are remapped only where they collide.
import { z } from 'zod';
import { ZConclusion, type TConclusion } from '../api/editor';
import { ZProjectSettings, ZProjectStyle } from '../api/settings';
import { ZLogic } from '../logic/ast';
import { randomUuid } from '../random-id';
import { ZSubject, type TSubject } from '../subjects/registry';
import { SUBJECT_TYPE_NAMES, fitsProjectType } from '../subjects/subject-types';
import { emptyReport, type TTransferReport } from './report';

export const WENJUAN_FORMAT = 'wenjuan-project';
export const WENJUAN_VERSION = 1;

const ZQuestionKind = z.union([z.literal(1), z.literal(2), z.literal(4), z.literal(5), z.literal(6), z.literal(7)], { error: '项目类型无效' });

/** A conclusion page without its id (the new project gives it one). */
export const ZFileConclusion = ZConclusion.omit({ conclusionId: true });
export type TFileConclusion = z.infer<typeof ZFileConclusion>;

export const ZWenjuanProject = z.object({
  questionType: ZQuestionKind,
  solitaireType: z.number().int().min(1).max(9).nullable().default(null),
  title: z.string({ error: '缺少项目标题' }).trim().min(1, '缺少项目标题').max(200, '标题最多200个字'),
  subtitle: z.string().max(5_000, '描述最多5000个字').default(''),
  conclusion: z.string().max(20_000).default(''),
  shareTitle: z.string().max(100).default(''),
  settings: ZProjectSettings.default(ZProjectSettings.parse({})),
  style: ZProjectStyle.default(ZProjectStyle.parse({})),
  logic: z._default(ZLogic, ZLogic.parse({})),
  conclusions: z.array(ZFileConclusion).max(100, '结束页过多').default([]),
});
export type TWenjuanProject = z.infer<typeof ZWenjuanProject>;

export const ZWenjuanJson = z.object({
  format: z.literal(WENJUAN_FORMAT, { error: `format 应为 "${WENJUAN_FORMAT}"` }),
  version: z.literal(WENJUAN_VERSION, { error: `不支持的文件版本（应为 ${WENJUAN_VERSION}）` }),
  project: ZWenjuanProject,
  subjects: z.array(ZSubject).max(2_000, '题目过多（最多2000道）'),
});
export type TWenjuanJson = z.infer<typeof ZWenjuanJson>;

/** What the file is built from: the stored project (settings, style and logic as stored, normalised here). */
export interface WenjuanSource {
  questionType: number;
  solitaireType: number | null;
  title: string;
  subtitle: string;
  conclusion: string;
  shareTitle: string;
  settings: Record<string, unknown>;
  style: Record<string, unknown>;
  logic: Record<string, unknown>;
  conclusions: readonly TConclusion[];
  subjects: readonly TSubject[];
}

/** The file of a project; normalised through the same schemas the import reads, so a re-export is identical. */
export function toWenjuanJson(source: WenjuanSource): TWenjuanJson {
  const conclusions = source.conclusions.map((c) => {
    const { conclusionId, ...page } = c;
    void conclusionId;
    return ZFileConclusion.parse(page);
  });
  return ZWenjuanJson.parse({
    format: WENJUAN_FORMAT,
    version: WENJUAN_VERSION,
    project: { ...source, subjects: undefined, conclusions },
    subjects: source.subjects,
  });
}

/** A JSON text that is our file: bad JSON or a wrong shape is one message naming where. */
export function parseWenjuanJson(text: string): { ok: true; file: TWenjuanJson } | { ok: false; message: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, message: '文件不是有效的 JSON' };
  }
  const parsed = ZWenjuanJson.safeParse(data);
  if (parsed.success) return { ok: true, file: parsed.data };
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  return { ok: false, message: `文件内容无效：${where}${issue.message}` };
}

/** Whether a JSON value looks like our file (as opposed to SurveyJS's). */
export const isWenjuanJson = (data: unknown): boolean => typeof data === 'object' && data !== null && (data as { format?: unknown }).format === WENJUAN_FORMAT;

const typeName = (subjectType: number) => SUBJECT_TYPE_NAMES[subjectType as keyof typeof SUBJECT_TYPE_NAMES]?.zh ?? '题目';

/**
 * The subjects with uuids unique within `taken` (the target project's) and among themselves: a colliding one gets a
 * new uuid (its options keep theirs: they are unique within the subject). `renamed` maps ids that collided with
 * `taken` to their new ids, so the file's logic and pages can follow; within the file, references stay with the
 * first subject of an id.
 */
export function remapSubjectIds(subjects: readonly TSubject[], taken: ReadonlySet<string>, newId: () => string = randomUuid) {
  const seen = new Set(taken);
  const renamed = new Map<string, string>();
  const out = subjects.map((subject) => {
    if (!seen.has(subject.uuid)) {
      seen.add(subject.uuid);
      return subject;
    }
    const uuid = newId();
    if (taken.has(subject.uuid) && !renamed.has(subject.uuid)) renamed.set(subject.uuid, uuid);
    seen.add(uuid);
    return { ...subject, uuid } as TSubject;
  });
  return { subjects: out, renamed };
}

/** Logic or pages with subject ids renamed (only subject-naming fields). */
export function renameSubjectRefs<T>(logic: T, renamed: ReadonlyMap<string, string>): T {
  if (!renamed.size) return logic;
  const walk = (value: unknown, key = ''): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v, key));
    if (typeof value === 'string') return ['from', 'target', 'subject', 'subjects', 'subjectUuid'].includes(key) ? (renamed.get(value) ?? value) : value;
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
  };
  return walk(logic) as T;
}

/** The subjects a project of `questionType` may hold; the others go into the report with why. */
export function fittingSubjects(subjects: readonly TSubject[], questionType: number, report: TTransferReport = emptyReport()) {
  const kept: TSubject[] = [];
  subjects.forEach((s, i) => {
    if (fitsProjectType(s.subjectType, questionType)) kept.push(s);
    else report.unmapped.push({ where: `第 ${i + 1} 题`, what: `${typeName(s.subjectType)}题`, reason: '该题型不能用于此类项目' });
  });
  return { subjects: kept, report };
}

/** The report of subjects carried over, by type. */
export function countByType(subjects: readonly TSubject[], from: string, report: TTransferReport = emptyReport()): TTransferReport {
  const counts = new Map<string, number>();
  for (const s of subjects) counts.set(typeName(s.subjectType), (counts.get(typeName(s.subjectType)) ?? 0) + 1);
  for (const [to, count] of counts) report.mapped.push({ from, to: `${to}题`, count });
  return report;
}

export const subjectTypeName = typeName;
