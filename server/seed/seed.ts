import type { Database } from '../db/client';
import { ensureUser, hashPassword, setPassword } from '../services/access/users.service';
import { seedMerchantData } from './merchant/seed-merchant';
import { seedTemplates } from './templates/seed-templates';
import { seedVoteTemplates } from '../services/vote-extras/vote-templates.service';
import { seedHelpArticles } from './help/seed-help';

export const DEMO_PHONE = '13800138000';
export const DEMO_PASSWORD = 'demo1234';
/** A colleague of the demo account (same password), so collaboration can be seen from both sides (demo-projects.ts). */
export const COLLEAGUE_PHONE = '13800138001';
export const COLLEAGUE_NAME = '演示同事';

/** What every database needs, development or production: the template library, vote templates, banks and regions (each once). */
export async function seedCatalogues(database: Database): Promise<void> {
  // Each has its own marker, so databases seeded before one existed still get it.
  await seedTemplates(database);
  await seedVoteTemplates(database);
  await seedMerchantData(database);
  await seedHelpArticles(database);
}

/**
 * The catalogues and the demo account, written once per database (a `meta` row marks it done). The account has a
 * published password: a start calls this only behind the demo gate (server/seed/seed-start.ts), never in production
 * unless DEMO_ACCOUNTS=1.
 */
/**
 * The published demo password's hash, made once per process for both demo accounts (an Argon2 hash is tens of ms of
 * a first start; a salt of its own per account protects nothing for a password printed in the README).
 */
let demoHash: Promise<string> | undefined;
export const demoPasswordHash = (): Promise<string> => (demoHash ??= hashPassword(DEMO_PASSWORD));

export async function seedDemoData(database: Database): Promise<void> {
  await seedCatalogues(database);
  const claimed = await database.query(`INSERT INTO meta (key, value) VALUES ('seed:demo', '1') ON CONFLICT (key) DO NOTHING RETURNING key`);
  if (!claimed.length) return;
  const { user } = await ensureUser(database, DEMO_PHONE);
  await setPassword(database, user.id, await demoPasswordHash());
  await database.query(`UPDATE users SET username = '演示账号' WHERE id = $1`, [user.id]);
}
