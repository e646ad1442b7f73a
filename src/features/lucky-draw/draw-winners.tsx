import { useQuery } from '@tanstack/react-query';
import { Download, Gift } from 'lucide-react';
import { useState } from 'react';
import type { TWinner } from '../../../schemas/api/draw';
import { allWinners, winnersQuery, WINNERS_PAGE_SIZE } from '../../api/draw';
import { Button, EmptyState, ErrorState, LoadingState, Pager, toast } from '../../ui';
import { shanghaiTime } from '../../ui/shanghai-time';
import styles from './draw-winners.module.css';

const HEAD = ['奖品', '抽奖时间', '姓名', '手机号', '收货地址', '填写时间', '答卷编号'];
const cells = (w: TWinner) => [w.prizeName, shanghaiTime(w.drawTime), w.name, w.phone, w.address, w.contactTime ? shanghaiTime(w.contactTime) : '', w.sheetId];

/** A CSV Excel opens as UTF-8 (BOM), every cell quoted; a cell starting with = + - @ is kept as text. */
export function winnersCsv(list: readonly TWinner[]): string {
  const quote = (s: string) => `"${(/^[=+\-@]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`;
  return `\ufeff${[HEAD, ...list.map(cells)].map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`;
}

async function exportWinners(questionId: string, title: string) {
  const { list } = await allWinners(questionId);
  const url = URL.createObjectURL(new Blob([winnersCsv(list)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${title.replace(/[\\/:*?"<>|]/g, '').slice(0, 40) || '抽奖'}-中奖名单.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
  toast.success(`已导出 ${list.length} 位中奖者`);
}

/** 答题抽奖's winners with the contact each left, paged, and their export (issue 49 item 5). */
export function DrawWinners({ questionId }: { questionId: string }) {
  const [page, setPage] = useState(1);
  const query = useQuery(winnersQuery(questionId, page));
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState title="中奖名单加载失败" description={query.error.message} />;
  const { title, total, drawn, list } = query.data;
  return (
    <section className={styles.panel} aria-label="抽奖中奖名单">
      <div className={styles.bar}>
        <p className={styles.counts} data-testid="draw-counts">
          共 {drawn} 人抽奖，{total} 人中奖
        </p>
        <Button disabled={!total} onClick={() => void exportWinners(questionId, title).catch((e: Error) => toast.error(e.message))}>
          <Download size={14} aria-hidden />
          导出中奖名单
        </Button>
      </div>
      {list.length ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                {HEAD.map((h) => (
                  <th key={h}>{h}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.map((w) => (
                <tr key={w.sheetId}>
                  <td>{w.prizeName}</td>
                  <td>{shanghaiTime(w.drawTime)}</td>
                  <td>{w.name || <span className={styles.pending}>未填写</span>}</td>
                  <td>{w.phone}</td>
                  <td className={styles.address}>{w.address}</td>
                  <td>{w.contactTime ? shanghaiTime(w.contactTime) : ''}</td>
                  <td>{w.sheetId}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <EmptyState icon={<Gift size={32} />} title="暂无中奖者" description="答题者提交有效答卷后即可抽奖，中奖者会出现在这里" />
      )}
      {total > WINNERS_PAGE_SIZE ? (
        <Pager
          page={page}
          pageSize={WINNERS_PAGE_SIZE}
          total={total}
          onChange={setPage}
          totalLabel={`共 ${total} 人`}
          label="中奖名单分页"
          previousLabel="上一页"
          nextLabel="下一页"
        />
      ) : null}
    </section>
  );
}
