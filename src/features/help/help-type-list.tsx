import { Link } from '@tanstack/react-router';
import { articleTypeQuery } from '../../api/article';
import { articleTypeName } from '../../../schemas/help/article-types';
import { Button, EmptyState, ErrorState, LoadingState, Pager } from '../../ui';
import { usePagedList } from '../../ui/use-paged-list';
import { ArticleLinkList } from './article-link-list';
import { HELP } from './help-texts';
import styles from './help.module.css';

/** /help.html?articleType=…: one type's articles, a page at a time. */
export function HelpTypeList({ articleType }: { articleType: number }) {
  const list = usePagedList((page) => articleTypeQuery(articleType, page), 20);
  const name = articleTypeName(articleType);
  return (
    <section className={styles.card} aria-labelledby="help-type-title">
      <h1 id="help-type-title" className={styles.pageTitle}>
        {name}
      </h1>
      {list.loading ? (
        <LoadingState label={HELP.loading} />
      ) : list.failed ? (
        <ErrorState title={HELP.loadError} description={HELP.loadErrorDesc} actions={<Button onClick={() => void list.query.refetch()}>{HELP.retry}</Button>} />
      ) : list.list.length === 0 ? (
        <EmptyState title={HELP.empty} description={HELP.emptyDesc} actions={<Link to="/help.html">{HELP.backHome}</Link>} />
      ) : (
        <>
          <ArticleLinkList articles={list.list} showSummary showReads />
          <Pager {...list.pager} totalLabel={`共 ${list.total} 篇`} label="文章分页" previousLabel="上一页" nextLabel="下一页" />
        </>
      )}
    </section>
  );
}
