import type { TWebhookEvent } from '../../../schemas/webhooks/events';
import { makeSubject } from '../../helpers/fixtures';
import { publishProject } from '../../helpers/publish';
import type { TestApp } from '../../helpers/test-app';
import { loginNewUser } from '../../helpers/fixtures';
import { pick, submissionId } from '../../helpers/publish';

let seq = 0;

/** A webhook as the settings screen saves it (webhook-screens' service), written straight to the table. */
export async function addWebhook(t: TestApp, questionId: string, url: string, events: TWebhookEvent[] = ['sheet.accepted']) {
  const secret = `whsec_test_${++seq}_${Math.random().toString(36).slice(2)}`;
  const [row] = await t.database.query<{ id: number }>(
    `INSERT INTO webhooks (public_id, project_id, url, secret, events) SELECT $2, id, $3, $4, $5::text[] FROM projects WHERE public_id = $1 RETURNING id`,
    [questionId, `wh${seq}${Date.now().toString(36)}`, url, secret, events],
  );
  return { id: row!.id, secret };
}

/** A published survey with one single-choice subject and a text subject. */
export async function publishedSurvey(t: TestApp) {
  const owner = await loginNewUser(t);
  const choice = makeSubject(1, 1, '你喜欢哪种水果');
  const questionId = await publishProject(t, owner.headers, { subjects: [choice] });
  const submit = (device: string) =>
    t.call<{ sheetId: string }>('active/write/submit', {
      questionId,
      submissionId: submissionId(),
      answers: { [choice.uuid]: pick(choice, 0) },
      deviceId: device,
      durationSeconds: 30,
    });
  return { owner, questionId, choice, submit };
}

export const deliveriesOf = (t: TestApp, webhookId: number) =>
  t.database.query<{ id: number; event_id: string; state: string; attempts: number; last_error: string | null }>(
    'SELECT id, event_id, state, attempts, last_error FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY id',
    [webhookId],
  );

export const attemptsOf = (t: TestApp, deliveryId: number) =>
  t.database.query<{ attempt: number; status: number | null; error: string | null; response_excerpt: string | null }>(
    'SELECT attempt, status, error, response_excerpt FROM webhook_attempts WHERE delivery_id = $1 ORDER BY id',
    [deliveryId],
  );
