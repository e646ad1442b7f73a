// What the built-in assistant composes from (issue 52 item 3): the template library (projects WHERE is_template,
// with their subjects) and the built-in question bank (server/seed/prepared-subjects.ts), indexed for BM25 per kind
// of project. Read once per database and process (templates change only when the library is seeded); an empty
// library is not kept, so a generation asked before the seed reads it again.
import { AI_KINDS, type TAiKindName } from '../../../../schemas/ai/kinds';
import { QUESTION_TYPE, SOLITAIRE_TYPE } from '../../../../schemas/project-kinds';
import type { TSubject } from '../../../../schemas/subjects/registry';
import { fitsProjectType, UNNUMBERED_SUBJECT_TYPES } from '../../../../schemas/subjects/subject-types';
import type { Database } from '../../../db/client';
import { col, defineSql } from '../../../db/sql';
import { PREPARED_SUBJECTS } from '../../../seed/prepared-subjects';
import { bm25Index, fieldTerms, type Bm25Index, type Terms } from './relevance';

export interface LibraryTemplate {
  title: string;
  subtitle: string;
  questionType: number;
  solitaireType: number | null;
  /** Times used (the library's hot order). */
  hot: number;
  subjects: readonly TSubject[];
  terms: Terms;
}

/** One subject the assistant may take: a template's (`template` its index in Library.templates) or the bank's (null). */
export interface PoolSubject {
  subject: TSubject;
  template: number | null;
  terms: Terms;
}

export interface Library {
  templates: readonly LibraryTemplate[];
  /** Every template, for the context a subject's own template gives it. */
  allIndex: Bm25Index;
}

/** A kind's part of the library: the templates it may start from and the subjects it may take. */
export interface KindLibrary {
  library: Library;
  /** Indexes into library.templates. */
  templates: readonly number[];
  templateIndex: Bm25Index;
  pool: readonly PoolSubject[];
  poolIndex: Bm25Index;
}

const templatesSql = defineSql(
  'ai-builtin.templates',
  { id: col.int, title: col.text, subtitle: col.text, question_type: col.int, solitaire_type: col.int.orNull(), hot: col.int },
  `SELECT id, title, subtitle, question_type, solitaire_type, hot FROM projects
     WHERE is_template AND deleted_at IS NULL ORDER BY id`,
);
const templateSubjectsSql = defineSql(
  'ai-builtin.templateSubjects',
  { project_id: col.int, config: col.json.as<TSubject>() },
  `SELECT s.project_id, s.config FROM subjects s JOIN projects p ON p.id = s.project_id
     WHERE p.is_template AND p.deleted_at IS NULL AND s.deleted_at IS NULL ORDER BY s.project_id, s.index_sort, s.id`,
);

const plain = (html: string | undefined) => (html ?? '').replace(/<[^>]*>/g, ' ').trim();

/** The texts a subject is known by: its title (counting double) and the titles of its options, rows and items. */
export function subjectTerms(subject: TSubject): Terms {
  const s = subject as unknown as Record<string, unknown>;
  const parts = ['options', 'rows', 'columns', 'products', 'items']
    .flatMap((key) => (Array.isArray(s[key]) ? (s[key] as { title?: unknown }[]) : []))
    .map((p) => (typeof p.title === 'string' ? p.title : ''));
  return fieldTerms([
    [plain(subject.title), 2],
    [parts.join(' '), 0.5],
  ]);
}

function templateTerms(title: string, subtitle: string, subjects: readonly TSubject[]): Terms {
  return fieldTerms([
    [title, 3],
    [subtitle, 1],
    [subjects.map((s) => plain(s.title)).join(' '), 0.5],
  ]);
}

async function readLibrary(database: Database): Promise<Library> {
  const rows = await templatesSql.run(database.query);
  const subjects = await templateSubjectsSql.run(database.query);
  const byProject = new Map<number, TSubject[]>();
  for (const s of subjects) byProject.set(s.project_id, [...(byProject.get(s.project_id) ?? []), s.config]);
  return libraryOf(
    rows.map((r) => ({
      title: r.title,
      subtitle: r.subtitle,
      questionType: r.question_type,
      solitaireType: r.solitaire_type,
      hot: r.hot,
      subjects: byProject.get(r.id) ?? [],
    })),
  );
}

/** A library of the given templates, indexed (the database's, or the seed's own list in the bench). */
export function libraryOf(templates: readonly Omit<LibraryTemplate, 'terms'>[]): Library {
  const indexed = templates.map((t) => ({ ...t, terms: templateTerms(t.title, t.subtitle, t.subjects) }));
  return { templates: indexed, allIndex: bm25Index(indexed.map((t) => t.terms)) };
}

const libraries = new WeakMap<Database, Promise<Library>>();
const kindLibraries = new WeakMap<Library, Map<TAiKindName, KindLibrary>>();

export async function loadLibrary(database: Database): Promise<Library> {
  let pending = libraries.get(database);
  if (!pending) {
    pending = readLibrary(database);
    libraries.set(database, pending);
    pending.then(
      (library) => library.templates.length || libraries.delete(database),
      () => libraries.delete(database),
    );
  }
  return pending;
}

/** The chain kinds a feedback chain (反馈接龙) may start from: feedback chains and sign-up chains (a name and a few answers each). */
const FEEDBACK_CHAIN_SOURCES: readonly number[] = [SOLITAIRE_TYPE.feedback, SOLITAIRE_TYPE.signUp];

function templateFits(kind: TAiKindName, t: LibraryTemplate): boolean {
  const k = AI_KINDS[kind];
  if (t.questionType !== k.questionType) return false;
  return kind !== 'solitaire' || FEEDBACK_CHAIN_SOURCES.includes(t.solitaireType ?? 0);
}

/** Whether a subject may go into a project of the kind: its type is the kind's, it fits, and an exam's is scored only in an exam. */
export function subjectFits(kind: TAiKindName, subject: TSubject): boolean {
  const k = AI_KINDS[kind];
  const type = subject.subjectType;
  if (UNNUMBERED_SUBJECT_TYPES.has(type) || !(k.subjectTypes as readonly number[]).includes(type)) return false;
  return fitsProjectType(type, k.questionType);
}

function buildKind(library: Library, kind: TAiKindName): KindLibrary {
  const exam = AI_KINDS[kind].questionType === QUESTION_TYPE.exam;
  const templates = library.templates.flatMap((t, i) => (templateFits(kind, t) ? [i] : []));
  const pool: PoolSubject[] = [];
  library.templates.forEach((t, i) => {
    // An exam takes an exam's subjects (answers and scores); the other kinds take every other template's.
    if ((t.questionType === QUESTION_TYPE.exam) !== exam) return;
    for (const subject of t.subjects) if (subjectFits(kind, subject)) pool.push({ subject, template: i, terms: subjectTerms(subject) });
  });
  if (!exam)
    for (const p of PREPARED_SUBJECTS) if (subjectFits(kind, p.subject)) pool.push({ subject: p.subject, template: null, terms: subjectTerms(p.subject) });
  return {
    library,
    templates,
    templateIndex: bm25Index(templates.map((i) => library.templates[i]!.terms)),
    pool,
    poolIndex: bm25Index(pool.map((p) => p.terms)),
  };
}

/** The kind's templates and subjects, indexed (built once per library). */
export async function kindLibrary(database: Database, kind: TAiKindName): Promise<KindLibrary> {
  return kindOf(await loadLibrary(database), kind);
}

export function kindOf(library: Library, kind: TAiKindName): KindLibrary {
  let byKind = kindLibraries.get(library);
  if (!byKind) kindLibraries.set(library, (byKind = new Map()));
  let built = byKind.get(kind);
  if (!built) byKind.set(kind, (built = buildKind(library, kind)));
  return built;
}
