import type { TUserInfo } from '../../schemas/api/user';
import type { Database } from '../db/client';
import type { UserRow } from '../db/rows';
import { toUserInfo } from './access/users.service';
import { coinsOf } from './coin-ledger/coin-ledger.service';

/**
 * toUserInfo with the user's coins on `brand` (the request's brand id) read: the header and the workbench show the
 * coins of the brand the page is on. Here, beside the service folders, because access sits below coins.
 */
export async function userInfoOf(database: Database, row: UserRow, now: Date, brand: string): Promise<TUserInfo> {
  return toUserInfo(row, now, await coinsOf(database.query, row.id, brand));
}
