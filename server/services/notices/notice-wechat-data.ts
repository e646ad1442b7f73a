/**
 * A notice as the fields of the template the owner chose (公众号模板消息): WeChat fills a template's content by its
 * keys, each key's name telling its type (thing: words ≤ 20, phrase: ≤ 5, name: ≤ 10, time: a time; the old
 * style's first / keyword1… / remark). The keys are read from the template's content when it is chosen, and each
 * gets the value of its type: the first `thing` the project's title, the next the notice's words; `phrase` the
 * kind (候补转正…); `time` when it happened; `name` the participant's name. A value too long ends with "…".
 */
export interface NoticeFields {
  title: string;
  kindWords: string;
  /** 2026-12-03 14:05 (Beijing time). */
  time: string;
  name: string;
  text: string;
}

const cut = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

/** The old style's keys: first and remark the words, keyword1 the title, keyword2 the kind, keyword3 the time. */
const OLD_STYLE: Record<string, (f: NoticeFields) => string> = {
  first: (f) => f.text,
  keyword1: (f) => f.title,
  keyword2: (f) => f.kindWords,
  keyword3: (f) => f.time,
  remark: () => '',
};

function valueOf(key: string, fields: NoticeFields, thingsBefore: number): string {
  if (key in OLD_STYLE) return OLD_STYLE[key]!(fields);
  if (/^(time|date)\d*$/.test(key)) return fields.time;
  if (/^phrase\d*$/.test(key)) return cut(fields.kindWords, 5);
  if (/^name\d*$/.test(key)) return cut(fields.name || '参与者', 10);
  if (/^thing\d*$/.test(key)) return cut(thingsBefore === 0 ? fields.title : fields.text, 20);
  return cut(fields.text, 20);
}

export function templateData(keys: readonly string[], fields: NoticeFields): Record<string, { value: string }> {
  const data: Record<string, { value: string }> = {};
  let things = 0;
  for (const key of keys) {
    data[key] = { value: valueOf(key, fields, things) };
    if (/^thing\d*$/.test(key)) things += 1;
  }
  return data;
}

/** A time as the template's time field shows it, in Beijing time. */
export const beijingMinute = (at: Date): string => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
