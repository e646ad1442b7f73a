import { useLocation, useNavigate } from '@tanstack/react-router';
import { KINDS } from '../../app/kinds';
import { useBrand } from '../../app/use-route-entry';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/states';
import type { TWorkKind } from '../../../schemas/project-kinds';
import { CaseCard } from './case-card';
import { CASES, INDUSTRIES, type TIndustry } from './cases-data';
import { fill, TEXTS } from './cases-texts';
import frame from '../../ui/public-page.module.css';
import styles from './cases.module.css';
import { FilterChips } from './filter-chips';
import { PublicHero } from './public-hero';
import { useRouteDescription } from '../../app/page-meta';

const CASE_KINDS = KINDS.filter((k) => CASES.some((c) => c.kind === k.kind));

/** /CollaborationCases/index.html: the twelve cases in a grid, filtered by industry and kind (kept in the address). */
export function CasesIndexPage() {
  const brand = useBrand();
  useRouteDescription();
  const search = useLocation({ select: (l) => l.search as Record<string, unknown> });
  const navigate = useNavigate();
  const industry = INDUSTRIES.find((i) => i === search.industry);
  const kind = CASE_KINDS.find((k) => k.kind === search.kind)?.kind;
  const shown = CASES.filter((c) => (!industry || c.industry === industry) && (!kind || c.kind === kind));
  const choose = (next: { industry?: TIndustry; kind?: TWorkKind }) =>
    void navigate({ to: '/CollaborationCases/index.html', search: { industry: next.industry, kind: next.kind }, replace: true });

  return (
    <div className={frame.page}>
      <PublicHero title={TEXTS.casesTitle} lead={fill(TEXTS.casesLead, { brand: brand.name })} note={TEXTS.scenesNote} />
      <div className={styles.filters}>
        <FilterChips
          label={TEXTS.industry}
          options={INDUSTRIES.map((i) => ({ value: i, label: i }))}
          value={industry}
          onChange={(value) => choose({ industry: value as TIndustry | undefined, kind })}
        />
        <FilterChips
          label={TEXTS.kind}
          options={CASE_KINDS.map((k) => ({ value: k.kind, label: k.name }))}
          value={kind}
          onChange={(value) => choose({ industry, kind: value as TWorkKind | undefined })}
        />
      </div>
      <p className={styles.count} role="status">
        {fill(TEXTS.filterCount, { count: shown.length })}
      </p>
      {shown.length ? (
        <ul className={styles.grid}>
          {shown.map((c) => (
            <CaseCard key={c.index} item={c} />
          ))}
        </ul>
      ) : (
        <EmptyState title={TEXTS.filterNone} description={TEXTS.filterNoneDesc} actions={<Button onClick={() => choose({})}>{TEXTS.filterReset}</Button>} />
      )}
    </div>
  );
}

export default CasesIndexPage;
