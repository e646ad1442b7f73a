// The six kinds of project the AI writes (spec §7 "AI": one generation call per kind on the AI base). Zod-free
// plain data, read by the server (which prompt, which subject types a kind may hold) and by /aiIndex.html (the
// kind picker). The subject types are those a creator of the kind uses in the editor; the model is told them and
// a draft holding another type is refused (server/services/ai/).
import { QUESTION_TYPE, SOLITAIRE_TYPE } from '../project-kinds';
import { SUBJECT_TYPE } from '../subjects/subject-types';

export interface TAiKind {
  /** The generation call's path on the AI base (without the base). */
  path: string;
  questionType: (typeof QUESTION_TYPE)[keyof typeof QUESTION_TYPE];
  /** A solitaire's kind: 3 反馈接龙 (a chain of answers to the subjects, which the AI writes). */
  solitaireType?: number;
  /** What the picker calls it. */
  name: string;
  /** One line under the name on the picker, and the example request its input shows. */
  summary: string;
  example: string;
  /** The subject types a draft of this kind may hold. */
  subjectTypes: readonly number[];
}

const T = SUBJECT_TYPE;
const COMMON = [T.singleChoice, T.multipleChoice, T.dropdown, T.textInput, T.textarea, T.dateTime, T.numberInput, T.paragraph];
const CONTACT = [T.mobile, T.email, T.idCard, T.region];

export const AI_KINDS = {
  question: {
    path: 'question/ai_question_type',
    questionType: QUESTION_TYPE.survey,
    name: '调查问卷',
    summary: '满意度、市场调研、意见征集',
    example: '员工满意度调查，10题左右',
    subjectTypes: [...COMMON, T.ranking, T.matrixSingle, T.matrixScale, T.scale, T.nps, T.rating, T.region],
  },
  exam: {
    path: 'question/ai_exam_type',
    questionType: QUESTION_TYPE.exam,
    name: '考试测评',
    summary: '带标准答案和分值的试题',
    example: '新员工安全生产知识考试，单选和判断各5题',
    subjectTypes: [T.singleChoice, T.multipleChoice, T.textInput, T.paragraph],
  },
  receivePayment: {
    path: 'receivePayment/ai_question_type',
    questionType: QUESTION_TYPE.online,
    name: '在线收款',
    summary: '商品或费用、数量与付款人信息',
    example: '班级活动费收款，每人100元，登记孩子姓名',
    subjectTypes: [T.product, ...COMMON, ...CONTACT],
  },
  reservation: {
    path: 'reservation/ai_question_type',
    questionType: QUESTION_TYPE.appoint,
    name: '预约',
    summary: '时段预约与预约人信息',
    example: '口腔诊所预约挂号，登记症状',
    subjectTypes: [T.appointment, ...COMMON, ...CONTACT],
  },
  registrationForm: {
    path: 'registrationForm/ai_question_type',
    questionType: QUESTION_TYPE.form,
    name: '报名表单',
    summary: '活动报名、信息登记、申请表',
    example: '周末亲子活动报名表，收集家长和孩子信息',
    subjectTypes: [...COMMON, ...CONTACT, T.multiBlank, T.fileUpload, T.signature],
  },
  solitaire: {
    path: 'solitaire/ai_question_type',
    questionType: QUESTION_TYPE.solitaire,
    solitaireType: SOLITAIRE_TYPE.feedback,
    name: '接龙',
    summary: '群里大家依次填写的反馈接龙',
    example: '班级家长会参会反馈接龙',
    subjectTypes: [T.singleChoice, T.multipleChoice, T.textInput, T.textarea, T.numberInput, T.mobile],
  },
} as const satisfies Record<string, TAiKind>;

export type TAiKindName = keyof typeof AI_KINDS;
export const AI_KIND_NAMES = Object.keys(AI_KINDS) as TAiKindName[];

/** What one generation may ask for: the request text's length and the subjects a draft may hold. */
export const AI_LIMITS = {
  promptMin: 2,
  promptMax: 500,
  subjectsMin: 1,
  subjectsMax: 40,
  /** Subjects when the request names no number ("10题左右" names 10). */
  defaultSubjects: 10,
  /** A conversation message about a report. */
  messageMax: 500,
  /** Messages kept in one saved analysis conversation. */
  conversationMax: 60,
} as const;
