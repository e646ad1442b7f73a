import type { TSubjectOf } from '../../../schemas/subjects/registry';
import { pointLabel } from '../../../schemas/subjects/types/scale';
import { cx, type TWidgetProps } from './shared';

const asNumber = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

interface TPointsProps {
  name: string;
  points: number[];
  value: number | undefined;
  onPick: (v: number | undefined) => void;
  labelOf?: (v: number) => string;
  describedBy: string | undefined;
  invalid: boolean;
  /** Stars fill up to the picked value. */
  stars?: boolean;
  colorOf?: (v: number) => string | undefined;
}

/** A row of radio points (scale, NPS, stars); clicking the picked point again clears it. */
export function Points({ name, points, value, onPick, labelOf, describedBy, invalid, stars, colorOf }: TPointsProps) {
  return (
    <div className={cx('r-points', stars && 'r-stars', points.length > 7 && 'is-dense')}>
      {points.map((v, i) => {
        const on = value === v;
        const lit = stars ? value !== undefined && v <= value : on;
        const label = labelOf?.(v);
        return (
          <label
            key={v}
            className={cx('r-point', lit && 'is-on', on && 'is-picked')}
            style={colorOf && on ? { background: colorOf(v), borderColor: colorOf(v) } : undefined}
          >
            <input
              type="radio"
              name={name}
              id={`${name}-p${i}`}
              checked={on}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              aria-label={stars ? `${v}星${label ? `，${label}` : ''}` : label ? `${v} ${label}` : String(v)}
              onChange={() => onPick(v)}
              onClick={(e) => {
                if (on && e.detail > 0) onPick(undefined);
              }}
            />
            {stars ? (
              <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden>
                <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.3L12 17.1l-5.7 3.1 1.2-6.3-4.7-4.4 6.4-.8z" />
              </svg>
            ) : (
              <span aria-hidden>{v}</span>
            )}
          </label>
        );
      })}
    </div>
  );
}

function Ends({ min, max }: { min?: string; max?: string }) {
  if (!min && !max) return null;
  return (
    <div className="r-ends" aria-hidden>
      <span>{min}</span>
      <span>{max}</span>
    </div>
  );
}

const range = (start: number, count: number) => Array.from({ length: count }, (_, i) => start + i);

export function Scale({ subject: s, value, onChange, base, describedBy, invalid }: TWidgetProps<TSubjectOf<19>>) {
  const points = range(s.start, s.points);
  const v = asNumber(value);
  const picked = v !== undefined ? pointLabel(s, v) : '';
  return (
    <div className="r-scale">
      <Points name={base} points={points} value={v} onPick={onChange} labelOf={(p) => pointLabel(s, p)} describedBy={describedBy} invalid={invalid} />
      <Ends min={s.labels?.[0] || s.minLabel} max={s.labels?.[s.points - 1] || s.maxLabel} />
      {picked ? <p className="r-picked">{picked}</p> : null}
    </div>
  );
}

const npsColor = (v: number) => (v <= 6 ? '#f53f3f' : v <= 8 ? '#ff7d00' : '#00b42a');

export function Nps({ subject: s, value, onChange, base, describedBy, invalid }: TWidgetProps<TSubjectOf<22>>) {
  return (
    <div className="r-scale">
      <Points name={base} points={range(0, 11)} value={asNumber(value)} onPick={onChange} describedBy={describedBy} invalid={invalid} colorOf={npsColor} />
      <Ends min={s.minLabel} max={s.maxLabel} />
    </div>
  );
}

const STAR_WORDS = ['很差', '较差', '一般', '较好', '很好'];

export function Rating({ subject: s, value, onChange, base, describedBy, invalid }: TWidgetProps<TSubjectOf<23>>) {
  const v = asNumber(value);
  return (
    <div className="r-rating">
      <Points name={base} points={range(1, s.stars)} value={v} onPick={onChange} describedBy={describedBy} invalid={invalid} stars />
      {v !== undefined ? <span className="r-picked">{s.stars === 5 ? STAR_WORDS[v - 1] : `${v}/${s.stars}`}</span> : null}
    </div>
  );
}

export function Slider({ subject: s, value, onChange, labelledBy, describedBy, invalid }: TWidgetProps<TSubjectOf<24>>) {
  const v = asNumber(value);
  const mid = s.min + Math.round((s.max - s.min) / 2 / s.step) * s.step;
  const shown = v ?? mid;
  const percent = ((shown - s.min) / (s.max - s.min)) * 100;
  return (
    <div className={cx('r-slider', v === undefined && 'is-empty')}>
      <div className="r-slider-value" aria-hidden>
        {v === undefined ? '拖动滑块选择' : v}
      </div>
      <input
        type="range"
        min={s.min}
        max={s.max}
        step={s.step}
        value={shown}
        style={{ backgroundSize: `${percent}% 100%` }}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-valuetext={v === undefined ? '未选择' : String(v)}
        onChange={(e) => onChange(Number(e.target.value))}
        // A click on the thumb at its resting place still counts as an answer.
        onPointerUp={(e) => v === undefined && onChange(Number((e.target as HTMLInputElement).value))}
      />
      <div className="r-ends" aria-hidden>
        <span>{s.minLabel ?? s.min}</span>
        <span>{s.maxLabel ?? s.max}</span>
      </div>
    </div>
  );
}

type TPart = { evaluateType: 1; score: number } | { evaluateType: 2; labelTitle: string } | { evaluateType: 3; answerContent: string };

export function Evaluation({ subject: s, value, onChange, base, describedBy, invalid }: TWidgetProps<TSubjectOf<38>>) {
  const parts: TPart[] = Array.isArray(value) ? (value as TPart[]) : [];
  const score = parts.find((p): p is Extract<TPart, { evaluateType: 1 }> => p.evaluateType === 1)?.score;
  const labels = parts.filter((p): p is Extract<TPart, { evaluateType: 2 }> => p.evaluateType === 2).map((p) => p.labelTitle);
  const comment = parts.find((p): p is Extract<TPart, { evaluateType: 3 }> => p.evaluateType === 3)?.answerContent ?? '';
  const build = (next: { score?: number; labels?: string[]; comment?: string }): TPart[] => {
    const sc = 'score' in next ? next.score : score;
    const out: TPart[] = [];
    if (sc !== undefined) out.push({ evaluateType: 1, score: sc });
    (next.labels ?? labels).forEach((labelTitle) => out.push({ evaluateType: 2, labelTitle }));
    const c = next.comment ?? comment;
    if (c) out.push({ evaluateType: 3, answerContent: c });
    return out;
  };
  return (
    <div className="r-eval">
      <Points
        name={base}
        points={range(1, s.maxScore)}
        value={score}
        onPick={(v) => onChange(build({ score: v }))}
        describedBy={describedBy}
        invalid={invalid}
        stars
      />
      {s.labels.length ? (
        <div className="r-tags" role="group" aria-label="评价标签">
          {s.labels.map((l) => {
            const on = labels.includes(l.title);
            return (
              <button
                key={l.uuid}
                type="button"
                className={cx('r-tag', on && 'is-on')}
                aria-pressed={on}
                onClick={() => onChange(build({ labels: on ? labels.filter((x) => x !== l.title) : [...labels, l.title] }))}
              >
                {l.title}
              </button>
            );
          })}
        </div>
      ) : null}
      {s.allowComment ? (
        <textarea
          className="r-input"
          rows={3}
          maxLength={s.commentMaxLength}
          aria-label="评价内容"
          placeholder="说说您的评价（选填）"
          value={comment}
          onChange={(e) => onChange(build({ comment: e.target.value }))}
        />
      ) : null}
    </div>
  );
}
