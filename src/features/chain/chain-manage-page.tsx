import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { ExternalLink, PencilLine, Send } from 'lucide-react';
import { useState } from 'react';
import type { TChainSettings } from '../../../schemas/api/chain';
import { hasPower, PROJECT_STATUS } from '../../../schemas/project-kinds';
import { chainKeys, chainManageQuery, closeChain, exportChainList, pinChainNote, removeChainEntry, saveChainSetting } from '../../api/chain';
import { getQuestionStatus } from '../../api/question';
import { projectHref } from '../../app/kinds';
import { Button } from '../../ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { ChainEntryTable } from './chain-entry-table';
import { ChainMissingCard } from './chain-missing-card';
import { ChainNoticeCard } from './chain-notice-card';
import { ChainSettingsCard } from './chain-settings-card';
import { shanghaiTime } from '../../ui/shanghai-time';
import { ExportJobButton, ExportJobNotice, useExportJob } from '../../ui/export-job';
import styles from './chain-styles';
import { useChainFeed } from './use-chain-feed';
import { ManageHeader, ManagePage } from '../../ui/manage-page';

/**
 * /questionnaire/solitaireList.html?questionId=…: the creator's view of a sign-up chain — the live list with
 * withdrawn and removed entries, remove with a reason, pin a note, close early or reopen, settings, and who of
 * a pasted name list is still missing, and the notices its participants were sent.
 */
export function ChainManagePage() {
  const questionId = useLocation({ select: (l) => String((l.search as Record<string, unknown>).questionId ?? '') });
  const client = useQueryClient();
  const chain = useQuery(chainManageQuery(questionId));
  const [note, setNote] = useState<string | null>(null);
  const exportJob = useExportJob(() => exportChainList(questionId));
  useChainFeed(questionId, chain.data?.lastEventId, chainKeys.manage(questionId));

  if (!questionId) return <EmptyState title="缺少项目编号" />;
  if (chain.isPending) return <LoadingState />;
  if (chain.isError) return <ErrorState title="接龙加载失败" description={chain.error.message} />;
  const view = chain.data;
  const canEdit = hasPower(view.powerType, 'edit');
  const canReport = hasPower(view.powerType, 'report');
  const refresh = () => client.invalidateQueries({ queryKey: chainKeys.manage(questionId) });
  const act = (work: Promise<unknown>, done: string) => work.then(() => (toast.success(done), refresh())).catch((e: Error) => void toast.error(e.message));
  const { counts, settings } = view;
  const publicLink = `${location.origin}/s/${view.questionId}`;

  return (
    <ManagePage>
      <ManageHeader
        back={{ to: '/questionnaire/solitaire.html', label: '返回接龙列表' }}
        title={view.title}
        meta={
          <>
            {view.description ? <p className={styles.description}>{view.description}</p> : null}
            <p className={styles.counts} data-testid="manage-counts">
              已报名 {counts.joinedPeople}
              {settings.cap === null ? '' : `/${settings.cap}`} 人 · {counts.joinedCount} 条接龙
              {counts.waitingCount ? ` · 候补 ${counts.waitingCount}` : ''}
              {settings.deadline ? ` · 截止 ${shanghaiTime(settings.deadline)}` : ''}
            </p>
            <p className={styles.status}>{view.status !== 1 ? '未发布，参与者暂时不能接龙' : settings.closed ? '已提前截止' : '接龙进行中'}</p>
          </>
        }
        actions={
          <>
            {canEdit ? (
              <Button asChild variant="ghost">
                <Link to={projectHref.editor(view.questionId)}>
                  <PencilLine size={14} aria-hidden />
                  编辑标题和说明
                </Link>
              </Button>
            ) : null}
            {canReport ? <ExportJobButton job={exportJob} /> : null}
            <Button asChild variant="ghost">
              <a href={publicLink} target="_blank" rel="noreferrer">
                <ExternalLink size={14} aria-hidden />
                打开接龙页
              </a>
            </Button>
            {canEdit && view.status !== PROJECT_STATUS.published ? (
              <Button variant="primary" onClick={() => void act(getQuestionStatus(questionId, PROJECT_STATUS.published), '接龙已发布，把链接发到群里吧')}>
                <Send size={14} aria-hidden />
                发布接龙
              </Button>
            ) : null}
            {canEdit && view.status === PROJECT_STATUS.published ? (
              <Button
                variant={settings.closed ? 'primary' : 'danger'}
                onClick={() => void act(closeChain(questionId, !settings.closed), settings.closed ? '已重新开放接龙' : '已截止接龙')}
              >
                {settings.closed ? '重新开放' : '提前截止'}
              </Button>
            ) : null}
          </>
        }
      />
      <ExportJobNotice job={exportJob} />
      <div className={styles.grid}>
        <section className={styles.listCard} aria-label="接龙名单">
          <h2 className={styles.cardTitle}>接龙名单</h2>
          <ChainEntryTable
            entries={view.entries}
            canEdit={canEdit}
            onRemove={(entry, reason) => act(removeChainEntry(questionId, entry.entryId, reason), `已移除${entry.realName}`)}
          />
        </section>
        <aside className={styles.side}>
          <section className={styles.card} aria-label="置顶公告">
            <h2 className={styles.cardTitle}>置顶公告</h2>
            <textarea
              className={styles.textarea}
              value={note ?? settings.pinnedNote}
              disabled={!canEdit}
              maxLength={500}
              placeholder="如：周六下午两点在 3 号馆门口集合"
              onChange={(e) => setNote(e.target.value)}
              aria-label="置顶公告"
            />
            {canEdit ? (
              <Button
                variant="soft"
                disabled={note === null}
                onClick={() => void act(pinChainNote(questionId, note ?? ''), '公告已更新').then(() => setNote(null))}
              >
                保存公告
              </Button>
            ) : null}
          </section>
          <ChainSettingsCard
            key={JSON.stringify(settings)}
            questionId={questionId}
            settings={settings}
            canEdit={canEdit}
            onSave={(patch: Partial<TChainSettings>) => act(saveChainSetting({ questionId, ...patch }), '设置已保存')}
          />
          <ChainMissingCard questionId={questionId} deadline={settings.deadline} link={publicLink} />
          <ChainNoticeCard questionId={questionId} version={view.lastEventId} />
        </aside>
      </div>
    </ManagePage>
  );
}
