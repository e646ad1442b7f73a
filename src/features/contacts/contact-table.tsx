import { useQueryClient } from '@tanstack/react-query';
import { Mail, MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { UNGROUPED_NAME, type TContact, type TContactField, type TGroupList } from '../../../schemas/api/contacts';
import { contactKeys, contactPageQuery, delContacts, moveContacts } from '../../api/contacts';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FilterTabs, SearchBox } from '../../ui/filter-bar';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { useDebounced } from '../../ui/use-debounced';
import { usePagedList, type TPagedList } from '../../ui/use-paged-list';
import { ContactHistoryDrawer } from './contact-history-drawer';
import { ContactRow } from './contact-row';
import { sendLink } from './contact-view';
import type { TGroupFilter } from './contact-view';
import styles from './contacts-styles';

interface TProps {
  group: TGroupFilter;
  groups: TGroupList;
  shown: TContactField[];
  onEdit: (c: TContact) => void;
  onAdd: () => void;
  onImport: () => void;
  onChanged: () => void;
}

const OPT_OUT_TABS = [
  { value: false, label: '全部' },
  { value: true, label: '已退订' },
];

/** The contacts of the chosen group: search, 已退订, the shown columns, checkboxes, batch delete, move, send, 记录. */
export function ContactTable({ group, groups, shown, onEdit, onAdd, onImport, onChanged }: TProps) {
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [optedOut, setOptedOut] = useState(false);
  const [history, setHistory] = useState<number | null>(null);
  const search = useDebounced(keyword.trim(), 300);
  const groupId = group === 'all' ? undefined : group;
  const list = usePagedList(
    (page, pageSize) => contactPageQuery({ groupId, keyword: search || undefined, optedOut: optedOut || undefined, page, pageSize }),
    20,
  );
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [deleting, setDeleting] = useState(false);
  const done = () => {
    setSelected(new Set());
    void client.invalidateQueries({ queryKey: contactKeys.all });
    onChanged();
  };
  const ids = [...selected];
  const remove = () =>
    delContacts({ contactIds: ids })
      .then((r) => (toast.success(`已删除 ${r.deleted} 位联系人`), done()))
      .catch(() => undefined)
      .finally(() => setDeleting(false));
  const move = (to: string) =>
    to !== '' &&
    moveContacts(ids, Number(to))
      .then(
        (r) => (toast.success(`已将 ${r.moved} 位联系人移入${Number(to) ? groups.list.find((g) => g.groupId === Number(to))?.name : UNGROUPED_NAME}`), done()),
      )
      .catch(() => undefined);
  const pageIds = list.list.map((c) => c.contactId);
  const allOn = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const toggle = (id: number) =>
    setSelected((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = () => setSelected((old) => (allOn ? new Set([...old].filter((id) => !pageIds.includes(id))) : new Set([...old, ...pageIds])));
  const target = ids.length ? { contactIds: ids } : groupId !== undefined ? { groupId } : null;
  return (
    <section className={styles.card} aria-label="联系人">
      <div className={styles.selection}>
        <SearchBox label="搜索联系人" placeholder="搜索姓名、手机号、邮箱" value={keyword} onChange={list.refilter(setKeyword)} />
        <FilterTabs label="订阅状态" tabs={OPT_OUT_TABS} value={optedOut} onChange={list.refilter(setOptedOut)} />
        <span>{ids.length ? `已选 ${ids.length} 人` : list.total ? `共 ${list.total} 人` : ''}</span>
        {ids.length ? (
          <>
            <label className={styles.moveTo}>
              <span className="visually-hidden">移动到分组</span>
              <select className={styles.select} value="" onChange={(e) => void move(e.target.value)}>
                <option value="">移动到分组…</option>
                {groups.list.map((g) => (
                  <option key={g.groupId} value={g.groupId}>
                    {g.name}
                  </option>
                ))}
                <option value="0">{UNGROUPED_NAME}</option>
              </select>
            </label>
            <Button size="sm" variant="danger" onClick={() => setDeleting(true)}>
              批量删除
            </Button>
          </>
        ) : null}
        {target ? (
          <span className={styles.send}>
            <Button size="sm" asChild>
              <a href={sendLink('sms', target)}>
                <MessageSquare size={13} aria-hidden />
                发送短信
              </a>
            </Button>
            <Button size="sm" asChild>
              <a href={sendLink('mail', target)}>
                <Mail size={13} aria-hidden />
                发送邮件
              </a>
            </Button>
          </span>
        ) : null}
      </div>
      <TableBody
        list={list}
        shown={shown}
        bookEmpty={!groups.total}
        selected={selected}
        allOn={allOn}
        toggle={toggle}
        toggleAll={toggleAll}
        onEdit={onEdit}
        onHistory={setHistory}
        onAdd={onAdd}
        onImport={onImport}
      />
      <ContactHistoryDrawer contactId={history} onClose={() => setHistory(null)} />
      <Pager {...list.pager} totalLabel={`共 ${list.total} 人`} label="联系人分页" previousLabel="上一页" nextLabel="下一页" />
      <ConfirmDialog
        open={deleting}
        title="删除联系人"
        message={`确定删除选中的 ${ids.length} 位联系人吗？删除后不能恢复。`}
        confirmLabel="删除"
        cancelLabel="取消"
        tone="danger"
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(false)}
      />
    </section>
  );
}

interface TBodyProps {
  list: TPagedList<{ list: TContact[]; total: number }>;
  shown: TContactField[];
  bookEmpty: boolean;
  selected: ReadonlySet<number>;
  allOn: boolean;
  toggle: (id: number) => void;
  toggleAll: () => void;
  onEdit: (c: TContact) => void;
  onHistory: (contactId: number) => void;
  onAdd: () => void;
  onImport: () => void;
}

function TableBody({ list, shown, bookEmpty, selected, allOn, toggle, toggleAll, onEdit, onHistory, onAdd, onImport }: TBodyProps) {
  if (list.loading) return <LoadingState compact />;
  if (list.failed) return <ErrorState compact title="联系人加载失败" description={list.query.error?.message} />;
  if (!list.list.length) {
    return bookEmpty ? (
      <EmptyState
        title="通讯录还是空的"
        description="新建联系人，或从Excel、CSV导入，之后可以通过短信、邮件邀请他们填写。"
        actions={
          <>
            <Button variant="primary" onClick={onAdd}>
              新建联系人
            </Button>
            <Button onClick={onImport}>导入联系人</Button>
          </>
        }
      />
    ) : (
      <EmptyState compact title="没有符合条件的联系人" />
    );
  }
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="contact-table">
        <thead>
          <tr>
            <th className={styles.check}>
              <input type="checkbox" aria-label="全选本页" checked={allOn} onChange={toggleAll} />
            </th>
            {shown.map((f) => (
              <th key={String(f.key)}>{f.name}</th>
            ))}
            <th>操作</th>
          </tr>
        </thead>
        <tbody>
          {list.list.map((c) => (
            <ContactRow
              key={c.contactId}
              contact={c}
              shown={shown}
              checked={selected.has(c.contactId)}
              onToggle={() => toggle(c.contactId)}
              onEdit={() => onEdit(c)}
              onHistory={() => onHistory(c.contactId)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
