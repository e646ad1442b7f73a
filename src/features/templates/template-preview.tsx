import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ExternalLink, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { questionInfoQuery, subjectsQuery } from '../../api/question';
import { kindOfType } from '../../app/kinds';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { SubjectPreview, plainText, type TPreviewSubject } from '../../ui/subject-preview';
import { TemplateStar } from './template-star';
import { TEMPLATES_NS } from './templates-i18n';
import styles from './templates.module.css';

/** A template's title, description and subjects, read-only and numbered as respondents see them. */
export function TemplateSubjects({ questionId, headless }: { questionId: string; headless?: boolean }) {
  const { t, i18n } = useTranslation(TEMPLATES_NS);
  const info = useQuery(questionInfoQuery(questionId));
  const subjects = useQuery(subjectsQuery(questionId));
  if (info.isPending || subjects.isPending) return <LoadingState compact label={t('preview.loading')} />;
  if (info.isError || subjects.isError) return <ErrorState compact title={t('preview.error')} />;
  const kind = kindOfType(info.data.questionType);
  return (
    <article className={styles.preview}>
      {headless ? null : (
        <div className={styles.previewHead}>
          <h2>{info.data.title}</h2>
          {kind ? (
            <p className={styles.previewMeta}>{t('detail.meta', { kind: t(`kind.${kind.kind}`, { ns: 'translation' }), count: info.data.subjectCount })}</p>
          ) : null}
        </div>
      )}
      {info.data.subtitle ? <p className={styles.previewIntro}>{plainText(info.data.subtitle)}</p> : null}
      {subjects.data.subjects.length ? (
        <SubjectPreview
          subjects={subjects.data.subjects as unknown as TPreviewSubject[]}
          language={i18n.language === 'en' ? 'en' : 'zh'}
          requiredLabel={t('preview.required')}
          pageBreakLabel={t('preview.pageBreak')}
        />
      ) : (
        <EmptyState compact title={t('preview.noSubjects')} />
      )}
    </article>
  );
}

export interface TPreviewDialogProps {
  template: { questionId: string; title: string } | null;
  onClose: () => void;
  onUse: (questionId: string) => void;
  using: boolean;
}

/** The library's preview: the subjects in a dialog with 使用此模板 at hand. */
export function TemplatePreviewDialog({ template, onClose, onUse, using }: TPreviewDialogProps) {
  const { t } = useTranslation(TEMPLATES_NS);
  return (
    <Dialog
      open={template !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={template?.title ?? t('preview.title')}
      width={720}
      closeLabel={t('preview.close')}
      footer={
        template ? (
          <>
            <Button variant="ghost" asChild>
              <Link to="/template/detail.html" search={{ questionId: template.questionId }} target="_blank">
                <ExternalLink size={14} aria-hidden />
                {t('preview.openPage')}
              </Link>
            </Button>
            <TemplateStar questionId={template.questionId} title={template.title} />
            <Button onClick={onClose}>{t('preview.close')}</Button>
            <Button variant="primary" disabled={using} onClick={() => onUse(template.questionId)}>
              {using ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
              {t('card.use')}
            </Button>
          </>
        ) : null
      }
    >
      {template ? (
        <div className={styles.previewScroll}>
          <TemplateSubjects questionId={template.questionId} headless />
        </div>
      ) : null}
    </Dialog>
  );
}
