import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomToken } from './services/crypto';

/** APP_SECRET when set; otherwise one generated on first start and kept in DATA_DIR/secret. */
export function loadSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomToken(32);
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
