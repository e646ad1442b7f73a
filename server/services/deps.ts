import type { Database } from '../db/client';
import type { TEnv } from '../env';
import type { SmsProvider } from '../providers/sms';

/** What every service needs; built once per app. */
export interface Deps {
  database: Database;
  env: TEnv;
  secret: string;
  sms: SmsProvider;
  /** The clock, replaceable in tests (e.g. to move 8 days forward). */
  now: () => Date;
}
