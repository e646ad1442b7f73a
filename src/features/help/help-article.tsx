import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Eye } from 'lucide-react';
import type { TArticleDetail } from '../../../schemas/api/article';
import { articleDetailQuery } from '../../api/article';
import { ApiError } from '../../api/client';
import { useBrand } from '../../app/use-route-entry';
import { Button, EmptyState, ErrorState, LoadingState } from '../../ui';
import { ArticleBodyView } from './article-body-view';
import { ArticleLinkList } from './article-link-list';
import { ArticleVotes } from './article-votes';
import { FeedbackForm } from './feedback-form';
import { fill, HELP } from './help-texts';
import styles from './help.module.css';
import { usePageMeta } from '../../app/page-meta';

function ArticleView({ article, opened }: { article: TArticleDetail; opened: number | string }) {
  usePageMeta(useBrand(), article.summary, article.title);
  return (
    <>
      <article className={styles.card}>
        <p className={styles.crumbs}>
          <Link to="/help.html">{HELP.title}</Link>
          <span aria-hidden> / </span>
          <Link to="/help.html" search={{ articleType: article.articleType }}>
            {article.typeName}
          </Link>
        </p>
        <h1 className={styles.pageTitle}>{article.title}</h1>
        <p className={styles.meta}>
          <span>{fill(HELP.updated, { date: article.updateTime.slice(0, 10) })}</span>
          <span className={styles.reads} data-testid="read-count">
            <Eye size={14} aria-hidden />
            {fill(HELP.reads, { count: article.readCount })}
          </span>
        </p>
        <p className={styles.lead}>{article.summary}</p>
        <ArticleBodyView body={article.body} />
        <ArticleVotes article={article} opened={opened} />
      </article>
      {article.related.length ? (
        <section className={styles.card} aria-labelledby="help-related">
          <h2 id="help-related" className={styles.cardTitle}>
            {HELP.related}
          </h2>
          <ArticleLinkList articles={article.related} />
        </section>
      ) : null}
      <FeedbackForm articleId={article.articleId} />
    </>
  );
}

/** /help.html?articleId=… (or ?article=<slug>): one article, its votes, related articles and the feedback form. */
export function HelpArticle({ article }: { article: number | string }) {
  const detail = useQuery(articleDetailQuery(article));
  if (detail.isPending) return <LoadingState label={HELP.loading} />;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.resultCode === '404';
    return missing ? (
      <EmptyState title={HELP.notFound} description={HELP.notFoundDesc} actions={<Link to="/help.html">{HELP.backHome}</Link>} />
    ) : (
      <ErrorState title={HELP.loadError} description={HELP.loadErrorDesc} actions={<Button onClick={() => void detail.refetch()}>{HELP.retry}</Button>} />
    );
  }
  return <ArticleView article={detail.data} opened={article} />;
}
