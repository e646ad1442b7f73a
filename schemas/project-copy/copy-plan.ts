// 复制项目 (/questionnaire/copy.html, issue 49 item 4): what a copy into another kind keeps and drops. The same code
// lists the losses to the creator before copying and makes the copy on the server (getQuestionCopy).
import { PROJECT_ONLY_SUBJECT_TYPES, SUBJECT_TYPE_NAMES, fitsProjectType } from '../subjects/subject-types';
import { QUESTION_TYPE } from '../project-kinds';

/** Kinds a project may be copied into: survey, exam and form map onto each other; any other kind only onto itself. */
export const CROSS_COPY_TYPES: readonly number[] = [QUESTION_TYPE.survey, QUESTION_TYPE.exam, QUESTION_TYPE.form];

export const copyTargets = (questionType: number): number[] => (CROSS_COPY_TYPES.includes(questionType) ? [...CROSS_COPY_TYPES] : [questionType]);

/** Settings that only an exam reads (schemas/api/settings.ts). */
export const EXAM_SETTING_KEYS = ['showScore', 'showCorrectAnswers', 'showAnalysis', 'examMinutes', 'examLateAccepted'] as const;

/** The answer key and points of an exam, wherever they sit in a subject (its options, its blanks). */
const EXAM_SUBJECT_KEYS = new Set(['score', 'answerAnalysis', 'partialScore', 'correctOrder', 'acceptedAnswers', 'isCorrect', 'caseSensitive']);

/** Subject types whose `score` is not an exam's (an evaluation's stars are its own). */
const OWN_SCORE_TYPES = new Set<number>([38]);

export interface TCopyChoice {
  toType: number;
  withSettings: boolean;
  withLogic: boolean;
}

export interface TCopySource {
  questionType: number;
  subjects: readonly { subjectType: number }[];
  logic: Readonly<Record<string, unknown>>;
}

/** What a copy leaves behind, one line each for the creator; and notes (kept, but worth knowing). */
export interface TCopyPlan {
  dropped: string[];
  notes: string[];
}

const hasExamKeys = (value: unknown): boolean => {
  if (Array.isArray(value)) return value.some(hasExamKeys);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, inner]) => (EXAM_SUBJECT_KEYS.has(key) && inner !== undefined) || hasExamKeys(inner));
};

/** A subject without its exam keys (deep: options and blanks too). */
export function withoutExamKeys<T>(value: T, top = true): T {
  if (Array.isArray(value)) return value.map((v) => withoutExamKeys(v, false)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const own = top && OWN_SCORE_TYPES.has((value as { subjectType?: number }).subjectType ?? 0);
  const entries = Object.entries(value).filter(([key]) => !EXAM_SUBJECT_KEYS.has(key) || (own && key === 'score'));
  return Object.fromEntries(entries.map(([key, inner]) => [key, withoutExamKeys(inner, false)])) as T;
}

/** A logic with at least one rule (an empty one is lists of nothing). */
export const hasLogic = (logic: Readonly<Record<string, unknown>>): boolean =>
  Object.values(logic).some((v) => (Array.isArray(v) ? v.length > 0 : v !== null && v !== undefined && typeof v === 'object' && Object.keys(v).length > 0));

const KIND_NAMES: Record<number, string> = { 1: '问卷', 2: '考试', 4: '表单', 5: '接龙', 6: '在线收款', 7: '预约' };
export const kindName = (questionType: number) => KIND_NAMES[questionType] ?? '项目';

/** The lines shown before copying: what will not come along, and what to do after. */
export function copyPlan(source: TCopySource, choice: TCopyChoice): TCopyPlan {
  const dropped: string[] = [];
  const notes: string[] = [];
  const misfits = source.subjects.filter((s) => !fitsProjectType(s.subjectType, choice.toType));
  for (const type of new Set(misfits.map((s) => s.subjectType))) {
    const n = misfits.filter((s) => s.subjectType === type).length;
    const where = (PROJECT_ONLY_SUBJECT_TYPES[type] ?? []).map(kindName).join('、');
    dropped.push(`${SUBJECT_TYPE_NAMES[type as keyof typeof SUBJECT_TYPE_NAMES]?.zh ?? '题目'}题 ${n} 道（只能用于${where}）`);
  }
  const fromExam = source.questionType === QUESTION_TYPE.exam && choice.toType !== QUESTION_TYPE.exam;
  const examSubjects = source.subjects.filter((s) => !OWN_SCORE_TYPES.has(s.subjectType) && hasExamKeys(s)).length;
  if (fromExam && examSubjects) dropped.push(`题目分值、正确答案与答案解析（${examSubjects} 道题）`);
  if (fromExam && choice.withSettings) dropped.push('考试设置：限时、成绩与答案的显示');
  if (!choice.withLogic && hasLogic(source.logic)) dropped.push('题目逻辑（跳题、显示与隐藏、选项关联、配额、随机等规则）');
  if (!choice.withSettings) dropped.push('收集设置（时间、次数限制、密码、白名单等）恢复为默认值');
  if (choice.toType !== source.questionType && !CROSS_COPY_TYPES.includes(source.questionType)) dropped.push('该类型的专属设置');
  if (choice.toType === QUESTION_TYPE.exam && source.questionType !== QUESTION_TYPE.exam) notes.push('复制为考试后，请在编辑器中为题目设置分值和正确答案');
  notes.push('答卷数据、发布状态和协作者不会复制');
  return { dropped, notes };
}

/** The copy's subjects, settings and logic for the choice (the server's side of copyPlan). */
export function applyCopyPlan<S extends { subjectType: number }>(
  source: Omit<TCopySource, 'subjects'> & { subjects: readonly S[]; settings: Readonly<Record<string, unknown>> },
  choice: TCopyChoice,
): { subjects: S[]; settings: Record<string, unknown>; logic: Record<string, unknown> } {
  const fromExam = source.questionType === QUESTION_TYPE.exam && choice.toType !== QUESTION_TYPE.exam;
  const subjects = source.subjects.filter((s) => fitsProjectType(s.subjectType, choice.toType)).map((s) => (fromExam ? withoutExamKeys(s) : s));
  const settings: Record<string, unknown> = choice.withSettings ? { ...source.settings } : {};
  if (fromExam) for (const key of EXAM_SETTING_KEYS) delete settings[key];
  return { subjects, settings, logic: choice.withLogic ? { ...source.logic } : {} };
}
