import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasPower } from '../../../schemas/project-kinds';
import { cancelRedPacket, downloadRedPacket, redPacketKeys, redPacketQuery, retryRedPacket } from '../../api/red-envelope';
import { ExportJobButton, ExportJobNotice, useExportJob } from '../../ui/export-job';
import { ManageHeader, ManagePage } from '../../ui/manage-page';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { Tabs } from '../../ui/tabs';
import { toast } from '../../ui/toast';
import { RedNav, useRedTarget } from './red-nav';
import { RedPrizeTable } from './red-prize-table';
import styles from './red-styles';

/**
 * /prizeLists.html?questionId=… (or ?voteId=…): the winners. The red envelopes' payouts, and a tab that leads to 答题抽奖's winners
 * (their own page, /luckyDraw/winners.html: one feature does not import another's screens).
 */
export function PrizeListsPage() {
  const target = useRedTarget();
  const redRef = target.redRef ?? { questionId: '' };
  const client = useQueryClient();
  const view = useQuery(redPacketQuery(redRef));
  const exportJob = useExportJob(() => downloadRedPacket(redRef));
  if (!target.redRef) return <EmptyState title="请从项目列表进入中奖名单" />;
  if (view.isPending) return <LoadingState />;
  if (view.isError) return <ErrorState title="中奖名单加载失败" description={view.error.message} />;
  const canEdit = hasPower(view.data.powerType, 'edit');
  const retry = (sheetId: string) =>
    void retryRedPacket(redRef, [sheetId])
      .then((r) => (r.done ? toast.success('已重新发放') : toast.error(r.results[0]?.message ?? '重新发放失败')))
      .catch((err: Error) => void toast.error(err.message))
      .finally(() => void client.invalidateQueries({ queryKey: redPacketKeys.all(redRef) }));
  const cancel = (sheetId: string) =>
    void cancelRedPacket(redRef, [sheetId])
      .then((r) => (r.done ? toast.success('已放弃发放，金额已回到红包') : toast.error(r.results[0]?.message ?? '放弃发放失败')))
      .catch((err: Error) => void toast.error(err.message))
      .finally(() => void client.invalidateQueries({ queryKey: redPacketKeys.all(redRef) }));
  return (
    <ManagePage>
      <ManageHeader
        back={target.back}
        title={`中奖名单 · ${view.data.title.replace(/<[^>]*>/g, '')}`}
        actions={hasPower(view.data.powerType, 'report') ? <ExportJobButton job={exportJob} /> : null}
      />
      <RedNav redRef={redRef} pending={view.data.counts.pending} />
      <ExportJobNotice job={exportJob} detail="（红包发放记录）" />
      <section className={styles.listCard} aria-label="中奖名单">
        {redRef.questionId ? (
          <Tabs
            label="中奖名单"
            tabs={[
              {
                value: 'red',
                label: '红包',
                content: <RedPrizeTable redRef={redRef} onRetry={canEdit ? retry : undefined} onCancel={canEdit ? cancel : undefined} />,
              },
              { value: 'draw', label: '答题抽奖', content: <DrawWinnersLink questionId={redRef.questionId} /> },
            ]}
          />
        ) : (
          <RedPrizeTable redRef={redRef} onRetry={canEdit ? retry : undefined} onCancel={canEdit ? cancel : undefined} />
        )}
      </section>
    </ManagePage>
  );
}

/** The lucky draw's winners live on their own page (with the contacts and the export). */
function DrawWinnersLink({ questionId }: { questionId: string }) {
  return (
    <div className={styles.drawLink}>
      <p>答题抽奖的中奖者、奖品和联系方式在抽奖中奖名单中查看与导出。</p>
      <a href={`/luckyDraw/winners.html?questionId=${encodeURIComponent(questionId)}`}>查看抽奖中奖名单</a>
    </div>
  );
}
