import { z } from 'zod';
import { ZQuestionId } from './question';

/** Answering calls (spec §7 active/write, the respondent page) and the creator's answer list. */
export const SOURCES = ['link', 'qr', 'embed', 'wechat', 'preview'] as const;

export const ZGetQuestionForAnswerRequest = z.object({ questionId: ZQuestionId, password: z.string().max(64).optional() });

export const ZSubmitRequest = z.object({
  questionId: ZQuestionId,
  /** Made by the client once per sheet and kept in its draft: a retry with it never stores a second sheet. */
  submissionId: z.string({ error: '缺少提交编号' }).min(8, '提交编号无效').max(64, '提交编号无效').regex(/^[\w-]+$/, '提交编号无效'),
  answers: z.record(z.string().max(64), z.unknown()).refine((a) => Object.keys(a).length <= 2_000, '答案过多'),
  durationSeconds: z.number().int().min(0).max(30 * 24 * 3600).default(0),
  deviceId: z.string().min(1).max(64).regex(/^[\w-]+$/, '设备编号无效'),
  password: z.string().max(64).optional(),
  source: z.enum(SOURCES).default('link'),
  /** The exam or page timer ran out: unanswered required subjects are accepted (only on timed projects). */
  timedOut: z.boolean().default(false),
});
export type TSubmitRequest = z.infer<typeof ZSubmitRequest>;

export interface TSubmitResult {
  sheetId: string;
  score: { total: number; max: number; subjects: Record<string, { score: number; max: number; status: string }> } | null;
  conclusion: { title: string; content: string; redirectUrl: string | null };
  showScore: boolean;
  showCorrectAnswers: boolean;
  showAnalysis: boolean;
  /** Per subject uuid, when the settings allow it: correct option ids / accepted texts and the analysis. */
  correct: Record<string, { answer: string; analysis: string }> | null;
}

export const ZWriteRecordRequest = z.object({ page: z.number().int().min(1).max(100_000).default(1), pageSize: z.number().int().min(1).max(100).default(20) });

export const WRITE_MESSAGES = {
  paused: '问卷已暂停收集',
  notStarted: '问卷尚未开始',
  ended: '问卷已结束',
  full: '答卷数量已达上限，感谢您的关注',
  loginRequired: '请登录后再作答',
  wrongPassword: '作答密码错误',
  notInWhitelist: '您不在本问卷的作答名单中',
  deviceLimit: '您已提交过，不能重复作答',
  userLimit: '您已达到本问卷的作答次数上限',
  ipLimit: '当前网络的作答次数已达上限',
  reused: '提交编号已被使用，请刷新页面后重新提交',
  changed: '问卷刚刚有更新，请刷新页面后重新提交',
  optionFull: (title: string) => `选项「${title}」名额已满，请重新选择`,
} as const;
