import { useEffect, useRef, useState } from 'react';
import type { TChainEntry, TChainView } from '../../../schemas/api/chain';
import { deviceId } from '../draft';
import { joinChain, updateChainEntry, withdrawChainEntry } from './chain-api';
import { ChainHeader } from './chain-header';
import { ChainJoinForm, type TJoinValues } from './chain-join-form';
import { ChainList } from './chain-list';
import { chainOpenNow, joinedOf, placeOf, waitingOf } from './chain-view';
import { chainShareText } from '../../../schemas/chain/share-text';
import { PageShare } from '../page-share';
import { messageOf, useChainView } from './use-chain-view';
import { NoticeSwitch } from '../notice-switch';
import { useMyNotices } from '../use-my-notices';
import { ChainWechatGate } from './chain-wechat-gate';
import { useChainWechat, useWechatAutoStart } from './use-chain-wechat';

/**
 * A sign-up chain's public page (报名接龙): description, deadline, count and cap, the pinned note, and the
 * numbered list, kept live by the chain's event stream and read again when the page comes back to the front;
 * joining, editing and withdrawing one's own entries. A waitlisted entry of one's own that is promoted is told
 * on the page at once (issue 43 item 4); one promoted while away reads its notice at the next visit, and a
 * participant can turn notices off (issue 47 item 4). A 仅限微信授权参与 chain takes part as the WeChat user
 * (issue 47 item 1): authorised in WeChat, asked to open in WeChat elsewhere (use-chain-wechat.ts).
 */
export function ChainPage({ questionId }: { questionId: string }) {
  const [editing, setEditing] = useState<TChainEntry | null>(null);
  const [confirming, setConfirming] = useState<TChainEntry | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [promotedNotice, setPromotedNotice] = useState(false);
  const device = useRef(deviceId()).current;
  const wx = useChainWechat(questionId);
  const tok = wx.token ? { wechatToken: wx.token } : {}; // with the device key on every call, once there is one
  const mine = useMyNotices(questionId, device, { wechatToken: wx.token });
  const seenLive = useRef(false); // a promotion seen live: its recorded notice is then marked shown, not said a second time
  const { view, setView, failed } = useChainView(questionId, wx.ready ? { deviceId: device, ...tok } : null, (text) => {
    seenLive.current = true;
    setNotice(text);
    setPromotedNotice(true);
    void mine.refresh();
  });
  const told = mine.notices;
  useEffect(() => {
    if (!told.length || seenLive.current) return;
    setNotice(told.map((n) => n.text).join(' '));
    setPromotedNotice(true);
  }, [told]);
  const needsAuth = view !== null && view.settings.wechatAuthId !== null && !wx.token;
  const refused = useWechatAutoStart(wx, needsAuth);

  if (failed) return <p className="c-failed">{failed}</p>;
  if (!view) return <p className="c-loading">加载中…</p>;

  const open = chainOpenNow(view, Date.now());
  const full = view.settings.cap !== null && view.counts.joinedPeople >= view.settings.cap;
  const hasMine = view.mine.length > 0;
  const joined = joinedOf(view);
  const waiting = waitingOf(view);

  async function submit(values: TJoinValues) {
    setBusy(true);
    setError(null);
    try {
      if (editing) {
        const entry = await updateChainEntry({ questionId, deviceId: device, ...tok, entryId: editing.entryId, name: values.name, answer: values.answer });
        setView((v) => v && { ...v, entries: v.entries.map((e) => (e.entryId === entry.entryId ? entry : e)) });
        setEditing(null);
        setNotice('已保存修改');
        setPromotedNotice(false);
      } else {
        const { entry } = await joinChain({ questionId, deviceId: device, ...tok, ...values });
        const withMine = (v: TChainView): TChainView => ({
          ...v,
          mine: [...v.mine, entry.entryId],
          entries: v.entries.some((e) => e.entryId === entry.entryId) ? v.entries : [...v.entries, entry].sort((a, b) => a.seq - b.seq),
        });
        setView((v) => v && withMine(v));
        const place = placeOf(withMine(view!), entry.entryId)?.place;
        setPromotedNotice(false);
        setNotice(
          entry.state === 'joined'
            ? `接龙成功，你是第 ${place} 号`
            : `名额已满，你已进入候补（第 ${place} 位），有人退出时按顺序递补${values.phone ? '，转为正式报名时短信通知你' : ''}`,
        );
      }
    } catch (e) {
      setError(messageOf(e));
      refused(e);
    } finally {
      setBusy(false);
    }
  }

  async function withdraw(entry: TChainEntry) {
    setBusy(true);
    try {
      await withdrawChainEntry({ questionId, deviceId: device, ...tok, entryId: entry.entryId });
      setView((v) => v && { ...v, mine: v.mine.filter((id) => id !== entry.entryId), entries: v.entries.filter((e) => e.entryId !== entry.entryId) });
      setNotice('已退出接龙');
      setPromotedNotice(false);
    } catch (e) {
      setNotice(messageOf(e));
      refused(e);
    } finally {
      setConfirming(null);
      setBusy(false);
    }
  }

  return (
    <main className="c-page">
      <ChainHeader view={view} open={open} />
      <PageShare
        questionId={questionId}
        action="参与接龙"
        note={view.description || '邀请你一起来接龙报名'}
        text={(link) => chainShareText({ title: view.title, deadline: view.settings.deadline, joined, waiting, link })}
      />
      {notice ? (
        <p className={promotedNotice ? 'c-notice is-promoted' : 'c-notice'} role="status">
          {notice}
        </p>
      ) : null}
      {hasMine ? <NoticeSwitch off={mine.off} onTurn={(off) => void mine.turn(off)} error={mine.switchError} /> : null}
      {confirming ? (
        <div className="c-confirm" role="alertdialog" aria-label="确认退出">
          <p>
            确定退出{placeOf(view, confirming.entryId)?.waiting ? '候补' : `第 ${placeOf(view, confirming.entryId)?.place ?? ''} 号接龙`}
            吗？退出后名额会让给候补的人。
          </p>
          <div className="c-form-actions">
            <button type="button" className="r-btn r-btn-ghost r-btn-lg" onClick={() => setConfirming(null)}>
              再想想
            </button>
            <button type="button" className="r-btn r-btn-primary r-btn-lg" disabled={busy} onClick={() => void withdraw(confirming)}>
              确认退出
            </button>
          </div>
        </div>
      ) : null}
      {editing ? (
        <ChainJoinForm key={editing.entryId} editing={editing} busy={busy} error={error} full={false} onSubmit={submit} onCancel={() => setEditing(null)} />
      ) : open && needsAuth ? (
        <ChainWechatGate error={wx.error} onStart={wx.start} />
      ) : open && (!hasMine || view.settings.multiple) ? (
        <ChainJoinForm
          key={view.mine.length}
          editing={null}
          busy={busy}
          error={error}
          full={(full || waiting.length > 0) && view.settings.waitlist}
          queryEnabled={view.settings.queryEnabled}
          onSubmit={submit}
        />
      ) : null}
      {open && full && !view.settings.waitlist && !hasMine ? <p className="c-notice">名额已满</p> : null}
      <section className="c-section" aria-label="接龙名单">
        <h2 className="c-section-title">接龙名单</h2>
        {joined.length ? (
          <ChainList entries={joined} mine={view.mine} onEdit={setEditing} onWithdraw={setConfirming} />
        ) : (
          <p className="c-empty">还没有人接龙，快来第一个报名吧</p>
        )}
      </section>
      {waiting.length ? (
        <section className="c-section" aria-label="候补名单">
          <h2 className="c-section-title">候补（{waiting.length}）</h2>
          <ChainList entries={waiting} mine={view.mine} onEdit={setEditing} onWithdraw={setConfirming} />
        </section>
      ) : null}
    </main>
  );
}
