import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Flame } from 'lucide-react';
import { articleGroupsQuery, hotArticlesQuery } from '../../api/article';
import { EmptyState } from '../../ui';
import { ArticleLinkList } from './article-link-list';
import { QueryStates } from './help-states';
import { fill, HELP } from './help-texts';
import styles from './help.module.css';

function HotList() {
  const hot = useQuery(hotArticlesQuery());
  return (
    <section className={styles.card} aria-labelledby="help-hot">
      <h2 id="help-hot" className={styles.cardTitle}>
        <Flame size={18} aria-hidden className={styles.hotIcon} />
        {HELP.hot}
      </h2>
      <QueryStates query={hot}>{(list) => <ArticleLinkList articles={list} showReads />}</QueryStates>
    </section>
  );
}

function TypeGroups() {
  const groups = useQuery(articleGroupsQuery());
  return (
    <QueryStates query={groups}>
      {(list) =>
        list.length === 0 ? (
          <EmptyState title={HELP.empty} description={HELP.emptyDesc} />
        ) : (
          <div className={styles.groups}>
            {list.map((group) => (
              <section key={group.articleType} className={styles.card} aria-labelledby={`help-type-${group.articleType}`}>
                <h2 id={`help-type-${group.articleType}`} className={styles.cardTitle}>
                  {group.typeName}
                </h2>
                <ArticleLinkList articles={group.list} />
                <Link to="/help.html" search={{ articleType: group.articleType }} className={styles.more}>
                  {fill(HELP.more, { count: group.count })}
                </Link>
              </section>
            ))}
          </div>
        )
      }
    </QueryStates>
  );
}

/** 帮助中心 home: the search box, the hot list and every type with its first articles. */
export function HelpHome() {
  return (
    <div className={styles.homeGrid}>
      <TypeGroups />
      <HotList />
    </div>
  );
}
