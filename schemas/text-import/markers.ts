// Bracketed markers people put in pasted questionnaires: [多选] 【必答】 （可多选） [单选题，最多选3项] …
// A bracket group counts as markers only when every word in it is one we know; anything else ("（单位：元）")
// stays part of the text.
import { SUBJECT_TYPE } from '../subjects/subject-types';
import type { DateMode } from '../subjects/types/date-time';

export interface Markers {
  subjectType?: number;
  /** 【判断题】: a single choice whose options, when none are written, are 正确 / 错误. */
  trueFalse?: boolean;
  dateMode?: DateMode;
  required?: boolean;
  minPicks?: number;
  maxPicks?: number;
  paragraph?: boolean;
  pageBreak?: boolean;
}

type Effect = Omit<Markers, 'minPicks' | 'maxPicks'>;

const type = (subjectType: number, dateMode?: DateMode): Effect => (dateMode ? { subjectType, dateMode } : { subjectType });

const WORDS: ReadonlyArray<readonly [readonly string[], Effect]> = [
  [['单选', '单选题', '单项选择', '单项选择题', '单选择'], type(SUBJECT_TYPE.singleChoice)],
  [['判断', '判断题', '是非题', '对错题'], { subjectType: SUBJECT_TYPE.singleChoice, trueFalse: true }],
  [['多选', '多选题', '可多选', '多项选择', '多项选择题', '多选项'], type(SUBJECT_TYPE.multipleChoice)],
  [['下拉', '下拉题', '下拉框', '下拉选择', '下拉选择题'], type(SUBJECT_TYPE.dropdown)],
  [['填空', '填空题', '单行填空', '单行填空题', '单行文本'], type(SUBJECT_TYPE.textInput)],
  [['多行填空', '多行填空题', '多行文本', '简答', '简答题', '问答', '问答题'], type(SUBJECT_TYPE.textarea)],
  [['排序', '排序题'], type(SUBJECT_TYPE.ranking)],
  [['量表', '量表题'], type(SUBJECT_TYPE.scale)],
  [['评分', '评分题', '打分', '打分题', '星级评分'], type(SUBJECT_TYPE.rating)],
  [['nps', 'nps题', '净推荐值', '推荐度'], type(SUBJECT_TYPE.nps)],
  [['日期', '日期题'], type(SUBJECT_TYPE.dateTime, 'date')],
  [['时间', '时间题'], type(SUBJECT_TYPE.dateTime, 'time')],
  [['日期时间'], type(SUBJECT_TYPE.dateTime, 'datetime')],
  [['手机', '手机号', '手机号码'], type(SUBJECT_TYPE.mobile)],
  [['邮箱', '邮箱地址', '电子邮箱', 'email', 'e-mail', '邮件'], type(SUBJECT_TYPE.email)],
  [['身份证', '身份证号', '身份证号码'], type(SUBJECT_TYPE.idCard)],
  [['段落', '段落说明', '说明'], { paragraph: true }],
  [['分页', '分页符'], { pageBreak: true }],
  [['必答', '必填', '必选', '必答题'], { required: true }],
  [['选填', '选答', '非必答', '非必填', '可不填'], { required: false }],
];

const BY_WORD = new Map(WORDS.flatMap(([words, effect]) => words.map((w) => [w, effect] as const)));

const MAX_PICKS = /^(?:最多|至多)(?:可)?选?(\d{1,3})(?:项|个)?$/;
const MIN_PICKS = /^(?:至少|最少)(?:要)?选?(\d{1,3})(?:项|个)?$/;

/** The meaning of one word inside a bracket group, or undefined when it is not a marker word. */
function wordEffect(word: string): Markers | undefined {
  const known = BY_WORD.get(word.toLowerCase());
  if (known) return known;
  const max = MAX_PICKS.exec(word);
  if (max) return { maxPicks: Number(max[1]) };
  const min = MIN_PICKS.exec(word);
  if (min) return { minPicks: Number(min[1]) };
  return undefined;
}

/** The markers of one bracket group's inside ("单选题，必答"), or undefined when it is ordinary text. */
export function parseMarkerGroup(inside: string): Markers | undefined {
  const words = inside.split(/[,，、;；/\s]+/).filter(Boolean);
  if (!words.length) return undefined;
  const merged: Markers = {};
  for (const word of words) {
    const effect = wordEffect(word);
    if (!effect) return undefined;
    mergeMarkers(merged, effect);
  }
  return merged;
}

/** Later markers fill what earlier ones left open; the first type named wins. */
export function mergeMarkers(into: Markers, from: Markers): Markers {
  for (const [key, value] of Object.entries(from) as [keyof Markers, never][]) {
    if (into[key] === undefined) into[key] = value;
  }
  return into;
}

const GROUP = /[[【(（]\s*([^[\]【】()（）]{1,30}?)\s*[\]】)）]/g;
/** "[矩阵题]" looks like a type marker we do not support: reported, then dropped. */
const LOOKS_LIKE_MARKER = /^[^\s]{1,8}题$/;

export interface ExtractedMarkers {
  text: string;
  markers: Markers;
  /** Bracketed words that look like markers but are not ones we know. */
  unknown: string[];
}

/** Takes the marker groups out of a line; ordinary bracketed text stays. */
export function extractMarkers(line: string): ExtractedMarkers {
  const markers: Markers = {};
  const unknown: string[] = [];
  const text = line.replace(GROUP, (whole, inside: string) => {
    const found = parseMarkerGroup(inside);
    if (found) {
      mergeMarkers(markers, found);
      return ' ';
    }
    // Only square brackets: "（第一题）" in round brackets is ordinary text.
    const square = whole.startsWith('[') || whole.startsWith('【');
    if (square && LOOKS_LIKE_MARKER.test(inside.trim())) {
      unknown.push(inside.trim());
      return ' ';
    }
    return whole;
  });
  return { text: text.replace(/\s{2,}/g, ' ').trim(), markers, unknown };
}

export const hasTypeMarker = (m: Markers) => m.subjectType !== undefined || m.paragraph === true || m.pageBreak === true;
