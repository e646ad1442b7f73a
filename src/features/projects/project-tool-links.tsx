import { Link } from '@tanstack/react-router';
import { Gauge, MailCheck, Settings, Webhook } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DropdownItem } from '../../ui/dropdown-menu';
import { PROJECTS_NS } from './projects-i18n';

/**
 * 更多 menu's project tools (issue 49): 项目设置 with edit power, 选项配额 for every collaborator of a kind with answer
 * sheets, and 邀请回执 where answers are reported (issue 50: who of the invited contacts answered), 数据推送 with manage
 * power (issue 53: webhooks).
 */
export function ProjectToolLinks({
  questionId,
  edit,
  quotas,
  receipts,
  webhooks,
}: {
  questionId: string;
  edit: boolean;
  quotas: boolean;
  receipts: boolean;
  webhooks: boolean;
}) {
  const { t } = useTranslation(PROJECTS_NS);
  return (
    <>
      {edit ? (
        <DropdownItem asChild>
          <Link to="/questionnaire/setting.html" search={{ questionId }}>
            <Settings size={16} aria-hidden />
            {t('action.settings')}
          </Link>
        </DropdownItem>
      ) : null}
      {quotas ? (
        <DropdownItem asChild>
          <Link to="/optionsQuota.html" search={{ questionId }}>
            <Gauge size={16} aria-hidden />
            {t('action.quotas')}
          </Link>
        </DropdownItem>
      ) : null}
      {webhooks ? (
        <DropdownItem asChild>
          <Link to="/questionnaire/webhook.html" search={{ questionId }}>
            <Webhook size={16} aria-hidden />
            {t('action.webhooks')}
          </Link>
        </DropdownItem>
      ) : null}
      {receipts ? (
        <DropdownItem asChild>
          <Link to="/SMSReceipt.html" search={{ questionId }}>
            <MailCheck size={16} aria-hidden />
            {t('action.receipts')}
          </Link>
        </DropdownItem>
      ) : null}
    </>
  );
}
