import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { projectLifecycleMachine } from '../../machines/project-lifecycle/project-lifecycle.machine';
import { selectBusy, selectError, selectReminder, selectSkipReminder } from '../../machines/project-lifecycle/project-lifecycle.selectors';
import type { TLifecycleProject, TSetStatusInput } from '../../machines/project-lifecycle/project-lifecycle.types';
import { kindOfType, PROJECT_STATUS } from '../../schemas/project-kinds';
import { projectHref } from '../app/kinds';
import { CheckboxField, ConfirmDialog } from '../ui/confirm-dialog';
import { toast } from '../ui/toast';
import { getQuestionStatus, questionKeys } from './question';

/** 本次编辑不再提醒 lasts for this browser tab's session. */
export const SKIP_REMINDER_KEY = 'projects.skipModifyReminder';

function storedSkip(): boolean {
  try {
    return sessionStorage.getItem(SKIP_REMINDER_KEY) === '1';
  } catch {
    return false;
  }
}

/** The lifecycle machine with the real status call; effects come from the screen. */
export function createLifecycleLogic(effects: {
  openEditor: (questionId: string) => void;
  statusChanged: (questionId: string, status: number) => void;
  editCancelled?: (questionId: string) => void;
}) {
  return projectLifecycleMachine.provide({
    actors: { setStatus: fromPromise<unknown, TSetStatusInput>(({ input }) => getQuestionStatus(input.questionId, input.status)) },
    actions: {
      storeSkipReminder: () => {
        try {
          sessionStorage.setItem(SKIP_REMINDER_KEY, '1');
        } catch {
          // No storage: the choice lasts while this screen is open.
        }
      },
      openEditor: (_, params) => effects.openEditor(params.questionId),
      statusChanged: (_, params) => effects.statusChanged(params.questionId, params.status),
      editCancelled: (_, params) => effects.editCancelled?.(params.questionId),
    },
  });
}

/** Inside the editor the project is already open: a confirmed edit lets the waiting change apply instead. */
export interface TLifecycleOptions {
  onPaused?: (questionId: string) => void;
  onEditCancelled?: (questionId: string) => void;
}

/**
 * Edit / publish / pause for the projects on a screen (spec §4). Render `dialog` once: it is the modify
 * reminder (350 px) with its 本次编辑不再提醒 checkbox.
 */
export function useProjectLifecycle(options: TLifecycleOptions = {}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const translate = useRef(t);
  useEffect(() => {
    translate.current = t;
  });
  // A status call that ends in the editor says nothing; publish / pause confirm with a toast.
  const editing = useRef<string | null>(null);
  const callbacks = useRef(options);
  useEffect(() => {
    callbacks.current = options;
  });

  const logic = useMemo(
    () =>
      createLifecycleLogic({
        openEditor: (questionId) => {
          const onPaused = callbacks.current.onPaused;
          if (onPaused) onPaused(questionId);
          else router.history.push(projectHref.editor(questionId));
        },
        editCancelled: (questionId) => callbacks.current.onEditCancelled?.(questionId),
        statusChanged: (questionId, status) => {
          void queryClient.invalidateQueries({ queryKey: questionKeys.all });
          if (editing.current === questionId) return;
          toast.success(translate.current(status === PROJECT_STATUS.published ? 'project.published' : 'project.paused'));
        },
      }),
    [router, queryClient],
  );
  const actor = useActorRef(logic, { input: { skipReminder: storedSkip() } });
  const reminder = useSelector(actor, selectReminder);
  const busy = useSelector(actor, selectBusy, (a, b) => a?.questionId === b?.questionId && a?.action === b?.action);
  const error = useSelector(actor, selectError);
  const skipReminder = useSelector(actor, selectSkipReminder);

  const dialog = (
    <ConfirmDialog
      open={reminder !== null}
      width={350}
      title={t('msg.tip')}
      message={reminder?.hasData ? t('msg.modifyWithData') : t('msg.modifyNoData', { noun: kindOfType(reminder?.questionType ?? 1)?.name ?? '问卷' })}
      confirmLabel={t('project.confirm')}
      cancelLabel={t('project.cancel')}
      closeLabel={t('project.close')}
      onConfirm={() => actor.send({ type: 'reminder.confirm' })}
      onCancel={() => actor.send({ type: 'reminder.cancel' })}
    >
      <CheckboxField
        checked={reminder?.dontRemind ?? false}
        onChange={(checked) => actor.send({ type: 'reminder.toggle', checked })}
        label={t('msg.noRemind')}
      />
    </ConfirmDialog>
  );

  return {
    edit: (project: TLifecycleProject) => {
      editing.current = project.questionId;
      actor.send({ type: 'project.edit', project });
    },
    publish: (project: TLifecycleProject) => {
      editing.current = null;
      actor.send({ type: 'project.publish', project });
    },
    pause: (project: TLifecycleProject) => {
      editing.current = null;
      actor.send({ type: 'project.pause', project });
    },
    busy,
    error,
    /** 本次编辑不再提醒 was chosen in this browser session. */
    skipReminder,
    dialog,
  };
}

export type TProjectLifecycle = ReturnType<typeof useProjectLifecycle>;
