/**
 * The SurveyJS side of the converter: the JSON shapes it reads and writes, the error an unreadable file raises, and
 * the table of which of our subject types becomes which SurveyJS question type.
 *
 * Ours → SurveyJS (export; "—" = no equivalent, the subject goes to report.unmapped):
 *   1 单选 → radiogroup            2 多选 → checkbox            3 下拉 → dropdown (multiple: tagbox)
 *   4 地区 → —                     5 图片选择 → imagepicker      6 单行填空 → text (url preset: inputType url)
 *   7 多行文本 → comment           8 选项填空 → radiogroup, every choice showCommentArea
 *   9 排序 → ranking               10 多项填空 → multipletext    11 矩阵单选 → matrix
 *   12 矩阵多选 → matrix cellType checkbox                     13 文件上传 → file
 *   14 日期时间 → text inputType date / time / datetime-local   15 段落说明 → html
 *   16 分页 → a new page (timerSeconds → page timeLimit)        17 级联选择 → —
 *   18 矩阵量表 → matrix with numeric columns                   19 量表 → rating (rateMin..rateMax)
 *   20 比重 → multipletext of numbers (the total is reported)   21 数字 → text inputType number
 *   22 NPS → rating 0..10          23 评分 → rating rateType stars                 24 滑动条 → slider
 *   25 矩阵填空 → matrixdropdown, text cells                    26 手机号 → text inputType tel
 *   27 邮箱 → text inputType email 28 身份证号 → text with a regex validator       29 地图定位 → —
 *   30 分割线 → html <hr>          31 图片 → image               32 视频 → image contentMode video
 *   33 签名 → signaturepad         34 商品 → —                   35 音频 → html <audio>
 *   36 联系我们 → html card        37 预约时段 → —               38 评价 → rating stars (labels, comment reported)
 *
 * SurveyJS → ours (import): radiogroup/buttongroup 1 (all choices with comment areas: 8), boolean 1 (two options),
 * checkbox 2, dropdown 3, tagbox 3 multiple, imagepicker 5, text 6/14/21/26/27/28 by inputType, comment 7,
 * ranking 9, multipletext 10, matrix 11/12/18, matrixdropdown 25, file 13, html 15, rating 19/22/23, slider 24,
 * signaturepad 33, image 31/32, panel → its questions (title as a 段落说明). Not imported (reported): expression,
 * paneldynamic, matrixdynamic, imagemap, empty and unknown types.
 */
export type SjObject = Record<string, unknown>;

/** A SurveyJS choice / row / column: `{ value, text }` (a bare value is allowed too). */
export interface SjItem {
  value: string | number;
  text?: string;
  [key: string]: unknown;
}

/** The SurveyJS JSON could not be read at all (the routes answer it as a 400 with this message). */
export class SurveyJsFormatError extends Error {
  readonly code = 'surveyjs-format';
  constructor(detail: string) {
    super(`不是有效的 SurveyJS JSON：${detail}`);
    this.name = 'SurveyJsFormatError';
  }
}

export const isObject = (v: unknown): v is SjObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The same regular expression both ways marks a text question as an ID-card number (type 28). */
export const ID_CARD_REGEX = '^\\d{17}[\\dXx]$';

/** "第3题「您的年龄」": where a subject sits, for the report. */
export const whereLabel = (position: string, title: string) => {
  const short = title.length > 30 ? `${title.slice(0, 30)}…` : title;
  return short ? `${position}「${short}」` : position;
};
