import type { TConclusion } from '../../../schemas/api/editor';
import { ZProjectSettings, type TProjectSettings } from '../../../schemas/api/settings';
import { ZLogic, type TLogic } from '../../../schemas/logic/ast';
import { compileLogic, type CompiledLogic } from '../../../schemas/logic/compile';
import type { TSubject } from '../../../schemas/subjects/registry';
import { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';
import type { Query } from '../../db/client';
import type { ProjectRow } from '../../db/rows';

/**
 * What a submit reads about a project, parsed and compiled once per process. An entry is only a guess: the
 * submit statement (wj_submit, migration 0007) accepts a sheet only while the project still has the entry's
 * version and conclusions version, and checks the status itself, so a process that missed an edit, a pause or a
 * settings change made by another process learns it there and loads the project again.
 */
export interface SubmitTarget {
  id: number;
  publicId: string;
  /** The project's title as loaded (an order's description). */
  title: string;
  version: number;
  /** projects.conclusions_version as text: conclusion pages change without a project version bump (migration 0013). */
  stamp: string;
  status: number;
  questionType: number;
  conclusion: string;
  settings: TProjectSettings;
  subjects: TSubject[];
  logic: TLogic;
  conclusions: Pick<TConclusion, 'title' | 'content' | 'redirectUrl' | 'whenOption'>[];
  /** Compiled once when no random group makes the order depend on the submission id. */
  compiled: CompiledLogic | null;
  /** A whole-exam limit, or a page break with its own timer. */
  timed: boolean;
}

const LOAD_SQL = `SELECT p.id, p.public_id, p.title, p.version, p.status, p.question_type, p.conclusion, p.settings, p.logic,
  (SELECT coalesce(jsonb_agg(s.config ORDER BY s.index_sort, s.id), '[]'::jsonb) FROM subjects s WHERE s.project_id = p.id AND s.deleted_at IS NULL) AS subjects,
  (SELECT coalesce(jsonb_agg(c.config ORDER BY c.id), '[]'::jsonb) FROM conclusions c WHERE c.project_id = p.id) AS conclusions,
  p.conclusions_version::text AS stamp
  FROM projects p WHERE p.public_id = $1 AND p.deleted_at IS NULL AND NOT p.is_template`;

/** LOAD_SQL's row: project columns and the aggregated subjects and conclusions. */
type LoadRow = Pick<ProjectRow, 'id' | 'public_id' | 'title' | 'version' | 'status' | 'question_type' | 'conclusion' | 'settings' | 'logic'> & {
  subjects: TSubject[];
  conclusions: SubmitTarget['conclusions'];
  stamp: string;
};

/** Bound on the subjects held (a 20-question survey weighs 21): the oldest loaded projects go first. */
const MAX_WEIGHT = 20_000;
const weightOf = (target: SubmitTarget) => target.subjects.length + 1;

interface Cache {
  targets: Map<string, SubmitTarget>;
  weight: number;
  /** Loads under way for projects not in the cache: a burst of first answers reads the project once. */
  loading: Map<string, Promise<SubmitTarget | null>>;
}
// One cache per app (its Deps): two apps in one test process behave like two processes.
const caches = new WeakMap<object, Cache>();

function cacheOf(scope: object): Cache {
  let cache = caches.get(scope);
  if (!cache) caches.set(scope, (cache = { targets: new Map(), weight: 0, loading: new Map() }));
  return cache;
}

function forget(cache: Cache, questionId: string): void {
  const gone = cache.targets.get(questionId);
  if (!gone) return;
  cache.targets.delete(questionId);
  cache.weight -= weightOf(gone);
}

export function cachedTarget(scope: object, questionId: string): SubmitTarget | undefined {
  return cacheOf(scope).targets.get(questionId);
}

/** The cached project, or one load shared by every request that finds it missing. */
export async function targetOf(scope: object, query: Query, questionId: string): Promise<SubmitTarget | null> {
  const cache = cacheOf(scope);
  const known = cache.targets.get(questionId);
  if (known) return known;
  let pending = cache.loading.get(questionId);
  if (!pending) {
    pending = loadTarget(scope, query, questionId).finally(() => cache.loading.delete(questionId));
    cache.loading.set(questionId, pending);
  }
  return pending;
}

/** Read the project afresh (one statement, one snapshot) and remember it; null when it cannot be answered. */
export async function loadTarget(scope: object, query: Query, questionId: string): Promise<SubmitTarget | null> {
  const cache = cacheOf(scope);
  const row = (await query<LoadRow>(LOAD_SQL, [questionId]))[0];
  forget(cache, questionId);
  if (!row) return null;
  const settings = ZProjectSettings.parse(row.settings ?? {});
  const logic = ZLogic.parse(row.logic ?? {});
  const subjects = row.subjects;
  const target: SubmitTarget = {
    id: row.id,
    publicId: row.public_id,
    title: row.title,
    version: row.version,
    stamp: row.stamp,
    status: row.status,
    questionType: row.question_type,
    conclusion: row.conclusion,
    settings,
    subjects,
    logic,
    conclusions: row.conclusions,
    compiled: logic.random.length ? null : compileLogic(subjects, logic),
    timed:
      Boolean(settings.examMinutes) ||
      subjects.some((s) => s.subjectType === SUBJECT_TYPE.pageBreak && Number((s as { timerSeconds?: number }).timerSeconds ?? 0) > 0),
  };
  cache.targets.set(questionId, target);
  cache.weight += weightOf(target);
  for (const oldest of cache.targets.keys()) {
    if (cache.weight <= MAX_WEIGHT || oldest === questionId) break;
    forget(cache, oldest);
  }
  return target;
}

/** The compiled logic for one submission: random groups draw and shuffle by its submission id. */
export const compiledFor = (target: SubmitTarget, submissionId: string): CompiledLogic =>
  target.compiled ?? compileLogic(target.subjects, target.logic, submissionId);
