// Every message a respondent can see when an answer is refused, in one place so wording stays consistent
// and translators (later) find them. `code` is stable for programs and tests; `message` is for people.

export interface SubjectMessage {
  code: string;
  message: string;
  /** The row, blank, item or file the message is about, when it is about one part of the answer. */
  ref?: string;
}

const m = (code: string, message: string, ref?: string): SubjectMessage => (ref === undefined ? { code, message } : { code, message, ref });

const q = (s: string) => `“${s}”`;

export const msg = {
  required: () => m('required', '此题为必答题'),
  invalid: () => m('invalid', '答案格式不正确'),
  notAnswerable: () => m('not-answerable', '此项无需作答'),
  /** An answer to a subject the logic hides (display condition, jump, random draw): hidden subjects stay empty. */
  hiddenSubject: () => m('hidden-subject', '此题当前不显示，不能作答'),

  // choices
  unknownOption: (id: string) => m('unknown-option', '所选选项不存在', id),
  hiddenOption: (title: string, id: string) => m('hidden-option', `选项${q(title)}当前不可选`, id),
  singleOnly: () => m('single-only', '只能选择一项'),
  duplicateOption: () => m('duplicate-option', '同一选项不能重复选择'),
  minPicks: (n: number) => m('min-picks', `请至少选择${n}项`),
  maxPicks: (n: number) => m('max-picks', `最多只能选择${n}项`),
  exclusive: (title: string, id: string) => m('exclusive', `选项${q(title)}不能与其他选项同时选择`, id),
  fillInRequired: (title: string, id: string) => m('fill-in-required', `请填写${q(title)}后的内容`, id),
  fillInTooLong: (title: string, n: number, id: string) => m('fill-in-too-long', `${q(title)}后的内容最多${n}个字`, id),

  // text
  minLength: (n: number, ref?: string) => m('min-length', `请至少输入${n}个字`, ref),
  maxLength: (n: number, ref?: string) => m('max-length', `最多输入${n}个字`, ref),
  preset: (code: string, message: string, ref?: string) => m(code, message, ref),
  mobile: () => m('mobile', '请输入正确的手机号'),
  idCard: () => m('id-card', '请输入正确的身份证号'),
  email: () => m('email', '请输入正确的邮箱地址'),

  // numbers
  numberMin: (min: number) => m('number-min', `不能小于${min}`),
  numberMax: (max: number) => m('number-max', `不能大于${max}`),
  decimals: (d: number) => (d === 0 ? m('decimals', '请输入整数') : m('decimals', `最多保留${d}位小数`)),
  step: (step: number) => m('step', `请按${step}的间隔取值`),
  point: () => m('point', '请选择有效的分值'),

  // dates
  dateFormat: (mode: 'date' | 'time' | 'datetime') =>
    m('date-format', mode === 'date' ? '请输入正确的日期' : mode === 'time' ? '请输入正确的时间' : '请输入正确的日期时间'),
  dateMin: (min: string) => m('date-min', `不能早于${min}`),
  dateMax: (max: string) => m('date-max', `不能晚于${max}`),

  // files
  fileType: (name: string, accept: string[], ref: string) => m('file-type', `文件${q(name)}的类型不支持，仅支持 ${accept.join('、')}`, ref),
  fileSize: (name: string, maxMb: number, ref: string) => m('file-size', `文件${q(name)}超过${maxMb}MB`, ref),
  fileUrl: (name: string, ref: string) => m('file-url', `文件${q(name)}的地址无效`, ref),
  /** The file is not an upload made for this subject of this project (server check at submit). */
  fileNotUploaded: (name: string, ref: string) => m('file-not-uploaded', `文件${q(name)}未上传成功，请删除后重新上传`, ref),
  fileDuplicate: (name: string, ref: string) => m('file-duplicate', `文件${q(name)}重复添加`, ref),
  fileMinCount: (n: number) => m('file-min-count', `请至少上传${n}个文件`),
  fileMaxCount: (n: number) => m('file-max-count', `最多上传${n}个文件`),

  // grids, blanks, items
  unknownPart: (ref: string) => m('unknown-part', '答案中含有不存在的项', ref),
  rowRequired: (title: string, ref: string) => m('row-required', `请完成${q(title)}这一行`, ref),
  rowMinPicks: (title: string, n: number, ref: string) => m('row-min-picks', `${q(title)}这一行请至少选择${n}项`, ref),
  rowMaxPicks: (title: string, n: number, ref: string) => m('row-max-picks', `${q(title)}这一行最多选择${n}项`, ref),
  blankRequired: (label: string, ref: string) => m('blank-required', `请填写${q(label)}`, ref),
  cellRequired: (row: string, col: string, ref: string) => m('cell-required', `请填写${q(row)}的${q(col)}`, ref),
  sumTotal: (total: number, sum: number) => m('sum-total', `各项之和须等于${total}，当前为${sum}`),
  sumValue: (title: string, total: number, ref: string) => m('sum-value', `${q(title)}须为0到${total}之间的整数`, ref),
  rankAll: () => m('rank-all', '请对全部选项排序'),
  rankMin: (n: number) => m('rank-min', `请至少排序${n}项`),

  // region, cascade
  regionPart: (part: '省份' | '城市' | '区县' | '详细地址') => m('region-part', part === '详细地址' ? '请填写详细地址' : `请选择${part}`),
  cascadeIncomplete: () => m('cascade-incomplete', '请选择完整'),
  cascadeUnknown: () => m('cascade-unknown', '所选项不存在'),

  // product, appointment, evaluation, signature
  quantity: (title: string, ref: string) => m('quantity', `${q(title)}的数量须为正整数`, ref),
  stock: (title: string, stock: number, ref: string) => m('stock', `${q(title)}库存不足，最多可购${stock}件`, ref),
  perPerson: (title: string, n: number, ref: string) => m('per-person', `${q(title)}每人限购${n}件`, ref),
  chooseSpec: (title: string, ref: string) => m('choose-spec', `请选择${q(title)}的规格`, ref),
  slotUnavailable: () => m('slot-unavailable', '所选时段不可预约'),
  scoreRequired: () => m('score-required', '请评分'),
  labelUnknown: (title: string) => m('label-unknown', `评价标签${q(title)}不存在`),
  commentDisabled: () => m('comment-disabled', '此题不需要填写评价内容'),
  signature: () => m('signature', '签名图片无效，请重新签名'),
};
