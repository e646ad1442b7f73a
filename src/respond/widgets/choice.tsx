import type { TOption } from '../../../schemas/subjects/base';
import type { TSubjectOf } from '../../../schemas/subjects/registry';
import { isSafeUrl } from '../../../schemas/rich-text/allow-list';
import { Hint, cx, own, type TWidgetProps } from './shared';

export interface TChoiceValue {
  optionIds: string[];
  texts?: Record<string, string>;
}

export function asChoice(v: unknown): TChoiceValue {
  if (v && typeof v === 'object' && Array.isArray((v as TChoiceValue).optionIds)) return v as TChoiceValue;
  return { optionIds: [] };
}

/** Picking `option`: single replaces; multiple toggles, and an exclusive option clears the others (and back). */
export function pick(value: TChoiceValue, option: TOption, multiple: boolean, options: readonly TOption[]): TChoiceValue {
  const ids = value.optionIds;
  if (!multiple) return { ...value, optionIds: [option.uuid] };
  if (ids.includes(option.uuid)) return { ...value, optionIds: ids.filter((id) => id !== option.uuid) };
  if (option.exclusive) return { ...value, optionIds: [option.uuid] };
  const exclusive = new Set(options.filter((o) => o.exclusive).map((o) => o.uuid));
  return { ...value, optionIds: [...ids.filter((id) => !exclusive.has(id)), option.uuid] };
}

interface TChoiceListProps extends TWidgetProps {
  options: readonly TOption[];
  multiple: boolean;
  everyOptionFillIn?: boolean;
  maxPicks?: number;
  minPicks?: number;
  images?: boolean;
}

export function ChoiceList({
  options,
  multiple,
  everyOptionFillIn,
  maxPicks,
  minPicks,
  images,
  value,
  onChange,
  hidden,
  base,
  describedBy,
  invalid,
}: TChoiceListProps) {
  const answer = asChoice(value);
  const shown = options.filter((o) => !o.hidden && !hidden.has(o.uuid));
  const full = multiple && maxPicks !== undefined && answer.optionIds.length >= maxPicks;
  const setText = (id: string, text: string) => onChange({ ...answer, texts: { ...answer.texts, [id]: text } });
  const limits =
    multiple && (minPicks || maxPicks)
      ? minPicks && maxPicks
        ? minPicks === maxPicks
          ? `请选择${minPicks}项`
          : `请选择${minPicks}–${maxPicks}项`
        : minPicks
          ? `至少选择${minPicks}项`
          : `最多选择${maxPicks}项`
      : null;
  return (
    <>
      {limits ? <Hint>{limits}</Hint> : null}
      <div className={cx('r-opts', images && 'r-opts-images')}>
        {shown.map((o, i) => {
          const on = answer.optionIds.includes(o.uuid);
          const fill = (o.fillIn || everyOptionFillIn) && on;
          const id = `${base}-o${i}`;
          return (
            <div key={o.uuid} className={cx('r-opt-wrap', images && 'r-img-wrap')}>
              <label className={cx('r-opt', on && 'is-on', images && 'r-img-opt', full && !on && 'is-off')} htmlFor={id}>
                <input
                  id={id}
                  type={multiple ? 'checkbox' : 'radio'}
                  name={base}
                  checked={on}
                  disabled={full && !on}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  onChange={() => onChange(pick(answer, o, multiple, options))}
                  onClick={(e) => {
                    // A radio can be unpicked by clicking it again (answers are optional unless required).
                    if (!multiple && on && e.detail > 0) onChange({ ...answer, optionIds: [] });
                  }}
                />
                {images ? (
                  <span className="r-img-box">
                    {o.image && isSafeUrl(o.image) ? (
                      <img src={o.image} alt="" loading="lazy" />
                    ) : (
                      <span className="r-img-none" aria-hidden>
                        🖼
                      </span>
                    )}
                  </span>
                ) : null}
                <span className={cx('r-ind', multiple && 'is-box')} aria-hidden />
                <span className="r-opt-text">{o.title}</span>
              </label>
              {fill ? (
                <input
                  className="r-input r-fill"
                  aria-label={`“${o.title}”的补充内容${o.fillInRequired ? '（必填）' : ''}`}
                  placeholder={o.fillInRequired ? '请填写（必填）' : '请填写'}
                  maxLength={500}
                  value={own(answer.texts ?? {}, o.uuid) ?? ''}
                  onChange={(e) => setText(o.uuid, e.target.value)}
                />
              ) : null}
            </div>
          );
        })}
      </div>
    </>
  );
}

export function SingleChoice(p: TWidgetProps<TSubjectOf<1>>) {
  return <ChoiceList {...p} options={p.subject.options} multiple={false} />;
}
export function MultipleChoice(p: TWidgetProps<TSubjectOf<2>>) {
  return <ChoiceList {...p} options={p.subject.options} multiple minPicks={p.subject.minPicks} maxPicks={p.subject.maxPicks} />;
}
export function ImageChoice(p: TWidgetProps<TSubjectOf<5>>) {
  const s = p.subject;
  return <ChoiceList {...p} options={s.options} multiple={s.multiple} minPicks={s.minPicks} maxPicks={s.maxPicks} images />;
}
export function OptionFill(p: TWidgetProps<TSubjectOf<8>>) {
  return <ChoiceList {...p} options={p.subject.options} multiple={false} everyOptionFillIn />;
}

export function Dropdown(p: TWidgetProps<TSubjectOf<3>>) {
  const s = p.subject;
  if (s.multiple) return <ChoiceList {...p} options={s.options} multiple minPicks={s.minPicks} maxPicks={s.maxPicks} />;
  const answer = asChoice(p.value);
  const shown = s.options.filter((o) => !o.hidden && !p.hidden.has(o.uuid));
  const picked = shown.find((o) => o.uuid === answer.optionIds[0]);
  return (
    <>
      <div className="r-select">
        <select
          aria-labelledby={p.labelledBy}
          aria-describedby={p.describedBy}
          aria-invalid={p.invalid || undefined}
          value={picked?.uuid ?? ''}
          onChange={(e) => p.onChange({ ...answer, optionIds: e.target.value ? [e.target.value] : [] })}
        >
          <option value="">请选择</option>
          {shown.map((o) => (
            <option key={o.uuid} value={o.uuid}>
              {o.title}
            </option>
          ))}
        </select>
      </div>
      {picked?.fillIn ? (
        <input
          className="r-input r-fill"
          aria-label={`“${picked.title}”的补充内容`}
          placeholder="请填写"
          maxLength={500}
          value={own(answer.texts ?? {}, picked.uuid) ?? ''}
          onChange={(e) => p.onChange({ ...answer, texts: { ...answer.texts, [picked.uuid]: e.target.value } })}
        />
      ) : null}
    </>
  );
}
