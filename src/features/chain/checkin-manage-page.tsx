import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Pause, Send } from 'lucide-react';
import type { TCheckInManageView, TCheckInSettings } from '../../../schemas/api/checkin';
import { dayLabel, WEEKDAY_NAMES } from '../../../schemas/checkin/days';
import { hasPower, PROJECT_STATUS } from '../../../schemas/project-kinds';
import { getQuestionStatus } from '../../api/question';
import { checkInKeys, checkInManageQuery, exportCheckInList, saveCheckInSetting } from '../../api/checkin';
import { Button } from '../../ui/button';
import { ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { CheckInRateChart } from './checkin-rate-chart';
import { CheckInRecordsCard } from './checkin-records-card';
import { CheckInSettingsCard, type TCheckInSettingsPatch } from './checkin-settings-card';
import { ExportJobButton, ExportJobNotice, useExportJob } from '../../ui/export-job';
import styles from './chain-styles';
import { ManageHeader, ManagePage } from '../../ui/manage-page';

function periodText(settings: TCheckInSettings): string {
  const days = settings.weekdays.length === 7 ? '每天' : settings.weekdays.map((d) => WEEKDAY_NAMES[d]).join('、');
  const from = settings.startDay ? dayLabel(settings.startDay) : '未设开始日期';
  const to = settings.endDay ? dayLabel(settings.endDay) : '长期';
  return `${from} 至 ${to} · ${days} ${settings.windowStart}–${settings.windowEnd}`;
}

/**
 * The creator's view of a daily check-in (solitaireType 1) at /questionnaire/solitaireList.html: today's
 * numbers, the daily completion rate (ECharts), who has not checked in today, the records and the settings.
 */
export function CheckInManagePage({ questionId }: { questionId: string }) {
  const client = useQueryClient();
  const query = useQuery(checkInManageQuery(questionId));
  const exportJob = useExportJob(() => exportCheckInList(questionId));
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState title="打卡加载失败" description={query.error.message} />;
  const view: TCheckInManageView = query.data;
  const canEdit = hasPower(view.powerType, 'edit');
  const canReport = hasPower(view.powerType, 'report');
  const todayRate = view.rates.find((r) => r.day === view.today);
  const doneToday = view.records.filter((r) => r.day === view.today).length;
  const refresh = () => client.invalidateQueries({ queryKey: checkInKeys.manage(questionId) });
  const save = (patch: TCheckInSettingsPatch) =>
    saveCheckInSetting({ questionId, ...patch })
      .then(() => (toast.success('设置已保存'), refresh()))
      .catch((e: Error) => void toast.error(e.message));
  // Publishing names what is still missing (the period's start): the server's message says it.
  const setStatus = (status: 0 | 1) =>
    getQuestionStatus(questionId, status)
      .then(() => (toast.success(status ? '打卡已发布，把链接发到群里吧' : '打卡已暂停'), refresh()))
      .catch((e: Error) => void toast.error(e.message));
  const collecting = view.status === PROJECT_STATUS.published;

  return (
    <ManagePage>
      <ManageHeader
        back={{ to: '/questionnaire/solitaire.html', label: '返回接龙列表' }}
        title={view.title}
        meta={
          <>
            <p className={styles.counts} data-testid="checkin-manage-counts">
              {view.participants} 人参与 · 今日已打卡 {doneToday} 人
            </p>
            <p className={styles.status}>
              {collecting ? '打卡进行中' : '未发布，参与者暂时不能打卡'} · {periodText(view.settings)}
            </p>
          </>
        }
        actions={
          <>
            {canReport ? <ExportJobButton job={exportJob} /> : null}
            <Button asChild variant="ghost">
              <a href={`${location.origin}/s/${view.questionId}`} target="_blank" rel="noreferrer">
                <ExternalLink size={14} aria-hidden />
                打开打卡页
              </a>
            </Button>
            {canEdit && !collecting ? (
              <Button variant="primary" onClick={() => void setStatus(PROJECT_STATUS.published)}>
                <Send size={14} aria-hidden />
                发布打卡
              </Button>
            ) : null}
            {canEdit && collecting ? (
              <Button variant="danger" onClick={() => void setStatus(PROJECT_STATUS.paused)}>
                <Pause size={14} aria-hidden />
                暂停打卡
              </Button>
            ) : null}
          </>
        }
      />
      <ExportJobNotice job={exportJob} detail="（打卡记录和成员统计两张表）" />
      <div className={styles.stats}>
        <div className={styles.stat}>
          <strong>{view.participants}</strong>
          <span>参与人数</span>
        </div>
        <div className={styles.stat}>
          <strong>{doneToday}</strong>
          <span>今日已打卡</span>
        </div>
        <div className={styles.stat}>
          <strong>{todayRate ? `${Math.round(todayRate.rate * 100)}%` : '—'}</strong>
          <span>今日完成率</span>
        </div>
        <div className={styles.stat}>
          <strong>{view.ranking[0]?.current ?? 0}</strong>
          <span>最高连续天数</span>
        </div>
      </div>
      <div className={styles.grid}>
        <div className={styles.side}>
          <section className={styles.card} aria-label="每日完成率">
            <h2 className={styles.cardTitle}>每日完成率</h2>
            {view.rates.length ? <CheckInRateChart rates={view.rates} /> : <p className={styles.empty}>打卡开始后，这里显示每天的完成率。</p>}
          </section>
          <CheckInRecordsCard records={view.records} settings={view.settings} />
        </div>
        <aside className={styles.side}>
          <section className={styles.card} aria-label="今日未打卡">
            <h2 className={styles.cardTitle}>今日未打卡（{view.missedToday.length}）</h2>
            {!view.todayIsCheckInDay ? (
              <p className={styles.empty}>今天不是打卡日</p>
            ) : view.missedToday.length ? (
              <ul className={styles.missedList}>
                {view.missedToday.map((name, i) => (
                  <li key={`${name}-${i}`}>{name}</li>
                ))}
              </ul>
            ) : (
              <p className={styles.empty}>{view.participants ? '今天大家都打卡了' : '还没有参与者'}</p>
            )}
          </section>
          <section className={styles.card} aria-label="连续打卡排行">
            <h2 className={styles.cardTitle}>连续打卡排行</h2>
            {view.ranking.length ? (
              <ol className={styles.rankList}>
                {view.ranking.slice(0, 10).map((r, i) => (
                  <li key={`${r.name}-${i}`}>
                    <span className={styles.rankPlace}>{i + 1}</span>
                    <span className={styles.rankName}>{r.name}</span>
                    <span className={styles.rankDays}>
                      连续 {r.current} 天 · 最长 {r.longest} 天
                    </span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className={styles.empty}>还没有人打卡</p>
            )}
          </section>
          <CheckInSettingsCard
            key={JSON.stringify([view.settings, view.wechatAuthId])}
            settings={view.settings}
            wechatAuthId={view.wechatAuthId}
            canEdit={canEdit}
            onSave={save}
          />
        </aside>
      </div>
    </ManagePage>
  );
}
