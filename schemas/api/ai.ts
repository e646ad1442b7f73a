import { z } from 'zod';
import { AI_KIND_NAMES, AI_LIMITS } from '../ai/kinds';
import { ZSubject } from '../subjects/registry';
import { contract, ZNoFields, ZPageOf } from './contract';
import { ZCreateResult, ZQuestionId } from './question';

/**
 * AI generation and analysis (issue 52; spec §7 "AI"). Two families:
 * - the AI base (`aiCalls`): paths start with `ai/`, served under /api/ai/ (the brand's AI base; a build setting may
 *   point the client at another host). Every call is signed (schemas/ai/signature.ts: token, timestamp, nonce,
 *   signature headers) and answered in the envelope; a generation asked with `accept: text/event-stream` answers
 *   the events of ZAiStreamEvent instead, the last one carrying the envelope.
 * - the main service (`aiServiceCalls`, activity/ai/…): the session's signing key and engine, the stored
 *   generations, the project made from one, and the saved analysis conversations.
 * The engine is the configured model (AI_BASE_URL, AI_MODEL, AI_API_KEY; one AI count per generation or answer) or,
 * with none configured, the built-in assistant (templates, question bank and the report's own statistics; free).
 */
const ZId = z.string().min(1).max(64);
const ZPaging = { page: z.number().int().min(1).max(100_000).default(1), pageSize: z.number().int().min(1).max(50).default(10) };

export const ZAiKindName = z.enum(AI_KIND_NAMES as [string, ...string[]]);
export const ZAiEngine = z.enum(['builtin', 'model']);
export type TAiEngine = z.infer<typeof ZAiEngine>;

/** What a generation produced: a project ready for saveOrUpdateWxQuestion's fields (every subject valid by ZSubject). */
export const ZAiDraft = z.object({
  questionType: z.number().int(),
  solitaireType: z.number().int().nullable(),
  title: z.string().min(1).max(100),
  subtitle: z.string().max(5_000),
  subjects: z
    .array(ZSubject)
    .min(AI_LIMITS.subjectsMin)
    .max(AI_LIMITS.subjectsMax + 20),
});
export type TAiDraft = z.infer<typeof ZAiDraft>;

export const ZAiGeneration = z.object({
  generationId: z.string(),
  kind: ZAiKindName,
  prompt: z.string(),
  engine: ZAiEngine,
  /** The model's name, or 内置助手. */
  engineName: z.string(),
  draft: ZAiDraft,
  /** Where the built-in assistant took its subjects from (template titles, 题库); [] for a model. */
  sources: z.array(z.string()),
  /** AI counts left after it (null: the built-in assistant, which takes none). */
  aiRemaining: z.number().nullable(),
  /** The project created from it, once created. */
  questionId: z.string().nullable(),
  createTime: z.string(),
});
export type TAiGeneration = z.infer<typeof ZAiGeneration>;

export const ZAiGenerateRequest = z.object({
  prompt: z
    .string()
    .trim()
    .min(AI_LIMITS.promptMin, `请用至少${AI_LIMITS.promptMin}个字描述您需要的内容`)
    .max(AI_LIMITS.promptMax, `描述最多${AI_LIMITS.promptMax}个字`),
  /** Subjects wanted; absent: the number the request names ("10题左右"), else AI_LIMITS.defaultSubjects. */
  count: z.number().int().min(AI_LIMITS.subjectsMin).max(AI_LIMITS.subjectsMax).optional(),
});

/**
 * The events of a streamed generation or answer (`data: {json}` frames of text/event-stream), in order: one
 * `start`; `title` and `subject` as they are written (a subject only once it is whole and valid); `delta` pieces of
 * an answer's text; then exactly one `end` carrying the call's envelope (resultCode "200" with the whole result,
 * or the refusal: "409" no AI counts left, "502" the model's answer unusable after its retries, "504" the model
 * timed out). A client that reads `end` has what a plain call would have answered.
 */
export const ZAiStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), engine: ZAiEngine, engineName: z.string() }),
  z.object({ type: z.literal('title'), title: z.string(), subtitle: z.string() }),
  z.object({ type: z.literal('subject'), index: z.number().int(), subject: ZSubject }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  /** The model's answer was unusable and is asked again (the subjects shown so far are dropped). */
  z.object({ type: z.literal('retry'), attempt: z.number().int(), reason: z.string() }),
  z.object({ type: z.literal('end'), envelope: z.object({ resultCode: z.string(), resultMsg: z.string(), data: z.unknown() }) }),
]);
export type TAiStreamEvent = z.infer<typeof ZAiStreamEvent>;

// ---------------------------------------------------------------------------------------------------------- analysis

/** A chart a finding refers to, whole (the page draws it without reading the report again). */
export const ZAiChart = z.object({
  chartId: z.string(),
  title: z.string(),
  /** bar: one series over labels; crosstab: one series per row of `rows`, over labels (the columns). */
  kind: z.enum(['bar', 'crosstab']),
  labels: z.array(z.string()),
  series: z.array(z.object({ name: z.string(), values: z.array(z.number()) })),
  /** What the values are (人次 counts, % shares). */
  unit: z.enum(['count', 'percent']),
});
export type TAiChart = z.infer<typeof ZAiChart>;

export const AI_FINDING_KINDS = ['overview', 'share', 'difference', 'lowResponse', 'suspect', 'theme'] as const;
export const ZAiFinding = z.object({
  kind: z.enum(AI_FINDING_KINDS),
  /** One line with its number ("第3题「您对薪酬是否满意」：选择「满意」的最多，占 42.5%（17/40）"). */
  title: z.string(),
  detail: z.string(),
  /** The subjects it is about (uuids). */
  subjectIds: z.array(z.string()),
  /** The chart that shows it (chartId in `charts`), if any. */
  chartId: z.string().nullable(),
  /** Chi-square test of a difference: statistic, degrees of freedom and p-value. */
  test: z.object({ chiSquare: z.number(), df: z.number().int().min(1).max(10_000), pValue: z.number() }).nullable(),
});
export type TAiFinding = z.infer<typeof ZAiFinding>;

export const ZAiMessage = z.object({
  role: z.enum(['user', 'assistant']),
  text: z.string().max(20_000),
  findings: z.array(ZAiFinding).max(30).default([]),
  charts: z.array(ZAiChart).max(20).default([]),
  /** Which engine wrote an assistant message. */
  engine: ZAiEngine.nullable().default(null),
  createTime: z.string().max(40).default(''),
});
export type TAiMessage = z.infer<typeof ZAiMessage>;

export const ZAiConversationRequest = z.object({
  questionId: ZQuestionId,
  message: z.string().trim().min(1, '请输入您的问题').max(AI_LIMITS.messageMax, `问题最多${AI_LIMITS.messageMax}个字`),
  /** The conversation so far (newest last), so a follow-up question is understood. */
  history: z
    .array(z.object({ role: z.enum(['user', 'assistant']), text: z.string().max(20_000) }))
    .max(20)
    .default([]),
});

/** The built-in analysis of one project's answers: what getQuestionAnalysis shows before any question is asked. */
export const ZAiReportSummary = z.object({
  /** Valid sheets the statistics count (as the report counts them). */
  sheetCount: z.number().int(),
  findings: z.array(ZAiFinding),
  charts: z.array(ZAiChart),
});
export type TAiReportSummary = z.infer<typeof ZAiReportSummary>;

export const aiCalls = {
  questionType: contract({
    path: 'ai/question/ai_question_type',
    summary: 'AI 生成调查问卷',
    request: ZAiGenerateRequest,
    response: ZAiGeneration,
    auth: 'required',
  }),
  examType: contract({ path: 'ai/question/ai_exam_type', summary: 'AI 生成考试', request: ZAiGenerateRequest, response: ZAiGeneration, auth: 'required' }),
  receivePayment: contract({
    path: 'ai/receivePayment/ai_question_type',
    summary: 'AI 生成收款',
    request: ZAiGenerateRequest,
    response: ZAiGeneration,
    auth: 'required',
  }),
  reservation: contract({
    path: 'ai/reservation/ai_question_type',
    summary: 'AI 生成预约',
    request: ZAiGenerateRequest,
    response: ZAiGeneration,
    auth: 'required',
  }),
  registrationForm: contract({
    path: 'ai/registrationForm/ai_question_type',
    summary: 'AI 生成报名表单',
    request: ZAiGenerateRequest,
    response: ZAiGeneration,
    auth: 'required',
  }),
  solitaire: contract({
    path: 'ai/solitaire/ai_question_type',
    summary: 'AI 生成接龙',
    request: ZAiGenerateRequest,
    response: ZAiGeneration,
    auth: 'required',
  }),
  getConversation: contract({
    path: 'ai/agent/ai_analyze/getConversation',
    summary: 'AI 智能分析：就一个项目的报告提问（查看权限）',
    request: ZAiConversationRequest,
    response: z.object({ reply: ZAiMessage, aiRemaining: z.number().nullable() }),
    auth: 'required',
  }),
};

/** The generation call of each kind (AI_KINDS[kind].path is the same path without `ai/`). */
export const AI_GENERATE_CALLS = {
  question: aiCalls.questionType,
  exam: aiCalls.examType,
  receivePayment: aiCalls.receivePayment,
  reservation: aiCalls.reservation,
  registrationForm: aiCalls.registrationForm,
  solitaire: aiCalls.solitaire,
} as const;

export const ZAiGenerationRow = z.object({
  generationId: z.string(),
  kind: ZAiKindName,
  prompt: z.string(),
  title: z.string(),
  subjectCount: z.number().int(),
  engine: ZAiEngine,
  questionId: z.string().nullable(),
  createTime: z.string(),
});

export const aiServiceCalls = {
  getAiSession: contract({
    path: 'activity/ai/getAiSession',
    summary: 'AI 会话：签名密钥、当前引擎与剩余 AI 次数',
    request: ZNoFields,
    response: z.object({
      /** The per-session HMAC key (base64url) the client signs AI calls with; valid while the login lasts. */
      key: z.string(),
      engine: ZAiEngine,
      engineName: z.string(),
      aiRemaining: z.number(),
      /** AI counts one generation or one answer takes with the model (0 with the built-in assistant). */
      costPerUse: z.number().int(),
    }),
    auth: 'required',
  }),
  listGenerations: contract({
    path: 'activity/ai/listGenerations',
    summary: '我的 AI 生成记录',
    request: z.object({ ...ZPaging }),
    response: ZPageOf(ZAiGenerationRow),
    auth: 'required',
  }),
  getGeneration: contract({
    path: 'activity/ai/getGeneration',
    summary: '一次 AI 生成的结果',
    request: z.object({ generationId: ZId }),
    response: ZAiGeneration,
    auth: 'required',
  }),
  createFromGeneration: contract({
    path: 'activity/ai/createFromGeneration',
    summary: '用 AI 生成的内容（可修改后）创建项目',
    request: z.object({
      generationId: ZId,
      title: z.string().trim().min(1, '请输入标题').max(100, '标题最多100个字'),
      subtitle: z.string().max(5_000, '描述最多5000个字').default(''),
      subjects: z
        .array(ZSubject)
        .min(1, '请至少保留一道题目')
        .max(AI_LIMITS.subjectsMax + 20, '题目过多'),
    }),
    response: ZCreateResult,
    auth: 'required',
    okMessage: '创建成功',
  }),
  saveOrUpdateAnalysis: contract({
    path: 'activity/ai/saveOrUpdateAnalysis',
    summary: '保存 AI 分析对话（查看权限，每人每项目一份）',
    request: z.object({ questionId: ZQuestionId, messages: z.array(ZAiMessage).max(AI_LIMITS.conversationMax, '对话过长') }),
    response: z.object({ updateTime: z.string() }),
    auth: 'required',
    okMessage: '已保存',
  }),
  getQuestionAnalysis: contract({
    path: 'activity/ai/getQuestionAnalysis',
    summary: 'AI 分析：报告的主要发现与我保存的对话（查看权限）',
    request: z.object({ questionId: ZQuestionId }),
    response: z.object({
      title: z.string(),
      questionType: z.number().int(),
      summary: ZAiReportSummary,
      messages: z.array(ZAiMessage),
      updateTime: z.string().nullable(),
    }),
    auth: 'required',
  }),
};
