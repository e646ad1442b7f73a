import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TProjectInfo } from '../../../schemas/api/question';
import { getQuestionClear, moveToBinMutation } from '../../api/question';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { toast } from '../../ui/toast';
import { PROJECTS_NS } from './projects-i18n';

/**
 * The project list's two confirmed actions: 删除 (to the bin) and 清空数据. askDelete/askClear open the confirmation;
 * dialogs is rendered by the page; refresh reads the list again after either is done.
 */
export function useDeleteAndClear(refresh: () => Promise<unknown>) {
  const { t } = useTranslation(PROJECTS_NS);
  const [deleting, setDeleting] = useState<TProjectInfo | null>(null);
  const moveToBin = useMutation({
    ...moveToBinMutation(),
    onSuccess: () => {
      toast.success(t('del.done'));
      setDeleting(null);
      void refresh();
    },
  });
  const [clearing, setClearing] = useState<TProjectInfo | null>(null);
  const clearData = useMutation({
    mutationFn: getQuestionClear,
    onSuccess: () => {
      toast.success(t('clear.done'));
      setClearing(null);
      void refresh();
    },
  });
  const dialogs = (
    <>
      <ConfirmDialog
        open={deleting !== null}
        tone="danger"
        title={t('del.title')}
        message={t('del.message', { title: deleting?.title ?? '' })}
        confirmLabel={t('del.confirm')}
        cancelLabel={t('del.cancel')}
        busy={moveToBin.isPending}
        onConfirm={() => deleting && moveToBin.mutate(deleting.questionId)}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={clearing !== null}
        tone="danger"
        title={t('clear.title')}
        message={t('clear.message', { title: clearing?.title ?? '', count: clearing?.dataCount ?? 0 })}
        confirmLabel={t('clear.confirm')}
        cancelLabel={t('clear.cancel')}
        busy={clearData.isPending}
        onConfirm={() => clearing && clearData.mutate(clearing.questionId)}
        onCancel={() => setClearing(null)}
      />
    </>
  );
  return { askDelete: setDeleting, askClear: setClearing, dialogs };
}
