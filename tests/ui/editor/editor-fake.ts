import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { defaultSettings, defaultStyle } from '../../../schemas/api/settings';
import { emptyLogic, type TLogic } from '../../../schemas/logic/ast';
import { subjectEntry, type TSubject } from '../../../schemas/subjects/registry';
import { renderApp } from '../render-app';
import { createFakeApi, project, type TFakeApi } from '../projects/fake-api';

/**
 * The editor's calls answered in memory, for the editor's UI tests. Each test file mocks src/api/client and the
 * session with the factories of tests/helpers/editor-mocks.ts and sets `editorApi.current` to the fake API.
 */
export const P = 'activity/question';

export interface TFakeProjectOptions {
  powerType?: number;
  questionType?: number;
  subjects?: TSubject[];
  logic?: Partial<TLogic>;
  /** The owner's level and its subject limit (getWxQuestion). */
  ownerLevel?: number;
  subjectLimit?: number;
  /** saveEditorDocument: throw an ApiError to refuse; default answers the next version. */
  save?: (body: Record<string, unknown>) => unknown;
  /** Extra handlers by path. */
  handlers?: Record<string, (body: Record<string, unknown>) => unknown>;
}

let seq = 0;

/** A subject of a type with a title (and any other fields). */
export const subject = (type: number, uuid: string, title: string, patch: Record<string, unknown> = {}, indexSort = 1) =>
  ({
    ...subjectEntry(type).create({
      uuid,
      indexSort,
      newId: (() => {
        let n = 0;
        return () => `${uuid}-${++n}`;
      })(),
    }),
    title,
    ...patch,
  }) as TSubject;

/** A fresh project id per test: the editor session of a project outlives one page. */
export function fakeProject(holder: { current: TFakeApi | null; byProject?: Map<string, TFakeApi> }, options: TFakeProjectOptions = {}): string {
  const questionId = `q_editor_ui_${++seq}_${Date.now().toString(36)}`;
  let version = 1;
  holder.current = createFakeApi({
    [`${P}/getWxQuestion`]: () => ({
      ...project({
        questionId,
        title: '员工满意度调查',
        powerType: options.powerType ?? 1,
        isTeamWork: options.powerType === 3 ? 1 : 0,
        version,
        questionType: options.questionType ?? 1,
      }),
      ownerLevel: options.ownerLevel ?? 1,
      subjectLimit: options.subjectLimit ?? 200,
    }),
    [`${P}/getSubject`]: () => ({ subjects: options.subjects ?? [], logic: { ...emptyLogic(), ...options.logic }, version }),
    [`${P}/getWxQuestionSetting`]: () => ({ settings: defaultSettings(), style: defaultStyle(), version }),
    [`${P}/saveEditorDocument`]: options.save ?? (() => ({ version: ++version, findings: [] })),
    [`${P}/getConclusionList`]: () => [],
    ...options.handlers,
  });
  holder.byProject?.set(questionId, holder.current);
  return questionId;
}

/** Opens an editor page and waits for the project to load. */
export async function openEditor(questionId: string, page = 'subject') {
  const view = await renderApp(`/questionnaire/edit/${page}.html?questionId=${questionId}`);
  await screen.findByRole('link', { name: '逻辑' });
  await waitFor(() => expect(document.querySelector('[data-save-status]')?.getAttribute('data-save-status')).not.toBe('loading'));
  return view;
}

/** The subject cards' aria labels in order (第1题, 段落说明 …). */
export const cardLabels = () => screen.queryAllByTestId('subject-card').map((c) => c.getAttribute('aria-label'));

/** The document as the last autosave sent it. */
export function lastSaved(api: TFakeApi): { subjects: TSubject[]; logic: TLogic; title: string } {
  const saves = api.callsTo(`${P}/saveEditorDocument`);
  return (saves[saves.length - 1] as { document: { subjects: TSubject[]; logic: TLogic; title: string } }).document;
}
