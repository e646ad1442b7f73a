/**
 * bench/uploads: what the upload guards and the cleanup job cost. Run: node --import tsx bench/uploads.ts
 * - refusing a decompression bomb from its header vs decoding an image at the pixel limit;
 * - a report thumbnail of a 12 MP photo, made on first request and then read from disk;
 * - the cleanup job removing abandoned uploads (rows and files), per 1,000.
 * Uses PGlite in memory, or a new database on the PostgreSQL server of DATABASE_URL (dropped at the end).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';
import { EXACT_STRATEGIES } from '../server/app';
import { createUploadCleanup } from '../server/jobs/upload-cleanup';
import type { Database } from '../server/db/client';
import { readEnv } from '../server/env';
import { openTestDatabase } from '../tests/helpers/test-db';
import { imageHeader, reencodeImage, thumbnail } from '../server/services/uploads/upload-images';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timed(runs: number, fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn().catch(() => {});
    times.push(performance.now() - start);
  }
  return median(times);
}

/** 1-bit grey PNG of zero rows: a few KB for any size. */
function bomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc((Math.ceil(width / 8) + 1) * height), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function images() {
  const big = bomb(16_000, 16_000);
  const atLimit = bomb(7_000, 7_000);
  const refuse = await timed(20, () => imageHeader(big));
  const rss = process.memoryUsage().rss;
  const decode = await timed(3, () => reencodeImage(atLimit, 'png', 0));
  console.log(`bomb 16000×16000 (${(big.length / 1024).toFixed(0)} KB): refused from its header in ${refuse.toFixed(2)} ms (median of 20)`);
  console.log(
    `7000×7000 (49 MP, ${(atLimit.length / 1024).toFixed(0)} KB, the largest allowed): decoded and re-encoded in ${decode.toFixed(0)} ms (median of 3), RSS +${((process.memoryUsage().rss - rss) / 1048576).toFixed(0)} MB`,
  );

  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-thumb-'));
  const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 85 })
    .toBuffer();
  writeFileSync(path.join(dir, 'photo.jpg'), photo);
  const start = performance.now();
  await thumbnail(dir, 'photo.jpg');
  const first = performance.now() - start;
  const cached = await timed(20, () => thumbnail(dir, 'photo.jpg'));
  console.log(`thumbnail of a 12 MP JPEG (${(photo.length / 1048576).toFixed(1)} MB): first ${first.toFixed(0)} ms, then ${cached.toFixed(2)} ms from disk`);
}

async function cleanup() {
  // A database of its own (a new one on the DATABASE_URL server, dropped at the end): the bench drops a key.
  const database = await openTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-cleanup-'));
  const env = { ...readEnv({ NODE_ENV: 'test' }), DATA_DIR: dataDir };
  const job = createUploadCleanup({
    database,
    env,
    secret: 'bench',
    sms: null as never,
    mail: null as never,
    pay: null as never,
    wechatOpen: null,
    aiModel: null,
    now: () => new Date(),
    ...EXACT_STRATEGIES,
  });
  const dir = path.join(dataDir, 'uploads');
  for (const n of [1_000, 5_000]) {
    const names = Array.from({ length: n }, (_, i) => `a${'0'.repeat(24)}-bench${n}x${i}.pdf`);
    (await import('node:fs')).mkdirSync(dir, { recursive: true });
    for (const name of names) writeFileSync(path.join(dir, name), 'x');
    await database.query(
      `INSERT INTO uploads (name, original_name, mime, size, kind, created_at) SELECT x, 'a.pdf', 'application/pdf', 1, 'answer', now() - interval '2 days' FROM unnest($1::text[]) x`,
      [names],
    );
    const start = performance.now();
    const removed = await job.runOnce();
    const ms = performance.now() - start;
    console.log(
      `cleanup on ${database.engine}: ${removed.length} abandoned uploads removed (rows and files) in ${ms.toFixed(0)} ms — ${((ms / removed.length) * 1000).toFixed(0)} ms per 1,000`,
    );
  }
  await clearCost(database);
  await database.close();
}

/**
 * Why uploads.sheet_id has no foreign key (migration 0025): what an ON DELETE SET NULL key would add to 清空数据,
 * deleting N sheets of a project without it and with it (added here to this bench's own database).
 */
async function clearCost(database: Database) {
  const n = Number(process.env.BENCH_SHEETS ?? 20_000);
  const [user] = await database.query<{ id: number }>(
    `INSERT INTO users (public_id, phone, username) VALUES ('bench-clear', '13900001111', 'bench-clear') RETURNING id`,
  );
  const fill = async () => {
    const [project] = await database.query<{ id: number }>(
      `INSERT INTO projects (public_id, owner_id, question_type, title) VALUES (md5(random()::text), $1, 1, 'clear') RETURNING id`,
      [user!.id],
    );
    await database.query(
      `INSERT INTO answer_sheets (public_id, project_id, submission_id, body_hash, device_id, ip, source, answers, result, duration_seconds)
       SELECT md5(random()::text), $1, 's' || g, 'h', 'd', '127.0.0.1', 'link', '{"q":"a"}', '{}', 30 FROM generate_series(1, $2) g`,
      [project!.id, n],
    );
    return project!.id;
  };
  const time = async (projectId: number) => {
    const start = performance.now();
    await database.query('DELETE FROM answer_sheets WHERE project_id = $1', [projectId]);
    return performance.now() - start;
  };
  await time(await fill()); // warm-up
  const without = await time(await fill());
  await database.query('ALTER TABLE uploads ADD CONSTRAINT bench_sheet_fk FOREIGN KEY (sheet_id) REFERENCES answer_sheets(id) ON DELETE SET NULL');
  const withKey = await time(await fill());
  console.log(
    `清空数据 of ${n} sheets on ${database.engine}: DELETE ${withKey.toFixed(0)} ms with an uploads → sheets key, ${without.toFixed(0)} ms without (as shipped)`,
  );
}

await images();
await cleanup();
