import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TDecisions, TUnapprovedSheet } from '../../../schemas/api/red-envelope';
import { hasPower } from '../../../schemas/project-kinds';
import { RED_STATE_NAMES } from '../../../schemas/red-envelope/rules';
import { approveRedPacket, redPacketKeys, redPacketQuery, rejectRedPacket, unapprovedQuery } from '../../api/red-envelope';
import { Button } from '../../ui/button';
import { ManageHeader, ManagePage } from '../../ui/manage-page';
import { Pager } from '../../ui/pager';
import { shanghaiTime } from '../../ui/shanghai-time';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { StatusPill } from '../../ui/status-pill';
import { toast } from '../../ui/toast';
import type { TRedRef } from '../../api/red-envelope';
import { RedNav, useRedTarget } from './red-nav';
import styles from './red-styles';

function report(verb: string, result: TDecisions, unit: string) {
  const refusal = result.results.find((r) => !r.ok)?.message;
  if (result.done) toast.success(`已${verb} ${result.done} 份${result.refused ? `，${result.refused} 份未处理：${refusal}` : ''}`);
  else toast.error(refusal ?? `没有可${verb}的${unit}`);
}

/** A sheet links to its detail page; a vote's ballot is named by its number. */
function SheetName({ redRef, sheetId }: { redRef: TRedRef; sheetId: string }) {
  if (!redRef.questionId) return <span className={styles.time}>{sheetId.slice(0, 14)}</span>;
  return (
    <a href={`/questionnaire/answerSheetDetail.html?questionId=${encodeURIComponent(redRef.questionId)}&sheetId=${encodeURIComponent(sheetId)}`}>
      {sheetId.slice(0, 10)}
    </a>
  );
}

function SheetRows({ redRef, list, chosen, toggle }: { redRef: TRedRef; list: TUnapprovedSheet[]; chosen: Set<string>; toggle: (id: string) => void }) {
  const unit = redRef.voteId ? '投票' : '答卷';
  return (
    <tbody>
      {list.map((s) => (
        <tr key={s.sheetId} data-testid="unapproved-row">
          <td>
            <input type="checkbox" aria-label={`选择${unit} ${s.sheetId}`} checked={chosen.has(s.sheetId)} onChange={() => toggle(s.sheetId)} />
          </td>
          <td>
            <SheetName redRef={redRef} sheetId={s.sheetId} />
          </td>
          <td className={styles.time}>{shanghaiTime(s.submitTime)}</td>
          {redRef.voteId ? null : <td>{s.score ?? '—'}</td>}
          <td>{s.payee}</td>
          <td>
            {s.suspect ? (
              <StatusPill tone="warning">疑似作弊{s.suspectReason ? `：${s.suspectReason}` : ''}</StatusPill>
            ) : (
              <StatusPill tone="neutral">正常</StatusPill>
            )}
          </td>
        </tr>
      ))}
    </tbody>
  );
}

/** /unapproved.html?questionId=… (or ?voteId=…): the qualifying sheets (ballots) waiting for review, decided in batches. */
export function UnapprovedPage() {
  const target = useRedTarget();
  const redRef = target.redRef ?? { questionId: '' };
  const { unit } = target;
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const view = useQuery(redPacketQuery(redRef));
  const list = useQuery({ ...unapprovedQuery(redRef, page), placeholderData: keepPreviousData });
  if (!target.redRef) return <EmptyState title="请从项目列表进入待审核红包" />;
  if (view.isPending || list.isPending) return <LoadingState />;
  if (view.isError) return <ErrorState title="待审核红包加载失败" description={view.error.message} />;
  if (list.isError) return <ErrorState title="待审核红包加载失败" description={list.error.message} />;
  const rows = list.data.list;
  const e = view.data.envelope;
  const canEdit = hasPower(view.data.powerType, 'edit');
  const toggle = (id: string) => setChosen((c) => (c.has(id) ? new Set([...c].filter((x) => x !== id)) : new Set([...c, id])));
  const allChosen = rows.length > 0 && rows.every((r) => chosen.has(r.sheetId));
  const decide = (verb: '通过' | '拒绝') => {
    setBusy(true);
    const ids = [...chosen];
    void (verb === '通过' ? approveRedPacket(redRef, ids) : rejectRedPacket(redRef, ids))
      .then((result) => (report(verb, result, unit), setChosen(new Set()), client.invalidateQueries({ queryKey: redPacketKeys.all(redRef) })))
      .catch((err: Error) => void toast.error(err.message))
      .finally(() => setBusy(false));
  };
  return (
    <ManagePage>
      <ManageHeader
        back={target.back}
        title={`待审核红包 · ${view.data.title.replace(/<[^>]*>/g, '')}`}
        meta={
          <p className={styles.meta}>
            {e ? `红包${RED_STATE_NAMES[e.state]} · 已发 ${e.paidCount}/${e.totalCount} 个` : '还没有设置红包'} · 待审核 {list.data.total} 份
          </p>
        }
      />
      <RedNav redRef={redRef} pending={list.data.total} />
      <section className={styles.listCard} aria-label={`待审核${unit}`}>
        <div className={styles.toolbar}>
          <span className={styles.note}>
            已选 {chosen.size} 份。标记为疑似作弊的{unit}请核对后再通过。
          </span>
          {canEdit ? (
            <div className={styles.actions}>
              <Button variant="primary" disabled={!chosen.size || busy} onClick={() => decide('通过')}>
                通过并发放
              </Button>
              <Button disabled={!chosen.size || busy} onClick={() => decide('拒绝')}>
                不通过
              </Button>
            </div>
          ) : null}
        </div>
        {rows.length ? (
          <table className={styles.table}>
            <thead>
              <tr>
                <th>
                  <input
                    type="checkbox"
                    aria-label="全选"
                    checked={allChosen}
                    onChange={() => setChosen(allChosen ? new Set() : new Set(rows.map((r) => r.sheetId)))}
                  />
                </th>
                <th>{unit}</th>
                <th>{target.isVote ? '投票时间' : '提交时间'}</th>
                {target.isVote ? null : <th>得分</th>}
                <th>收款人</th>
                <th>风险</th>
              </tr>
            </thead>
            <SheetRows redRef={redRef} list={rows} chosen={chosen} toggle={toggle} />
          </table>
        ) : (
          <p className={styles.empty}>
            {e?.state === 'running' ? `暂无待审核的${unit}，符合条件的新${unit}会出现在这里。` : `红包充值后，符合条件的${unit}会出现在这里。`}
          </p>
        )}
        <Pager
          page={page}
          pageSize={20}
          total={list.data.total}
          onChange={setPage}
          totalLabel={`共 ${list.data.total} 份`}
          label="分页"
          previousLabel="上一页"
          nextLabel="下一页"
        />
      </section>
    </ManagePage>
  );
}
