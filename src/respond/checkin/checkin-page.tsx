import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TCheckInEvent, TCheckInRecord, TCheckInView } from '../../../schemas/api/checkin';
import { dayLabel, dayStatus, rulesOfSettings, shanghaiDay, todayVerdict, WEEKDAY_NAMES } from '../../../schemas/checkin/days';
import { RespondError } from '../api';
import { deviceId } from '../draft';
import { checkIn, getCheckIn } from './checkin-api';
import { CheckInBoard, CheckInRanking, CheckInStreaks } from './checkin-board';
import { CheckInCalendar } from './checkin-calendar';
import { CheckInForm, type TCheckInValues } from './checkin-form';
import { openSolitaireFeed } from '../solitaire-feed';
import { useReadOnReturn } from '../use-read-on-return';
import { PageShare } from '../page-share';
import { ChainWechatGate } from '../chain/chain-wechat-gate';
import { useChainWechat, useWechatAutoStart } from '../chain/use-chain-wechat';

const messageOf = (error: unknown) => (error instanceof RespondError ? error.message : '网络异常，请稍后重试');

/** 每天 06:00–22:00 · 周一至周五. */
function ruleLine(view: TCheckInView): string {
  const { settings } = view;
  const days = settings.weekdays.length === 7 ? '每天' : settings.weekdays.map((d) => WEEKDAY_NAMES[d]).join('、');
  const window = settings.windowStart === '00:00' && settings.windowEnd === '24:00' ? '全天可打卡' : `${settings.windowStart}–${settings.windowEnd}`;
  return `${days} ${window}`;
}

function periodLine(view: TCheckInView): string | null {
  const { startDay, endDay } = view.settings;
  if (!startDay && !endDay) return null;
  return `${startDay ? dayLabel(startDay) : '即日'} 至 ${endDay ? dayLabel(endDay) : '长期'}`;
}

/** What today holds for this participant, in a line. */
function todayLineOf(
  view: TCheckInView,
  s: { collecting: boolean; mark: TCheckInRecord['kind'] | undefined; verdict: ReturnType<typeof todayVerdict>; lateRule: boolean; today: string },
): string {
  const { verdict } = s;
  // The page opens only once published (never published: 打卡接龙尚未发布 before it): not collecting is a pause.
  if (!s.collecting) return '打卡已暂停，恢复后可继续打卡';
  if (s.mark) return `今天已打卡${s.mark === 'late' ? '（迟到）' : ''}，明天继续加油`;
  if (verdict.ok) return `今天还没打卡${s.lateRule ? `，${view.settings.lateAfter} 后打卡记为迟到` : ''}`;
  if (verdict.why === 'beforeWindow') return `今天 ${view.settings.windowStart} 开始打卡`;
  if (verdict.why === 'afterWindow') return '今天的打卡时间已过';
  if (verdict.why === 'notToday') return '今天不是打卡日，休息一下';
  if (verdict.why === 'notStarted') return `打卡将于 ${dayLabel(view.settings.startDay ?? s.today)} 开始`;
  return '打卡已结束，感谢参与';
}

/**
 * A daily check-in's phone page (打卡接龙): today's state and the check-in form, the participant's month
 * calendar (done, late, made up, missed, to come) with current and longest streak, today's board (newest first)
 * and the streak ranking. Read again when someone checks in (the 接龙 live feed) and when the page comes back to
 * the front. A 仅限微信授权参与 check-in takes part as the WeChat user (issue 47 item 1): authorised in WeChat, asked
 * to open in WeChat elsewhere (../chain/use-chain-wechat.ts).
 */
export function CheckInPage({ questionId }: { questionId: string }) {
  const [view, setView] = useState<TCheckInView | null>(null);
  const [skew, setSkew] = useState(0);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [makeUpDay, setMakeUpDay] = useState<string | null>(null);
  const device = useRef(deviceId()).current;
  const wx = useChainWechat(questionId);
  const who = { deviceId: device, ...(wx.token ? { wechatToken: wx.token } : {}) };

  const load = useCallback(async () => {
    // A return from WeChat's authorisation is exchanged first, so the first read knows whose check-ins are whose.
    if (!wx.ready) return;
    try {
      const next = await getCheckIn({ questionId, deviceId: device, ...(wx.token ? { wechatToken: wx.token } : {}) });
      setSkew(Date.parse(next.serverTime) - Date.now());
      setView(next);
    } catch (e) {
      setFailed(messageOf(e));
    }
  }, [questionId, device, wx.ready, wx.token]);

  useReadOnReturn(load);

  // The live feed opens once the first view is read and starts after it; events a burst brings are read once.
  const feedFrom = view === null ? null : view.lastEventId;
  const feedOpen = feedFrom !== null;
  useEffect(() => {
    if (!feedOpen) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const close = openSolitaireFeed<TCheckInEvent>(questionId, feedFrom, () => {
      clearTimeout(timer);
      timer = setTimeout(() => void load(), 150);
    });
    return () => {
      clearTimeout(timer);
      close();
    };
    // Opened once per page: EventSource resumes by itself after that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feedOpen, questionId, load]);

  const made = useMemo(() => new Map((view?.mine ?? []).map((r) => [r.day, r.kind])), [view]);
  const needsAuth = view !== null && view.wechatAuthId !== null && !wx.token;
  const refused = useWechatAutoStart(wx, needsAuth);

  if (failed) return <p className="c-failed">{failed}</p>;
  if (!view) return <p className="c-loading">加载中…</p>;

  const now = new Date(Date.now() + skew);
  const rules = rulesOfSettings(view.settings);
  const today = shanghaiDay(now);
  const todayState = dayStatus(rules, today, made.get(today), now);
  const verdict = todayVerdict(rules, now);
  const collecting = view.status === 1;
  const period = periodLine(view);

  async function submit(values: TCheckInValues) {
    setBusy(true);
    setError(null);
    try {
      const { record, streaks } = await checkIn({ questionId, ...who, ...values, ...(makeUpDay ? { day: makeUpDay } : {}) });
      setNotice(
        record.kind === 'makeup'
          ? `已补卡 ${dayLabel(record.day)}，连续打卡 ${streaks.current} 天`
          : `打卡成功${record.kind === 'late' ? '（迟到）' : ''}，已连续打卡 ${streaks.current} 天`,
      );
      setMakeUpDay(null);
      await load();
    } catch (e) {
      setError(messageOf(e));
      refused(e);
    } finally {
      setBusy(false);
    }
  }

  const todayLine = todayLineOf(view, { collecting, mark: made.get(today), verdict, lateRule: rules.lateAfter !== null, today });

  return (
    <main className="c-page k-page">
      <header className="c-head">
        <h1 className="c-title">{view.title}</h1>
        {view.description ? <p className="c-desc">{view.description}</p> : null}
        <div className="c-meta">
          <span className="c-count">{view.participants} 人参与</span>
          <span>{ruleLine(view)}</span>
          {period ? <span>{period}</span> : null}
          {view.settings.makeupDays ? <span>可补 {view.settings.makeupDays} 天内的卡</span> : null}
        </div>
      </header>
      <PageShare questionId={questionId} action="参与打卡" note={view.description || '邀请你一起每天打卡'} />

      <section className="k-today" aria-label="今日打卡">
        <CheckInStreaks streaks={view.streaks} />
        <p className={`k-today-line is-${todayState}`} data-testid="checkin-today">
          {todayLine}
        </p>
      </section>

      {notice ? (
        <p className="c-notice" role="status">
          {notice}
        </p>
      ) : null}

      {collecting && needsAuth && (makeUpDay || todayState === 'open') ? (
        <ChainWechatGate error={wx.error} onStart={wx.start} kind="打卡" act="打卡" />
      ) : collecting && makeUpDay ? (
        <CheckInForm
          key={`m${makeUpDay}`}
          photoTarget={{ questionId, ...who }}
          settings={view.settings}
          defaultName={view.myName}
          makeUpDay={makeUpDay}
          busy={busy}
          error={error}
          onSubmit={(v) => void submit(v)}
          onCancel={() => (setMakeUpDay(null), setError(null))}
        />
      ) : collecting && todayState === 'open' ? (
        <CheckInForm
          key={`t${today}`}
          photoTarget={{ questionId, ...who }}
          settings={view.settings}
          defaultName={view.myName}
          makeUpDay={null}
          busy={busy}
          error={error}
          onSubmit={(v) => void submit(v)}
        />
      ) : null}

      <CheckInCalendar rules={rules} made={made} now={now} onMakeUp={collecting ? (day) => (setMakeUpDay(day), setError(null)) : undefined} />

      <CheckInBoard view={view} />
      <CheckInRanking ranking={view.ranking} />
    </main>
  );
}
