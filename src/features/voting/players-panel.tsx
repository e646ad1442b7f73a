import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, FileSpreadsheet, ListPlus, Pencil, Plus, Rows3, Trash2, UserRound, X } from 'lucide-react';
import { useState } from 'react';
import type { TPublicPlayer } from '../../../schemas/api/vote';
import {
  batchAddPlayerRows,
  batchAddPlayerXlsx,
  batchNameAddPlayer,
  delWxPlayer,
  getPlayerVerify,
  playerKeys,
  playerListQuery,
  playerTypesQuery,
} from '../../api/vote-player';
import { voteKeys } from '../../api/vote';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { cx } from '../../ui/cx';
import { Pager } from '../../ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { useDebounced } from '../../ui/use-debounced';
import { usePagedList } from '../../ui/use-paged-list';
import { PlayerDialog } from './player-dialog';
import { PlayerImportDialog, type TImport, type TImportMode } from './player-import-dialog';
import { PlayerTypesBar } from './player-types-bar';
import { FilterBar, FilterTabs, SearchBox } from '../../ui/filter-bar';
import styles from './voting-styles';

const PAGE_SIZE = 20;
const REVIEW_NAMES = { approved: '已通过', pending: '待审核', rejected: '未通过' } as const;
type TReview = keyof typeof REVIEW_NAMES;

/** 选手管理: groups, the player table (search, review filter, paging) and the four ways to add players. */
export function PlayersPanel({ voteId }: { voteId: string }) {
  const [keyword, setKeyword] = useState('');
  const [review, setReview] = useState<TReview | undefined>(undefined);
  const [editing, setEditing] = useState<TPublicPlayer | 'new' | null>(null);
  const [importing, setImporting] = useState<TImportMode | null>(null);
  const [removing, setRemoving] = useState<TPublicPlayer | null>(null);
  const search = useDebounced(keyword.trim(), 300);
  const list = usePagedList((page, pageSize) => playerListQuery({ voteId, keyword: search || undefined, review, page, pageSize }), PAGE_SIZE);
  const types = useQuery(playerTypesQuery(voteId));
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: playerKeys.all(voteId) });
    void queryClient.invalidateQueries({ queryKey: voteKeys.all });
  };
  const importPlayers = useMutation({
    mutationFn: (body: TImport) =>
      'names' in body ? batchNameAddPlayer(voteId, body.names) : 'rows' in body ? batchAddPlayerRows(voteId, body.rows) : batchAddPlayerXlsx(voteId, body.xlsx),
    onSuccess: (result) => {
      const last = result.players.at(-1);
      toast.success(`已添加 ${result.added} 位选手${last ? `，编号排到 ${last.no} 号` : ''}`);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (player: TPublicPlayer) => delWxPlayer(voteId, [player.playerId]),
    onSuccess: () => {
      toast.success('选手已删除');
      setRemoving(null);
      refresh();
    },
  });
  const verify = useMutation({
    mutationFn: ({ player, result }: { player: TPublicPlayer; result: 'approved' | 'rejected' }) => getPlayerVerify(voteId, [player.playerId], result),
    onSuccess: (_, { result }) => {
      toast.success(result === 'approved' ? '已通过审核，选手出现在投票页' : '已拒绝该报名');
      refresh();
    },
  });

  let content;
  if (list.loading) content = <LoadingState label="正在加载选手…" />;
  else if (list.failed)
    content = (
      <ErrorState
        compact
        title="选手加载失败"
        actions={
          <Button variant="primary" onClick={() => void list.query.refetch()}>
            重新加载
          </Button>
        }
      />
    );
  else if (!list.list.length)
    content = (
      <EmptyState
        compact
        icon={<UserRound size={26} strokeWidth={1.6} />}
        title={search || review ? '没有符合条件的选手' : '还没有选手'}
        description={search || review ? '换个关键词或筛选条件试试' : '逐个添加，或粘贴名称、导入 Excel 批量添加'}
      />
    );
  else
    content = (
      <>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">编号</th>
              <th scope="col">照片</th>
              <th scope="col">名称</th>
              <th scope="col">分组</th>
              <th scope="col">状态</th>
              <th scope="col" className={styles.num}>
                票数
              </th>
              <th scope="col">操作</th>
            </tr>
          </thead>
          <tbody>
            {list.list.map((player) => (
              <tr key={player.playerId}>
                <td>{player.no}</td>
                <td>
                  {player.photo ? (
                    <img className={styles.avatar} src={player.photo} alt="" />
                  ) : (
                    <span className={cx(styles.avatar, styles.coverBlank)} style={{ display: 'inline-flex' }} />
                  )}
                </td>
                <td>{player.name}</td>
                <td>{player.typeName ?? '—'}</td>
                <td>{REVIEW_NAMES[player.review]}</td>
                <td className={styles.num}>{player.votes ?? 0}</td>
                <td>
                  <div className={styles.inline} role="group" aria-label={`${player.name} 的操作`}>
                    {player.review === 'pending' ? (
                      <>
                        <button
                          type="button"
                          className={styles.action}
                          onClick={() => verify.mutate({ player, result: 'approved' })}
                          disabled={verify.isPending}
                        >
                          <Check size={14} aria-hidden />
                          通过
                        </button>
                        <button
                          type="button"
                          className={cx(styles.action, styles.danger)}
                          onClick={() => verify.mutate({ player, result: 'rejected' })}
                          disabled={verify.isPending}
                        >
                          <X size={14} aria-hidden />
                          拒绝
                        </button>
                      </>
                    ) : null}
                    <button type="button" className={styles.action} onClick={() => setEditing(player)}>
                      <Pencil size={14} aria-hidden />
                      编辑
                    </button>
                    <button type="button" className={cx(styles.action, styles.danger)} onClick={() => setRemoving(player)}>
                      <Trash2 size={14} aria-hidden />
                      删除
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Pager {...list.pager} totalLabel={`共 ${list.total} 位选手`} label="选手分页" previousLabel="上一页" nextLabel="下一页" />
      </>
    );

  return (
    <section className={styles.panel} aria-labelledby="vote-players">
      <div className={styles.editorHead}>
        <h2 id="vote-players">选手管理</h2>
        <div className={styles.inline}>
          <Button variant="primary" onClick={() => setEditing('new')}>
            <Plus size={14} aria-hidden />
            添加选手
          </Button>
          <Button onClick={() => setImporting('rows')}>
            <Rows3 size={14} aria-hidden />
            批量录入
          </Button>
          <Button onClick={() => setImporting('names')}>
            <ListPlus size={14} aria-hidden />
            按名称批量添加
          </Button>
          <Button onClick={() => setImporting('excel')}>
            <FileSpreadsheet size={14} aria-hidden />
            Excel 导入
          </Button>
        </div>
      </div>
      <div className={styles.form}>
        <PlayerTypesBar voteId={voteId} />
        <FilterBar>
          <FilterTabs
            label="审核状态"
            tabs={([undefined, 'pending', 'rejected'] as const).map((each) => ({ value: each, label: each ? REVIEW_NAMES[each] : '全部选手' }))}
            value={review}
            onChange={list.refilter(setReview)}
          />
          <SearchBox label="搜索选手" placeholder="搜索名称或编号" value={keyword} onChange={list.refilter(setKeyword)} />
        </FilterBar>
        {content}
      </div>
      <PlayerDialog voteId={voteId} editing={editing} types={types.data ?? []} onClose={() => setEditing(null)} onSaved={refresh} />
      <PlayerImportDialog
        mode={importing}
        onClose={() => setImporting(null)}
        onImport={(body) => importPlayers.mutateAsync(body)}
        busy={importPlayers.isPending}
      />
      <ConfirmDialog
        open={removing !== null}
        tone="danger"
        title="删除选手"
        message={`确定删除 ${removing?.no ?? ''} 号选手“${removing?.name ?? ''}”吗？TA 获得的投票将一并删除。`}
        confirmLabel="删除"
        cancelLabel="取消"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
