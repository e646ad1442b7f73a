import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { ArrowLeft, LoaderCircle, Monitor, Share2, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { templateQuestionQuery } from '../../api/template-share';
import { useCreation } from '../../api/use-creation';
import { UNNUMBERED_SUBJECT_TYPES } from '../../../schemas/subjects/subject-types';
import { kindOfType } from '../../app/kinds';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { plainText } from '../../ui/subject-preview';
import { TemplateShareDialog } from './template-share-dialog';
import { TemplateStar } from './template-star';
import styles from './template-share.module.css';

/** The respondent page itself showing a template (src/respond, ?template=1): answers can be tried, nothing is sent. */
export const templateRespondentUrl = (questionId: string) => `/s/${encodeURIComponent(questionId)}?template=1`;

const idOf = (search: Record<string, unknown>) => String(search.id ?? search.questionId ?? '');

/**
 * /template/detailQuestion.html?id=… (public): a template's subjects drawn by the respondent page (one renderer:
 * exam scores, chain, payment and booking subjects look as respondents get them), with 使用此模板 and 分享给好友.
 */
export function TemplateQuestionPage() {
  const questionId = useLocation({ select: (location) => idOf(location.search as Record<string, unknown>) });
  const template = useQuery(templateQuestionQuery(questionId));
  const creation = useCreation();
  const [device, setDevice] = useState<'pc' | 'phone'>('phone');
  const [sharing, setSharing] = useState(false);

  const refused = template.error instanceof ApiError && ['400', '404'].includes(template.error.resultCode);
  if (!questionId || refused) {
    return (
      <EmptyState
        title="模板不存在或已下架"
        description="换一个模板看看吧。"
        actions={
          <Button variant="primary" asChild>
            <Link to="/template/list.html">去模板库</Link>
          </Button>
        }
      />
    );
  }
  if (template.isPending) return <LoadingState label="正在加载模板…" />;
  if (template.isError)
    return <ErrorState title="模板加载失败" description={template.error.message} actions={<Button onClick={() => void template.refetch()}>重新加载</Button>} />;

  const kind = kindOfType(template.data.questionType);
  const count = template.data.subjects.filter((subject) => !UNNUMBERED_SUBJECT_TYPES.has(subject.subjectType)).length;
  return (
    <div className={styles.questionPage}>
      <div className={styles.questionHead}>
        <Button variant="ghost" asChild>
          <Link to="/template/detail.html" search={{ questionId }}>
            <ArrowLeft size={16} aria-hidden />
            返回模板详情
          </Link>
        </Button>
        <div className={styles.questionTitle}>
          <h1>{template.data.title}</h1>
          <p>
            {kind ? `${kind.name} · ` : ''}
            {count} 题 · 以下是答题者看到的样子，可以试答，答卷不会提交
          </p>
          {template.data.subtitle ? <p className={styles.questionIntro}>{plainText(template.data.subtitle)}</p> : null}
        </div>
        <div className={styles.questionActions}>
          <TemplateStar questionId={questionId} title={template.data.title} />
          <Button onClick={() => setSharing(true)}>
            <Share2 size={15} aria-hidden />
            分享给好友
          </Button>
          <Button variant="primary" disabled={creation.busy} onClick={() => creation.start({ via: 'copy', questionId })}>
            {creation.busy ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
            使用此模板
          </Button>
        </div>
      </div>
      {creation.error ? (
        <p className={styles.error} role="alert">
          {creation.error}
        </p>
      ) : null}
      <div className={styles.devices} role="radiogroup" aria-label="查看设备">
        {(['phone', 'pc'] as const).map((each) => (
          <button
            key={each}
            type="button"
            role="radio"
            aria-checked={device === each}
            className={cx(device === each && styles.on)}
            onClick={() => setDevice(each)}
          >
            {each === 'phone' ? <Smartphone size={15} aria-hidden /> : <Monitor size={15} aria-hidden />}
            {each === 'phone' ? '手机' : '电脑'}
          </button>
        ))}
      </div>
      <iframe
        className={cx(styles.frame, device === 'phone' && styles.phone)}
        src={templateRespondentUrl(questionId)}
        title={`模板题目：${template.data.title}`}
      />
      <TemplateShareDialog template={sharing ? { questionId, title: template.data.title } : null} onClose={() => setSharing(false)} />
      {creation.dialog}
    </div>
  );
}

export default TemplateQuestionPage;
