import { COLLECTING_MESSAGE, COLLECTING_REASON, CONFLICT_MESSAGE } from '../../schemas/api/editor';
import { SUBJECT_LIMIT_MESSAGE } from '../../schemas/api/question';
import { defaultSettings, defaultStyle } from '../../schemas/api/settings';
import { emptyLogic } from '../../schemas/logic/ast';
import { subjectEntry, type TSubject } from '../../schemas/subjects/registry';
import { done, failure, type TOutcome, type TStandIns } from '../stand-ins';
import { idsFrom } from './editor.operations';
import type { TEditorEvent, TEditorInput, TEditorLoaded, TSaveFailure } from './editor.types';

const make = (subjectType: number, uuid: string, patch: Record<string, unknown> = {}): TSubject =>
  ({ ...subjectEntry(subjectType).create({ uuid, indexSort: 0, newId: idsFrom(uuid) }), ...patch }) as TSubject;

/** A small survey: two questions, a page, a text question, another page, a comment box; one display rule. */
export const SAMPLE_SUBJECTS: TSubject[] = [
  make(1, 's1', {
    title: '您的性别',
    options: [
      { uuid: 's1-1', title: '男' },
      { uuid: 's1-2', title: '女' },
    ],
  }),
  make(2, 's2', { title: '您常用的出行方式' }),
  make(16, 'p1'),
  make(6, 's4', { title: '您的姓名' }),
  make(16, 'p2'),
  make(7, 's6', { title: '其他建议', required: false }),
].map((s, i) => ({ ...s, indexSort: i + 1 }));

const SAMPLE_DISPLAY = { id: 'r1', target: 's2', when: { match: 'all' as const, predicates: [{ op: 'chose' as const, subject: 's1', option: 's1-1' }] } };

export const SAMPLE_LOADED: TEditorLoaded = {
  project: {
    questionId: 'q_sample0001',
    questionType: 1,
    status: 0,
    dataCount: 0,
    powerType: 1,
    isTeamWork: 0,
    ownerName: '问卷用户8000',
    ownerLevel: 1,
    subjectLimit: 200,
  },
  document: { title: '出行方式调查', subtitle: '', subjects: SAMPLE_SUBJECTS, logic: { ...emptyLogic(), display: [SAMPLE_DISPLAY] } },
  settings: defaultSettings(),
  style: defaultStyle(),
  version: 1,
};

const conflict: TSaveFailure = {
  message: CONFLICT_MESSAGE('李雷'),
  resultCode: '409',
  data: { version: 3, updatedBy: '李雷', updateTime: '2025-05-01T08:00:00.000Z' },
};
const partly: TSaveFailure = { message: '系统处理出错', resultCode: '500', saved: { version: 2, parts: ['document'] } };
const collecting: TSaveFailure = { message: COLLECTING_MESSAGE, resultCode: '409', data: { reason: COLLECTING_REASON, status: 1, dataCount: 12 } };
const overLimit: TSaveFailure = { message: SUBJECT_LIMIT_MESSAGE, resultCode: '400', data: { field: 'subjects', reason: 'subjectLimit' } };
const refused = (error: TSaveFailure): TOutcome => ({ kind: 'error', error });

export const editorStandIns: TStandIns = {
  load: {
    does: 'activity/question/getWxQuestion + v2/getSubject + getWxQuestionSetting (one version)',
    outcomes: {
      'success (owner)': done(SAMPLE_LOADED),
      'view-only collaborator': done({ ...SAMPLE_LOADED, project: { ...SAMPLE_LOADED.project, powerType: 3, isTeamWork: 1 } }),
      'collecting, with answers (edit collaborator)': done({
        ...SAMPLE_LOADED,
        project: { ...SAMPLE_LOADED.project, status: 1, dataCount: 12, powerType: 2, isTeamWork: 1 },
      }),
      failure: failure('系统处理出错'),
    },
  },
  save: {
    does: 'activity/question/saveEditorDocument {questionId, version, document}, then updateWxQuestionSetting / saveOrUpdateFormat',
    outcomes: {
      success: done({ version: 2 }),
      'conflict (another tab saved first)': refused(conflict),
      'saved the document, then failed': refused(partly),
      'refused (over the subject limit)': refused(overLimit),
      'refused (published meanwhile: collecting)': refused(collecting),
      failure: failure('系统处理出错'),
    },
  },
  publish: {
    does: 'activity/question/getQuestionStatus {questionId, status: 1}',
    outcomes: {
      success: done(null),
      refused: failure('逻辑设置有错误，请修改后再发布：第1题到第3题之间的跳转形成了循环，答题者可能无法结束'),
    },
  },
};

export const editorInput: TEditorInput = { questionId: 'q_sample0001', autosaveMs: 1_500, retryMs: 5_000, historyLimit: 100 };

/** One valid edit of each kind on the sample survey (the harmless title edit first: the model explores in order). */
export const editorSampleEvents: TEditorEvent[] = [
  { type: 'document.title', title: '出行方式调查（修订）' },
  { type: 'document.subtitle', subtitle: '约需 2 分钟' },
  { type: 'subject.add', subjectType: 1, uuid: 'n1', after: 's1' },
  { type: 'subject.insert', subject: make(26, 'b1', { title: '您的手机号' }), after: null },
  { type: 'subject.update', subject: { ...SAMPLE_SUBJECTS[3]!, title: '您的真实姓名' } },
  { type: 'subject.copy', id: 's1', uuid: 'c1' },
  { type: 'subject.delete', ids: ['s6'] },
  { type: 'subject.move', id: 's1', after: 's2' },
  { type: 'subject.required', ids: ['s1', 's2'], required: false },
  { type: 'page.move', from: 3, to: 2 },
  { type: 'option.update', subjectId: 's1', option: { uuid: 's1-1', title: '男性' } },
  { type: 'option.add', subjectId: 's1', options: [{ uuid: 's1-3', title: '其他', fillIn: true }] },
  { type: 'option.delete', subjectId: 's2', optionId: 's2-3' },
  { type: 'option.move', subjectId: 's2', optionId: 's2-3', after: null },
  { type: 'option.batch', subjectId: 's2', text: '步行\n骑车\n其他', idPrefix: 'b' },
  { type: 'option.pictures', subjectId: 's1', pictures: [{ url: '/uploads/sample.png', title: '示意图' }], idPrefix: 'pic' },
  {
    type: 'logic.add',
    kind: 'jumps',
    rule: {
      id: 'j1',
      from: 's1',
      when: { match: 'all', predicates: [{ op: 'chose', subject: 's1', option: 's1-2' }] },
      to: { kind: 'subject', subject: 's4' },
    },
  },
  { type: 'logic.update', kind: 'display', rule: { ...SAMPLE_DISPLAY, when: { match: 'any', predicates: [{ op: 'chose', subject: 's1', option: 's1-2' }] } } },
  { type: 'logic.remove', kind: 'display', id: 'r1' },
  { type: 'settings.update', patch: { loginRequired: true } },
  { type: 'style.update', patch: { primaryColor: '#16a34a' } },
];
