import { Link } from '@tanstack/react-router';
import { Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PROJECT_KINDS } from '../../../schemas/project-kinds';
import { PROJECTS_NS } from './projects-i18n';
import styles from './create-page.module.css';

/** The phone screens a kind can be started from in one go (issue 47 item 5), by question type. */
const QUICK: Partial<Record<number, { to: string; label: string }>> = {
  [PROJECT_KINDS.solitaire.questionType]: { to: '/questionnaire/quickSolitaire.html', label: 'create.solitaire.quick' },
  [PROJECT_KINDS.online.questionType]: { to: '/questionnaire/quickOnline.html', label: 'create.onlineQuick' },
};

/** 手机上发起更快…: the create page's link to its kind's quick screen, when the kind has one. */
export function QuickStartLink({ questionType }: { questionType: number | null | undefined }) {
  const { t } = useTranslation(PROJECTS_NS);
  const quick = questionType ? QUICK[questionType] : undefined;
  if (!quick) return null;
  return (
    <Link to={quick.to} className={styles.quick}>
      <Zap size={14} aria-hidden />
      {t(quick.label)}
    </Link>
  );
}
