// Generators for property tests: valid subjects of each type (the Zod walker plus a few semantic overrides)
// and, for a given subject, answers its validator must accept.
import fc from 'fast-check';
import { subjectEntry, type TSubject, type TSubjectOf } from '../../../schemas/subjects/registry';
import { visibleOptions } from '../../../schemas/subjects/choice';
import type { TOption } from '../../../schemas/subjects/base';
import { firstValueInRange } from '../../../schemas/subjects/number';
import { isoWeekday } from '../../../schemas/subjects/types/appointment';
import { specsOf } from '../../../schemas/subjects/types/product-specs';
import { validOf, type Overrides } from './zod-arbitrary';

const pad = (n: number) => String(n).padStart(2, '0');
const DAY = 86_400_000;
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (text: string) => Date.parse(`${text}T00:00:00Z`);
const minuteText = (m: number) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
const minuteOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const BASE_DAY = dayMs('2000-01-01');

const isoDate = fc.integer({ min: 0, max: 11_000 }).map((d) => dayText(BASE_DAY + d * DAY));
const isoTime = fc.integer({ min: 0, max: 1_439 }).map(minuteText);
const isoDateTime = fc.tuple(isoDate, isoTime).map(([d, t]) => `${d}T${t}`);

const OVERRIDES: Partial<Record<number, Overrides>> = {
  14: {
    min: fc.option(fc.oneof(isoDate, isoTime, isoDateTime), { nil: undefined }),
    max: fc.option(fc.oneof(isoDate, isoTime, isoDateTime), { nil: undefined }),
  },
  37: {
    weeks: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
    times: fc.uniqueArray(
      fc.tuple(fc.uuid(), fc.integer({ min: 0, max: 1_438 }), fc.integer({ min: 1, max: 240 })).map(([uuid, s, len]) => ({
        uuid,
        start: minuteText(s),
        end: minuteText(Math.min(s + len, 1_439)),
      })),
      { minLength: 1, maxLength: 4, selector: (t) => t.uuid },
    ),
    startDate: fc.option(isoDate, { nil: undefined }),
    endDate: fc.option(isoDate, { nil: undefined }),
  },
};

export const subjectOf = (subjectType: number): fc.Arbitrary<TSubject> => validOf(subjectEntry(subjectType).schema, OVERRIDES[subjectType]);

// ---- answers ----

/** Visible text without surrounding blanks, `min`..`max` characters drawn from `chars`. */
const textOf = (min: number, max: number, chars: readonly string[] = ['a', '中', '1', '问', 'Z', '😀']) =>
  fc.array(fc.constantFrom(...chars), { minLength: Math.max(min, 1), maxLength: Math.max(Math.max(min, 1), Math.min(max, min + 12)) }).map((cs) => cs.join(''));

const optional = <T>(required: boolean, arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => (required ? arb : fc.oneof(arb, fc.constant(undefined)));

/** A part of a grid answer: always there when the subject is required, sometimes missing otherwise. */
const optionalUnless = <T>(required: boolean, arb: fc.Arbitrary<T>) => (required ? arb : fc.option(arb, { nil: undefined }));

const subsetOf = <T>(items: readonly T[], min: number, max: number) =>
  fc.shuffledSubarray([...items], { minLength: min, maxLength: Math.min(max, items.length) });

function fillTexts(chosen: readonly TOption[], everyOption = false) {
  const with_ = chosen.filter((o) => o.fillIn || everyOption);
  return fc
    .tuple(...with_.map((o) => (o.fillInRequired ? textOf(1, 20) : fc.oneof(textOf(1, 20), fc.constant('')))))
    .map((texts) => Object.fromEntries(with_.map((o, i) => [o.uuid, texts[i]!])));
}

function choiceAnswer(options: readonly TOption[], single: boolean, limits: { minPicks?: number; maxPicks?: number }, everyFillIn = false) {
  const visible = visibleOptions(options);
  const plain = visible.filter((o) => !o.exclusive);
  const exclusive = visible.filter((o) => o.exclusive);
  const picks: fc.Arbitrary<TOption[]>[] = [];
  if (single) picks.push(fc.constantFrom(...visible).map((o) => [o]));
  else {
    const min = limits.minPicks ?? 1;
    const max = Math.min(limits.maxPicks ?? plain.length, plain.length);
    if (plain.length >= min && max >= min) picks.push(subsetOf(plain, min, max));
    if (exclusive.length) picks.push(fc.constantFrom(...exclusive).map((o) => [o]));
  }
  return fc.oneof(...picks).chain((chosen) => fillTexts(chosen, everyFillIn).map((texts) => ({ optionIds: chosen.map((o) => o.uuid), texts })));
}

const TEXT_PRESET_ANSWER: Record<string, (lo: number, hi: number) => fc.Arbitrary<string>> = {
  any: (lo, hi) => textOf(lo, hi),
  number: (lo, hi) => textOf(lo, hi, ['0', '3', '7', '9']),
  letters: (lo, hi) => textOf(lo, hi, ['a', 'B', 'z']),
  chinese: (lo, hi) => textOf(lo, hi, ['中', '文', '问', '卷']),
  url: (lo, hi) => fc.integer({ min: Math.max(lo, 10), max: Math.max(Math.max(lo, 10), Math.min(hi, 40)) }).map((n) => `http://${'a'.repeat(n - 9)}.b`),
  postcode: () => fc.stringMatching(/^\d{6}$/),
};

/** Candidate days from the subject's window (or a default one) on bookable weekdays. */
function appointmentDays(s: TSubjectOf<37>): string[] {
  const start = s.startDate ?? (s.endDate ? dayText(dayMs(s.endDate) - 30 * DAY) : '2024-01-01');
  const days: string[] = [];
  for (let d = dayMs(start); days.length < 14 && d <= dayMs(s.endDate ?? '2100-01-01') && d < dayMs(start) + 60 * DAY; d += DAY) {
    if (s.weeks.includes(isoWeekday(dayText(d)))) days.push(dayText(d));
  }
  return days;
}

function dateAnswer(s: TSubjectOf<14>): fc.Arbitrary<string> {
  if (s.mode === 'time') {
    return fc.integer({ min: s.min ? minuteOf(s.min) : 0, max: s.max ? minuteOf(s.max) : 1_439 }).map(minuteText);
  }
  const toMin = (t: string) => (s.mode === 'date' ? dayMs(t) / 60_000 : dayMs(t.slice(0, 10)) / 60_000 + minuteOf(t.slice(11)));
  const lo = s.min ? toMin(s.min) : BASE_DAY / 60_000;
  const hi = s.max ? toMin(s.max) : lo + 20_000 * 1_440;
  const step = s.mode === 'date' ? 1_440 : 1;
  return fc.integer({ min: 0, max: Math.floor((hi - lo) / step) }).map((k) => {
    const m = lo + k * step;
    const day = dayText(Math.floor(m / 1_440) * DAY);
    return s.mode === 'date' ? day : `${day}T${minuteText(m % 1_440)}`;
  });
}

type AnswerGen = (s: never) => fc.Arbitrary<unknown> | null;

const GENERATORS: Record<number, AnswerGen> = {
  1: (s: TSubjectOf<1>) => choiceAnswer(s.options, true, {}),
  2: (s: TSubjectOf<2>) => choiceAnswer(s.options, false, s),
  3: (s: TSubjectOf<3>) => choiceAnswer(s.options, !s.multiple, s.multiple ? s : {}),
  4: (s: TSubjectOf<4>) => {
    const depth = ['province', 'city', 'district'].indexOf(s.level) + 1;
    return fc.record({
      province: textOf(1, 8),
      city: depth >= 2 ? textOf(1, 8) : fc.constant(undefined),
      district: depth >= 3 ? textOf(1, 8) : fc.constant(undefined),
      detail: s.detail === 'required' ? textOf(1, 30) : fc.option(textOf(1, 30), { nil: undefined }),
    });
  },
  5: (s: TSubjectOf<5>) => choiceAnswer(s.options, !s.multiple, s.multiple ? s : {}),
  6: (s: TSubjectOf<6>) => {
    const limits = { any: [1, 1e9], number: [1, 1e9], letters: [1, 1e9], chinese: [1, 1e9], url: [10, 2000], postcode: [6, 6] }[s.preset];
    const lo = Math.max(s.minLength ?? 1, limits[0]!);
    const hi = Math.min(s.maxLength, limits[1]!);
    return TEXT_PRESET_ANSWER[s.preset]!(lo, hi);
  },
  7: (s: TSubjectOf<7>) => textOf(s.minLength ?? 1, s.maxLength),
  8: (s: TSubjectOf<8>) => choiceAnswer(s.options, true, {}, true),
  9: (s: TSubjectOf<9>) => {
    const visible = visibleOptions(s.options).map((o) => o.uuid);
    const min = s.rankAll ? visible.length : (s.minRank ?? 1);
    return subsetOf(visible, min, visible.length).map((optionIds) => ({ optionIds }));
  },
  10: (s: TSubjectOf<10>) =>
    fc
      .tuple(...s.blanks.map((b) => (b.required ? textOf(1, 30) : fc.oneof(textOf(1, 30), fc.constant('')))))
      .map((texts) => Object.fromEntries(s.blanks.map((b, i) => [b.uuid, texts[i]!])))
      .filter((a) => !s.required || Object.values(a).some((t) => t !== '')),
  11: (s: TSubjectOf<11>) => {
    // A column whose id is only blanks reads as no pick (grid.ts hasText): the editor never makes one.
    const ids = s.columns.map((c) => c.uuid).filter((id) => id.trim() !== '');
    if (!ids.length) return null;
    return fc
      .tuple(...s.rows.map(() => optionalUnless(s.required, fc.constantFrom(...ids))))
      .map((cols) => Object.fromEntries(s.rows.flatMap((r, i) => (cols[i] ? [[r.uuid, cols[i]]] : []))));
  },
  12: (s: TSubjectOf<12>) => {
    const ids = s.columns.map((c) => c.uuid);
    const row = subsetOf(ids, s.minPerRow ?? 1, s.maxPerRow ?? ids.length);
    return fc
      .tuple(...s.rows.map(() => optionalUnless(s.required, row)))
      .map((picks) => Object.fromEntries(s.rows.flatMap((r, i) => (picks[i] ? [[r.uuid, picks[i]]] : []))));
  },
  13: (s: TSubjectOf<13>) => {
    const ext = s.accept.length ? fc.constantFrom(...s.accept) : fc.constantFrom('txt', 'pdf', '');
    const file = fc.tuple(textOf(1, 10), ext, fc.integer({ min: 0, max: Math.floor(s.maxSizeMb * 1024 * 1024) })).map(([name, e, size]) => ({
      fileName: e ? `${name}.${e}` : name,
      fileUrl: `/uploads/${encodeURIComponent(name)}`,
      fileSize: size,
    }));
    return fc.array(file, { minLength: s.minCount ?? 1, maxLength: s.maxCount }).map((files) => files.map((f, i) => ({ ...f, fileIndex: i })));
  },
  14: dateAnswer,
  17: (s: TSubjectOf<17>) => {
    type Node = { id: string; label: string; children?: Node[] };
    const walk = (nodes: Node[]): fc.Arbitrary<string[]> =>
      fc
        .constantFrom(...nodes)
        .chain((n) => (n.children?.length ? walk(n.children).map((rest) => [`${n.id}_${n.label}`, ...rest]) : fc.constant([`${n.id}_${n.label}`])));
    return walk(s.nodes);
  },
  18: (s: TSubjectOf<18>) => {
    const point = fc.integer({ min: s.start, max: s.start + s.points - 1 });
    return fc
      .tuple(...s.rows.map(() => optionalUnless(s.required, point)))
      .map((ps) => Object.fromEntries(s.rows.flatMap((r, i) => (ps[i] === undefined ? [] : [[r.uuid, ps[i]]]))));
  },
  19: (s: TSubjectOf<19>) => fc.integer({ min: s.start, max: s.start + s.points - 1 }),
  20: (s: TSubjectOf<20>) =>
    fc.array(fc.integer({ min: 0, max: s.total }), { minLength: s.items.length - 1, maxLength: s.items.length - 1 }).map((cuts) => {
      const edges = [0, ...cuts.sort((a, b) => a - b), s.total];
      return Object.fromEntries(s.items.map((item, i) => [item.uuid, edges[i + 1]! - edges[i]!]));
    }),
  21: (s: TSubjectOf<21>) => {
    const f = 10 ** s.decimals;
    const first = firstValueInRange(s.min, s.max, s.decimals)!;
    const room = s.max === undefined ? 1e6 : Math.floor((s.max - first) * f);
    return fc
      .integer({ min: 0, max: Math.max(0, Math.min(room, 1e6)) })
      .map((k) => Math.round(first * f + k) / f)
      .filter((v) => subjectEntry(21).validate(s, v).length === 0);
  },
  22: () => fc.integer({ min: 0, max: 10 }),
  23: (s: TSubjectOf<23>) => fc.integer({ min: 1, max: s.stars }),
  24: (s: TSubjectOf<24>) => fc.integer({ min: 0, max: Math.floor((s.max - s.min) / s.step + 1e-9) }).map((k) => s.min + k * s.step),
  25: (s: TSubjectOf<25>) =>
    fc
      .tuple(...s.rows.map(() => fc.tuple(...s.columns.map(() => (s.required ? textOf(1, 10) : fc.oneof(textOf(1, 10), fc.constant('')))))))
      .map((grid) => Object.fromEntries(s.rows.map((r, i) => [r.uuid, Object.fromEntries(s.columns.map((c, j) => [c.uuid, grid[i]![j]!]))]))),
  26: () => fc.tuple(fc.constantFrom('3', '4', '5', '7', '8'), fc.stringMatching(/^\d{9}$/)).map(([d, rest]) => `1${d}${rest}`),
  27: () =>
    fc
      .tuple(fc.stringMatching(/^[a-z0-9]{1,10}$/), fc.stringMatching(/^[a-z]{1,10}$/), fc.constantFrom('com', 'cn', 'com.cn'))
      .map(([u, d, t]) => `${u}@${d}.${t}`),
  28: () =>
    fc
      .tuple(fc.stringMatching(/^\d{6}$/), fc.integer({ min: 0, max: 40_000 }), fc.stringMatching(/^\d{3}$/), fc.constantFrom('0', '5', 'X'))
      .map(([area, days, seq, check]) => `${area}${dayText(dayMs('1900-01-01') + days * DAY).replaceAll('-', '')}${seq}${check}`),
  29: () => fc.record({ address: textOf(1, 30), lat: fc.double({ min: -90, max: 90, noNaN: true }), lng: fc.double({ min: -180, max: 180, noNaN: true }) }),
  33: () => fc.record({ fileUrl: fc.constantFrom('/uploads/sign.png', 'https://cdn.example.com/s.png') }),
  34: (s: TSubjectOf<34>) => {
    // A line names one of the product's specs that is not sold out (issue 49 item 6: a product with several must).
    const buyable = s.products.filter((p) => specsOf(p).some((spec) => spec.stock !== 0));
    if (!buyable.length) return s.required ? null : fc.constant(undefined);
    const line = (p: (typeof buyable)[number]) =>
      fc
        .constantFrom(...specsOf(p).filter((spec) => spec.stock !== 0))
        .chain((spec) =>
          fc
            .integer({ min: 1, max: Math.min(spec.stock ?? 9, p.maxPerPerson ?? 9, 9) })
            .map((quantity) => ({ productId: p.uuid, specId: spec.uuid, quantity })),
        );
    return subsetOf(buyable, 1, buyable.length).chain((ps) => fc.tuple(...ps.map(line)));
  },
  37: (s: TSubjectOf<37>) => {
    const days = appointmentDays(s);
    if (!days.length) return null;
    return fc.tuple(fc.constantFrom(...days), fc.constantFrom(...s.times)).map(([date, t]) => ({ date, start: t.start, end: t.end }));
  },
  38: (s: TSubjectOf<38>) => {
    const score = fc.integer({ min: 1, max: s.maxScore }).map((v) => [{ evaluateType: 1 as const, score: v }]);
    const labels = subsetOf(s.labels, 0, s.labels.length).map((ls) => ls.map((l) => ({ evaluateType: 2 as const, labelTitle: l.title })));
    const comment = s.allowComment
      ? fc.option(
          textOf(1, s.commentMaxLength).map((t) => [{ evaluateType: 3 as const, answerContent: t }]),
          { nil: undefined },
        )
      : fc.constant(undefined);
    return fc.tuple(s.required ? score : fc.option(score, { nil: undefined }), labels, comment).map(([a, b, c]) => [...(a ?? []), ...b, ...(c ?? [])]);
  },
};

/** A valid answer for the subject; undefined means "not answered"; null when no answer can be valid. */
export function answerOf(s: TSubject): fc.Arbitrary<unknown> | null {
  const entry = subjectEntry(s.subjectType);
  if (!entry.answerable) return fc.constant(undefined);
  const gen = GENERATORS[s.subjectType]!(s as never);
  return gen && optional(s.required, gen);
}

/** Replaces one leaf (or the whole value) of an answer with arbitrary JSON: near-misses for the rules. */
export function mutated(answer: unknown): fc.Arbitrary<unknown> {
  const paths: (string | number)[][] = [];
  const walk = (v: unknown, path: (string | number)[]) => {
    paths.push(path);
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
    else if (v && typeof v === 'object') Object.entries(v).forEach(([k, x]) => walk(x, [...path, k]));
  };
  walk(answer, []);
  return fc.tuple(fc.constantFrom(...paths), fc.jsonValue({ maxDepth: 2 })).map(([path, value]) => {
    if (path.length === 0) return value;
    const copy = structuredClone(answer) as Record<string | number, unknown>;
    let at = copy;
    for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
    at[path[path.length - 1]!] = value;
    return copy;
  });
}
