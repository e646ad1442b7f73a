/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the built client, once at build
 * time, so the server sends compressed bytes without spending CPU per request (@fastify/static `preCompressed`
 * picks the copy the browser accepts). Runs after both vite builds: `node --import tsx scripts/precompress.ts
 * [clientDir]` (default CLIENT_DIR or dist/client).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Smaller files gain nothing worth a second request path; binary images are compressed already. */
const MIN_BYTES = 1024;
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

export interface Precompressed {
  file: string;
  bytes: number;
  br: number;
  gz: number;
}

/** Compresses each text file of `dir`; a copy that would not be smaller than the original is not written. */
export function precompress(dir: string): Precompressed[] {
  const done: Precompressed[] = [];
  for (const file of filesUnder(dir)) {
    if (statSync(file).size < MIN_BYTES) continue;
    const source = readFileSync(file);
    const br = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } });
    const gz = gzipSync(source, { level: 9 });
    if (br.length < source.length) writeFileSync(`${file}.br`, br);
    if (gz.length < source.length) writeFileSync(`${file}.gz`, gz);
    done.push({ file: path.relative(dir, file), bytes: source.length, br: br.length, gz: gz.length });
  }
  return done;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? process.env.CLIENT_DIR ?? 'dist/client');
  const done = precompress(dir);
  const total = (key: 'bytes' | 'br' | 'gz') => Math.round(done.reduce((sum, f) => sum + f[key], 0) / 1024);
  console.log(
    `precompressed ${done.length} files in ${path.relative(process.cwd(), dir) || dir}: ${total('bytes')} KB → br ${total('br')} KB, gzip ${total('gz')} KB`,
  );
}
