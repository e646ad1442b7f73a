// One SurveyJS question as one of our subjects (table in types.ts), with fresh ids from the registry's defaults.
import { isIsoText } from '../../subjects/types/date-time';
import type { TSubject } from '../../subjects/registry';
import { isNumberedSubjectType } from '../../subjects/subject-types';
import { optionsIn, readChoices, valueKey } from './choices';
import { choiceSubject } from './import-choices';
import { built, make, type BuildResult, type Ctx, type Reader } from './import-reader';
import { labelledIn, readParts, scaleOf } from './matrices';
import { htmlToParagraphs, readText, toPlain, toTitleHtml } from './text';
import { ID_CARD_REGEX, isObject } from './types';

function textSubject(r: Reader, ctx: Ctx): BuildResult {
  const inputType = r.str('inputType') ?? 'text';
  const min = r.get('min');
  const max = r.get('max');
  if (inputType === 'number' || inputType === 'range') {
    const lo = r.num('min');
    const hi = r.num('max');
    return built(
      { ...make(21, ctx), decimals: 2, ...(lo !== undefined ? { min: lo } : {}), ...(hi !== undefined ? { max: hi } : {}) },
      { numeric: { integer: false } },
    );
  }
  if (inputType === 'email') return built(make(27, ctx));
  if (inputType === 'tel') return built(make(26, ctx));
  const mode = ({ date: 'date', time: 'time', 'datetime-local': 'datetime', datetime: 'datetime' } as const)[inputType as 'date'];
  if (mode) {
    const bound = (v: unknown) => (typeof v === 'string' && isIsoText(mode, v) ? v : undefined);
    const [lo, hi] = [bound(min), bound(max)];
    return built({ ...make(14, ctx), mode, ...(lo ? { min: lo } : {}), ...(hi ? { max: hi } : {}) });
  }
  const validators = r.get('validators');
  if (Array.isArray(validators) && validators.some((v) => isObject(v) && v.regex === ID_CARD_REGEX)) return built(make(28, ctx));
  const notes: string[] = [];
  if (!['text', 'url'].includes(inputType)) notes.push(`输入类型 ${inputType}（按单行填空导入）`);
  if (Array.isArray(validators) && validators.length) notes.push('校验规则 validators');
  const s = make(6, ctx);
  if (inputType === 'url') s.preset = 'url';
  const maxLength = r.num('maxLength');
  if (maxLength && maxLength > 0) s.maxLength = Math.min(Math.round(maxLength), 50_000);
  if (s.preset === 'url' && s.maxLength < 10) s.maxLength = 2000;
  const placeholder = r.str('placeholder');
  if (placeholder) s.placeholder = placeholder.slice(0, 200);
  const correct = r.get('correctAnswer');
  const out = built(s, {}, notes);
  if (typeof correct === 'string' || typeof correct === 'number') {
    s.acceptedAnswers = [String(correct).slice(0, 500)];
    out.scored = true;
  }
  return out;
}

function ratingSubject(r: Reader, ctx: Ctx): BuildResult {
  const values = r.get('rateValues');
  if (Array.isArray(values) && values.length) {
    const parts = readParts(values);
    const scale = parts && scaleOf(parts);
    if (!parts) return { reason: 'rateValues 无法读取' };
    if (scale) return built({ ...make(19, ctx), ...scaleFields(scale) }, { numeric: { integer: true } });
    const choices = readChoices(values)!;
    const options = optionsIn(choices, ctx.newId);
    const byValue = new Map(choices.map((c, i) => [valueKey(c.value), options[i]!.uuid]));
    return built({ ...make(1, ctx), options }, { optionOf: (v) => byValue.get(valueKey(v)) }, ['评分按单选导入']);
  }
  const lo = r.num('rateMin') ?? 1;
  const hi = r.num('rateMax') ?? 5;
  const step = r.num('rateStep') ?? 1;
  const minLabel = (r.str('minRateDescription') ?? '').slice(0, 50);
  const maxLabel = (r.str('maxRateDescription') ?? '').slice(0, 50);
  const integer = { numeric: { integer: true } };
  if (step === 1 && r.get('rateType') === 'stars' && lo === 1 && hi >= 3 && hi <= 10) return built({ ...make(23, ctx), stars: hi }, integer);
  if (step === 1 && lo === 0 && hi === 10) return built({ ...make(22, ctx), minLabel, maxLabel }, integer);
  if (step === 1 && (lo === 0 || lo === 1) && hi - lo >= 1 && hi - lo <= 10) {
    const s = { ...make(19, ctx), start: lo as 0 | 1, points: hi - lo + 1, minLabel, maxLabel };
    delete s.labels;
    return built(s, integer);
  }
  return built({ ...make(21, ctx), min: lo, max: hi, decimals: 2 }, { numeric: { integer: false } }, [`评分 ${lo}–${hi}（步长 ${step}）按数字题导入`]);
}

const scaleFields = (scale: { start: 0 | 1; points: number; labels: string[] }) => {
  const labels = scale.labels.map((l) => l.slice(0, 50));
  const mids = labels.slice(1, -1).some(Boolean);
  return { start: scale.start, points: scale.points, minLabel: labels[0] ?? '', maxLabel: labels[labels.length - 1] ?? '', ...(mids ? { labels } : {}) };
};

function matrixSubject(r: Reader, ctx: Ctx, dropdown: boolean): BuildResult {
  const rows = readParts(r.get('rows'));
  const columns = readParts(r.get('columns'));
  if (!rows || !columns) return { reason: '行或列无法读取' };
  const rowIds = labelledIn(rows, ctx.newId);
  const rowOf = new Map(rows.map((p, i) => [valueKey(p.value), rowIds[i]!.uuid]));
  if (dropdown) {
    const defaultCell = r.str('cellType') ?? 'dropdown';
    const raw = r.el.columns as unknown[];
    const odd = raw.map((c) => (isObject(c) && typeof c.cellType === 'string' ? c.cellType : defaultCell)).filter((t) => !['text', 'comment'].includes(t));
    const notes = odd.length ? [`${odd.length} 列的单元格类型（${[...new Set(odd)].join('、')}）按填空导入`] : [];
    r.get('choices');
    return built({ ...make(25, ctx), rows: rowIds, columns: labelledIn(columns, ctx.newId) }, {}, notes);
  }
  const eachRow = r.get('eachRowRequired') === true || r.get('isAllRowRequired') === true;
  const scale = r.get('cellType') !== 'checkbox' ? scaleOf(columns) : undefined;
  if (scale) {
    const s = { ...make(18, ctx), rows: rowIds, ...scaleFields(scale) };
    if (!('labels' in scaleFields(scale))) delete (s as { labels?: string[] }).labels;
    return built(
      s,
      {
        cellOf: (row, v) =>
          rowOf.has(valueKey(row)) && columns.some((c) => valueKey(c.value) === valueKey(v)) ? `${rowOf.get(valueKey(row))}:${Number(v)}` : undefined,
      },
      eachRow ? [] : [],
    );
  }
  const colIds = labelledIn(columns, ctx.newId);
  const colOf = new Map(columns.map((p, i) => [valueKey(p.value), colIds[i]!.uuid]));
  const cellOf = (row: string, v: string | number | boolean) => {
    const [ri, ci] = [rowOf.get(valueKey(row)), colOf.get(valueKey(v))];
    return ri && ci ? `${ri}:${ci}` : undefined;
  };
  const subject = r.get('cellType') === 'checkbox' ? { ...make(12, ctx), rows: rowIds, columns: colIds } : { ...make(11, ctx), rows: rowIds, columns: colIds };
  return built(subject, { cellOf });
}

function fileSubject(r: Reader, ctx: Ctx): BuildResult {
  const s = make(13, ctx);
  const notes: string[] = [];
  const accepted = (r.str('acceptedTypes') ?? '')
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean);
  const exts = accepted.map((x) => x.replace(/^\./, '')).filter((x) => /^[a-z0-9]{1,10}$/.test(x));
  if (exts.length < accepted.length) notes.push('按 MIME 类型限制的文件类型');
  s.accept = [...new Set(exts)];
  const bytes = r.num('maxSize');
  if (bytes && bytes > 0) {
    s.maxSizeMb = Math.min(20, Math.max(0.01, Math.round((bytes / 1024 / 1024) * 100) / 100));
    if (bytes > 20 * 1024 * 1024) notes.push('单个文件上限超过 20MB（按 20MB 导入）');
  }
  s.maxCount = r.get('allowMultiple') === true ? Math.min(50, Math.max(1, r.num('maxFiles') ?? 10)) : 1;
  delete s.minCount;
  return built(s, {}, notes);
}

function htmlSubject(r: Reader, ctx: Ctx): BuildResult {
  const markup = (r.str('html') ?? '').trim();
  const hr = /^<hr(?:\s+style="border-style:(solid|dashed|dotted)")?\s*\/?>$/i.exec(markup);
  if (hr) return built({ ...make(30, ctx), lineStyle: (hr[1]?.toLowerCase() ?? 'solid') as 'solid' });
  const audio = /^<audio\b[^>]*\bsrc="([^"]+)"[^>]*>\s*<\/audio>$/i.exec(markup);
  if (audio) return built({ ...make(35, ctx), url: toPlain(audio[1]!) });
  const heading = /^<h4>(.*?)<\/h4>/is.exec(markup);
  const title = heading ? toTitleHtml(toPlain(heading[1]!)) : '';
  return built({ ...make(15, ctx), title, description: htmlToParagraphs(heading ? markup.slice(heading[0].length) : markup) });
}

function imageSubject(r: Reader, ctx: Ctx): BuildResult {
  const url = r.str('imageLink') ?? '';
  const video = r.get('contentMode') === 'video' || r.get('contentMode') === 'youtube' || /\.(mp4|webm|ogg|mov)(\?|$)/i.test(url);
  if (video) return built({ ...make(32, ctx), url });
  return built({ ...make(31, ctx), url, alt: (r.str('altText') ?? '图片').slice(0, 200) });
}

const NOT_IMPORTED: Record<string, string> = {
  expression: '计算表达式题没有对应的题型',
  paneldynamic: '动态面板（可重复的题组）没有对应的题型',
  matrixdynamic: '动态矩阵（可增删行）没有对应的题型',
  imagemap: '图片热区题没有对应的题型',
  empty: '空白占位没有对应的题型',
};

/** The subject of a SurveyJS question, or why there is none. */
export function buildSubject(r: Reader, ctx: Ctx): BuildResult {
  const type = String(r.get('type') ?? '').toLowerCase();
  switch (type) {
    case 'radiogroup':
    case 'buttongroup':
    case 'checkbox':
    case 'dropdown':
    case 'tagbox':
    case 'imagepicker':
    case 'ranking':
      return choiceSubject(r, type === 'buttongroup' ? 'radiogroup' : type, ctx);
    case 'boolean': {
      const options = optionsIn(
        [
          { value: true, text: r.str('labelTrue') ?? '是', comment: false, commentRequired: false, exclusive: false },
          { value: false, text: r.str('labelFalse') ?? '否', comment: false, commentRequired: false, exclusive: false },
        ],
        ctx.newId,
      );
      const yes = [true, 'true', r.get('valueTrue')].filter((v) => v !== undefined).map((v) => valueKey(v as string));
      const no = [false, 'false', r.get('valueFalse')].filter((v) => v !== undefined).map((v) => valueKey(v as string));
      const optionOf = (v: string | number | boolean) =>
        yes.includes(valueKey(v)) ? options[0]!.uuid : no.includes(valueKey(v)) ? options[1]!.uuid : undefined;
      return built({ ...make(1, ctx), options }, { optionOf });
    }
    case 'text':
      return textSubject(r, ctx);
    case 'comment': {
      const s = make(7, ctx);
      const maxLength = r.num('maxLength');
      if (maxLength && maxLength > 0) s.maxLength = Math.min(Math.round(maxLength), 50_000);
      const rows = r.num('rows');
      if (rows) s.rows = Math.min(30, Math.max(2, Math.round(rows)));
      const placeholder = r.str('placeholder');
      if (placeholder) s.placeholder = placeholder.slice(0, 200);
      return built(s);
    }
    case 'multipletext': {
      const items = r.get('items');
      if (!Array.isArray(items) || items.length === 0) return { reason: '没有填空项' };
      const blanks = items.map((it, i) => {
        const o = isObject(it) ? it : { name: String(it) };
        return { uuid: ctx.newId(), label: (readText(o.title) || readText(o.name) || `填空${i + 1}`).slice(0, 200), required: o.isRequired === true };
      });
      return built({ ...make(10, ctx), blanks });
    }
    case 'matrix':
      return matrixSubject(r, ctx, false);
    case 'matrixdropdown':
      return matrixSubject(r, ctx, true);
    case 'file':
      return fileSubject(r, ctx);
    case 'signaturepad':
      return built(make(33, ctx));
    case 'html':
      return htmlSubject(r, ctx);
    case 'image':
      return imageSubject(r, ctx);
    case 'rating':
      return ratingSubject(r, ctx);
    case 'slider': {
      if (r.get('sliderType') === 'range') return { reason: '区间滑动条没有对应的题型' };
      const min = r.num('min') ?? 0;
      const max = r.num('max') ?? 100;
      return built({ ...make(24, ctx), min, max, step: r.num('step') ?? 1 }, { numeric: { integer: Number.isInteger(min) } });
    }
    default:
      return { reason: NOT_IMPORTED[type] ?? (type ? `题型 ${type} 没有对应的题型` : '缺少 type') };
  }
}

/** The title SurveyJS shows: its own, else (questions only) its name; layout blocks keep theirs when it has none. */
export function titleOf(r: Reader, s: TSubject): string {
  const own = r.str('title');
  if (own) return toTitleHtml(own);
  return isNumberedSubjectType(s.subjectType) ? toTitleHtml(r.str('name') ?? '') || s.title : s.title;
}
