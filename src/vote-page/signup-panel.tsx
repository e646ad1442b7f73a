import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { ZSignUpConfig } from '../../schemas/api/vote-extras-models';
import { getSignUp, saveSignUp, uploadImage } from './api';
import { isLoggedIn, messageOf } from './client';

type TConfig = z.infer<typeof ZSignUpConfig>;
const STATUS_TEXT = { pending: '待审核', approved: '已通过', rejected: '未通过' } as const;

/** 我要报名: the public signs up as a player; the creator reviews it before it shows in the list. */
export function SignUpPanel({ voteId, toast, onLogin }: { voteId: string; toast: (message: string) => void; onLogin: () => void }) {
  const [config, setConfig] = useState<TConfig | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [typeId, setTypeId] = useState('');
  const [description, setDescription] = useState('');
  const [phone, setPhone] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    getSignUp(voteId).then(setConfig, (e) => setError(messageOf(e)));
  }, [voteId, round]);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      setImage(await uploadImage(voteId, file));
    } catch (e) {
      toast(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('请填写选手名称');
    setBusy(true);
    setError(null);
    try {
      await saveSignUp({
        voteId,
        name: name.trim(),
        typeId: typeId ? Number(typeId) : undefined,
        description: description.trim() || undefined,
        phone: phone.trim() || undefined,
        image: image ?? undefined,
      });
      toast('报名已提交，等待主办方审核');
      setName('');
      setDescription('');
      setImage(null);
      setRound((r) => r + 1);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  if (!config) return error ? <p className="v-msg">{error}</p> : <p className="v-empty">加载中…</p>;
  return (
    <section aria-label="我要报名">
      {config.mine.length ? (
        <div className="v-form">
          <h3 style={{ fontSize: 15, marginBottom: 8 }}>我的报名</h3>
          <ul>
            {config.mine.map((m) => (
              <li key={m.signUpId} className="v-detail-meta" style={{ margin: 0 }}>
                <span>{m.name}</span>
                <span className="v-votes">{STATUS_TEXT[m.status]}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {!config.open ? (
        <p className="v-empty">{config.closedReason ?? '报名已截止'}</p>
      ) : (
        <form className="v-form" onSubmit={(e) => void send(e)}>
          <label className="v-field">
            <span>选手名称</span>
            <input className="v-input" maxLength={50} value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          {config.playerTypes.length ? (
            <label className="v-field">
              <span>参赛分组</span>
              <select className="v-input" value={typeId} onChange={(e) => setTypeId(e.target.value)}>
                <option value="">请选择</option>
                {config.playerTypes.map((t) => (
                  <option key={t.typeId} value={t.typeId}>
                    {t.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <div className="v-field">
            <span>参赛照片</span>
            {isLoggedIn() ? (
              <label className="v-btn v-btn-ghost v-btn-sm">
                {image ? '更换照片' : '上传照片'}
                <input type="file" accept="image/*" className="v-sr" onChange={(e) => void pick(e.target.files?.[0])} />
              </label>
            ) : (
              <button type="button" className="v-btn v-btn-ghost v-btn-sm" onClick={onLogin}>
                登录后上传照片
              </button>
            )}
            {image ? (
              <img src={image} alt="参赛照片预览" style={{ display: 'block', width: 96, height: 96, objectFit: 'cover', borderRadius: 8, marginTop: 8 }} />
            ) : null}
          </div>
          <label className="v-field">
            <span>联系电话（选填，仅主办方可见）</span>
            <input className="v-input" inputMode="tel" maxLength={20} value={phone} onChange={(e) => setPhone(e.target.value)} />
          </label>
          <label className="v-field">
            <span>选手介绍</span>
            <textarea className="v-textarea" maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} />
          </label>
          {error ? (
            <p className="v-msg" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="v-btn v-btn-primary v-btn-block" disabled={busy}>
            {busy ? '提交中…' : '提交报名'}
          </button>
        </form>
      )}
    </section>
  );
}
