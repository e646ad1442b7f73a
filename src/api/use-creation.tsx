import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createActor, fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { creationMachine } from '../../machines/creation/creation.machine';
import { selectBusy, selectError, selectLimitDialog, selectRequest, type TLimitDialog } from '../../machines/creation/creation.selectors';
import type { TCreateResult, TCreationRequest } from '../../machines/creation/creation.types';
import type { TSubject } from '../../schemas/subjects/registry';
import { projectHref } from '../app/kinds';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { getQuestionCopy, getQuestionCount, getWxQuestion, saveOrUpdateWxQuestion } from './question';
import { copyTemplateShare } from './template-share';
import { hasSession } from './token';
import { createVote } from './vote';
import { getTemplateByVoteId } from './vote-extras';

type TCreationActor = ActorRefFrom<typeof creationMachine>;
type TCreationSnapshot = SnapshotFrom<typeof creationMachine>;

export interface TCreationEffects {
  openLogin: () => void;
  openMemberPage: (memberLevel: number) => void;
  openEditor: (questionId: string) => void;
}

/** A new vote's answer as a creation result: isCreate 0 (the day's limit) creates nothing, so no id. */
const voteResult = ({ voteId, isCreate }: { voteId: string; isCreate: 0 | 1 }): TCreateResult => ({ isCreate, questionId: isCreate === 1 ? voteId : null });

/** The creation machine with the real calls; effects come from the screen. */
export function createCreationLogic(effects: TCreationEffects) {
  return creationMachine.provide({
    actors: {
      checkCount: fromPromise(() => getQuestionCount()),
      create: fromPromise(({ input }: { input: TCreationRequest }) => {
        if (input.via === 'vote') return createVote(input.title).then(voteResult);
        if (input.via === 'voteTemplate') return getTemplateByVoteId(input.templateId).then(voteResult);
        if (input.via === 'share') return copyTemplateShare(input.shareToken);
        return input.via === 'copy'
          ? getQuestionCopy({ questionId: input.questionId, ...input.options })
          : saveOrUpdateWxQuestion({
              questionType: input.questionType,
              title: input.title,
              subtitle: input.subtitle,
              solitaireType: input.solitaireType,
              // The machine only counts subject types; the screen hands over whole subjects.
              subjects: input.subjects as TSubject[] | undefined,
            });
      }),
    },
    actions: {
      openLogin: () => effects.openLogin(),
      openMemberPage: (_, params) => effects.openMemberPage(params.memberLevel),
      openEditor: (_, params) => effects.openEditor(params.questionId),
    },
  });
}

/**
 * The limit dialogs of spec §8 (title 提示, button 升级版本): the daily project limit naming the level, or the
 * subject limit. Shared by creation and the editor, which both open the member page on confirm.
 */
export function LimitDialog({ limit, onConfirm, onCancel }: { limit: TLimitDialog | null; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={limit !== null}
      title={t('msg.tip')}
      message={limit?.kind === 'daily' ? t('msg.dailyLimit', { levelName: limit.levelName, maxNumber: limit.maxNumber }) : t('msg.subjectLimit')}
      confirmLabel={t('msg.upgrade')}
      cancelLabel={t('project.cancel')}
      closeLabel={t('project.close')}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

/** Opens the member page in a new tab at the given level (the limit dialogs' 升级版本). */
export const openMemberPage = (memberLevel: number) => window.open(projectHref.memberPage(memberLevel), '_blank', 'noopener');

/**
 * Where a new project opens (projectHref.opened): a blank creation knows its kind; a copy (template, list) asks the
 * project's kind, and falls back to the editor when that fails.
 */
async function openedHref(questionId: string, request: TCreationRequest | null): Promise<string> {
  if (request?.via === 'blank') return projectHref.opened(questionId, request.questionType, request.solitaireType);
  try {
    const info = await getWxQuestion(questionId);
    return projectHref.opened(questionId, info.questionType, info.solitaireType);
  } catch {
    return projectHref.editor(questionId);
  }
}

export interface TCreationOptions {
  /** What a new project does; by default the editor opens. */
  onCreated?: (questionId: string) => void;
  /** Where login sends the browser back to (by default this page as it is). */
  loginRedirect?: () => string;
}

/**
 * Creating a project from any screen (create page, template library, text import, list copy): start a
 * request, read busy / error, and render `dialog` for the limit dialogs of spec §8. A fresh actor is
 * started for each request after the last one ended, so a list can copy many times.
 */
export function useCreation(options: TCreationOptions = {}) {
  const router = useRouter();
  const onCreated = useRef(options.onCreated);
  const loginRedirect = useRef(options.loginRedirect);
  useEffect(() => {
    onCreated.current = options.onCreated;
    loginRedirect.current = options.loginRedirect;
  });

  const logic = useMemo(
    () =>
      createCreationLogic({
        openLogin: () => void router.navigate({ to: '/login', search: { redirect: loginRedirect.current?.() ?? router.state.location.href } }),
        openMemberPage,
        openEditor: (questionId) => {
          if (onCreated.current) return onCreated.current(questionId);
          void openedHref(questionId, actorRef.current?.getSnapshot().context.request ?? null).then((href) => router.history.push(href));
        },
      }),
    [router],
  );

  const actorRef = useRef<TCreationActor | null>(null);
  const [snapshot, setSnapshot] = useState<TCreationSnapshot | null>(null);
  useEffect(
    () => () => {
      actorRef.current?.stop();
      actorRef.current = null;
    },
    [],
  );

  const actor = useCallback((): TCreationActor => {
    const current = actorRef.current;
    if (current && current.getSnapshot().status === 'active') return current;
    const next = createActor(logic);
    next.subscribe((value) => setSnapshot(value));
    next.start();
    actorRef.current = next;
    return next;
  }, [logic]);

  const start = useCallback((request: TCreationRequest) => actor().send({ type: 'creation.start', request, loggedIn: hasSession() }), [actor]);
  const send = (type: 'dialog.confirm' | 'dialog.dismiss' | 'creation.retry' | 'error.dismiss') => actorRef.current?.send({ type });

  const limit = snapshot ? selectLimitDialog(snapshot) : null;
  const dialog = <LimitDialog limit={limit} onConfirm={() => send('dialog.confirm')} onCancel={() => send('dialog.dismiss')} />;

  return {
    start,
    busy: snapshot ? selectBusy(snapshot) : false,
    /** The running or last request (which button shows the spinner). */
    request: snapshot ? selectRequest(snapshot) : null,
    error: snapshot ? selectError(snapshot) : null,
    retry: () => send('creation.retry'),
    dismissError: () => send('error.dismiss'),
    limit,
    dialog,
  };
}

export type TCreation = ReturnType<typeof useCreation>;
