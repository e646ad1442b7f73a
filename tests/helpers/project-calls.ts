import { makeSubject } from './fixtures';

/**
 * Every call that acts on one project, with the power it needs and a valid body for a project whose first
 * subject is a single choice. Route-walking tests fail when a registered call that takes a questionId is
 * missing here, so every new project call must be added (issue 8's permission matrix grows from it).
 */
export type Need = 'read' | 'edit' | 'report' | 'manage' | 'owner';
export interface Ctx {
  questionId: string;
  /** A collaborator (the view member) other calls can act on. */
  memberUserId: string;
  conclusionId: string;
  subjectUuid: string;
  optionUuid: string;
}
export interface ProjectCall {
  need: Need;
  /** Expected answers that differ from what `need` implies, per role. */
  override?: Partial<Record<'owner' | 'manage' | 'edit' | 'view', string>>;
  body: (c: Ctx) => Record<string, unknown>;
  /** Templates and bin calls have their own reach. */
  note?: string;
}

const q = (c: Ctx) => ({ questionId: c.questionId });
const s = (c: Ctx) => ({ questionId: c.questionId, subjectUuid: c.subjectUuid });
const P = 'activity/question/';
const R = 'question/statement/';
const sheet = (c: Ctx) => ({ questionId: c.questionId, sheetId: 'no-such-sheet' });

export const PROJECT_CALLS: Record<string, ProjectCall> = {
  [`${P}saveOrUpdateWxQuestion`]: { need: 'edit', body: (c) => ({ ...q(c), questionType: 1, title: '改名' }) },
  [`${P}getWxQuestion`]: { need: 'read', body: q },
  [`${P}getSubject`]: { need: 'read', body: q },
  [`${P}v2/getSubject`]: { need: 'read', body: q },
  [`${P}updateWxQuestion`]: { need: 'edit', body: (c) => ({ ...q(c), title: '改名' }) },
  [`${P}getQuestionStatus`]: { need: 'edit', body: (c) => ({ ...q(c), status: 0 }) },
  [`${P}getQuestionCopy`]: { need: 'edit', body: q },
  [`${P}getQuestionClear`]: { need: 'manage', body: q },
  [`${P}getSubjectCount`]: { need: 'read', body: q },
  [`${P}getWxQuestionDel`]: { need: 'owner', body: q },
  [`${P}getRetrieveWxQuestion`]: { need: 'owner', body: q },
  [`${P}getWxQuestionCompletelyDel`]: { need: 'owner', body: q },
  [`${P}createSubject`]: { need: 'edit', body: (c) => ({ ...q(c), subject: makeSubject(6, 99, '新题') }) },
  [`${P}updateWxQuestionSubject`]: { need: 'edit', body: (c) => ({ ...q(c), subject: { ...makeSubject(1, 1, '改题'), uuid: c.subjectUuid } }) },
  [`${P}updateSubjectGauge`]: { need: 'edit', body: (c) => ({ ...q(c), subject: { ...makeSubject(19, 1), uuid: c.subjectUuid } }) },
  [`${P}updateSubjectCascade`]: { need: 'edit', body: (c) => ({ ...q(c), subject: { ...makeSubject(17, 1), uuid: c.subjectUuid } }) },
  [`${P}updateSubjectMatrix`]: { need: 'edit', body: (c) => ({ ...q(c), subject: { ...makeSubject(11, 1), uuid: c.subjectUuid } }) },
  [`${P}getSubjectDel`]: { need: 'edit', body: s },
  [`${P}batchDelSubject`]: { need: 'edit', body: (c) => ({ ...q(c), subjectUuids: [c.subjectUuid] }) },
  [`${P}getSubjectCopy`]: { need: 'edit', body: s },
  [`${P}moveSubject`]: { need: 'edit', body: (c) => ({ ...s(c), afterUuid: null }) },
  [`${P}batchRequired`]: { need: 'edit', body: (c) => ({ ...q(c), subjectUuids: [c.subjectUuid], required: false }) },
  [`${P}updateSubjectOption`]: { need: 'edit', body: (c) => ({ ...s(c), option: { uuid: c.optionUuid, title: '改选项' } }) },
  [`${P}addSubjectOption`]: { need: 'edit', body: (c) => ({ ...s(c), options: [{ uuid: 'new-opt', title: '新选项' }] }) },
  [`${P}delSubjectOption`]: { need: 'edit', body: (c) => ({ ...s(c), optionUuid: c.optionUuid }) },
  [`${P}batchSubjectOption`]: { need: 'edit', body: (c) => ({ ...s(c), text: '甲\n乙' }) },
  [`${P}pictureBatchSubjectOption`]: { need: 'edit', body: (c) => ({ ...s(c), pictures: [{ url: '/uploads/a.png', title: '图' }] }) },
  [`${P}saveEditorDocument`]: { need: 'edit', body: (c) => ({ ...q(c), version: 1, document: { title: '改名', subjects: [], logic: {} } }) },
  [`${P}saveLogic`]: { need: 'edit', body: (c) => ({ ...q(c), logic: {} }) },
  [`${P}checkLogic`]: { need: 'read', body: q },
  [`${P}saveRandomSubject`]: { need: 'edit', body: (c) => ({ ...q(c), random: [] }) },
  [`${P}getWxQuestionSetting`]: { need: 'read', body: q },
  [`${P}updateWxQuestionSetting`]: { need: 'edit', body: (c) => ({ ...q(c), settings: { maxAnswers: 10 } }) },
  [`${P}saveOrUpdateFormat`]: { need: 'edit', body: (c) => ({ ...q(c), style: { themeId: 'green' } }) },
  [`${P}getConclusionList`]: { need: 'read', body: q },
  [`${P}saveOrUpdateConclusion`]: { need: 'edit', body: (c) => ({ ...q(c), conclusion: { title: '谢谢' } }) },
  [`${P}delConclusion`]: { need: 'edit', body: (c) => ({ ...q(c), conclusionId: c.conclusionId }) },
  [`${P}getAnswerList`]: { need: 'report', body: q },
  [`${P}getTeamWorkCode`]: { need: 'manage', body: (c) => ({ ...q(c), powerType: 3 }) },
  'code/getTeamMemberList': { need: 'read', body: q },
  'code/updateMemberPower': { need: 'manage', body: (c) => ({ ...q(c), userId: c.memberUserId, powerType: 2 }) },
  'code/removeMember': { need: 'manage', body: (c) => ({ ...q(c), userId: c.memberUserId }) },
  'code/leaveTeamWork': { need: 'read', body: q, override: { owner: '400' } },
  // Reports (issue 7): reading needs power 1 or 3; sheet changes need power 1. A fresh project has no
  // sheets, so calls naming a sheet answer "404" to everyone allowed past the power check.
  [`${R}getStatement`]: { need: 'report', body: q },
  [`${R}getSubjectAnswers`]: { need: 'report', body: s },
  [`${R}getCrossTab`]: { need: 'report', override: { owner: '400', manage: '400', view: '400' }, body: (c) => ({ ...q(c), rowSubject: c.subjectUuid, colSubject: c.subjectUuid }) },
  [`${R}getDataDetail`]: { need: 'report', body: q },
  [`${R}getAnswerSheetDetail`]: { need: 'report', body: sheet, override: { owner: '404', manage: '404', view: '404' } },
  [`${R}delAnswerSheet`]: { need: 'manage', body: sheet, override: { owner: '404', manage: '404' } },
  [`${R}restoreAnswerSheet`]: { need: 'manage', body: sheet, override: { owner: '404', manage: '404' } },
  [`${R}markSuspect`]: { need: 'manage', body: (c) => ({ ...sheet(c), suspect: true }), override: { owner: '404', manage: '404' } },
  [`${R}getScoreStatement`]: { need: 'report', body: q },
  [`${R}getScoreRank`]: { need: 'report', body: q },
  [`${R}getHighestScore`]: { need: 'report', body: q },
  [`${R}getQuotaStatement`]: { need: 'report', body: q },
  [`${R}exportExcel`]: { need: 'report', body: (c) => ({ ...q(c), mode: 'subject' }) },
  [`${R}exportCsv`]: { need: 'report', body: (c) => ({ ...q(c), mode: 'option' }) },
};

/** Calls that act on no single project (or take another id), kept out of the matrix on purpose. */
export const NOT_PROJECT_CALLS = new Set([
  `${P}getWxQuestionList`, `${P}getWxQuestionDelList`, `${P}getQuestionCount`, `${P}getWxQuestionTemplateList`, `${P}getWxQuestionTemplateTypeList`,
  `${P}getThemeList`, `${P}getCoverList`, `${P}getPrepareSubjectList`, `${P}saveSubjectBank`, `${P}getSubjectBankList`, `${P}delSubjectBank`,
  `${P}updateWorkType`, 'code/joinTeamWork',
]);
