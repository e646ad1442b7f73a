import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  CONTACT_FIELD_KIND_NAMES,
  CONTACT_FIELD_KINDS,
  CONTACT_LIMITS,
  type TContactField,
  type TContactFieldKindName,
  type TFieldKey,
} from '../../../schemas/api/contacts';
import { resetShownFields, saveCustomField, saveShownFields } from '../../api/contacts';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { toast } from '../../ui/toast';
import styles from './contacts-styles';

interface TProps {
  open: boolean;
  fields: TContactField[];
  shown: TContactField[];
  onClose: () => void;
  onChanged: () => void;
}

/** 字段设置: the custom fields (add, remove) and which columns the table shows, in which order. */
export function FieldSettingsDialog(props: TProps) {
  return (
    <Dialog open={props.open} onOpenChange={(open) => (open ? null : props.onClose())} title="字段设置" width={640}>
      <div className={styles.settings}>
        <CustomFields fields={props.fields.filter((f) => !f.builtin)} onChanged={props.onChanged} />
        <ShownColumns key={props.shown.map((f) => f.key).join() + props.fields.length} {...props} />
      </div>
    </Dialog>
  );
}

function CustomFields({ fields, onChanged }: { fields: TContactField[]; onChanged: () => void }) {
  const [name, setName] = useState('');
  const [kind, setKind] = useState<TContactFieldKindName>('text');
  const [options, setOptions] = useState('');
  const [required, setRequired] = useState(false);
  const add = () =>
    saveCustomField({
      name: name.trim(),
      kind,
      required,
      options: options
        .split(/[\n,，、]/)
        .map((o) => o.trim())
        .filter(Boolean),
    })
      .then(() => {
        toast.success('已添加字段');
        setName('');
        setOptions('');
        setRequired(false);
        onChanged();
      })
      .catch(() => undefined);
  const remove = (f: TContactField) =>
    saveCustomField({ fieldId: Number(f.key), remove: true, name: f.name })
      .then(() => (toast.success(`已删除字段“${f.name}”`), onChanged()))
      .catch(() => undefined);
  return (
    <section aria-label="自定义字段">
      <h3 className={styles.sectionTitle}>
        自定义字段（{fields.length}/{CONTACT_LIMITS.fields}）
      </h3>
      {fields.length ? (
        <ul className={styles.fieldRows}>
          {fields.map((f) => (
            <li key={String(f.key)} className={styles.fieldRow}>
              <span className={styles.groupLabel}>{f.name}</span>
              <span className={styles.muted}>
                {CONTACT_FIELD_KIND_NAMES[f.kind]}
                {f.kind === 'choice' ? `：${f.options.join('、')}` : ''}
                {f.required ? ' · 必填' : ''}
              </span>
              <Button size="sm" variant="ghost" icon aria-label={`删除字段 ${f.name}`} onClick={() => void remove(f)}>
                <Trash2 size={13} aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.hint}>还没有自定义字段。可添加如“工号”“部门”“生日”等，导入时可对应到Excel的列。</p>
      )}
      <div className={styles.addField}>
        <input className={styles.input} aria-label="字段名称" placeholder="字段名称" maxLength={20} value={name} onChange={(e) => setName(e.target.value)} />
        <select className={styles.select} aria-label="字段类型" value={kind} onChange={(e) => setKind(e.target.value as TContactFieldKindName)}>
          {CONTACT_FIELD_KINDS.map((k) => (
            <option key={k} value={k}>
              {CONTACT_FIELD_KIND_NAMES[k]}
            </option>
          ))}
        </select>
        <label className={styles.inline}>
          <input type="checkbox" checked={required} onChange={(e) => setRequired(e.target.checked)} />
          必填
        </label>
        <Button variant="primary" disabled={!name.trim() || (kind === 'choice' && !options.trim())} onClick={() => void add()}>
          添加字段
        </Button>
      </div>
      {kind === 'choice' ? (
        <input
          className={styles.input}
          aria-label="选项"
          placeholder="选项，用逗号隔开，例如：A类,B类,C类"
          value={options}
          onChange={(e) => setOptions(e.target.value)}
        />
      ) : null}
    </section>
  );
}

function ShownColumns({ fields, shown, onChanged, onClose }: TProps) {
  const [order, setOrder] = useState<TFieldKey[]>(() => [
    ...shown.map((f) => f.key as TFieldKey),
    ...fields.filter((f) => !shown.some((s) => s.key === f.key)).map((f) => f.key as TFieldKey),
  ]);
  const [on, setOn] = useState<ReadonlySet<TFieldKey>>(() => new Set(shown.map((f) => f.key as TFieldKey)));
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const moveBy = (i: number, by: number) =>
    setOrder((o) => {
      const next = [...o];
      const [k] = next.splice(i, 1);
      next.splice(i + by, 0, k!);
      return next;
    });
  const flip = (k: TFieldKey) => setOn((s) => (s.has(k) ? new Set([...s].filter((x) => x !== k)) : new Set([...s, k])));
  const save = () =>
    saveShownFields(order.filter((k) => on.has(k)))
      .then(() => (toast.success('已保存显示的列'), onChanged(), onClose()))
      .catch(() => undefined);
  const reset = () =>
    resetShownFields()
      .then(() => (toast.success('已恢复默认'), onChanged()))
      .catch(() => undefined);
  return (
    <section aria-label="显示的列">
      <h3 className={styles.sectionTitle}>显示的列</h3>
      <ul className={styles.fieldRows}>
        {order.map((k, i) => (
          <li key={String(k)} className={styles.fieldRow}>
            <label className={styles.inline}>
              <input type="checkbox" checked={on.has(k)} onChange={() => flip(k)} />
              {byKey.get(k)?.name ?? k}
            </label>
            <span className={styles.groupTools}>
              <Button size="sm" variant="ghost" icon aria-label={`上移 ${byKey.get(k)?.name}`} disabled={i === 0} onClick={() => moveBy(i, -1)}>
                <ArrowUp size={13} aria-hidden />
              </Button>
              <Button size="sm" variant="ghost" icon aria-label={`下移 ${byKey.get(k)?.name}`} disabled={i === order.length - 1} onClick={() => moveBy(i, 1)}>
                <ArrowDown size={13} aria-hidden />
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <div className={styles.tools}>
        <Button variant="primary" disabled={!on.size} onClick={() => void save()}>
          保存显示的列
        </Button>
        <Button onClick={() => void reset()}>恢复默认</Button>
      </div>
    </section>
  );
}
