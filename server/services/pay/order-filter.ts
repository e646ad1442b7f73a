import type { TOrderState } from '../../../schemas/order/order-states';

/** The filters of /online/list.html: state, product, days in Asia/Shanghai (both included), keyword. */
export interface OrderFilter {
  state?: TOrderState;
  productId?: string;
  startDate?: string;
  endDate?: string;
  keyword?: string;
}

const shanghaiDayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** The WHERE of a project's orders (alias o) under a filter, with its parameters ($1 is the project). */
export function orderFilterSql(projectId: number, filter: OrderFilter): { where: string; params: unknown[] } {
  const where = ['o.project_id = $1'];
  const params: unknown[] = [projectId];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (filter.state) add('o.state = ?', filter.state);
  if (filter.productId) add('EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND l.product_id = ?)', filter.productId);
  if (filter.startDate) add('o.created_at >= ?', shanghaiDayStart(filter.startDate));
  if (filter.endDate) add('o.created_at < ?', new Date(shanghaiDayStart(filter.endDate).getTime() + 86_400_000));
  const keyword = filter.keyword?.trim();
  if (keyword) {
    params.push(`%${keyword.replace(/[\\%_]/g, '\\$&')}%`);
    where.push(`(o.order_no LIKE $${params.length} OR o.contact::text LIKE $${params.length})`);
  }
  return { where: where.join(' AND '), params };
}
