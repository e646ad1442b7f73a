import { vi } from 'vitest';
import type { TProjectInfo, TQuestionCount } from '../../../schemas/api/question';
import { ApiError } from '../../../src/api/client';

/** A project as getWxQuestionList returns it. */
export function project(overrides: Partial<TProjectInfo> & { questionId: string; title: string }): TProjectInfo {
  return {
    subtitle: '',
    conclusion: '',
    shareTitle: '',
    questionType: 1,
    solitaireType: null,
    status: 0,
    dataCount: 0,
    subjectCount: 5,
    powerType: 1,
    isTeamWork: 0,
    isTemplate: false,
    version: 1,
    createTime: '2025-03-01T08:00:00.000Z',
    updateTime: '2025-03-02T08:00:00.000Z',
    ownerName: '李雷',
    ...overrides,
    // A survey's records are its answers, unless a test says otherwise.
    recordCount: overrides.recordCount ?? overrides.dataCount ?? 0,
  };
}

export const FREE: TQuestionCount = { questionCount: 3, maxNumber: 20, memberLevel: 1, levelName: '免费版', subjectLimit: 200 };

type THandler = (body: Record<string, unknown>) => unknown;

/**
 * A stand-in for src/api/client's `call`: answers by path from `handlers`; a handler that throws becomes an
 * ApiError like the envelope's; paths nobody answers stay pending. `calls` records every (path, body).
 */
export function createFakeApi(handlers: Record<string, THandler>) {
  const calls: Array<{ path: string; body: Record<string, unknown> }> = [];
  const call = vi.fn(async (path: string, body: unknown = {}) => {
    const payload = (body ?? {}) as Record<string, unknown>;
    calls.push({ path, body: payload });
    const handler = handlers[path];
    if (!handler) return new Promise(() => {});
    try {
      return handler(payload);
    } catch (error) {
      throw error instanceof ApiError ? error : new ApiError('500', error instanceof Error ? error.message : '系统处理出错');
    }
  });
  const callsTo = (path: string) => calls.filter((each) => each.path === path).map((each) => each.body);
  return { call, calls, callsTo, handlers };
}

export type TFakeApi = ReturnType<typeof createFakeApi>;

/** getWxQuestionList over a fixed set of projects, honouring status, keyword and paging. */
export function listOf(projects: TProjectInfo[]): THandler {
  return (body) => {
    const hits = projects.filter(
      (each) =>
        (body.status === undefined || each.status === body.status) &&
        (body.questionType === undefined || each.questionType === body.questionType) &&
        (!body.keyword || each.title.includes(String(body.keyword))),
    );
    const page = Number(body.page ?? 1);
    const pageSize = Number(body.pageSize ?? 10);
    return { list: hits.slice((page - 1) * pageSize, page * pageSize), total: hits.length, page, pageSize };
  };
}
