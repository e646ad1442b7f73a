import type { TContact, TContactField } from '../../../schemas/api/contacts';
import { Button } from '../../ui/button';
import { StatusPill } from '../../ui/status-pill';
import { cellOf } from './contact-view';
import styles from './contacts-styles';

/** 邮件已退订 / 短信已退订: the contact said no to that channel; the send pages skip them, and only they can undo it. */
export function OptOutTags({ contact }: { contact: Pick<TContact, 'emailOptOut' | 'smsOptOut'> }) {
  if (!contact.emailOptOut && !contact.smsOptOut) return null;
  return (
    <span className={styles.tags}>
      {contact.emailOptOut ? <StatusPill tone="neutral">邮件已退订</StatusPill> : null}
      {contact.smsOptOut ? <StatusPill tone="neutral">短信已退订</StatusPill> : null}
    </span>
  );
}

interface TRowProps {
  contact: TContact;
  shown: TContactField[];
  checked: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onHistory: () => void;
}

/** One contact in the shown columns; the first column carries the opt-out tags, the name opens the 记录 drawer. */
export function ContactRow({ contact: c, shown, checked, onToggle, onEdit, onHistory }: TRowProps) {
  return (
    <tr>
      <td>
        <input type="checkbox" aria-label={`选择 ${c.name}`} checked={checked} onChange={onToggle} />
      </td>
      {shown.map((f, i) => {
        const text = cellOf(c, f);
        return (
          <td key={String(f.key)} className={f.key === 'name' ? styles.nameCell : undefined}>
            {f.key === 'name' ? (
              <button type="button" className={styles.nameLink} onClick={onHistory} title="查看邀请记录">
                {text}
              </button>
            ) : (
              text || <span className={styles.muted}>—</span>
            )}
            {i === 0 ? <OptOutTags contact={c} /> : null}
          </td>
        );
      })}
      <td className={styles.actions}>
        <Button size="sm" variant="ghost" onClick={onHistory} aria-label={`${c.name} 的邀请记录`}>
          记录
        </Button>
        <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`编辑 ${c.name}`}>
          编辑
        </Button>
      </td>
    </tr>
  );
}
