import { useLocation } from '@tanstack/react-router';
import { Link } from '@tanstack/react-router';
import { articleSearchQuery } from '../../api/article';
import { useBrand } from '../../app/use-route-entry';
import { Button, EmptyState, ErrorState, LoadingState, Pager } from '../../ui';
import { usePagedList } from '../../ui/use-paged-list';
import type { TSearchHitOut } from '../../../schemas/api/article';
import { HelpFrame } from './help-page';
import { fill, HELP } from './help-texts';
import { MarkedText } from './marked-text';
import styles from './help.module.css';
import { usePageMeta } from '../../app/page-meta';

function Hits({ hits }: { hits: TSearchHitOut[] }) {
  return (
    <ul className={styles.articleList}>
      {hits.map((hit) => (
        <li key={hit.articleId}>
          <Link to="/help.html" search={{ articleId: hit.articleId }} className={styles.articleLink}>
            <MarkedText parts={hit.title} />
          </Link>
          <p className={styles.summary}>
            <MarkedText parts={hit.snippet} />
          </p>
          <span className={styles.reads}>
            {hit.typeName} · {fill(HELP.reads, { count: hit.readCount })}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Results({ keyword }: { keyword: string }) {
  const list = usePagedList((page) => articleSearchQuery(keyword, page), 10);
  if (list.loading) return <LoadingState label={HELP.loading} />;
  if (list.failed)
    return (
      <ErrorState title={HELP.loadError} description={HELP.loadErrorDesc} actions={<Button onClick={() => void list.query.refetch()}>{HELP.retry}</Button>} />
    );
  if (!list.total)
    return <EmptyState title={fill(HELP.searchNone, { keyword })} description={HELP.searchNoneDesc} actions={<Link to="/help.html">{HELP.backHome}</Link>} />;
  return (
    <>
      <p className={styles.meta}>{fill(HELP.searchCount, { count: list.total, keyword })}</p>
      <Hits hits={list.list} />
      <Pager {...list.pager} totalLabel={`共 ${list.total} 篇`} label="搜索结果分页" previousLabel="上一页" nextLabel="下一页" />
    </>
  );
}

/** /help/search.html?keyword=…: the help centre's search, the matched words marked. */
export function HelpSearchPage() {
  const keyword = useLocation({
    select: (location) =>
      String((location.search as Record<string, unknown>).keyword ?? '')
        .trim()
        .slice(0, 50),
  });
  const brand = useBrand();
  usePageMeta(brand, fill(HELP.searchDescription, { brand: brand.name }));
  return (
    <HelpFrame keyword={keyword}>
      <section className={styles.card} aria-labelledby="help-search-title">
        <h1 id="help-search-title" className={styles.pageTitle}>
          {HELP.searchTitle}
        </h1>
        {keyword ? <Results key={keyword} keyword={keyword} /> : <EmptyState title={HELP.searchAsk} />}
      </section>
    </HelpFrame>
  );
}
