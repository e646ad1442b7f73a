import { logisticsCalls } from '../../schemas/api/logistics';
import type { TRequestOf } from '../../schemas/api/contract';
import { call } from './client';

type C = typeof logisticsCalls;

/** 物流 (issue 49 item 6): ship one order, or a sheet of them (previewed first). */
export const shipOrderWith = (body: TRequestOf<C['shipOrder']>) => call(logisticsCalls.shipOrder, body);
export const batchShip = (body: TRequestOf<C['batchShip']>) => call(logisticsCalls.batchShip, body);
