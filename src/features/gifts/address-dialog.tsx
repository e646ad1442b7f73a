import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { TGiftAddress } from '../../../schemas/api/coins';
import { isMobile } from '../../../schemas/phone';
import { areaListQuery } from '../../api/gifts';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import styles from './gifts-styles';

export const EMPTY_ADDRESS: TGiftAddress = { receiverName: '', receiverPhone: '', region: '', address: '' };

/** 省 / 市 / 区 from the area lists; typed instead when the lists cannot be loaded. A region already saved shows with 重新选择. */
function RegionPicker({ id, value, onChange, invalid }: { id: string; value: string; onChange: (region: string) => void; invalid: boolean }) {
  const [picked, setPicked] = useState<{ code: string; name: string }[]>([]);
  const [editing, setEditing] = useState(!value);
  const provinces = useQuery({ ...areaListQuery(null), enabled: editing });
  const cities = useQuery({ ...areaListQuery(picked[0]?.code ?? null), enabled: editing && !!picked[0] });
  const districts = useQuery({ ...areaListQuery(picked[1]?.code ?? null), enabled: editing && !!picked[1] });
  if (!editing)
    return (
      <div className={styles.regionSaved}>
        <span id={id}>{value}</span>
        <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
          重新选择
        </Button>
      </div>
    );
  if (provinces.isError)
    return (
      <input
        id={id}
        className={styles.input}
        value={value}
        maxLength={60}
        aria-invalid={invalid}
        placeholder="如：浙江省 杭州市 西湖区"
        onChange={(e) => onChange(e.target.value)}
      />
    );
  const levels = [
    { label: '省份', list: provinces.data ?? [], loading: provinces.isPending },
    { label: '城市', list: cities.data ?? [], loading: !!picked[0] && cities.isPending },
    { label: '区县', list: districts.data ?? [], loading: !!picked[1] && districts.isPending },
  ];
  const choose = (level: number, code: string) => {
    const area = levels[level]!.list.find((a) => a.code === code);
    const next = [...picked.slice(0, level), ...(area ? [area] : [])];
    setPicked(next);
    onChange(next.map((a) => a.name).join(' '));
  };
  return (
    <div className={styles.regionSelects}>
      {levels.map((level, i) =>
        i > 0 && picked.length >= i && !level.loading && level.list.length === 0 ? null : (
          <select
            key={level.label}
            id={i === 0 ? id : undefined}
            aria-label={level.label}
            aria-invalid={invalid}
            className={styles.input}
            value={picked[i]?.code ?? ''}
            disabled={i > picked.length || level.loading}
            onChange={(e) => choose(i, e.target.value)}
          >
            <option value="">{level.loading ? '加载中…' : `选择${level.label}`}</option>
            {level.list.map((a) => (
              <option key={a.code} value={a.code}>
                {a.name}
              </option>
            ))}
          </select>
        ),
      )}
    </div>
  );
}

type TErrors = Partial<Record<keyof TGiftAddress, string>>;

function checkAddress(a: TGiftAddress): TErrors {
  const errors: TErrors = {};
  if (!a.receiverName.trim()) errors.receiverName = '请填写收货人';
  if (!a.receiverPhone.trim()) errors.receiverPhone = '请填写手机号';
  else if (!isMobile(a.receiverPhone)) errors.receiverPhone = '手机号格式不正确';
  if (!a.region.trim()) errors.region = '请选择所在地区';
  if (!a.address.trim()) errors.address = '请填写详细地址';
  return errors;
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * 收货地址: 收货人, 手机号 (§5's rule), 所在地区, 详细地址. `onSubmit` gets the checked address; the dialog's owner
 * decides what follows (a confirmation before an exchange, or the save of a won gift's address).
 */
export function AddressDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  summary?: ReactNode;
  initial?: TGiftAddress;
  submitLabel: string;
  busy?: boolean;
  refusal?: string;
  onSubmit: (address: TGiftAddress) => void;
}) {
  const [address, setAddress] = useState<TGiftAddress>(props.initial ?? EMPTY_ADDRESS);
  const [errors, setErrors] = useState<TErrors>({});
  const base = useId();
  const set = (key: keyof TGiftAddress) => (value: string) => {
    setAddress((a) => ({ ...a, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkAddress(address);
    setErrors(found);
    if (Object.keys(found).length === 0) props.onSubmit({ ...address, receiverPhone: address.receiverPhone.trim() });
  };
  const formId = `${base}-form`;
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.title}
      width={460}
      footer={
        <>
          <Button onClick={() => props.onOpenChange(false)}>取消</Button>
          <Button variant="primary" type="submit" form={formId} disabled={props.busy}>
            {props.submitLabel}
          </Button>
        </>
      }
    >
      {props.summary}
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        <Field id={`${base}-name`} label="收货人" error={errors.receiverName}>
          <input
            id={`${base}-name`}
            className={styles.input}
            value={address.receiverName}
            maxLength={20}
            autoComplete="name"
            placeholder="收货人姓名"
            aria-invalid={!!errors.receiverName}
            onChange={(e) => set('receiverName')(e.target.value)}
          />
        </Field>
        <Field id={`${base}-phone`} label="手机号" error={errors.receiverPhone}>
          <input
            id={`${base}-phone`}
            className={styles.input}
            value={address.receiverPhone}
            maxLength={20}
            inputMode="tel"
            autoComplete="tel"
            placeholder="11 位手机号"
            aria-invalid={!!errors.receiverPhone}
            onChange={(e) => set('receiverPhone')(e.target.value)}
          />
        </Field>
        <Field id={`${base}-region`} label="所在地区" error={errors.region}>
          <RegionPicker id={`${base}-region`} value={address.region} onChange={set('region')} invalid={!!errors.region} />
        </Field>
        <Field id={`${base}-address`} label="详细地址" error={errors.address}>
          <textarea
            id={`${base}-address`}
            className={styles.input}
            value={address.address}
            maxLength={120}
            rows={2}
            placeholder="街道、门牌号、小区楼栋等"
            aria-invalid={!!errors.address}
            onChange={(e) => set('address')(e.target.value)}
          />
        </Field>
        {props.refusal ? (
          <p className={styles.refusal} role="alert">
            {props.refusal}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
