import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { WHITE_STATUSES, type TWhiteEntry, type TWhiteSetting } from '../../../schemas/api/whitelist';
import { batchDelWhite, exportWhite, whiteKeys, whitePageQuery } from '../../api/whitelist';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FilterBar, FilterTabs, SearchBox } from '../../ui/filter-bar';
import { Pager } from '../../ui/pager';
import { StatusPill } from '../../ui/status-pill';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { useDebounced } from '../../ui/use-debounced';
import { usePagedList, type TPagedList } from '../../ui/use-paged-list';
import { formatDateTime } from '../../ui/format-time';
import { WhiteAddDialog } from './white-add-dialog';
import { saveXlsx } from '../../ui/base64-files';
import styles from './whitelist-styles';

const STATUS_TABS = WHITE_STATUSES.map((value) => ({ value, label: { all: '全部', answered: '已作答', unanswered: '未作答' }[value] }));

/** The list: search, 已作答/未作答, paging, add (paste, Excel, codes), batch delete and export. */
export function WhiteListCard({
  questionId,
  setting,
  canEdit,
  onChanged,
}: {
  questionId: string;
  setting: TWhiteSetting;
  canEdit: boolean;
  onChanged: () => void;
}) {
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<(typeof WHITE_STATUSES)[number]>('all');
  const search = useDebounced(keyword.trim(), 300);
  const list = usePagedList((page, pageSize) => whitePageQuery({ questionId, keyword: search || undefined, status, page, pageSize }), 20);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<'selected' | 'all' | null>(null);
  const refresh = () => {
    setSelected(new Set());
    void client.invalidateQueries({ queryKey: whiteKeys.all(questionId) });
    onChanged();
  };
  const remove = () => {
    const body = deleting === 'all' ? { all: true as const } : { whiteIds: [...selected] };
    batchDelWhite(questionId, body)
      .then((r) => (toast.success(`已删除 ${r.deleted} 条`), refresh()))
      .catch((e: Error) => void toast.error(e.message))
      .finally(() => setDeleting(null));
  };
  const download = () =>
    exportWhite(questionId)
      .then((file) => saveXlsx(file.fileName, file.xlsx))
      .catch((e: Error) => void toast.error(e.message));
  const toggle = (id: string) =>
    setSelected((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <section className={styles.card} aria-label="白名单">
      <div className={styles.switchRow}>
        <h2 className={styles.cardTitle}>
          白名单（共 {setting.total} 条，已作答 {setting.answered} 条）
        </h2>
        <div className={styles.tools}>
          {canEdit ? (
            <Button variant="primary" onClick={() => setAdding(true)}>
              {setting.mode === 'code' ? '生成访问码' : '添加白名单'}
            </Button>
          ) : null}
          <Button onClick={() => void download()} disabled={!setting.total}>
            导出Excel
          </Button>
          {canEdit && setting.total ? (
            <Button variant="ghost" onClick={() => setDeleting('all')}>
              清空名单
            </Button>
          ) : null}
        </div>
      </div>
      <FilterBar>
        <FilterTabs label="作答状态" tabs={STATUS_TABS} value={status} onChange={list.refilter(setStatus)} />
        <SearchBox
          label="搜索白名单"
          placeholder={setting.mode === 'code' ? '搜索访问码' : '搜索手机号、姓名'}
          value={keyword}
          onChange={list.refilter(setKeyword)}
        />
      </FilterBar>
      {canEdit && selected.size ? (
        <div className={styles.selection}>
          已选 {selected.size} 条
          <Button size="sm" variant="danger" onClick={() => setDeleting('selected')}>
            批量删除
          </Button>
        </div>
      ) : null}
      <ListBody questionId={questionId} list={list} setting={setting} canEdit={canEdit} selected={selected} toggle={toggle} onAdd={() => setAdding(true)} />
      <Pager {...list.pager} totalLabel={`共 ${list.total} 条`} label="白名单分页" previousLabel="上一页" nextLabel="下一页" />
      <WhiteAddDialog
        questionId={questionId}
        mode={setting.mode}
        fieldLabel={setting.fieldLabel}
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={refresh}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting === 'all' ? '清空白名单' : '删除白名单'}
        message={
          deleting === 'all'
            ? `确定清空当前验证方式下的全部 ${setting.total} 条白名单吗？已提交的答卷会保留。`
            : `确定删除选中的 ${selected.size} 条白名单吗？已提交的答卷会保留。`
        }
        confirmLabel="删除"
        cancelLabel="取消"
        tone="danger"
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

interface TBodyProps {
  questionId: string;
  list: TPagedList<{ list: TWhiteEntry[]; total: number }>;
  setting: TWhiteSetting;
  canEdit: boolean;
  selected: ReadonlySet<string>;
  toggle: (id: string) => void;
  onAdd: () => void;
}

function ListBody({ questionId, list, setting, canEdit, selected, toggle, onAdd }: TBodyProps) {
  if (list.loading) return <LoadingState compact />;
  if (list.failed) return <ErrorState compact title="白名单加载失败" description={list.query.error?.message} />;
  if (!list.list.length) {
    return setting.total ? (
      <EmptyState compact title="没有符合条件的白名单" />
    ) : (
      <EmptyState
        compact
        title="还没有白名单"
        description={setting.mode === 'code' ? '生成访问码后发给答题者，每个访问码只能作答一次。' : '粘贴或从Excel导入名单，开启后只有名单中的人能作答。'}
        actions={canEdit ? <Button onClick={onAdd}>{setting.mode === 'code' ? '生成访问码' : '添加白名单'}</Button> : undefined}
      />
    );
  }
  const who = setting.mode === 'phone' ? ['手机号', '姓名'] : setting.mode === 'name' ? ['姓名', setting.fieldLabel] : ['访问码'];
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="white-table">
        <thead>
          <tr>
            {canEdit ? <th className={styles.check} aria-label="选择" /> : null}
            {who.map((h) => (
              <th key={h}>{h}</th>
            ))}
            <th>作答状态</th>
            <th>作答时间</th>
            <th>答卷</th>
          </tr>
        </thead>
        <tbody>
          {list.list.map((e) => (
            <tr key={e.whiteId}>
              {canEdit ? (
                <td>
                  <input
                    type="checkbox"
                    aria-label={`选择 ${e.phone || e.name || e.code}`}
                    checked={selected.has(e.whiteId)}
                    onChange={() => toggle(e.whiteId)}
                  />
                </td>
              ) : null}
              {setting.mode === 'phone' ? (
                <Cells values={[e.phone, e.name]} />
              ) : setting.mode === 'name' ? (
                <Cells values={[e.name, e.field]} />
              ) : (
                <td className={styles.code}>{e.code}</td>
              )}
              <td>
                <StatusPill tone={e.answerCount ? 'success' : 'muted'}>
                  {e.answerCount ? (e.answerCount > 1 ? `已作答 ${e.answerCount} 次` : '已作答') : '未作答'}
                </StatusPill>
              </td>
              <td className={styles.muted}>{e.answeredAt ? formatDateTime(e.answeredAt) : '—'}</td>
              <td>
                {e.sheetId ? (
                  <a href={`/questionnaire/answerSheetDetail.html?questionId=${encodeURIComponent(questionId)}&sheetId=${encodeURIComponent(e.sheetId)}`}>
                    查看答卷
                  </a>
                ) : (
                  <span className={styles.muted}>—</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cells({ values }: { values: string[] }) {
  return (
    <>
      {values.map((v, i) => (
        <td key={i}>{v || <span className={styles.muted}>—</span>}</td>
      ))}
    </>
  );
}
