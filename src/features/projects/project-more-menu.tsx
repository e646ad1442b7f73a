import { useNavigate } from '@tanstack/react-router';
import { CopyPlus, Eraser, HandCoins, MoreHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TProjectInfo } from '../../../schemas/api/question';
import { copyTargets } from '../../../schemas/project-copy/copy-plan';
import { SPACE_KINDS } from '../../../schemas/coins/space';
import { PROJECT_STATUS } from '../../../schemas/project-kinds';
import { cx } from '../../ui/cx';
import { DropdownItem, DropdownMenu } from '../../ui/dropdown-menu';
import { PROJECTS_NS } from './projects-i18n';
import { ProjectToolLinks } from './project-tool-links';
import styles from './project-list-styles';

interface TProps {
  project: TProjectInfo;
  compact: boolean;
  disabled: boolean;
  canCopy: boolean;
  canClear: boolean;
  canSettings: boolean;
  /** 选项配额: every collaborator (its counts are not answers). */
  canQuotas: boolean;
  /** 邀请回执: where answers are reported. */
  canReceipts: boolean;
  /** 数据推送: manage power (the data leaves the platform). */
  canWebhooks: boolean;
  onClear: () => void;
}

/**
 * A project's rarely used actions: 项目设置 and 选项配额 (project-tool-links.tsx), 高级复制 (/questionnaire/copy.html: another kind, without settings or logic) for a
 * kind that maps onto others, 发布到互助空间 (/mutual.html's release dialog, issue 51) for a published project people
 * answer that the caller manages, and 清空数据 for a kind whose records are answer sheets. Nothing to show, no menu.
 */
export function ProjectMoreMenu({ project, compact, disabled, canCopy, canClear, canSettings, canQuotas, canReceipts, canWebhooks, onClear }: TProps) {
  const { t } = useTranslation(PROJECTS_NS);
  const navigate = useNavigate();
  const copyTo = canCopy && copyTargets(project.questionType).length > 1;
  const toSpace = project.status === PROJECT_STATUS.published && project.powerType === 1 && SPACE_KINDS.includes(project.questionType);
  if (!copyTo && !toSpace && !canClear && !canSettings && !canQuotas && !canReceipts && !canWebhooks) return null;
  return (
    <DropdownMenu
      trigger={
        <button
          type="button"
          className={cx(styles.action, styles.iconAction, compact && styles.headMore)}
          disabled={disabled}
          aria-label={t('item.more')}
          title={t('item.more')}
        >
          <MoreHorizontal size={16} aria-hidden />
        </button>
      }
    >
      {copyTo ? (
        <DropdownItem onSelect={() => void navigate({ to: '/questionnaire/copy.html', search: { questionId: project.questionId } as never })}>
          <CopyPlus size={16} aria-hidden />
          {t('action.copyTo')}
        </DropdownItem>
      ) : null}
      <ProjectToolLinks questionId={project.questionId} edit={canSettings} quotas={canQuotas} receipts={canReceipts} webhooks={canWebhooks} />
      {toSpace ? (
        <DropdownItem onSelect={() => void navigate({ to: '/mutual.html', search: { release: project.questionId } as never })}>
          <HandCoins size={16} aria-hidden />
          {t('action.toSpace')}
        </DropdownItem>
      ) : null}
      {canClear ? (
        <DropdownItem className={styles.dangerItem} onSelect={onClear}>
          <Eraser size={16} aria-hidden />
          {t('action.clear')}
        </DropdownItem>
      ) : null}
    </DropdownMenu>
  );
}
