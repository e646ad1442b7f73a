import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { ArrowLeft, ChevronLeft, ChevronRight, Flag, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { delAnswerSheet, markSuspect, reportKeys, restoreAnswerSheet, sheetDetailQuery } from '../../api/report';
import { questionInfoQuery } from '../../api/question';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { readView, sheetHref } from './detail-view';
import { REPORT_NS } from './report-i18n';
import styles from './report-styles';
import { SheetBody } from './sheet-body';
import { hasPower } from '../../../schemas/project-kinds';

/**
 * /questionnaire/answerSheetDetail.html?questionId=…&sheetId=…[&sort=…&order=…&filter=…]: one sheet, bin / restore /
 * suspect, and previous / next in the data detail list's order and filter (carried in the URL).
 */
export function SheetDetailPage() {
  const { t } = useTranslation(REPORT_NS);
  const search = useLocation({ select: (l) => l.search as Record<string, unknown> });
  const questionId = String(search.questionId ?? '');
  const sheetId = String(search.sheetId ?? '');
  const view = readView(search);
  const client = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const info = useQuery(questionInfoQuery(questionId));
  const sheet = useQuery(sheetDetailQuery(questionId, sheetId, view));
  const refresh = () => client.invalidateQueries({ queryKey: reportKeys.all(questionId) });
  const move = useMutation({
    mutationFn: (to: 0 | 1) => (to === 0 ? delAnswerSheet(questionId, sheetId) : restoreAnswerSheet(questionId, sheetId)),
    onSuccess: (_d, to) => {
      toast.success(to === 0 ? t('sheet.deleted') : t('sheet.restored'));
      setConfirm(false);
      void refresh();
    },
  });
  const flag = useMutation({
    mutationFn: (suspect: boolean) => markSuspect(questionId, sheetId, suspect),
    onSuccess: (d) => {
      toast.success(d.suspect ? t('sheet.marked') : t('sheet.unmarked'));
      void refresh();
    },
  });

  if (!questionId || !sheetId) return <EmptyState title={t('sheet.notFound')} />;
  if (sheet.isPending) return <LoadingState />;
  if (!sheet.data) return <ErrorState title={t('sheet.notFound')} description={sheet.error?.message} />;
  const s = sheet.data;
  // Power 1 or 2 bins sheets and marks them (issue 17 item 3); view power only reads.
  const canChange = hasPower(info.data?.powerType, 'edit');
  // Opened from the answer list: 返回 goes back there and 上一份 / 下一份 keep saying so.
  const fromAnswers = search.from === 'answers';
  const back = fromAnswers
    ? `/answerList.html?questionId=${encodeURIComponent(questionId)}`
    : `/questionnaire/report.html?questionId=${encodeURIComponent(questionId)}`;
  const neighbour = (id: string) => `${sheetHref(questionId, id, view)}${fromAnswers ? '&from=answers' : ''}`;

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div className={styles.headMain}>
          <Button variant="ghost" size="sm" asChild>
            <Link to={back}>
              <ArrowLeft size={14} aria-hidden />
              {fromAnswers ? t('sheet.backToList') : t('sheet.back')}
            </Link>
          </Button>
          <h1>
            {t('sheet.title')}
            {s.status === 0 ? <span className={styles.badge}>{t('sheet.binBadge')}</span> : null}
            {s.suspect ? <span className={styles.badgeWarn}>{t('sheet.suspectBadge')}</span> : null}
          </h1>
          <p className={styles.meta}>{info.data?.title}</p>
          {s.suspect && s.suspectReason ? <p className={styles.meta}>{t('risk.reason', { reason: s.suspectReason })}</p> : null}
        </div>
        <div className={styles.headActions}>
          {s.prevSheetId ? (
            <Button size="sm" asChild>
              <Link to={neighbour(s.prevSheetId)}>
                <ChevronLeft size={14} aria-hidden />
                {t('sheet.prev')}
              </Link>
            </Button>
          ) : (
            <Button size="sm" disabled>
              <ChevronLeft size={14} aria-hidden />
              {t('sheet.prev')}
            </Button>
          )}
          {s.nextSheetId ? (
            <Button size="sm" asChild>
              <Link to={neighbour(s.nextSheetId)}>
                {t('sheet.next')}
                <ChevronRight size={14} aria-hidden />
              </Link>
            </Button>
          ) : (
            <Button size="sm" disabled>
              {t('sheet.next')}
              <ChevronRight size={14} aria-hidden />
            </Button>
          )}
          {canChange ? (
            <>
              <Button size="sm" onClick={() => flag.mutate(!s.suspect)} disabled={flag.isPending}>
                <Flag size={14} aria-hidden />
                {s.suspect ? t('sheet.unmark') : t('sheet.mark')}
              </Button>
              {s.status === 1 ? (
                <Button size="sm" variant="danger" onClick={() => setConfirm(true)}>
                  <Trash2 size={14} aria-hidden />
                  {t('sheet.del')}
                </Button>
              ) : (
                <Button size="sm" variant="primary" onClick={() => move.mutate(1)} disabled={move.isPending}>
                  <RotateCcw size={14} aria-hidden />
                  {t('sheet.restore')}
                </Button>
              )}
            </>
          ) : null}
        </div>
      </header>
      <SheetBody sheet={s} />
      <ConfirmDialog
        open={confirm}
        title={t('sheet.del')}
        message={t('sheet.delConfirm')}
        confirmLabel={t('confirm')}
        cancelLabel={t('cancel')}
        tone="danger"
        busy={move.isPending}
        onConfirm={() => move.mutate(0)}
        onCancel={() => setConfirm(false)}
      />
    </div>
  );
}
