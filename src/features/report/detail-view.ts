import { ZDetailView, type TDetailViewInput } from '../../../schemas/api/report';

/**
 * The data detail list's sort and filter travel in the sheet page's URL, so its previous / next walk the rows
 * the user was looking at: `sort`, `order`, and `filter` as JSON.
 */
export function sheetHref(questionId: string, sheetId: string, view?: TDetailViewInput): string {
  const q = new URLSearchParams({ questionId, sheetId });
  if (view?.sort) q.set('sort', view.sort);
  if (view?.order) q.set('order', view.order);
  if (view?.filter) q.set('filter', JSON.stringify(view.filter));
  return `/questionnaire/answerSheetDetail.html?${q.toString()}`;
}

/** The view named by the sheet page's search (the router may already have parsed `filter`); undefined when none or invalid. */
export function readView(search: Record<string, unknown>): TDetailViewInput | undefined {
  if (search.sort === undefined && search.order === undefined && search.filter === undefined) return undefined;
  let filter = search.filter;
  if (typeof filter === 'string') {
    try {
      filter = JSON.parse(filter) as unknown;
    } catch {
      filter = undefined;
    }
  }
  const parsed = ZDetailView.safeParse({ sort: search.sort, order: search.order, filter });
  if (!parsed.success) return undefined;
  return { sort: parsed.data.sort, order: parsed.data.order, ...(search.filter !== undefined ? { filter: parsed.data.filter } : {}) };
}
