import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { ArrowLeft, ListChecks, LoaderCircle, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { questionInfoQuery } from '../../api/question';
import { hasSession } from '../../api/token';
import { useCreation } from '../../api/use-creation';
import { kindOfType } from '../../app/kinds';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/states';
import { TemplateSubjects } from './template-preview';
import { TemplateShareDialog } from './template-share-dialog';
import { TemplateStar } from './template-star';
import { useTaskSearch } from './task-search';
import { TEMPLATES_NS } from './templates-i18n';
import styles from './templates.module.css';

/** /template/detail.html?questionId=…: a template's subjects on a page of their own. */
export function TemplateDetailPage() {
  const { t } = useTranslation(TEMPLATES_NS);
  const questionId = useLocation({ select: (location) => String((location.search as Record<string, unknown>).questionId ?? '') });
  const info = useQuery(questionInfoQuery(questionId));
  const creation = useCreation();
  const task = useTaskSearch();
  const [sharing, setSharing] = useState(false);
  // The kind's library needs a login; visitors go back to the public one.
  const library = (hasSession() && kindOfType(info.data?.questionType)?.templates) || '/template/list.html';

  if (!questionId) {
    return (
      <EmptyState
        title={t('detail.missing')}
        actions={
          <Button variant="primary" asChild>
            <Link to="/template/list.html">{t('detail.back')}</Link>
          </Button>
        }
      />
    );
  }
  return (
    <div className={styles.detail}>
      <div className={styles.detailBar}>
        <Button variant="ghost" asChild>
          <Link to={library}>
            <ArrowLeft size={16} aria-hidden />
            {t('detail.back')}
          </Link>
        </Button>
        <div className={styles.detailActions}>
          <TemplateStar questionId={questionId} title={info.data?.title ?? ''} />
          <Button asChild>
            <Link to="/template/detailQuestion.html" search={{ id: questionId }}>
              <ListChecks size={15} aria-hidden />
              题目详情
            </Link>
          </Button>
          <Button disabled={!info.data} onClick={() => setSharing(true)}>
            <Share2 size={15} aria-hidden />
            分享给好友
          </Button>
          <Button
            variant="primary"
            disabled={creation.busy || !info.data}
            onClick={() => creation.start({ via: 'copy', questionId, options: task.taskId ? task : undefined })}
          >
            {creation.busy ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
            {t('card.use')}
          </Button>
        </div>
      </div>
      <div className={styles.detailPaper}>
        <TemplateSubjects questionId={questionId} />
      </div>
      <TemplateShareDialog template={sharing && info.data ? { questionId, title: info.data.title } : null} onClose={() => setSharing(false)} />
      {creation.dialog}
    </div>
  );
}

export default TemplateDetailPage;
