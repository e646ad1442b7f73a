// The subject-type catalogue as plain data (no zod), so small bundles can list or number subjects
// without pulling in the schemas. Numbers are the wire contract: stored data, API payloads, exports.

export const SUBJECT_TYPE_NAMES = {
  1: { zh: '单选', en: 'single choice' },
  2: { zh: '多选', en: 'multiple choice' },
  3: { zh: '下拉', en: 'dropdown' },
  4: { zh: '地区', en: 'region' },
  5: { zh: '图片选择', en: 'image choice' },
  6: { zh: '单行填空', en: 'single-line text' },
  7: { zh: '多行文本', en: 'multi-line text' },
  8: { zh: '选项填空', en: 'choice with fill-in' },
  9: { zh: '排序', en: 'ranking' },
  10: { zh: '多项填空', en: 'multi-blank fill-in' },
  11: { zh: '矩阵单选', en: 'matrix single choice' },
  12: { zh: '矩阵多选', en: 'matrix multiple choice' },
  13: { zh: '文件上传', en: 'file upload' },
  14: { zh: '日期时间', en: 'date / time' },
  15: { zh: '段落说明', en: 'description' },
  16: { zh: '分页', en: 'page break' },
  17: { zh: '级联选择', en: 'cascade select' },
  18: { zh: '矩阵量表', en: 'matrix scale' },
  19: { zh: '量表', en: 'scale' },
  20: { zh: '比重', en: 'constant sum' },
  21: { zh: '数字', en: 'number' },
  22: { zh: 'NPS', en: 'net promoter score' },
  23: { zh: '评分', en: 'star rating' },
  24: { zh: '滑动条', en: 'slider' },
  25: { zh: '矩阵填空', en: 'matrix text' },
  26: { zh: '手机号', en: 'mobile number' },
  27: { zh: '邮箱', en: 'e-mail' },
  28: { zh: '身份证号', en: 'ID-card number' },
  29: { zh: '地图定位', en: 'location' },
  30: { zh: '分割线', en: 'divider' },
  31: { zh: '图片', en: 'image block' },
  32: { zh: '视频', en: 'video block' },
  33: { zh: '签名', en: 'signature' },
  34: { zh: '商品', en: 'product' },
  35: { zh: '音频', en: 'audio block' },
  36: { zh: '联系我们', en: 'contact us' },
  37: { zh: '预约时段', en: 'appointment slot' },
  38: { zh: '评价', en: 'evaluation' },
} as const;

export type SubjectTypeNumber = keyof typeof SUBJECT_TYPE_NAMES;

/** The type numbers by name, for code that means one type: `subject.subjectType === SUBJECT_TYPE.pageBreak`. */
export const SUBJECT_TYPE = {
  singleChoice: 1,
  multipleChoice: 2,
  dropdown: 3,
  region: 4,
  imageChoice: 5,
  textInput: 6,
  textarea: 7,
  optionFill: 8,
  ranking: 9,
  multiBlank: 10,
  matrixSingle: 11,
  matrixMultiple: 12,
  fileUpload: 13,
  dateTime: 14,
  paragraph: 15,
  pageBreak: 16,
  cascade: 17,
  matrixScale: 18,
  scale: 19,
  constantSum: 20,
  numberInput: 21,
  nps: 22,
  rating: 23,
  slider: 24,
  matrixText: 25,
  mobile: 26,
  email: 27,
  idCard: 28,
  location: 29,
  divider: 30,
  imageBlock: 31,
  videoBlock: 32,
  signature: 33,
  product: 34,
  audioBlock: 35,
  contactUs: 36,
  appointment: 37,
  evaluation: 38,
} as const satisfies Record<string, SubjectTypeNumber>;

export const SUBJECT_TYPE_NUMBERS = Object.keys(SUBJECT_TYPE_NAMES).map(Number) as SubjectTypeNumber[];

/** Layout blocks: they take no answer and the question numbering skips them (spec §3, §9). */
export const UNNUMBERED_SUBJECT_TYPES: ReadonlySet<number> = new Set([15, 16, 30, 31, 32, 35, 36]);

export function isNumberedSubjectType(subjectType: number): boolean {
  return subjectType in SUBJECT_TYPE_NAMES && !UNNUMBERED_SUBJECT_TYPES.has(subjectType);
}

/**
 * Types that only fit some project types (questionType): products take payment in online-payment projects
 * (6), appointment slots book times in appointment projects (7). Every other type fits every project.
 */
export const PROJECT_ONLY_SUBJECT_TYPES: Readonly<Partial<Record<number, readonly number[]>>> = { 34: [6], 37: [7] };

export function fitsProjectType(subjectType: number, questionType: number): boolean {
  const only = PROJECT_ONLY_SUBJECT_TYPES[subjectType];
  return !only || only.includes(questionType);
}
