/** Project kinds (spec §3 questionType, §9 creation types) and their workbench paths (spec §2). Zod-free. */
export const QUESTION_TYPES = [1, 2, 4, 5, 6, 7] as const;
/** The creation types by name (spec §9): survey 1, exam 2, form 4, solitaire 5, online 6, appoint 7. */
export const QUESTION_TYPE = { survey: 1, exam: 2, form: 4, solitaire: 5, online: 6, appoint: 7 } as const satisfies Record<
  string,
  (typeof QUESTION_TYPES)[number]
>;
export type TQuestionType = (typeof QUESTION_TYPES)[number];

/** One activity kind of spec §2's workbench table, with the paths of its entries. */
export interface TProjectKind {
  /** Spec §3/§9 creation type; voting has none. */
  questionType?: TQuestionType;
  /** What a project of the kind is called (问卷, 考试 …). */
  name: string;
  manage: string;
  create: string;
  templates: string;
  recycle: string;
  /** My filled-in (spec: none for voting). */
  filled?: string;
  landing: string;
}

const FILLED = '/questionnaire/writeRecord.html';

/**
 * The one table of project kinds, in the workbench's order. The client adds only its looks (icon, colour), keyed
 * by the same names (src/app/kinds.ts).
 */
export const PROJECT_KINDS = {
  questionnaire: {
    questionType: 1,
    name: '问卷',
    manage: '/questionnaire/list.html',
    create: '/questionnaire/create.html',
    templates: '/questionnaire/templateLibrarySurvey.html',
    recycle: '/questionnaire/delete.html',
    filled: FILLED,
    landing: '/index/survey',
  },
  exam: {
    questionType: 2,
    name: '考试',
    manage: '/questionnaire/exam.html',
    create: '/questionnaire/createExam.html',
    templates: '/questionnaire/templateLibraryExam.html',
    recycle: '/questionnaire/deleteExam.html',
    filled: FILLED,
    landing: '/index/exam',
  },
  form: {
    questionType: 4,
    name: '表单',
    manage: '/questionnaire/form.html',
    create: '/questionnaire/createForm.html',
    templates: '/questionnaire/templateLibraryForm.html',
    recycle: '/questionnaire/deleteForm.html',
    filled: FILLED,
    landing: '/index/form',
  },
  voting: {
    name: '投票',
    manage: '/voting/list.html',
    create: '/voting/create.html',
    templates: '/voting/templateLibrary.html',
    recycle: '/voting/delete.html',
    landing: '/index/voting',
  },
  solitaire: {
    questionType: 5,
    name: '接龙',
    manage: '/questionnaire/solitaire.html',
    create: '/questionnaire/createSolitaire.html',
    templates: '/questionnaire/templateLibrarySolitaire.html',
    recycle: '/questionnaire/deleteSolitaire.html',
    filled: FILLED,
    landing: '/index/solitaire',
  },
  online: {
    questionType: 6,
    name: '在线收款',
    manage: '/questionnaire/online.html',
    create: '/questionnaire/createOnline.html',
    templates: '/questionnaire/templateLibraryOnline.html',
    recycle: '/questionnaire/deleteOnline.html',
    filled: FILLED,
    landing: '/index/online',
  },
  appoint: {
    questionType: 7,
    name: '预约',
    manage: '/questionnaire/appoint.html',
    create: '/questionnaire/createAppoint.html',
    templates: '/questionnaire/templateLibraryAppoint.html',
    recycle: '/questionnaire/deleteAppoint.html',
    filled: FILLED,
    landing: '/index/order',
  },
} as const satisfies Record<string, TProjectKind>;

/** A workbench kind: the table's keys. */
export type TWorkKind = keyof typeof PROJECT_KINDS;
export const WORK_KINDS = Object.keys(PROJECT_KINDS) as TWorkKind[];

type KindQuestionType = { [K in TWorkKind]: (typeof PROJECT_KINDS)[K] extends { questionType: infer Q } ? Q : never }[TWorkKind];
/** Compile-time check: every questionType has its kind in the table (one left out fails to build here). */
export const EVERY_TYPE_HAS_A_KIND: [Exclude<TQuestionType, KindQuestionType>] extends [never] ? true : never = true;

/** The kind of a project's questionType (voting has none). */
export const kindOfType = (questionType: number | undefined): TProjectKind | undefined =>
  Object.values<TProjectKind>(PROJECT_KINDS).find((kind) => kind.questionType !== undefined && kind.questionType === questionType);

/** solitaireType (spec §3): 1 check-in, 2 group-buy, 4 sign-up chain, other feedback. */
export const SOLITAIRE_TYPES = { 1: '打卡接龙', 2: '团购接龙', 4: '报名接龙', 3: '反馈接龙' } as const;
export const SOLITAIRE_TYPE = { checkIn: 1, groupBuy: 2, feedback: 3, signUp: 4 } as const;

/** One kind of 接龙 a creator picks on 新建接龙 (issue 20). */
export interface TSolitaireKind {
  solitaireType: (typeof SOLITAIRE_TYPE)[keyof typeof SOLITAIRE_TYPE];
  name: string;
  /** One line under the name on the picker. */
  summary: string;
  /** Whether it can be created today; a kind not ready shows 即将上线 and cannot be picked. */
  ready: boolean;
  /**
   * The kind's own screen for its creator (takes `questionId=` after its own query, if any): a new project of the kind opens there instead of
   * the editor. Absent: the editor, as for a questionnaire.
   */
  manage?: string;
  /**
   * false: the kind's page asks its own fields (a sign-up chain: name, people, a note), so publishing needs no
   * question in the editor. Absent: publishing needs one, as for every project.
   */
  asksQuestions?: false;
  /** The kind's quick screen for a phone (issue 47 item 5): a few fields, publish, share. */
  quick: string;
}

/**
 * The kinds of 新建接龙, in the picker's order: the one table a kind's helper flips to `ready` (and gives its
 * `manage` screen) when its creation works.
 */
export const SOLITAIRE_KINDS: readonly TSolitaireKind[] = [
  {
    solitaireType: SOLITAIRE_TYPE.signUp,
    name: '报名接龙',
    summary: '活动报名、聚餐、拼车：实时名单，人数上限与候补',
    ready: true,
    manage: '/questionnaire/solitaireList.html',
    asksQuestions: false,
    quick: '/questionnaire/quickSolitaire.html',
  },
  {
    solitaireType: SOLITAIRE_TYPE.checkIn,
    name: '打卡接龙',
    summary: '每日打卡、连续天数与打卡排行',
    ready: true,
    manage: '/questionnaire/solitaireList.html?solitaireType=1',
    asksQuestions: false,
    quick: '/questionnaire/quickCheckIn.html',
  },
  {
    solitaireType: SOLITAIRE_TYPE.groupBuy,
    name: '团购接龙',
    summary: '商品规格、库存、自提点与订单汇总',
    ready: true,
    // Its products and pick-up points are subjects (商品, 自提点), set in the editor: a new one opens there.
    quick: '/questionnaire/quickGroupBuy.html',
  },
];

/** The 接龙 kind of a project (sign-up, check-in, group-buy), or undefined for other projects and feedback chains. */
export const solitaireKindOf = (questionType: number | null | undefined, solitaireType: number | null | undefined): TSolitaireKind | undefined =>
  questionType === PROJECT_KINDS.solitaire.questionType ? SOLITAIRE_KINDS.find((kind) => kind.solitaireType === solitaireType) : undefined;

/**
 * What a project collects, by kind (issue 43 item 1): every list, card and report counts and names these, never
 * answer sheets for a kind whose records are something else. `answers` and `data` are answer sheets (surveys and
 * exams say 答卷, forms 数据); the rest are the kind's own rows.
 */
export const RECORD_KINDS = ['answers', 'data', 'entries', 'checkIns', 'orders', 'bookings'] as const;
export type TRecordKind = (typeof RECORD_KINDS)[number];

export function recordKindOf(questionType: number | null | undefined, solitaireType: number | null | undefined): TRecordKind {
  if (questionType === QUESTION_TYPE.online) return 'orders';
  if (questionType === QUESTION_TYPE.appoint) return 'bookings';
  if (questionType === QUESTION_TYPE.form) return 'data';
  if (questionType === QUESTION_TYPE.solitaire) {
    if (solitaireType === SOLITAIRE_TYPE.signUp) return 'entries';
    if (solitaireType === SOLITAIRE_TYPE.checkIn) return 'checkIns';
    if (solitaireType === SOLITAIRE_TYPE.groupBuy) return 'orders';
  }
  return 'answers';
}

/** A kind's records in zh-CN: the measure word and the noun (5 条接龙, 3 次打卡, 2 笔订单). */
export const RECORD_WORDS: Record<TRecordKind, { unit: string; noun: string }> = {
  answers: { unit: '份', noun: '答卷' },
  data: { unit: '份', noun: '数据' },
  entries: { unit: '条', noun: '接龙' },
  checkIns: { unit: '次', noun: '打卡' },
  orders: { unit: '笔', noun: '订单' },
  bookings: { unit: '个', noun: '预约' },
};

/**
 * What a project is called on its own screens (issue 43 item 5): 问卷, 考试, 表单, 接龙, 打卡, 团购, 收款, 预约 — the
 * release page's 「团购链接」, the editor's 「团购说明」, never 问卷 for a kind that is not one.
 */
export const PROJECT_NOUNS = ['survey', 'exam', 'form', 'chain', 'checkIn', 'groupBuy', 'payment', 'appointment'] as const;
export type TProjectNoun = (typeof PROJECT_NOUNS)[number];
export const PROJECT_NOUN_WORDS: Record<TProjectNoun, string> = {
  survey: '问卷',
  exam: '考试',
  form: '表单',
  chain: '接龙',
  checkIn: '打卡',
  groupBuy: '团购',
  payment: '收款',
  appointment: '预约',
};

export function projectNounOf(questionType: number | null | undefined, solitaireType: number | null | undefined): TProjectNoun {
  if (questionType === QUESTION_TYPE.exam) return 'exam';
  if (questionType === QUESTION_TYPE.form) return 'form';
  if (questionType === QUESTION_TYPE.online) return 'payment';
  if (questionType === QUESTION_TYPE.appoint) return 'appointment';
  if (questionType === QUESTION_TYPE.solitaire) {
    if (solitaireType === SOLITAIRE_TYPE.checkIn) return 'checkIn';
    if (solitaireType === SOLITAIRE_TYPE.groupBuy) return 'groupBuy';
    return 'chain';
  }
  return 'survey';
}

/**
 * Whether the answer report (statistics of the submitted forms) describes the kind: orders and bookings are made
 * by submitted forms; sign-up entries and check-ins are not, and their own screens show them.
 */
export const hasAnswerReport = (kind: TRecordKind): boolean => kind !== 'entries' && kind !== 'checkIns';

/** Project status: 0 not collecting (draft or paused), 1 collecting. */
export const PROJECT_STATUS = { paused: 0, published: 1 } as const;
export type TProjectStatus = (typeof PROJECT_STATUS)[keyof typeof PROJECT_STATUS];
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
/** Whether a caller's powerType allows `need` (the server's guard and the client's tabs use the same table). */
export const hasPower = (powerType: number | null | undefined, need: keyof typeof POWER_NEEDS): boolean =>
  (POWER_NEEDS[need] as readonly number[]).includes(powerType ?? 0);

/** Task type codes (spec §9). */
export const TASK_TYPES = ['2-8', '2-6', '2-2', '2-3'] as const;
