import { useState } from 'react';
import type { TContact, TContactField, TContactGroup } from '../../../schemas/api/contacts';
import { readContact, type TFieldDef } from '../../../schemas/contacts/contact-rules';
import { saveContact } from '../../api/contacts';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { toast } from '../../ui/toast';
import styles from './contacts-styles';

interface TProps {
  contact: TContact | 'new' | null;
  groups: TContactGroup[];
  fields: TContactField[];
  defaultGroup: number | null;
  onClose: () => void;
  onSaved: () => void;
}

const defsOf = (fields: TContactField[]): TFieldDef[] =>
  fields.flatMap((f) => (f.builtin ? [] : [{ id: Number(f.key), name: f.name, kind: f.kind, options: f.options, required: f.required }]));

/** 新建联系人 / 编辑联系人: name, phone, e-mail, group and each custom field by its kind, checked as the server checks. */
export function ContactDialog(props: TProps) {
  const key = props.contact === null ? 'closed' : props.contact === 'new' ? 'new' : props.contact.contactId;
  return <ContactForm key={key} {...props} />;
}

function ContactForm({ contact, groups, fields, defaultGroup, onClose, onSaved }: TProps) {
  const editing = contact && contact !== 'new' ? contact : null;
  const [form, setForm] = useState(() => ({
    name: editing?.name ?? '',
    phone: editing?.phone ?? '',
    email: editing?.email ?? '',
    groupId: editing ? editing.groupId : defaultGroup,
    fields: Object.fromEntries(Object.entries(editing?.fields ?? {}).map(([k, v]) => [k, String(v)])) as Record<string, string>,
  }));
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const defs = defsOf(fields);
  const set = (patch: Partial<typeof form>) => (setProblem(''), setForm((f) => ({ ...f, ...patch })));
  const setField = (id: number, value: string) => set({ fields: { ...form.fields, [String(id)]: value } });
  const submit = () => {
    const read = readContact(form, defs);
    if (!read.ok) return setProblem(read.message);
    setBusy(true);
    saveContact({ contactId: editing?.contactId, ...form })
      .then(() => {
        toast.success(editing ? '已保存' : '已添加联系人');
        onSaved();
        onClose();
      })
      .catch((e: Error) => setProblem(e.message))
      .finally(() => setBusy(false));
  };
  return (
    <Dialog
      open={contact !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={editing ? '编辑联系人' : '新建联系人'}
      width={480}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" disabled={busy} onClick={submit}>
            保存
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <TextInput label="姓名" required value={form.name} max={50} onChange={(name) => set({ name })} />
        <TextInput label="手机号" value={form.phone} max={30} inputMode="tel" onChange={(phone) => set({ phone })} />
        <TextInput label="邮箱" value={form.email} max={100} inputMode="email" onChange={(email) => set({ email })} />
        <label className={styles.field}>
          <span className={styles.fieldLabel}>分组</span>
          <select className={styles.select} value={form.groupId ?? ''} onChange={(e) => set({ groupId: e.target.value ? Number(e.target.value) : null })}>
            <option value="">未分组</option>
            {groups.map((g) => (
              <option key={g.groupId} value={g.groupId}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
        {defs.map((d) => (
          <CustomInput key={d.id} def={d} value={form.fields[String(d.id)] ?? ''} onChange={(v) => setField(d.id, v)} />
        ))}
        <p className={styles.hint}>手机号和邮箱至少填写一项，用于发送短信或邮件邀请。</p>
        {problem ? (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}

function TextInput(props: { label: string; value: string; max: number; required?: boolean; inputMode?: 'tel' | 'email'; onChange: (v: string) => void }) {
  return (
    <label className={styles.field}>
      <span className={styles.fieldLabel}>
        {props.label}
        {props.required ? <span className={styles.required}> *</span> : null}
      </span>
      <input className={styles.input} value={props.value} maxLength={props.max} inputMode={props.inputMode} onChange={(e) => props.onChange(e.target.value)} />
    </label>
  );
}

function CustomInput({ def, value, onChange }: { def: TFieldDef; value: string; onChange: (v: string) => void }) {
  const label = (
    <span className={styles.fieldLabel}>
      {def.name}
      {def.required ? <span className={styles.required}> *</span> : null}
    </span>
  );
  if (def.kind === 'choice') {
    return (
      <label className={styles.field}>
        {label}
        <select className={styles.select} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">请选择</option>
          {def.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      </label>
    );
  }
  const type = def.kind === 'date' ? 'date' : 'text';
  return (
    <label className={styles.field}>
      {label}
      <input
        className={styles.input}
        type={type}
        inputMode={def.kind === 'number' ? 'decimal' : undefined}
        value={value}
        maxLength={200}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
