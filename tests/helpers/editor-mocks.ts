import type { ReactNode } from 'react';
import type * as Client from '../../src/api/client';
import type * as Session from '../../src/app/session';
import type { TFakeApi } from '../ui/projects/fake-api';
import { SAMPLE_USER } from './sample-user';

/**
 * The module mocks the editor's UI tests share. vi.mock must sit in the test file itself (it is hoisted there),
 * so each file keeps two one-line calls whose factories come from here:
 *
 *   import { editorApi as api } from '../../helpers/editor-mocks';
 *   vi.mock('../../../src/api/client', async (original) => (await import('../../helpers/editor-mocks')).fakeClient(await original()));
 *   vi.mock('../../../src/app/session', async () => (await import('../../helpers/editor-mocks')).fakeSession());
 *
 * This module imports nothing from src/ at run time: a factory loading it must not load the module it mocks.
 */
export const editorApi = {
  /** Answers `call`: the test sets it (createFakeApi / fakeProject) before rendering. */
  current: null as TFakeApi | null,
  /**
   * Each fake project's own API by its questionId: an editor session outlives its page and saves what is pending
   * after the test that made it has ended, so its calls go to its own project's fake, not the next test's.
   */
  byProject: new Map<string, TFakeApi>(),
  /** Answers `upload` when set; otherwise the real upload runs. */
  upload: null as null | ((path: string, form: FormData) => Promise<unknown>),
};

function apiFor(body: unknown): TFakeApi {
  const questionId = typeof body === 'object' && body !== null ? (body as { questionId?: unknown }).questionId : undefined;
  return (typeof questionId === 'string' && editorApi.byProject.get(questionId)) || editorApi.current!;
}

/** src/api/client with `call` (looked up by the contract's path) (and `upload`, when the test sets one) answered by `editorApi`. */
export function fakeClient(original: typeof Client): typeof Client {
  return {
    ...original,
    call: ((contract: { path: string }, body: unknown) => apiFor(body).call(contract.path, body)) as typeof Client.call,
    upload: ((contract: Parameters<typeof Client.upload>[0], form: FormData) =>
      editorApi.upload ? editorApi.upload(contract.path, form) : original.upload(contract, form)) as typeof Client.upload,
  };
}

/** src/app/session for a logged-in SAMPLE_USER, with no provider of its own. */
export function fakeSession(): Pick<typeof Session, 'SessionProvider' | 'useSession'> {
  return {
    SessionProvider: (({ children }: { children: ReactNode }) => children) as typeof Session.SessionProvider,
    useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
  };
}
