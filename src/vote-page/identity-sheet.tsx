import { useEffect, useState } from 'react';
import { sendVoteSms } from './api';
import { messageOf } from './client';
import type { TIdentity, TVoterProof } from './model';
import { Sheet } from './sheet';
import { inWechat, startWechatAuth } from './wechat-identity';

const PHONE = /^1[3-9]\d{9}$/;

export const loginHref = () => `/login?redirect=${encodeURIComponent(location.pathname + location.search)}`;

/** The rule asks who votes: a logged-in account, a phone proven by an SMS code, or a WeChat account (微信授权). */
export function IdentitySheet({
  identity,
  voteId,
  onClose,
  onProof,
}: {
  identity: TIdentity;
  voteId: string;
  onClose: () => void;
  onProof: (proof: TVoterProof) => void;
}) {
  if (identity === 'wechat') return <WechatSheet voteId={voteId} onClose={onClose} />;
  if (identity === 'login')
    return (
      <Sheet title="请先登录" onClose={onClose}>
        <p className="v-detail-desc">主办方设置了登录后才能投票，登录后会回到本页面。</p>
        <a className="v-btn v-btn-primary v-btn-block" href={loginHref()}>
          去登录
        </a>
      </Sheet>
    );
  return <SmsForm onClose={onClose} onProof={onProof} />;
}

/** 微信授权: in WeChat's browser, off to WeChat and back; elsewhere the page can only ask to be opened in WeChat. */
function WechatSheet({ voteId, onClose }: { voteId: string; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [going, setGoing] = useState(false);
  if (!inWechat())
    return (
      <Sheet title="请在微信中打开" onClose={onClose}>
        <p className="v-detail-desc" data-testid="wechat-only">
          主办方设置了微信授权投票，每个微信号按规则计票。请复制本页链接发送到微信，在微信中打开后投票。
        </p>
        <p className="v-detail-desc v-break">{location.href}</p>
      </Sheet>
    );
  const go = async () => {
    setGoing(true);
    setError(null);
    try {
      await startWechatAuth(voteId);
    } catch (e) {
      setError(messageOf(e));
      setGoing(false);
    }
  };
  return (
    <Sheet title="微信授权后投票" onClose={onClose}>
      <p className="v-detail-desc">主办方设置了微信授权投票，每个微信号按规则计票。授权只用于识别投票人，不获取昵称、头像等信息。</p>
      {error ? (
        <p className="v-msg" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className="v-btn v-btn-primary v-btn-block" disabled={going} onClick={() => void go()}>
        {going ? '正在前往微信授权…' : '微信授权'}
      </button>
    </Sheet>
  );
}

function SmsForm({ onClose, onProof }: { onClose: () => void; onProof: (proof: TVoterProof) => void }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [wait, setWait] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (wait <= 0) return;
    const id = window.setTimeout(() => setWait((w) => w - 1), 1000);
    return () => window.clearTimeout(id);
  }, [wait]);

  const send = async () => {
    if (!PHONE.test(phone)) return setError('请输入正确的手机号');
    setSending(true);
    setError(null);
    try {
      await sendVoteSms(phone);
      setWait(60);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setSending(false);
    }
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!PHONE.test(phone)) return setError('请输入正确的手机号');
    if (!/^\d{6}$/.test(code)) return setError('请输入6位验证码');
    onProof({ phone, code });
  };
  return (
    <Sheet title="验证手机号后投票" onClose={onClose}>
      <form onSubmit={submit}>
        <p className="v-detail-desc">主办方要求验证手机号，每个手机号按规则计票。</p>
        <label className="v-field">
          <span>手机号</span>
          <input
            className="v-input"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={11}
            value={phone}
            onChange={(e) => setPhone(e.target.value.trim())}
          />
        </label>
        <div className="v-field">
          <label htmlFor="v-sms-code">
            <span>验证码</span>
          </label>
          <div className="v-search" style={{ marginBottom: 0 }}>
            <input
              id="v-sms-code"
              className="v-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.trim())}
            />
            <button type="button" className="v-btn v-btn-ghost v-btn-sm" disabled={sending || wait > 0} onClick={() => void send()}>
              {wait > 0 ? `${wait}秒后重发` : '获取验证码'}
            </button>
          </div>
        </div>
        {error ? (
          <p className="v-msg" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="v-btn v-btn-primary v-btn-block">
          验证并投票
        </button>
      </form>
    </Sheet>
  );
}
