import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { watchChain } from '../../api/chain';

/**
 * Keeps a 接龙 manage screen live: once its first read has given `lastEventId`, one stream per page follows the
 * project's feed and every event reads `queryKey` again (EventSource resumes by itself after a drop, so the
 * stream is not reopened when later reads move `lastEventId`).
 */
export function useChainFeed(questionId: string, lastEventId: number | undefined, queryKey: QueryKey): void {
  const client = useQueryClient();
  const ready = lastEventId !== undefined;
  useEffect(() => {
    if (!ready) return;
    return watchChain(questionId, lastEventId, () => void client.invalidateQueries({ queryKey }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [questionId, ready]);
}
