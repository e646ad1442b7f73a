// The built-in assistant's ranking of one request (issue 52 item 3): the kind's templates by BM25 over their
// title, subtitle and subject titles plus how many of their subjects the request speaks of, and every subject it
// may take by its own BM25 plus the relevance of the template it comes from (a subject of a relevant template is
// relevant even when its own words are plain).
import { bm25Scores, coverage, requestTerms, terms, withoutCountWords } from './relevance';
import type { KindLibrary, PoolSubject } from './library';

/** A template is a starting point when it holds at least this share of the request's own words. */
export const TEMPLATE_MIN_COVERAGE = 0.45;
/** How much a template's subjects that speak of the request count beside the template's own BM25. */
const SUPPORT_WEIGHT = 0.6;
/** How much the relevance of its template adds to a subject's score. */
const CONTEXT_WEIGHT = 1;

export interface RankedTemplate {
  /** Index into library.templates. */
  template: number;
  score: number;
  coverage: number;
}

export interface RankedSubject {
  entry: PoolSubject;
  /** The subject's own relevance (its words against the request's, 0…1). */
  own: number;
  /** Own plus its template's context. */
  score: number;
}

export interface Ranking {
  templates: RankedTemplate[];
  /** The best template when it passes TEMPLATE_MIN_COVERAGE. */
  base: RankedTemplate | null;
  /** Every pool subject with any relevance, best first. */
  subjects: RankedSubject[];
}

/** Scores over the best one, but never over less than `floor` (so faint matches stay faint). */
const normalised = (scores: readonly number[], floor: number) => {
  const top = Math.max(floor, ...scores);
  return scores.map((s) => s / top);
};

/** BM25 below these is a match of a common word or two, not of what the request is about. */
const TEMPLATE_FLOOR = 3;
const SUBJECT_FLOOR = 3;
/** Relevant subjects a template must hold (summed own relevance) to count fully. */
const SUPPORT_FLOOR = 2;

export function rankRequest(lib: KindLibrary, prompt: string): Ranking {
  // A price ("每人100元") sets the product, it says nothing of the subjects.
  const asked = withoutCountWords(prompt).replace(/(每人|每位|每份|每个)?\s*\d+(\.\d+)?\s*(元|块)/g, ' ');
  const query = requestTerms(asked);
  const ownWords = terms(asked);
  const index = lib.library.allIndex;
  const own = normalised(bm25Scores(lib.poolIndex, query), SUBJECT_FLOOR);
  const support = new Array<number>(lib.library.templates.length).fill(0);
  lib.pool.forEach((entry, i) => {
    if (entry.template !== null) support[entry.template]! += own[i]!;
  });
  const supportNorm = normalised(support, SUPPORT_FLOOR);
  const bm25 = normalised(bm25Scores(index, query), TEMPLATE_FLOOR);
  const context = normalised(
    bm25.map((s, i) => s + SUPPORT_WEIGHT * supportNorm[i]!),
    1,
  );

  const templates = [...lib.templates]
    .sort((a, b) => context[b]! - context[a]! || a - b)
    .filter((t) => context[t]! > 0)
    .map((template) => ({ template, score: context[template]!, coverage: coverage(index, ownWords, lib.library.templates[template]!.terms) }));
  const best = templates[0];
  const base = best && best.coverage >= TEMPLATE_MIN_COVERAGE ? best : null;

  const subjects = lib.pool
    .map((entry, i) => {
      const fromTemplate = entry.template === null ? 0 : context[entry.template]!;
      return { entry, own: own[i]!, score: own[i]! + CONTEXT_WEIGHT * fromTemplate * fromTemplate };
    })
    .filter((s) => s.score > 0);
  subjects.sort((a, b) => b.score - a.score);
  return { templates, base, subjects };
}
