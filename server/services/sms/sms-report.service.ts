import { z } from 'zod';
import type { Query } from '../../db/client';

/** One item of Aliyun's SmsReport push (短信回执消息, HTTP 批量推送). */
const ZAliyunReport = z.object({
  phone_number: z.string().max(30),
  success: z.boolean(),
  biz_id: z.string().min(1).max(100),
  err_code: z.string().max(100).optional(),
  err_msg: z.string().max(200).optional(),
  report_time: z.string().max(40).optional(),
});

/** "2017-02-02 22:23:24" in China time, or null. */
export function reportTime(text: string | undefined): Date | null {
  const m = text ? /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text) : null;
  if (!m) return null;
  const at = new Date(`${m[1]}T${m[2]}+08:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * Record a push's reports: a sent message named by its provider id and phone becomes delivered (at the report's
 * time) or failed (with the provider's code and words). Unknown items are ignored; how many matched.
 */
export async function recordAliyunReports(query: Query, body: unknown, now: Date): Promise<number> {
  const items = Array.isArray(body) ? body.slice(0, 1000) : [];
  let matched = 0;
  for (const raw of items) {
    const item = ZAliyunReport.safeParse(raw);
    if (!item.success) continue;
    const r = item.data;
    const reason = r.success ? null : [r.err_code, r.err_msg].filter(Boolean).join(' ') || '发送失败';
    const rows = await query(
      `UPDATE invitation_messages SET state = $3, delivered_at = $4, reason = $5
       WHERE provider_id = $1 AND address = $2 AND channel = 'sms' AND state = 'sent' RETURNING id`,
      [r.biz_id, r.phone_number, r.success ? 'delivered' : 'failed', r.success ? (reportTime(r.report_time) ?? now) : null, reason],
    );
    matched += rows.length;
  }
  return matched;
}
