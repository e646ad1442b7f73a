import type { SnapshotFrom } from 'xstate';
import type { TOrderState } from '../../schemas/order/order-states';
import type { orderMachine } from './order.machine';

type TSnapshot = SnapshotFrom<typeof orderMachine>;

/** The order's state as the server names it. */
export const orderStateOf = (snapshot: TSnapshot): TOrderState => {
  const value = snapshot.value;
  return (typeof value === 'string' ? value : (value as { live: string }).live) as TOrderState;
};
