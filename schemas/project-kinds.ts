/** Project kinds (spec §3 questionType, §9 creation types) and their workbench paths (spec §2). Zod-free. */
export const QUESTION_TYPES = [1, 2, 4, 5, 6, 7] as const;
export type TQuestionType = (typeof QUESTION_TYPES)[number];

export interface ProjectKind {
  questionType: TQuestionType;
  key: 'survey' | 'exam' | 'form' | 'solitaire' | 'online' | 'appoint';
  name: string;
  listPath: string;
  createPath: string;
  templatePath: string;
  binPath: string;
}

export const PROJECT_KINDS: readonly ProjectKind[] = [
  {
    questionType: 1,
    key: 'survey',
    name: '问卷',
    listPath: '/questionnaire/list.html',
    createPath: '/questionnaire/create.html',
    templatePath: '/questionnaire/templateLibrarySurvey.html',
    binPath: '/questionnaire/delete.html',
  },
  {
    questionType: 2,
    key: 'exam',
    name: '考试',
    listPath: '/questionnaire/exam.html',
    createPath: '/questionnaire/create.html?questionType=2',
    templatePath: '/questionnaire/templateLibraryExam.html',
    binPath: '/questionnaire/deleteExam.html',
  },
  {
    questionType: 4,
    key: 'form',
    name: '表单',
    listPath: '/questionnaire/form.html',
    createPath: '/questionnaire/create.html?questionType=4',
    templatePath: '/questionnaire/templateLibraryForm.html',
    binPath: '/questionnaire/deleteForm.html',
  },
  {
    questionType: 5,
    key: 'solitaire',
    name: '接龙',
    listPath: '/questionnaire/solitaire.html',
    createPath: '/questionnaire/create.html?questionType=5',
    templatePath: '/questionnaire/templateLibrarySolitaire.html',
    binPath: '/questionnaire/deleteSolitaire.html',
  },
  {
    questionType: 6,
    key: 'online',
    name: '在线收款',
    listPath: '/questionnaire/online.html',
    createPath: '/questionnaire/create.html?questionType=6',
    templatePath: '/questionnaire/templateLibraryOnline.html',
    binPath: '/questionnaire/deleteOnline.html',
  },
  {
    questionType: 7,
    key: 'appoint',
    name: '预约',
    listPath: '/questionnaire/appoint.html',
    createPath: '/questionnaire/create.html?questionType=7',
    templatePath: '/questionnaire/templateLibraryAppoint.html',
    binPath: '/questionnaire/deleteAppoint.html',
  },
];

export const kindOf = (questionType: number): ProjectKind | undefined => PROJECT_KINDS.find((k) => k.questionType === questionType);

/** solitaireType (spec §3): 1 check-in, 2 group-buy, 4 sign-up chain, other feedback. */
export const SOLITAIRE_TYPES = { 1: '打卡接龙', 2: '团购接龙', 4: '报名接龙', 3: '反馈接龙' } as const;

/** Project status: 0 not collecting (draft or paused), 1 collecting. */
export const PROJECT_STATUS = { paused: 0, published: 1 } as const;
export const STATUS_NAMES: Record<number, string> = { 0: '未发布', 1: '收集中' };

/** powerType (spec §6): 1 manage, 2 edit, 3 view. */
export const POWER = { manage: 1, edit: 2, view: 3 } as const;
export type TPowerType = 1 | 2 | 3;
/** Which powers may do what (spec §6: Edit/Settings/Publish for 1 or 2; Report for 1 or 3). */
export const POWER_NEEDS = {
  read: [1, 2, 3],
  edit: [1, 2],
  report: [1, 3],
  manage: [1],
} as const satisfies Record<string, readonly TPowerType[]>;
export type TPowerNeed = keyof typeof POWER_NEEDS | 'owner';

/** Task type codes (spec §9). */
export const TASK_TYPES = ['2-8', '2-6', '2-2', '2-3'] as const;
