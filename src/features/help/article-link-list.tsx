import { Link } from '@tanstack/react-router';
import { Eye } from 'lucide-react';
import type { TArticleSummary } from '../../../schemas/api/article';
import { fill, HELP } from './help-texts';
import styles from './help.module.css';

/** A list of articles, each a link to /help.html?articleId=…, with its read count when asked. */
export function ArticleLinkList({
  articles,
  showSummary = false,
  showReads = false,
}: {
  articles: TArticleSummary[];
  showSummary?: boolean;
  showReads?: boolean;
}) {
  return (
    <ul className={styles.articleList}>
      {articles.map((article) => (
        <li key={article.articleId}>
          <Link to="/help.html" search={{ articleId: article.articleId }} className={styles.articleLink}>
            {article.title}
          </Link>
          {showSummary ? <p className={styles.summary}>{article.summary}</p> : null}
          {showReads ? (
            <span className={styles.reads}>
              <Eye size={14} aria-hidden />
              {fill(HELP.reads, { count: article.readCount })}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
