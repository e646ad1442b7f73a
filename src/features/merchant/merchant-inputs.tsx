import { ImagePlus, LoaderCircle, Trash2 } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { readPath } from '../../../machines/merchant-onboarding/merchant-onboarding.operations';
import { LONG_TERM } from '../../../schemas/merchant/constants';
import { cx } from '../../ui/cx';
import { DateTimeField } from '../../ui/date-time-field';
import { toast } from '../../ui/toast';
import { Row, useFieldValue, useForm } from './merchant-form';
import styles from './merchant-form.module.css';
import { PICTURE_ACCEPT, pictureToDataUrl } from './picture';

interface TPeriodProps {
  label: string;
  beginPath: string;
  endPath: string;
  required?: boolean;
  beginLabel?: string;
  endLabel?: string;
}

/** A validity period: two dates, the end may be 长期 (long-term). */
export function PeriodInput({ label, beginPath, endPath, required, beginLabel = '开始日期', endLabel = '结束日期' }: TPeriodProps) {
  const { errors, change } = useForm();
  const begin = useFieldValue(beginPath);
  const end = useFieldValue(endPath);
  const id = useId();
  const longTerm = end === LONG_TERM;
  return (
    <Row label={label} required={required} paths={[beginPath, endPath]} id={id}>
      <div className={styles.period} role="group" aria-labelledby={`${id}-label`}>
        <DateTimeField
          mode="date"
          className={cx(styles.input, styles.date)}
          label={`${label}${beginLabel}`}
          value={begin}
          max="2999-12-31"
          invalid={Boolean(errors[beginPath])}
          onChange={(value) => change(beginPath, value)}
        />
        <span className={styles.periodDash} aria-hidden>
          至
        </span>
        <DateTimeField
          mode="date"
          className={cx(styles.input, styles.date)}
          label={`${label}${endLabel}`}
          value={longTerm ? '' : end}
          max="2999-12-31"
          disabled={longTerm}
          invalid={Boolean(errors[endPath])}
          onChange={(value) => change(endPath, value)}
        />
        <label className={styles.check}>
          <input type="checkbox" checked={longTerm} onChange={(event) => change(endPath, event.target.checked ? LONG_TERM : '')} />
          长期
        </label>
      </div>
    </Row>
  );
}

interface TPictureProps {
  label: string;
  path: string;
  required?: boolean;
  hint?: string;
  /** Under the box: what the picture shows (人像面, 国徽面 …). */
  caption?: string;
}

function usePicturePicker(onPicked: (url: string) => void) {
  const [busy, setBusy] = useState(false);
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      onPicked(await pictureToDataUrl(file));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : '图片上传失败');
    } finally {
      setBusy(false);
    }
  };
  return { busy, pick };
}

function PictureBox({
  label,
  value,
  busy,
  invalid,
  onPick,
  onRemove,
  caption,
}: {
  label: string;
  value: string;
  busy: boolean;
  invalid: boolean;
  onPick: (event: ChangeEvent<HTMLInputElement>) => void;
  onRemove: () => void;
  caption?: string;
}) {
  const id = useId();
  return (
    <div className={styles.pictureItem}>
      <div className={cx(styles.picture, invalid && styles.pictureInvalid, value && styles.pictureFilled)}>
        {value ? <img src={value} alt={label} className={styles.pictureImage} /> : null}
        <label htmlFor={id} className={styles.pictureLabel}>
          {busy ? <LoaderCircle size={22} className={styles.spin} aria-hidden /> : value ? null : <ImagePlus size={24} strokeWidth={1.6} aria-hidden />}
          <span className={value ? styles.pictureReplace : styles.pictureText}>{busy ? '处理中…' : value ? '重新上传' : '上传图片'}</span>
        </label>
        <input id={id} type="file" accept={PICTURE_ACCEPT} className="visually-hidden" aria-label={label} onChange={onPick} disabled={busy} />
        {value ? (
          <button type="button" className={styles.pictureRemove} aria-label={`删除${label}`} onClick={onRemove}>
            <Trash2 size={14} aria-hidden />
          </button>
        ) : null}
      </div>
      {caption ? <span className={styles.pictureCaption}>{caption}</span> : null}
    </div>
  );
}

/** One picture (spec §5 "please upload a picture"): chosen, shrunk in the browser and kept as a data URL. */
export function PictureInput({ label, path, required, hint, caption }: TPictureProps) {
  const { errors, change } = useForm();
  const value = useFieldValue(path);
  const { busy, pick } = usePicturePicker((url) => change(path, url));
  return (
    <Row label={label} required={required} hint={hint ?? '支持 JPG、PNG，10MB 以内，请保证四角完整、文字清晰'} paths={[path]}>
      <PictureBox label={label} value={value} busy={busy} invalid={Boolean(errors[path])} onPick={pick} onRemove={() => change(path, '')} caption={caption} />
    </Row>
  );
}

/** Two pictures side by side under one label (ID card front and back). */
export function PicturePair({ label, items, required }: { label: string; required?: boolean; items: Array<{ path: string; label: string; caption: string }> }) {
  const { errors, change } = useForm();
  return (
    <Row label={label} required={required} hint="支持 JPG、PNG，10MB 以内，请保证四角完整、文字清晰" paths={items.map((item) => item.path)}>
      <div className={styles.pictureRow}>
        {items.map((item) => (
          <PairItem key={item.path} item={item} invalid={Boolean(errors[item.path])} onChange={(url) => change(item.path, url)} />
        ))}
      </div>
    </Row>
  );
}

function PairItem({ item, invalid, onChange }: { item: { path: string; label: string; caption: string }; invalid: boolean; onChange: (url: string) => void }) {
  const value = useFieldValue(item.path);
  const { busy, pick } = usePicturePicker(onChange);
  return <PictureBox label={item.label} value={value} busy={busy} invalid={invalid} onPick={pick} onRemove={() => onChange('')} caption={item.caption} />;
}

/** Several pictures in one list field (金融机构许可证). */
export function PictureList({ label, path, max, required }: { label: string; path: string; max: number; required?: boolean }) {
  const { draft, errors, change } = useForm();
  const found = readPath(draft, path);
  const list = Array.isArray(found) ? (found as string[]) : [];
  const { busy, pick } = usePicturePicker((url) => change(path, [...list, url]));
  const replace = (index: number, url: string) => change(path, url ? list.map((item, i) => (i === index ? url : item)) : list.filter((_, i) => i !== index));
  return (
    <Row label={label} required={required} hint={`最多 ${max} 张，支持 JPG、PNG`} paths={[path]}>
      <div className={styles.pictureRow}>
        {list.map((url, i) => (
          <ListItem key={i} label={`${label}${i + 1}`} value={url} onChange={(next) => replace(i, next)} />
        ))}
        {list.length < max ? <PictureBox label={label} value="" busy={busy} invalid={Boolean(errors[path])} onPick={pick} onRemove={() => {}} /> : null}
      </div>
    </Row>
  );
}

function ListItem({ label, value, onChange }: { label: string; value: string; onChange: (url: string) => void }) {
  const { busy, pick } = usePicturePicker(onChange);
  return <PictureBox label={label} value={value} busy={busy} invalid={false} onPick={pick} onRemove={() => onChange('')} />;
}
