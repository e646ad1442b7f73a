import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { Mail, RefreshCw, Send } from 'lucide-react';
import { useState } from 'react';
import type { TReceiptFilter } from '../../../schemas/api/receipts';
import { hasPower } from '../../../schemas/project-kinds';
import { questionInfoQuery } from '../../api/question';
import { receiptStatusQuery } from '../../api/receipts';
import { Button } from '../../ui/button';
import { ManageHeader, ManagePage } from '../../ui/manage-page';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { ReceiptCards } from './receipt-cards';
import { ReceiptTable } from './receipt-table';
import styles from './receipts-styles';

const questionIdOf = (search: unknown) => String((search as Record<string, unknown>).questionId ?? '');

/**
 * /SMSReceipt.html?questionId=… (短信回执, issue 50 item 3): who of a project's invited contacts got the message,
 * opened their link and answered — the counts as cards, the table with each contact's state; 重发未作答 goes to
 * the send records' resend.
 */
export function ReceiptPage() {
  const questionId = useLocation({ select: (l) => questionIdOf(l.search) });
  const info = useQuery(questionInfoQuery(questionId));
  const status = useQuery(receiptStatusQuery(questionId));
  const [filter, setFilter] = useState<TReceiptFilter>('all');
  if (!questionId) return <EmptyState title="缺少项目编号" description="请从项目列表的“更多”菜单进入回执。" />;
  const q = encodeURIComponent(questionId);
  return (
    <ManagePage>
      <ManageHeader
        back={{ to: '/list.html', label: '返回项目列表' }}
        title={info.data?.title ? `邀请回执 · ${info.data.title}` : '邀请回执'}
        meta={<p className={styles.meta}>短信和邮件邀请的发送、打开和作答情况</p>}
        actions={
          <>
            <Button asChild variant="ghost">
              <a href={`/mail/sendMail.html?questionId=${q}`}>
                <Mail size={14} aria-hidden />
                发送邮件
              </a>
            </Button>
            <Button asChild variant="primary">
              <a href={`/sms/sendSmsRecord.html?questionId=${q}`}>
                <Send size={14} aria-hidden />
                重发未作答
              </a>
            </Button>
          </>
        }
      />
      {status.isPending ? (
        <LoadingState />
      ) : status.isError ? (
        <ErrorState
          title="回执加载失败"
          description={status.error.message}
          actions={
            <Button variant="primary" onClick={() => void status.refetch()}>
              <RefreshCw size={14} aria-hidden />
              重试
            </Button>
          }
        />
      ) : (
        <>
          <ReceiptCards status={status.data} />
          <ReceiptTable
            questionId={questionId}
            invited={status.data.invited}
            filter={filter}
            onFilter={setFilter}
            canExport={hasPower(info.data?.powerType, 'report')}
          />
        </>
      )}
    </ManagePage>
  );
}

export default ReceiptPage;
