import { hostname } from 'node:os';
import { pollLoop } from './poll-loop';
import type { Query } from '../db/client';
import { WEBHOOK_LIMITS } from '../../schemas/webhooks/events';
import { randomToken } from '../services/crypto';
import type { Deps } from '../services/deps';
import { deliverOnce, type AttemptOutcome } from '../services/webhooks/deliver';
import { deliveryEnvelope, renderPayload, type StoredPayload } from '../services/webhooks/render';
import type { HostResolver } from '../services/webhooks/ssrf-guard';

/**
 * Delivers webhook events (issue 53 item 3), modelled on the invitation runner: any process may run it; each tick
 * takes due deliveries with one UPDATE … WHERE id IN (a CTE … FOR UPDATE SKIP LOCKED) RETURNING, so a delivery is
 * taken by one process, and a taken delivery whose process died is taken again once its lock passes. Each attempt is
 * a webhook_attempts row. A failure is tried again after backoffMs, doubling (30 s, 1 min, 2 min, 4 min, 8 min) up to
 * WEBHOOK_LIMITS.maxAttempts; a delivery failed for good counts against its webhook, which is disabled after
 * WEBHOOK_LIMITS.disableAfterFailures such deliveries in a row; a success resets the count.
 */
export interface WebhookRunnerOptions {
  worker?: string;
  /** How often an idle runner looks for due deliveries. */
  pollMs?: number;
  /** Deliveries taken at once (sent side by side). */
  batchSize?: number;
  maxAttempts?: number;
  /** The first retry's delay; each next one doubles it. */
  backoffMs?: number;
  /** How long a taken delivery stays this process's before another may take it again (longer than the timeout). */
  lockMs?: number;
  timeoutMs?: number;
  /** How receivers' host names are resolved (tests make a name resolve to a private address). */
  resolve?: HostResolver;
  log?: (message: string, error: unknown) => void;
}

export interface WebhookRunner {
  readonly worker: string;
  start(): void;
  stop(): Promise<void>;
  /** Deliveries were queued in this process: look now. */
  kick(): void;
  /** Take and send one batch; how many were taken. */
  runOnce(): Promise<number>;
}

export const WEBHOOK_BACKOFF_MS = 30_000;
const LOCK_MS = 60_000;
export const AUTO_DISABLED_REASON = `连续 ${WEBHOOK_LIMITS.disableAfterFailures} 次推送失败，已自动停用`;

interface Taken {
  id: number;
  public_id: string;
  webhook_id: number;
  event: string;
  event_id: string;
  payload: StoredPayload;
  attempts: number;
  created_at: Date;
  url: string;
  secret: string;
  project_id: number | null;
  vote_id: number | null;
  enabled: boolean;
}

/**
 * A queued delivery is due before the end of `now`'s millisecond ($5): wj_submit and enqueue.ts stamp next_attempt_at
 * with the database's now(), in microseconds, while `now` is the process's clock in milliseconds, so a delivery queued
 * in the same millisecond as the look that follows it (a fast submit, then the runner's kick) would otherwise wait a
 * whole poll.
 */
const DUE = `((d.state = 'queued' AND d.next_attempt_at < $5) OR (d.state = 'sending' AND d.locked_until < $3))`;
const CLAIM_SQL = `WITH due AS (
    SELECT d.id FROM webhook_deliveries d WHERE ${DUE} ORDER BY d.next_attempt_at, d.id LIMIT $4 FOR UPDATE OF d SKIP LOCKED)
  UPDATE webhook_deliveries d SET state = 'sending', claimed_by = $1, locked_until = $2, attempts = d.attempts + 1
  FROM webhooks w
  WHERE d.id IN (SELECT id FROM due) AND ${DUE} AND w.id = d.webhook_id
  RETURNING d.id, d.public_id, d.webhook_id, d.event, d.event_id, d.payload, d.attempts, d.created_at, w.url, w.secret, w.project_id, w.vote_id, w.enabled`;

/** Take up to `limit` due deliveries. */
export function claimDeliveries(query: Query, worker: string, now: Date, limit: number, lockMs = LOCK_MS): Promise<Taken[]> {
  return query<Taken>(CLAIM_SQL, [worker, new Date(now.getTime() + lockMs), now, limit, new Date(now.getTime() + 1)]);
}

/** The body sent: the delivery's id and event, when the event happened, the rendered payload. */
export const deliveryBody = (d: Pick<Taken, 'public_id' | 'event' | 'event_id' | 'created_at'>, payload: StoredPayload) =>
  JSON.stringify(deliveryEnvelope(d, payload));

const sleepless = (n: number) => Math.max(0, n);

export function createWebhookRunner(deps: Deps, options: WebhookRunnerOptions = {}): WebhookRunner {
  const worker = options.worker ?? `${hostname()}:${process.pid}:${randomToken(4)}`;
  const pollMs = options.pollMs ?? 1_000;
  const batch = options.batchSize ?? 10;
  const maxAttempts = options.maxAttempts ?? WEBHOOK_LIMITS.maxAttempts;
  const backoffMs = options.backoffMs ?? WEBHOOK_BACKOFF_MS;
  const { database } = deps;

  /** Record the attempt and move the delivery on, if it is still this process's. */
  async function settle(d: Taken, outcome: AttemptOutcome): Promise<void> {
    const now = deps.now();
    const last = !outcome.ok && d.attempts >= maxAttempts;
    const state = outcome.ok ? 'done' : last ? 'failed' : 'queued';
    const next = new Date(now.getTime() + backoffMs * 2 ** sleepless(d.attempts - 1));
    await database.transaction(async (q) => {
      const moved = await q(
        `UPDATE webhook_deliveries SET state = $2, last_status = $3, last_error = $4, next_attempt_at = $5, finished_at = $6,
           claimed_by = NULL, locked_until = NULL WHERE id = $1 AND claimed_by = $7 AND state = 'sending' RETURNING id`,
        [d.id, state, outcome.status, outcome.error, next, state === 'queued' ? null : now, worker],
      );
      if (!moved.length) return;
      await q('INSERT INTO webhook_attempts (delivery_id, attempt, status, error, duration_ms, response_excerpt, at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        d.id,
        d.attempts,
        outcome.status,
        outcome.error,
        outcome.durationMs,
        outcome.excerpt,
        now,
      ]);
      if (d.event === 'ping') return;
      if (outcome.ok) await q('UPDATE webhooks SET consecutive_failures = 0 WHERE id = $1 AND consecutive_failures <> 0', [d.webhook_id]);
      else if (last) {
        await q(
          `UPDATE webhooks SET consecutive_failures = consecutive_failures + 1,
             enabled = CASE WHEN enabled AND consecutive_failures + 1 >= $2 THEN false ELSE enabled END,
             disabled_at = CASE WHEN enabled AND consecutive_failures + 1 >= $2 THEN $3 ELSE disabled_at END,
             disabled_reason = CASE WHEN enabled AND consecutive_failures + 1 >= $2 THEN $4 ELSE disabled_reason END
           WHERE id = $1`,
          [d.webhook_id, WEBHOOK_LIMITS.disableAfterFailures, now, AUTO_DISABLED_REASON],
        );
      }
    });
  }

  async function sendOne(d: Taken): Promise<void> {
    if (!d.enabled && d.event !== 'ping') {
      // Disabled since it was queued: not sent, and not counted against the webhook again.
      await database.query(
        `UPDATE webhook_deliveries SET state = 'failed', last_error = $2, finished_at = $3, claimed_by = NULL, locked_until = NULL WHERE id = $1 AND claimed_by = $4`,
        [d.id, '推送已停用，未发送', deps.now(), worker],
      );
      return;
    }
    let payload = d.payload;
    const rendered = await renderPayload(database.query, d, d.event, d.payload, deps.secret);
    if (rendered.changed) {
      // As stored (jsonb orders keys its own way), so every attempt sends the same bytes.
      const [row] = await database.query<Pick<Taken, 'payload'>>('UPDATE webhook_deliveries SET payload = $2::jsonb WHERE id = $1 RETURNING payload', [
        d.id,
        JSON.stringify(rendered.payload),
      ]);
      payload = row?.payload ?? rendered.payload;
    }
    const outcome = await deliverOnce(deps, { publicId: d.public_id, event: d.event, url: d.url, secret: d.secret, body: deliveryBody(d, payload) }, options);
    await settle(d, outcome);
  }

  async function runOnce(): Promise<number> {
    const taken = await claimDeliveries(database.query, worker, deps.now(), batch, options.lockMs);
    await Promise.all(
      taken.map((d) =>
        sendOne(d).catch((error: unknown) => {
          options.log?.(`webhook delivery ${d.id} failed`, error);
        }),
      ),
    );
    return taken.length;
  }

  const loop = pollLoop({ runOnce, batch, pollMs, onError: (error) => options.log?.('webhook runner failed', error) });
  return { worker, ...loop, runOnce };
}
