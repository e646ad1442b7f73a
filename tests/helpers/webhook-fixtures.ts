import type { TestApp } from './test-app';

/** A draft project of a kind made as its owner (saveOrUpdateWxQuestion), for the webhook calls. */
export async function draftProject(t: TestApp, headers: { token: string }, questionType = 1, solitaireType?: number): Promise<string> {
  const created = await t.call<{ questionId: string }>(
    'activity/question/saveOrUpdateWxQuestion',
    { questionType, solitaireType, title: '推送测试', subjects: [] },
    headers,
  );
  if (created.resultCode !== '200') throw new Error(`${created.resultCode} ${created.resultMsg}`);
  return created.data.questionId;
}

/** A finished attempt as the runner records it, so a delivery's detail has something to show. */
export async function recordAttempt(t: TestApp, deliveryId: string, status: number | null, error: string | null): Promise<void> {
  await t.database.query(
    `WITH d AS (UPDATE webhook_deliveries SET attempts = attempts + 1, last_status = $2, last_error = $3,
        state = CASE WHEN $2::int BETWEEN 200 AND 299 THEN 'done' ELSE 'failed' END, finished_at = now()
      WHERE public_id = $1 RETURNING id, attempts)
     INSERT INTO webhook_attempts (delivery_id, attempt, status, error, duration_ms, response_excerpt)
     SELECT id, attempts, $2, $3, 42, 'ok' FROM d`,
    [deliveryId, status, error],
  );
}
