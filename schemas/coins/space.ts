/**
 * The mutual answering space's words and small rules (issue 51 item 4), shared by the server (which alone decides) and
 * /mutual.html and the respondent page (which show what it decided). Zod-free.
 */
import { QUESTION_TYPE } from '../project-kinds';

/** The kinds people answer and a space lists: surveys, exams and forms (votes, sign-ups and bookings are not answers). */
export const SPACE_KINDS: readonly number[] = [QUESTION_TYPE.survey, QUESTION_TYPE.exam, QUESTION_TYPE.form];
export const SPACE_KIND_NAMES: Record<number, string> = { [QUESTION_TYPE.survey]: '问卷', [QUESTION_TYPE.exam]: '考试', [QUESTION_TYPE.form]: '表单' };

export const SPACE_MESSAGES = {
  alreadyOpen: '该项目已在互助空间中',
  notPublished: '项目未发布：发布后才能放到互助空间',
  notAnswerable: '只有问卷、考试和表单可以发布到互助空间',
  budgetTooSmall: '预算至少要够支付 1 份答卷的奖励',
  exited: '该项目已退出互助空间',
  releaseMissing: '互助空间中没有这份问卷',
  own: '不能回答自己发布的问卷',
  twice: '你已回答过这份问卷，每份问卷只奖励一次',
  exhausted: '奖励已发完',
  closed: '这份问卷已退出互助空间，答卷已保存，不再发放奖励',
  suspect: (reason: string) => `答卷被判定为可疑（${reason}），不发放奖励`,
  screened: (message: string) => `未通过问卷的甄别${message ? `（${message}）` : ''}，不发放奖励`,
  dailyCap: (cap: number, coinName: string) => `今日互助答题奖励已达上限（${cap} ${coinName}），明天再来吧`,
  login: (coinName: string) => `登录后在互助空间答题可获得${coinName}`,
  paid: (reward: number, coinName: string) => `获得 ${reward} ${coinName}`,
} as const;

/** How many answers a budget pays at a reward (what a release dialog shows; the rest is refunded on exit). */
export const answersPaid = (budget: number, reward: number): number => (reward > 0 ? Math.floor(budget / reward) : 0);
