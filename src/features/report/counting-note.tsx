import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TCounting } from '../../../schemas/api/report';
import { REPORT_NS } from './report-i18n';
import local from './counting-note.module.css';

/** While the report's figures catch up with a bulk of new sheets (issue 54): how many are counted of how many. */
export function CountingNote({ counting }: { counting: TCounting }) {
  const { t } = useTranslation(REPORT_NS);
  return (
    <span className={local.note} role="status" data-testid="report-counting">
      <LoaderCircle size={12} className={local.spin} aria-hidden />
      {t('counting', { counted: counting.counted, total: counting.total })}
    </span>
  );
}

/** How often the report asks again while it is counting. */
export const COUNTING_REFETCH_MS = 3_000;
