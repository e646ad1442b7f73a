/**
 * 风控筛查 bench (issue 46): a project of N valid sheets, a few of each kind the rules catch (a device that answers
 * again every 40th sheet, answers copied every 25th, bursts of 4 from one address), screened in one call on the
 * owner's risk quota; the same N sheets counted by the bare statement that only reads them, for scale.
 * PGlite: 2,000 and 10,000 sheets by default; PostgreSQL (DATABASE_URL): 10,000 and 50,000. BENCH_ROWS (comma list) overrides.
 * Run: node --import tsx bench/risk-screen.ts
 */
import { performance } from 'node:perf_hooks';
import type { Database } from '../server/db/client';
import type { ProjectRow } from '../server/db/rows';
import { grantQuota } from '../server/services/money/quota.service';
import { riskScreen } from '../server/services/money/risk-screen.service';
import { openTestDatabase } from '../tests/helpers/test-db';

const postgres = Boolean(process.env.DATABASE_URL);
const SIZES = (process.env.BENCH_ROWS ?? (postgres ? '10000,50000' : '2000,10000')).split(',').map(Number);

async function seedProject(db: Database, rows: number): Promise<ProjectRow> {
  const [user] = await db.query<{ id: number }>(`INSERT INTO users (public_id, phone, username) VALUES ($1, $2, $1) RETURNING id`, [
    `bench-risk-${rows}`,
    `198${String(rows).padStart(8, '0')}`.slice(0, 11),
  ]);
  const [project] = await db.query<ProjectRow>(
    `INSERT INTO projects (public_id, owner_id, question_type, title, status) VALUES ($1, $2, 1, $3, 1) RETURNING *`,
    [`bench-risk-project-${rows}`, user!.id, `风控基准 ${rows}`],
  );
  // Sheet g: device d<g> except every 40th (the device of g-1); answers by g except every 25th (a copy of g-1's);
  // address 10.<g/256>.<g%256> except runs of 4 sharing one every 100th; a second apart, oldest first.
  await db.query(
    `INSERT INTO answer_sheets (public_id, project_id, submission_id, body_hash, device_id, ip, source, answers, result, duration_seconds, created_at)
     SELECT 'r' || $2::text || '-' || g, $1, 'sub-' || g, '', 'd' || (CASE WHEN g % 40 = 0 THEN g - 1 ELSE g END),
       CASE WHEN g % 100 < 4 THEN '10.9.9.' || (g / 100) % 250 ELSE '10.' || (g / 256) % 250 || '.' || g % 256 END, 'link',
       jsonb_build_object('q1', jsonb_build_object('optionIds', jsonb_build_array('o' || (CASE WHEN g % 25 = 0 THEN g - 1 ELSE g END))),
                          'q2', 'text ' || (CASE WHEN g % 25 = 0 THEN g - 1 ELSE g END)),
       '{}'::jsonb, 60, now() - make_interval(secs => $3::int - g)
     FROM generate_series(1, $3::int) g`,
    [project!.id, rows, rows],
  );
  await db.transaction((q) => grantQuota(q, user!.id, 'risk', rows, new Date()));
  if (postgres) await db.query('ANALYZE');
  return project!;
}

async function main() {
  const db = await openTestDatabase();
  console.log(`engine: ${db.engine}`);
  for (const rows of SIZES) {
    const project = await seedProject(db, rows);
    const t0 = performance.now();
    await db.query('SELECT count(*) FROM answer_sheets WHERE project_id = $1 AND status = 1 AND risk_screened_at IS NULL', [project.id]);
    const bare = performance.now() - t0;
    const t1 = performance.now();
    const result = await riskScreen(db, project, new Date());
    const ms = performance.now() - t1;
    console.log(
      `${String(rows).padStart(6)} sheets: screened ${result.screened}, flagged ${result.flagged} in ${(ms / 1000).toFixed(2)} s ` +
        `(${Math.round(rows / (ms / 1000)).toLocaleString()} sheets/s); bare count ${bare.toFixed(1)} ms`,
    );
  }
  await db.close();
}

await main();
