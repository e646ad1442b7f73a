import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { Eye, Monitor, RotateCw, Smartphone, X } from 'lucide-react';
import { useState } from 'react';
import { previewQuery } from '../../../api/editor';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { ErrorState, LoadingState } from '../../../ui/states';
import { questionIdOf } from '../editor-paths';
import styles from './preview.module.css';

/** The respondent page itself in preview mode: unpublished work through the editor's calls, never submitted. */
export const respondentPreviewUrl = (questionId: string) => `/s/${encodeURIComponent(questionId)}?preview=1`;

/**
 * /questionnaire/preview.html (new tab): the saved questionnaire as respondents get it. One renderer: the frame
 * loads the respondent page (/s/{id}?preview=1, its own build), so cover, option cards, logic, quotas and timers
 * are the ones respondents see; the bar around it only chooses the device width.
 */
export function PreviewPage() {
  const search = useLocation({ select: (location) => location.search as Record<string, unknown> });
  const questionId = questionIdOf(search);
  const [device, setDevice] = useState<'pc' | 'phone'>('pc');
  const [round, setRound] = useState(0);
  const query = useQuery(previewQuery(questionId));

  if (!questionId) return <ErrorState title="缺少项目编号" />;
  if (query.isPending) return <LoadingState label="正在加载预览…" />;
  if (query.isError)
    return (
      <ErrorState
        title="预览加载失败"
        description="项目不存在，或您没有查看此项目的权限"
        actions={<Button onClick={() => void query.refetch()}>重试</Button>}
      />
    );

  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <span className={styles.badge}>
          <Eye size={14} aria-hidden />
          预览模式
        </span>
        <span className={styles.barTitle}>{query.data.document.title}</span>
        <div className={styles.devices} role="radiogroup" aria-label="预览设备">
          <button type="button" role="radio" aria-checked={device === 'pc'} className={cx(device === 'pc' && styles.on)} onClick={() => setDevice('pc')}>
            <Monitor size={15} aria-hidden />
            电脑
          </button>
          <button
            type="button"
            role="radio"
            aria-checked={device === 'phone'}
            className={cx(device === 'phone' && styles.on)}
            onClick={() => setDevice('phone')}
          >
            <Smartphone size={15} aria-hidden />
            手机
          </button>
        </div>
        <Button size="sm" variant="ghost" onClick={() => setRound((n) => n + 1)}>
          <RotateCw size={15} aria-hidden />
          重新作答
        </Button>
        <Button size="sm" variant="ghost" onClick={() => window.close()}>
          <X size={15} aria-hidden />
          关闭预览
        </Button>
      </header>
      <main className={styles.stage}>
        <iframe
          key={round}
          className={cx(styles.frame, device === 'phone' && styles.phone)}
          src={respondentPreviewUrl(questionId)}
          title="问卷预览"
          data-device={device}
        />
      </main>
    </div>
  );
}
