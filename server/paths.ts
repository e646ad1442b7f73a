import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package's root directory. This file is server/paths.ts in the sources and is bundled into a file one
 * level below the root (dist/server.mjs, scripts/bundle.ts), so in both cases the root is one directory up.
 */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
