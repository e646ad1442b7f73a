import type { TContact, TContactField } from '../../../schemas/api/contacts';
import { formatDateTime } from '../../ui/format-time';

/** Which group the table shows: all, 未分组 (0) or a group. */
export type TGroupFilter = number | 'all';

/** What a shown column's cell says for a contact (text only: React escapes it, so "=1+1" and "<script>" stay text). */
export function cellOf(contact: TContact, field: TContactField): string {
  switch (field.key) {
    case 'name':
      return contact.name;
    case 'phone':
      return contact.phone;
    case 'email':
      return contact.email;
    case 'group':
      return contact.groupName || '未分组';
    case 'createTime':
      return formatDateTime(contact.createTime);
    default: {
      const v = contact.fields[String(field.key)];
      return v === undefined ? '' : String(v);
    }
  }
}

/** The send pages' address for a selection or a group (helper sms builds those pages). */
export function sendLink(kind: 'sms' | 'mail', target: { contactIds: number[] } | { groupId: number }): string {
  const base = kind === 'sms' ? '/sms/sendSms.html' : '/mail/sendMail.html';
  return 'contactIds' in target ? `${base}?contactIds=${target.contactIds.join(',')}` : `${base}?groupId=${target.groupId}`;
}
