import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { Eye, Monitor, Smartphone, X } from 'lucide-react';
import { useState, type CSSProperties } from 'react';
import { numberingOf } from '../../../../machines/editor/editor.selectors';
import { pagesOf } from '../../../../machines/editor/editor.operations';
import { subjectEntry } from '../../../../schemas/subjects/registry';
import { previewQuery } from '../../../api/editor';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { ErrorState, LoadingState } from '../../../ui/states';
import { questionIdOf } from '../editor-paths';
import { cleanHtml } from '../rich-text/sanitize';
import { SubjectBody } from '../subject/subject-body';
import styles from './preview.module.css';

const FONT = { small: 13, medium: 15, large: 17 } as const;

/** /questionnaire/preview.html (new tab): the saved questionnaire as respondents will see it, read-only. */
export function PreviewPage() {
  const search = useLocation({ select: (location) => location.search as Record<string, unknown> });
  const questionId = questionIdOf(search);
  const [device, setDevice] = useState<'pc' | 'phone'>('pc');
  const query = useQuery(previewQuery(questionId));

  if (!questionId) return <ErrorState title="缺少项目编号" />;
  if (query.isPending) return <LoadingState label="正在加载预览…" />;
  if (query.isError) return <ErrorState title="预览加载失败" description="项目不存在，或您没有查看此项目的权限" actions={<Button onClick={() => void query.refetch()}>重试</Button>} />;

  const { document: doc, style, project } = query.data;
  const numbering = numberingOf(doc);
  const pages = pagesOf(doc.subjects);
  const exam = project.questionType === 2;
  const frame: CSSProperties & Record<string, string> = {
    '--accent': style.primaryColor,
    background: style.backgroundImage ? `center / cover fixed no-repeat url("${style.backgroundImage}")` : style.backgroundColor,
    fontSize: `${FONT[style.fontSize]}px`,
  };

  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <span className={styles.badge}>
          <Eye size={14} aria-hidden />
          预览模式
        </span>
        <span className={styles.barTitle}>{doc.title}</span>
        <div className={styles.devices} role="radiogroup" aria-label="预览设备">
          <button type="button" role="radio" aria-checked={device === 'pc'} className={cx(device === 'pc' && styles.on)} onClick={() => setDevice('pc')}>
            <Monitor size={15} aria-hidden />
            电脑
          </button>
          <button type="button" role="radio" aria-checked={device === 'phone'} className={cx(device === 'phone' && styles.on)} onClick={() => setDevice('phone')}>
            <Smartphone size={15} aria-hidden />
            手机
          </button>
        </div>
        <Button size="sm" variant="ghost" onClick={() => window.close()}>
          <X size={15} aria-hidden />
          关闭预览
        </Button>
      </header>
      <main className={styles.stage} style={frame}>
        <article className={cx(styles.paper, device === 'phone' && styles.phone)} aria-label="问卷预览">
          {style.coverImage ? <img className={styles.cover} src={style.coverImage} alt="" /> : <div className={styles.coverBar} style={{ background: style.primaryColor }} />}
          <header className={styles.head}>
            {style.logo ? <img className={styles.logo} src={style.logo} alt="" /> : null}
            <h1>{doc.title}</h1>
            {doc.subtitle ? <div className={styles.subtitle} dangerouslySetInnerHTML={{ __html: cleanHtml(doc.subtitle) }} /> : null}
          </header>
          {pages.map((page, p) => (
            <section key={p} className={styles.section} aria-label={`第${p + 1}页`}>
              {pages.length > 1 ? (
                <p className={styles.pageNo}>
                  第 {p + 1} / {pages.length} 页
                </p>
              ) : null}
              {page
                .filter((s) => s.subjectType !== 16)
                .map((s) => {
                  const number = numbering.get(s.uuid) ?? null;
                  const answerable = subjectEntry(s.subjectType).answerable;
                  return (
                    <div key={s.uuid} className={styles.subject} data-testid="preview-subject">
                      {s.title ? (
                        <h2 className={styles.stem}>
                          {s.required && answerable ? <span className={styles.req}>*</span> : null}
                          {number !== null ? <span className={styles.number}>{number}.</span> : null}
                          <span dangerouslySetInnerHTML={{ __html: cleanHtml(s.title) }} />
                          {exam && s.score !== undefined ? <em className={styles.score}>（{s.score}分）</em> : null}
                        </h2>
                      ) : null}
                      {s.description && s.subjectType !== 15 ? <div className={styles.description} dangerouslySetInnerHTML={{ __html: cleanHtml(s.description) }} /> : null}
                      <SubjectBody subject={s} />
                    </div>
                  );
                })}
            </section>
          ))}
          <footer className={styles.foot}>
            <button type="button" className={styles.submit} style={{ background: style.primaryColor }} disabled>
              提交
            </button>
            <p>预览中不能提交答卷</p>
          </footer>
        </article>
      </main>
    </div>
  );
}
