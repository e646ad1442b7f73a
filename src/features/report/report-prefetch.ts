import type { QueryClient } from '@tanstack/react-query';
import { questionInfoQuery } from '../../api/question';
import { statementQuery } from '../../api/report';

/**
 * The report's first reads, started by the route while the page's code is still loading (issue 17 item 9): the
 * project, the unfiltered statement (the same query keys the page reads) and the chart library's chunk.
 */
export function prefetchReport(queryClient: QueryClient, search: Record<string, unknown>): void {
  const questionId = String(search.questionId ?? '');
  if (!questionId) return;
  void queryClient.prefetchQuery(questionInfoQuery(questionId));
  void queryClient.prefetchQuery(statementQuery(questionId));
}
