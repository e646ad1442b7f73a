import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { seedDemoAppointment } from './kinds/demo-appointment';
import { seedDemoChain } from './kinds/demo-chain';
import { seedDemoCheckIn } from './kinds/demo-checkin';
import { seedDemoGroupBuy, seedDemoPayment } from './kinds/demo-orders';
import { demoRandom } from './kinds/demo-random';
import { seedDemoVote } from './kinds/demo-vote';
import { call, login, storyOf } from './seed-calls';
import { COLLEAGUE_PHONE, DEMO_PHONE } from './seed';

const MARKER = 'seed:demo-kinds';

/** The demo and colleague accounts' tokens, when the caller has just logged them in. */
export interface DemoSessions {
  demo: string;
  colleague: string;
}

/** What seedDemoKinds made, by kind: the vote's voteId, the others' questionId. */
export interface DemoKinds {
  vote: string;
  chain: string;
  checkIn: string;
  /** Null where no sandbox takes the demo's money (a production start with a real provider or none). */
  groupBuy: string | null;
  payment: string | null;
  appointment: string;
}

/**
 * Once per database (its own `meta` row, so a database seeded before these kinds existed gets them at its next
 * start): one of each newer kind in a state worth looking at, for the brands whose kinds they are — 投票通's vote,
 * 接龙通's sign-up chain, check-in, group-buy, payment page and appointments — written through the app's calls with
 * the services' clock moved through the past days (seed-calls.ts atTime), so ballots, joins, check-ins, orders and
 * bookings carry the times they would have had. The colleague owns the check-in and shares it with the demo account.
 * Needs the demo and colleague accounts (seed.ts, demo-projects.ts); answers null when it ran before. The group-buy
 * and payment page are paid through the sandbox's cashier, from this machine: where payments are not simulated
 * (a production start with DEMO_ACCOUNTS=1 and a real PAY_PROVIDER, or none) they are left out, never paid for real.
 */
export async function seedDemoKinds(app: FastifyInstance, database: Database, sessions?: DemoSessions): Promise<DemoKinds | null> {
  const claimed = await database.query(`INSERT INTO meta (key, value) VALUES ($1, '1') ON CONFLICT (key) DO NOTHING RETURNING key`, [MARKER]);
  if (!claimed.length) return null;
  const demo = sessions?.demo ?? (await login(app, DEMO_PHONE));
  const colleague = sessions?.colleague ?? (await login(app, COLLEAGUE_PHONE));
  const story = storyOf(app.deps.now());
  const random = demoRandom(20260704);
  const simulated = app.deps.pay.active === 'sandbox';
  const made: DemoKinds = {
    vote: await seedDemoVote(app, demo, story, random),
    chain: await seedDemoChain(app, demo, story),
    checkIn: await seedDemoCheckIn(app, colleague, story, random),
    groupBuy: simulated ? await seedDemoGroupBuy(app, demo, story) : null,
    payment: simulated ? await seedDemoPayment(app, demo, story) : null,
    appointment: await seedDemoAppointment(app, demo, story),
  };
  const { workCode } = await call<{ workCode: string }>(app, 'activity/question/getTeamWorkCode', { questionId: made.checkIn, powerType: 3 }, colleague);
  await call(app, 'code/joinTeamWork', { workCode }, demo);
  // Each project was made "then" (its first join, order or booking came after): the database stamps rows with its own clock.
  await database.query(
    `UPDATE projects p SET created_at = s.first - interval '20 minutes'
       FROM (SELECT project_id, min(t) AS first FROM (
               SELECT project_id, created_at AS t FROM answer_sheets UNION ALL SELECT project_id, created_at FROM chain_entries
               UNION ALL SELECT project_id, created_at FROM checkin_records) x GROUP BY project_id) s
      WHERE p.id = s.project_id AND p.public_id = ANY($1::text[])`,
    [[made.chain, made.checkIn, made.groupBuy, made.payment, made.appointment].filter(Boolean)],
  );
  // Samples are not the newcomer's own work: they do not use up today's creation allowance.
  await database.query('DELETE FROM daily_creations WHERE user_id IN (SELECT id FROM users WHERE phone = ANY($1::text[]))', [[DEMO_PHONE, COLLEAGUE_PHONE]]);
  return made;
}
