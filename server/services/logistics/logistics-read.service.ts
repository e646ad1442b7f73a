import type { TSpecStockResult } from '../../../schemas/api/logistics';
import type { TShipping } from '../../../schemas/api/logistics-models';
import type { TOrderState } from '../../../schemas/order/order-states';
import { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';
import { specsOf } from '../../../schemas/subjects/types/product-specs';
import type { TProductSubject } from '../../../schemas/subjects/types/product';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';
import { buyerOrder, type Buyer } from '../pay/order-pay.service';
import { closeDueOrders } from '../pay/order-close.service';
import { specStockKey } from '../submit/submit-capacity.service';
import { shippingOf } from '../pay/shipping-view';

/** logistics/getLogistics: the buyer's own order's carrier and tracking number (null until shipped). */
export async function getLogistics(deps: Deps, buyer: Buyer, orderNo: string): Promise<{ orderNo: string; state: TOrderState; shipping: TShipping | null }> {
  const order = await buyerOrder(deps, buyer, orderNo);
  return { orderNo: order.order_no, state: order.state, shipping: shippingOf(order) };
}

/**
 * spec/getSpecStock: every spec row of the project's product subjects with the stock set, the units its placed
 * and paid orders hold (the submit's stock counters; closed orders gave theirs back) and what is left.
 */
export async function getSpecStock(deps: Deps, user: AuthUser | null, questionId: string): Promise<TSpecStockResult> {
  const { project } = await accessProject(deps.database.query, user, questionId, 'read');
  await closeDueOrders(deps.database, deps.pay, deps.now(), { projectId: project.id });
  const subjects = await deps.database.query<{ config: TProductSubject }>(
    'SELECT config FROM subjects WHERE project_id = $1 AND deleted_at IS NULL AND subject_type = $2 ORDER BY index_sort, id',
    [project.id, SUBJECT_TYPE.product],
  );
  const counters = await deps.database.query<{ key: string; n: number }>(`SELECT key, n FROM respondent_counters WHERE project_id = $1 AND kind = 'stock'`, [
    project.id,
  ]);
  const sold = new Map(counters.map((c) => [c.key, Number(c.n)]));
  const list = subjects.flatMap(({ config: s }) =>
    s.products.flatMap((p) =>
      specsOf(p).map((spec) => {
        const n = sold.get(specStockKey(s.uuid, p.uuid, spec.uuid)) ?? 0;
        const stock = spec.stock ?? null;
        return {
          subjectId: s.uuid,
          productId: p.uuid,
          specId: spec.uuid,
          title: p.title,
          spec: spec.name,
          priceFen: spec.price,
          stock,
          sold: n,
          left: stock === null ? null : Math.max(0, stock - n),
        };
      }),
    ),
  );
  return { list };
}
