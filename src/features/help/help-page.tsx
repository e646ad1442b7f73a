import { useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useBrand } from '../../app/use-route-entry';
import { HelpArticle } from './help-article';
import { HelpHome } from './help-home';
import { HelpSearchBox } from './help-search-box';
import { fill, HELP } from './help-texts';
import { HelpTypeList } from './help-type-list';
import frame from '../../ui/public-page.module.css';
import styles from './help.module.css';
import { usePageMeta } from '../../app/page-meta';

/** A positive whole number from the query (spec §2: articleId, articleType), else null. */
export const queryNumber = (value: unknown): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n < 2_147_483_648 ? n : null;
};

/** An article's slug from the query (?article=, the editor's help links), else null. */
export const querySlug = (value: unknown): string | null =>
  typeof value === 'string' && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) && value.length <= 64 ? value : null;

/** The frame every help page shares: the hero with the search box above the page's own content. */
export function HelpFrame({ children, keyword }: { children: ReactNode; keyword?: string }) {
  const brand = useBrand();
  return (
    <div className={frame.page}>
      <div className={frame.hero}>
        <p className={frame.heroTitle}>
          {brand.name}
          {HELP.title}
        </p>
        <p className={frame.heroLead}>{fill(HELP.heroLead, { brand: brand.name })}</p>
        <HelpSearchBox key={keyword ?? ''} initial={keyword} />
      </div>
      {children}
    </div>
  );
}

/**
 * /help.html: the home, one type's list (?articleType=) or one article (?articleId=, spec §2; or ?article=<slug>,
 * how the editor's help opens the article for its screen), by the query.
 */
export function HelpPage() {
  const search = useLocation({ select: (location) => location.search as Record<string, unknown> });
  const brand = useBrand();
  usePageMeta(brand, fill(HELP.homeDescription, { brand: brand.name }));
  const article = queryNumber(search.articleId) ?? querySlug(search.article);
  const articleType = queryNumber(search.articleType);
  return (
    <HelpFrame>
      {article ? (
        <HelpArticle article={article} />
      ) : articleType ? (
        <HelpTypeList articleType={articleType} />
      ) : (
        <>
          <h1 className={styles.visuallyHidden}>{HELP.title}</h1>
          <HelpHome />
        </>
      )}
    </HelpFrame>
  );
}
