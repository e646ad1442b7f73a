import { queryOptions } from '@tanstack/react-query';
import { editorCalls } from '../../schemas/api/editor';
import { uploadCalls } from '../../schemas/api/upload';
import type { TConclusion, TEditorDocument } from '../../schemas/api/editor';
import { ZProjectSettings, ZProjectStyle, type TProjectSettings, type TProjectStyle } from '../../schemas/api/settings';
import type { TProjectDetail } from '../../schemas/api/question';
import { ZLogic, type TLogic, type TRandomGroup } from '../../schemas/logic/ast';
import type { TSubject } from '../../schemas/subjects/registry';
import type { TEditorLoaded, TEditorProject, TSaveFailure, TSaveInput, TSaveOutput, TSavePart } from '../../machines/editor/editor.types';
import { ApiError, call, upload } from './client';
import { getQuestionStatus, getSubject, getWxQuestion } from './question';

/** The editor's calls (spec §7 "Project building"): document, settings, style, logic, conclusions, bank, upload. */
export type { TBankItem, TConclusionRow, TTheme } from '../../schemas/api/editor';

export const getWxQuestionSetting = (questionId: string) => call(editorCalls.getWxQuestionSetting, { questionId });
export const saveEditorDocument = (questionId: string, version: number, document: TEditorDocument) =>
  call(editorCalls.saveEditorDocument, { questionId, version, document });
export const updateWxQuestionSetting = (questionId: string, version: number, settings: TProjectSettings) =>
  call(editorCalls.updateWxQuestionSetting, { questionId, version, settings });
export const saveOrUpdateFormat = (questionId: string, version: number, style: TProjectStyle) =>
  call(editorCalls.saveOrUpdateFormat, { questionId, version, style });
export const saveLogic = (questionId: string, version: number, logic: TLogic) => call(editorCalls.saveLogic, { questionId, version, logic });
export const checkLogicCall = (questionId: string) => call(editorCalls.checkLogic, { questionId });
export const saveRandomSubject = (questionId: string, version: number, random: TRandomGroup[]) =>
  call(editorCalls.saveRandomSubject, { questionId, version, random });

export const getThemeList = () => call(editorCalls.getThemeList, {});
export const getCoverList = () => call(editorCalls.getCoverList, {});

export const getConclusionList = (questionId: string) => call(editorCalls.getConclusionList, { questionId });
export const saveOrUpdateConclusion = (questionId: string, conclusion: TConclusion) => call(editorCalls.saveOrUpdateConclusion, { questionId, conclusion });
export const delConclusion = (questionId: string, conclusionId: string) => call(editorCalls.delConclusion, { questionId, conclusionId });

export const getPrepareSubjectList = (keyword?: string) => call(editorCalls.getPrepareSubjectList, keyword ? { keyword } : {});
export const getSubjectBankList = (body: { keyword?: string; page?: number; pageSize?: number }) =>
  call(editorCalls.getSubjectBankList, { source: 'mine', ...body });
export const saveSubjectBank = (subject: TSubject, category?: string) => call(editorCalls.saveSubjectBank, { subject, ...(category ? { category } : {}) });
export const delSubjectBank = (bankId: string) => call(editorCalls.delSubjectBank, { bankId });

/** POST /upload/image (multipart `file`, optional `rotate` 90): the stored image's address. */
export function uploadImage(file: Blob, options: { rotate?: 90 | 180 | 270; name?: string } = {}) {
  const form = new FormData();
  if (options.rotate) form.append('rotate', String(options.rotate));
  form.append('file', file, options.name ?? (file instanceof File ? file.name : 'image.png'));
  return upload(uploadCalls.image, form);
}

/** POST upload/video or upload/audio (issue 49 item 6): multipart optional questionId, then the file, checked by its bytes. */
export function uploadMedia(kind: 'video' | 'audio', file: File, questionId?: string) {
  const form = new FormData();
  if (questionId) form.append('questionId', questionId);
  form.append('file', file, file.name);
  // The media field shows the refusal under its button; a toast as well would say it twice (with the field's name).
  return upload(uploadCalls[kind], form, true);
}

/**
 * Rotate an image 90° clockwise (spec §7 "rotate 90 degrees and re-upload"): the stored image is read back
 * and uploaded again with rotate=90; the answer is the new image's address (the old one stays valid).
 */
export async function rotateImage(url: string) {
  const response = await fetch(url, { credentials: 'same-origin' }).catch(() => null);
  if (!response?.ok) throw new ApiError('404', '图片读取失败，无法旋转');
  const name = decodeURIComponent(url.split(/[?#]/)[0]!.split('/').pop() ?? '') || 'image.png';
  return uploadImage(await response.blob(), { rotate: 90, name });
}

const projectOf = (info: TProjectDetail): TEditorProject => ({
  questionId: info.questionId,
  questionType: info.questionType,
  solitaireType: info.solitaireType,
  status: info.status,
  dataCount: info.dataCount,
  powerType: info.powerType,
  isTeamWork: info.isTeamWork,
  ownerName: info.ownerName,
  ownerLevel: info.ownerLevel,
  subjectLimit: info.subjectLimit,
});

/**
 * The editor's load: project info, subjects + logic, settings + style. The three reads must agree on the
 * version (a save between them would pair old data with a newer version): otherwise read again.
 */
export async function loadEditor(questionId: string): Promise<TEditorLoaded> {
  for (let attempt = 0; ; attempt++) {
    const [info, subjects, settings] = await Promise.all([getWxQuestion(questionId), getSubject(questionId), getWxQuestionSetting(questionId)]);
    if ((info.version === subjects.version && subjects.version === settings.version) || attempt >= 4) {
      return {
        project: projectOf(info),
        document: { title: info.title, subtitle: info.subtitle, subjects: subjects.subjects, logic: ZLogic.parse(subjects.logic ?? {}) },
        settings: ZProjectSettings.parse(settings.settings ?? {}),
        style: ZProjectStyle.parse(settings.style ?? {}),
        version: Math.min(info.version, subjects.version, settings.version),
      };
    }
  }
}

/** One autosave: document, then settings, then style, each with the version the previous one produced. */
export async function saveEditorParts(input: TSaveInput): Promise<TSaveOutput> {
  let version = input.version;
  const saved: TSavePart[] = [];
  try {
    if (input.document) {
      version = (await saveEditorDocument(input.questionId, version, input.document)).version;
      saved.push('document');
    }
    if (input.settings) {
      version = (await updateWxQuestionSetting(input.questionId, version, input.settings)).version;
      saved.push('settings');
    }
    if (input.style) {
      version = (await saveOrUpdateFormat(input.questionId, version, input.style)).version;
      saved.push('style');
    }
    return { version };
  } catch (error) {
    const failure: TSaveFailure = {
      message: error instanceof Error ? error.message : '保存失败',
      resultCode: error instanceof ApiError ? error.resultCode : '500',
      data: error instanceof ApiError ? error.data : null,
      ...(saved.length ? { saved: { version, parts: saved } } : {}),
    };
    throw failure;
  }
}

export const publishProject = (questionId: string) => getQuestionStatus(questionId, 1);

export const editorKeys = {
  themes: ['editor', 'themes'] as const,
  covers: ['editor', 'covers'] as const,
  conclusions: (questionId: string) => ['editor', 'conclusions', questionId] as const,
  prepared: (keyword: string) => ['editor', 'prepared', keyword] as const,
  bank: (keyword: string, page: number) => ['editor', 'bank', keyword, page] as const,
  preview: (questionId: string) => ['editor', 'preview', questionId] as const,
};

export const themesQuery = () => queryOptions({ queryKey: editorKeys.themes, queryFn: getThemeList, staleTime: 10 * 60_000 });
export const coversQuery = () => queryOptions({ queryKey: editorKeys.covers, queryFn: getCoverList, staleTime: 10 * 60_000 });
export const conclusionsQuery = (questionId: string) =>
  queryOptions({ queryKey: editorKeys.conclusions(questionId), queryFn: () => getConclusionList(questionId) });
export const preparedQuery = (keyword: string) => queryOptions({ queryKey: editorKeys.prepared(keyword), queryFn: () => getPrepareSubjectList(keyword) });
export const bankQuery = (keyword: string, page: number) =>
  queryOptions({ queryKey: editorKeys.bank(keyword, page), queryFn: () => getSubjectBankList({ keyword: keyword || undefined, page, pageSize: 20 }) });
/** The preview page reads what is saved (it opens in a new tab). */
export const previewQuery = (questionId: string) =>
  queryOptions({ queryKey: editorKeys.preview(questionId), queryFn: () => loadEditor(questionId), enabled: Boolean(questionId) });

/** 去广告 of a project (the owner's switch; the first switch-on takes one unit of the advert quota). */
export const advertFreeQuery = (questionId: string) =>
  queryOptions({ queryKey: ['editor', 'advertFree', questionId], queryFn: async () => (await getWxQuestionSetting(questionId)).advertFree ?? false });
export const setAdvertFree = (questionId: string, advertFree: boolean) => call(editorCalls.setAdvertFree, { questionId, advertFree }, { quiet: true });
