import type { Query } from '../../db/client';
import type { ChainEntryRow, ChainSettingsRow, ProjectRow } from '../../db/rows';
import { recordEvent } from './chain-events.service';
import { noticePromotion } from './chain-notify.service';
import { publicEntry, readChain } from './chain-project.service';

/**
 * Promote the oldest waiting entries while they fit under the cap, inside the transaction that freed the places
 * (it holds the chain's row). First come, first served: when the oldest does not fit, nobody behind it passes.
 * Each promotion is one conditional UPDATE of the chain's row, and records the promoted participant's notice (an
 * SMS sent after commit, or their page's; chain-notify.service.ts). Returns the promoted entries' ids.
 */
export async function promoteWaiting(query: Query, projectId: number, now: Date, locked?: ChainSettingsRow): Promise<string[]> {
  const promoted: string[] = [];
  for (;;) {
    const [head] = await query<ChainEntryRow>(`SELECT * FROM chain_entries WHERE project_id = $1 AND state = 'waitlisted' ORDER BY seq LIMIT 1 FOR UPDATE`, [
      projectId,
    ]);
    if (!head) break;
    const taken = await query(
      `UPDATE chain_settings SET used = used + $2, joined = joined + 1, waiting = waiting - 1, updated_at = $3
       WHERE project_id = $1 AND (cap IS NULL OR used + $2 <= cap) RETURNING used`,
      [projectId, head.people, now],
    );
    if (!taken.length) break;
    const [row] = await query<ChainEntryRow>(`UPDATE chain_entries SET state = 'joined', updated_at = $2 WHERE id = $1 RETURNING *`, [head.id, now]);
    // The notice is recorded here, so it exists exactly when the promotion does.
    await noticePromotion(query, row!, await projectTitle(query, projectId), now);
    const chain = locked ?? (await readChain(query, projectId));
    await recordEvent(query, projectId, 'promote', publicEntry(row!, chain.mask_names), chain);
    promoted.push(head.public_id);
  }
  return promoted;
}

const projectTitle = async (query: Query, projectId: number): Promise<string> =>
  (await query<Pick<ProjectRow, 'title'>>('SELECT title FROM projects WHERE id = $1', [projectId]))[0]?.title ?? '';
