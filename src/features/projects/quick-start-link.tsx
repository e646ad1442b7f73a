import { Link } from '@tanstack/react-router';
import { Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PROJECT_KINDS, SOLITAIRE_KINDS } from '../../../schemas/project-kinds';
import { PROJECTS_NS } from './projects-i18n';
import styles from './create-page.module.css';

/**
 * The phone screen a kind can be started from in one go (issue 47 item 5): each chain kind's own (by the picked
 * solitaireType), the 收款 page's; none for the other kinds.
 */
function quickOf(questionType: number | null | undefined, solitaireType: number): { to: string; label: string } | undefined {
  if (questionType === PROJECT_KINDS.online.questionType) return { to: '/questionnaire/quickOnline.html', label: 'create.onlineQuick' };
  if (questionType !== PROJECT_KINDS.solitaire.questionType) return undefined;
  const chain = SOLITAIRE_KINDS.find((each) => each.solitaireType === solitaireType);
  return chain ? { to: chain.quick, label: `create.solitaire.quick.${chain.solitaireType}` } : undefined;
}

/** 手机上发起更快…: the create page's link to its kind's quick screen, when the kind has one. */
export function QuickStartLink({ questionType, solitaireType }: { questionType: number | null | undefined; solitaireType: number }) {
  const { t } = useTranslation(PROJECTS_NS);
  const quick = quickOf(questionType, solitaireType);
  if (!quick) return null;
  return (
    <Link to={quick.to} className={styles.quick}>
      <Zap size={14} aria-hidden />
      {t(quick.label)}
    </Link>
  );
}
