import { useEffect, useState } from 'react';
import type { TArea } from '../../../schemas/api/region';
import type { TSubjectOf } from '../../../schemas/subjects/registry';
import { knownAreas, loadAreas } from '../areas';
import { asRecord, own, type TWidgetProps } from './shared';

const PARTS = ['province', 'city', 'district'] as const;
type TPart = (typeof PARTS)[number];
const LABELS: Record<TPart, string> = { province: '省份', city: '城市', district: '区县' };
const EXAMPLES: Record<TPart, string> = { province: '如：浙江省', city: '如：杭州市', district: '如：西湖区' };

/** A level's list: not asked yet (nothing chosen above), on its way, here, or not available (then the level is typed). */
type TLevel = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; list: TArea[] } | { status: 'failed' };
const ROOT = 'root';

/** The list below `parent` (ROOT: the provinces); null asks nothing. Lists come from the session's cache when they can. */
function useAreas(parent: string | null): TLevel {
  const [answer, setAnswer] = useState<{ parent: string; level: TLevel } | null>(null);
  const known = parent === null ? undefined : knownAreas(parent === ROOT ? undefined : parent);
  useEffect(() => {
    if (parent === null || known) return;
    let live = true;
    loadAreas(parent === ROOT ? undefined : parent).then(
      (list) => live && setAnswer({ parent, level: { status: 'ready', list } }),
      () => live && setAnswer({ parent, level: { status: 'failed' } }),
    );
    return () => {
      live = false;
    };
  }, [parent, known]);
  if (parent === null) return { status: 'idle' };
  if (known) return { status: 'ready', list: known };
  return answer?.parent === parent ? answer.level : { status: 'loading' };
}

/** Select when the level has a list; typed when the list is empty (台湾省, 东莞市 …) or could not be loaded. */
function typed(level: TLevel): boolean {
  return level.status === 'failed' || (level.status === 'ready' && level.list.length === 0);
}

/** The code of the chosen name, when the level is a list and the name is on it (children are asked by code). */
function codeOf(level: TLevel, name: string): string | null {
  if (level.status !== 'ready' || !name) return null;
  return level.list.find((area) => area.name === name)?.code ?? null;
}

/**
 * Region subject (type 4): province → city → district from question/region/getAreaList, down to the subject's
 * level, then the detailed address when asked for. A level whose list is empty or fails to load is typed instead.
 * The answer keeps names (what reports show, "浙江省  杭州市  西湖区").
 */
export function Region({ subject: s, value, onChange, base, describedBy, invalid }: TWidgetProps<TSubjectOf<4>>) {
  const a = asRecord<string>(value);
  const depth = PARTS.indexOf(s.level);
  const picked = (part: TPart) => own(a, part) ?? '';

  const provinces = useAreas(ROOT);
  const provinceCode = codeOf(provinces, picked('province'));
  // A level below a typed one, or below a name the list does not have (an older draft), is typed too.
  const cityTyped = typed(provinces) || (Boolean(picked('province')) && provinces.status === 'ready' && !provinceCode);
  const cities = useAreas(depth >= 1 && provinceCode ? provinceCode : null);
  const cityCode = codeOf(cities, picked('city'));
  const districtTyped = cityTyped || typed(cities) || (Boolean(picked('city')) && cities.status === 'ready' && !cityCode);
  const districts = useAreas(depth >= 2 && cityCode ? cityCode : null);

  const levels: Record<TPart, { level: TLevel; typed: boolean; waitingFor?: string }> = {
    province: { level: provinces, typed: typed(provinces) },
    city: { level: cities, typed: cityTyped || typed(cities), waitingFor: '请先选择省份' },
    district: { level: districts, typed: districtTyped || typed(districts), waitingFor: '请先选择城市' },
  };

  /** Picking from a list clears the levels below it; typing changes only its own level. */
  const set = (part: TPart | 'detail', text: string, fromList: boolean) => {
    const next: Record<string, string> = { ...a, [part]: text };
    if (fromList && part !== 'detail') for (const below of PARTS.slice(PARTS.indexOf(part) + 1)) delete next[below];
    onChange(next);
  };

  return (
    <div className="r-region">
      {PARTS.slice(0, depth + 1).map((part) => {
        const { level, typed: isTyped, waitingFor } = levels[part];
        const id = `${base}-${part[0]}`;
        const current = picked(part);
        const common = { id, 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined };
        return (
          <label key={part} className="r-blank" htmlFor={id}>
            <span className="r-blank-label">{LABELS[part]}</span>
            {isTyped ? (
              <input
                {...common}
                className="r-input"
                maxLength={50}
                placeholder={`请输入${LABELS[part]}，${EXAMPLES[part]}`}
                value={current}
                onChange={(e) => set(part, e.target.value, false)}
              />
            ) : (
              <span className="r-select">
                <select {...common} value={current} disabled={level.status !== 'ready'} onChange={(e) => set(part, e.target.value, true)}>
                  {level.status === 'ready' ? (
                    <>
                      <option value="">请选择{LABELS[part]}</option>
                      {current && !level.list.some((area) => area.name === current) ? <option value={current}>{current}</option> : null}
                      {level.list.map((area) => (
                        <option key={area.code} value={area.name}>
                          {area.name}
                        </option>
                      ))}
                    </>
                  ) : (
                    <option value={current}>{level.status === 'loading' ? '加载中…' : (waitingFor ?? `请选择${LABELS[part]}`)}</option>
                  )}
                </select>
              </span>
            )}
          </label>
        );
      })}
      {s.detail !== 'none' ? (
        <label className="r-blank" htmlFor={`${base}-a`}>
          <span className="r-blank-label">详细地址{s.detail === 'optional' ? '（选填）' : ''}</span>
          <input
            id={`${base}-a`}
            className="r-input"
            maxLength={200}
            placeholder="街道、门牌号"
            value={own(a, 'detail') ?? ''}
            onChange={(e) => set('detail', e.target.value, false)}
          />
        </label>
      ) : null}
    </div>
  );
}
