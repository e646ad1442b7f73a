import { useQueryClient } from '@tanstack/react-query';
import { Ban, CircleCheck, FileSpreadsheet, LoaderCircle, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { delAnswerSheet, exportAnswers, markSuspect, reportKeys } from '../../api/report';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { toast } from '../../ui/toast';
import { ANSWERS_NS } from './answers-i18n';
import styles from './answers-styles';
import { followDownload } from '../../ui/follow-download';

/**
 * Runs `one` over the sheets in order and stops at the first refusal (the API client has already shown its
 * message); answers how many went through, so the toast never claims more than happened.
 */
async function eachSheet(sheetIds: string[], one: (sheetId: string) => Promise<unknown>): Promise<number> {
  let done = 0;
  for (const id of sheetIds) {
    try {
      await one(id);
      done += 1;
    } catch {
      break;
    }
  }
  return done;
}

interface TSelectionBarProps {
  questionId: string;
  selected: string[];
  /** Power 1 or 2: may bin sheets and mark them invalid. */
  canChange: boolean;
  /** Power 1 or 3: may export (the report's power). */
  canExport: boolean;
  onClear: () => void;
}

/** What can be done with the selected sheets: export them, mark or unmark them invalid, move them to the bin. */
export function SelectionBar({ questionId, selected, canChange, canExport, onClear }: TSelectionBarProps) {
  const { t } = useTranslation(ANSWERS_NS);
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const n = selected.length;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  const change = (one: (sheetId: string) => Promise<unknown>, message: string) =>
    run(async () => {
      const done = await eachSheet(selected, one);
      if (done) toast.success(t(message, { n: done }));
      await client.invalidateQueries({ queryKey: reportKeys.all(questionId) });
      if (done === n) onClear();
    });
  const exportSelected = () =>
    run(async () => {
      const link = await exportAnswers(questionId, 'xlsx', 'subject', { sheetIds: selected });
      followDownload(link.url, link.fileName);
      toast.success(t('list.exported'));
    });

  return (
    <div className={styles.selection} role="toolbar" aria-label={t('list.selected', { n })}>
      <strong>{t('list.selected', { n })}</strong>
      {canExport ? (
        <Button size="sm" disabled={busy} onClick={() => void exportSelected().catch(() => {})}>
          <FileSpreadsheet size={14} aria-hidden />
          {t('list.exportSelected')}
        </Button>
      ) : null}
      {canChange ? (
        <>
          <Button size="sm" disabled={busy} onClick={() => void change((id) => markSuspect(questionId, id, true), 'list.marked')}>
            <Ban size={14} aria-hidden />
            {t('list.markInvalid')}
          </Button>
          <Button size="sm" disabled={busy} onClick={() => void change((id) => markSuspect(questionId, id, false), 'list.unmarked')}>
            <CircleCheck size={14} aria-hidden />
            {t('list.unmarkInvalid')}
          </Button>
          <Button size="sm" variant="danger" disabled={busy} onClick={() => setConfirm(true)}>
            <Trash2 size={14} aria-hidden />
            {t('list.delete')}
          </Button>
        </>
      ) : (
        <span className={styles.hint}>{t('list.readOnly')}</span>
      )}
      {busy ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
      <Button size="sm" variant="ghost" onClick={onClear} disabled={busy}>
        <X size={14} aria-hidden />
        {t('list.clear')}
      </Button>
      <ConfirmDialog
        open={confirm}
        title={t('list.deleteTitle')}
        message={t('list.deleteMessage', { n })}
        confirmLabel={t('list.delete')}
        cancelLabel={t('list.cancel')}
        tone="danger"
        busy={busy}
        onCancel={() => setConfirm(false)}
        onConfirm={() => void change((id) => delAnswerSheet(questionId, id), 'list.deleted').then(() => setConfirm(false))}
      />
    </div>
  );
}
