import { Download } from 'lucide-react';
import { useState } from 'react';
import type { TContactReceipt, TReceiptFilter } from '../../../schemas/api/receipts';
import { exportReceipts, receiptPageQuery } from '../../api/receipts';
import { Button } from '../../ui/button';
import { FilterBar, FilterTabs, SearchBox } from '../../ui/filter-bar';
import { formatDateTime } from '../../ui/format-time';
import { Pager } from '../../ui/pager';
import { StatusPill } from '../../ui/status-pill';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { useDebounced } from '../../ui/use-debounced';
import { usePagedList } from '../../ui/use-paged-list';
import { saveXlsx } from '../../ui/base64-files';
import { CHANNEL_NAMES, FILTER_TABS, ReceiptTag } from './receipt-tags';
import styles from './receipts-styles';

const time = (value: string | null) => (value ? formatDateTime(value) : '—');

function Row({ questionId, r }: { questionId: string; r: TContactReceipt }) {
  return (
    <tr>
      <td className={styles.name}>{r.name}</td>
      <td className={styles.name}>{r.address}</td>
      <td>{CHANNEL_NAMES[r.channel]}</td>
      <td>
        <ReceiptTag state={r.state} />
        {r.reason && (r.state === 'failed' || r.state === 'refused') ? <span className={styles.reason}>{r.reason}</span> : null}
      </td>
      <td>{r.openedAt ? <StatusPill tone="primary">已打开</StatusPill> : <span className={styles.muted}>未打开</span>}</td>
      <td>
        {r.answeredAt ? <StatusPill tone="success">已作答</StatusPill> : <StatusPill tone="muted">未作答</StatusPill>}
        {r.answeredAt ? <span className={styles.muted}> {time(r.answeredAt)}</span> : null}
      </td>
      <td className={styles.muted}>{time(r.sentAt ?? r.lastTime)}</td>
      <td>
        <a href={`/SMSReceiptRecord.html?questionId=${encodeURIComponent(questionId)}&contactId=${r.contactId}`}>
          发送记录{r.messageCount > 1 ? `（${r.messageCount}）` : ''}
        </a>
      </td>
    </tr>
  );
}

/** 导出: what the filter shows, as an .xlsx; offered to the report power (1 manage, 3 view) only. */
function ExportButton({ questionId, filter, keyword, disabled }: { questionId: string; filter: TReceiptFilter; keyword: string; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  const run = () => {
    setBusy(true);
    exportReceipts({ questionId, state: filter, keyword: keyword || undefined })
      .then((file) => {
        saveXlsx(file.fileName, file.xlsx);
        toast.success(`已导出 ${file.count} 条回执`);
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Button size="sm" onClick={run} disabled={disabled || busy}>
      <Download size={13} aria-hidden />
      {busy ? '导出中…' : '导出'}
    </Button>
  );
}

/** The contacts invited to the project with their states: filter by state, search by name or address, pages, 导出. */
export function ReceiptTable({
  questionId,
  invited,
  filter,
  onFilter,
  canExport,
}: {
  questionId: string;
  invited: number;
  filter: TReceiptFilter;
  onFilter: (f: TReceiptFilter) => void;
  canExport: boolean;
}) {
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword.trim(), 300);
  const list = usePagedList((page, pageSize) => receiptPageQuery({ questionId, state: filter, keyword: search || undefined, page, pageSize }), 20);
  let body;
  if (list.loading) body = <LoadingState compact />;
  else if (list.failed) body = <ErrorState compact title="回执加载失败" description={list.query.error?.message} />;
  else if (!list.list.length)
    body = invited ? (
      <EmptyState compact title="没有符合条件的联系人" />
    ) : (
      <EmptyState compact title="还没有发出邀请" description="从通讯录选择联系人，用短信或邮件发送问卷邀请后，这里会显示每个人的回执。" />
    );
  else
    body = (
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid="receipt-table">
          <thead>
            <tr>
              <th>姓名</th>
              <th>手机号 / 邮箱</th>
              <th>方式</th>
              <th>发送状态</th>
              <th>链接</th>
              <th>作答</th>
              <th>发送时间</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {list.list.map((r) => (
              <Row key={r.contactId} questionId={questionId} r={r} />
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <section className={styles.card} aria-label="联系人回执">
      <FilterBar>
        <FilterTabs label="回执状态" tabs={FILTER_TABS} value={filter} onChange={list.refilter(onFilter)} />
        <SearchBox label="搜索联系人" placeholder="搜索姓名、手机号、邮箱" value={keyword} onChange={list.refilter(setKeyword)} />
        {canExport ? <ExportButton questionId={questionId} filter={filter} keyword={search} disabled={!list.total} /> : null}
      </FilterBar>
      {body}
      <Pager {...list.pager} totalLabel={`共 ${list.total} 人`} label="回执分页" previousLabel="上一页" nextLabel="下一页" />
    </section>
  );
}
