import { normalizePhone } from '../../../schemas/phone';
import type { Query } from '../../db/client';

/**
 * SMS opt-out (issue 50 item 4): a contact answers an invitation with the provider's opt-out words (T, TD, 退订 …);
 * the provider pushes the reply (its uplink report) and the contact is opted out in every address book whose owner
 * sent that phone an SMS invitation. Replies that are not opt-outs are ignored.
 */
export const SMS_OPT_OUT_WORDS = ['T', 'TD', 'N', '退订', '退订短信', 'QX'];

export interface SmsUplink {
  phone: string;
  content: string;
}

const isOptOut = (content: string) => SMS_OPT_OUT_WORDS.includes(content.replace(/\s/g, '').toUpperCase());

/** Aliyun's SmsUp push: a JSON array of { phone_number, content, send_time, sign_name, dest_code, sequence_id }. */
export function readAliyunUplinks(body: unknown): SmsUplink[] | null {
  if (!Array.isArray(body)) return null;
  return body.flatMap((item: unknown) => {
    const r = (item ?? {}) as { phone_number?: unknown; content?: unknown };
    return typeof r.phone_number === 'string' && typeof r.content === 'string' ? [{ phone: r.phone_number, content: r.content }] : [];
  });
}

/** Opts out the contacts each opt-out reply matches; returns how many contacts were opted out now. */
export async function receiveSmsUplinks(query: Query, uplinks: SmsUplink[], now: Date): Promise<number> {
  let optedOut = 0;
  for (const uplink of uplinks.slice(0, 500)) {
    if (!isOptOut(uplink.content)) continue;
    const phone = normalizePhone(uplink.phone);
    const rows = await query(
      `UPDATE contacts c SET sms_opt_out_at = $2, updated_at = $2
        WHERE c.phone = $1 AND c.sms_opt_out_at IS NULL
          AND EXISTS (SELECT 1 FROM invitation_messages m WHERE m.contact_id = c.id AND m.channel = 'sms')
       RETURNING c.id`,
      [phone, now],
    );
    optedOut += rows.length;
  }
  return optedOut;
}
