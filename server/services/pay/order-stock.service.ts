import type { Query } from '../../db/client';
import type { OrderStockTake } from '../../db/tables-orders';

/**
 * Give back the stock orders took (product stock and each buyer's per-person counter, `respondent_counters` kind
 * 'stock'), inside the caller's transaction, right after the one conditional UPDATE that ended those orders — so
 * an order's stock comes back exactly once. Summed per counter and taken in key order, so two transactions giving
 * stock back never wait on each other in a circle.
 */
export async function giveStockBack(q: Query, orders: readonly { projectId: number; stock: readonly OrderStockTake[] }[]): Promise<void> {
  const back = new Map<string, { project: number; key: string; take: number }>();
  for (const order of orders) {
    for (const s of order.stock) {
      const id = `${order.projectId}|${s.key}`;
      back.set(id, { project: order.projectId, key: s.key, take: (back.get(id)?.take ?? 0) + s.take });
    }
  }
  for (const [, b] of [...back].sort(([a], [c]) => (a < c ? -1 : 1))) {
    await q(`UPDATE respondent_counters SET n = greatest(0, n - $3) WHERE project_id = $1 AND kind = 'stock' AND key = $2`, [b.project, b.key, b.take]);
  }
}
