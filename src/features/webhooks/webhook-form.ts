import { WEBHOOK_MESSAGES } from '../../../schemas/api/webhooks';
import { WEBHOOK_LIMITS, type TWebhookEvent } from '../../../schemas/webhooks/events';

export interface TWebhookForm {
  url: string;
  events: TWebhookEvent[];
  enabled: boolean;
}

/** What the dialog says before asking the server (which checks again, and refuses private addresses). */
export function webhookFormProblems(form: TWebhookForm): { url?: string; events?: string } {
  const url = form.url.trim();
  const problems: { url?: string; events?: string } = {};
  if (!url) problems.url = WEBHOOK_MESSAGES.urlRequired;
  else if (!/^https?:\/\/[^\s/]+/i.test(url)) problems.url = WEBHOOK_MESSAGES.urlInvalid;
  else if (url.length > WEBHOOK_LIMITS.urlMax) problems.url = '推送地址太长';
  if (!form.events.length) problems.events = WEBHOOK_MESSAGES.eventsRequired;
  return problems;
}
