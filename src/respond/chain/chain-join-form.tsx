import { useState } from 'react';
import type { TChainEntry } from '../../../schemas/api/chain';
import { CHAIN_LIMITS } from '../../../schemas/chain/limits';
import { NameField } from '../solitaire-name-field';

export interface TJoinValues {
  name: string;
  answer: string;
  people: number;
  /** Joining the waitlist: a phone to be texted when promoted ('' none). */
  phone: string;
}

interface Props {
  /** The entry being edited (its people count stays), or null for a new one. */
  editing: TChainEntry | null;
  busy: boolean;
  error: string | null;
  full: boolean;
  /** 结果查询 is on: a phone is asked of every new entry (the key to look the place up by). */
  queryEnabled?: boolean;
  onSubmit: (values: TJoinValues) => void;
  onCancel?: () => void;
}

/** What the phone is for, said under it: it is never shown on the list. */
function phoneHint(full: boolean, queryEnabled: boolean): string {
  if (!queryEnabled) return '只用于递补通知，不会显示在名单上';
  return full ? '用于递补通知和查询接龙结果，不会显示在名单上' : '用于在结果查询页查看自己的名次，不会显示在名单上';
}

/** 我要接龙 / 修改接龙: name, people and a short note; joining the waitlist, a phone to be told when promoted. */
export function ChainJoinForm({ editing, busy, error, full, queryEnabled = false, onSubmit, onCancel }: Props) {
  const [name, setName] = useState(editing?.name ?? '');
  const [answer, setAnswer] = useState(editing?.answer ?? '');
  const [people, setPeople] = useState(editing?.people ?? 1);
  const [phone, setPhone] = useState('');
  const askPhone = !editing && (full || queryEnabled);
  const phoneBad = askPhone && phone !== '' && !/^1\d{10}$/.test(phone);
  const title = editing ? '修改我的接龙' : full ? '名额已满，可加入候补' : '我要接龙';
  return (
    <form
      className="c-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ name: name.trim(), answer: answer.trim(), people, phone: askPhone ? phone : '' });
      }}
    >
      <h2 className="c-form-title">{title}</h2>
      <NameField value={name} maxLength={CHAIN_LIMITS.nameLength} onChange={setName} />
      {editing ? null : (
        <label className="c-field">
          <span>人数</span>
          <select className="r-input" value={people} onChange={(e) => setPeople(Number(e.currentTarget.value))}>
            {Array.from({ length: 10 }, (_, i) => (
              <option key={i} value={i + 1}>
                {i + 1} 人
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="c-field">
        <span>备注（选填）</span>
        <input
          className="r-input"
          value={answer}
          maxLength={CHAIN_LIMITS.answerLength}
          placeholder="如：带两支球拍"
          onChange={(e) => setAnswer(e.currentTarget.value)}
        />
      </label>
      {askPhone ? (
        <label className="c-field">
          <span>手机号（选填）</span>
          <input
            className="r-input"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            value={phone}
            maxLength={11}
            placeholder={queryEnabled ? '凭手机号查询接龙结果' : '转为正式报名时短信通知你'}
            aria-invalid={phoneBad || undefined}
            onChange={(e) => setPhone(e.currentTarget.value.replace(/\D/g, '').slice(0, 11))}
          />
          {phoneBad ? <small className="r-msg">请填写 11 位手机号</small> : <small className="c-hint">{phoneHint(full, queryEnabled)}</small>}
        </label>
      ) : null}
      {error ? (
        <p className="r-msg" role="alert">
          {error}
        </p>
      ) : null}
      <div className="c-form-actions">
        {onCancel ? (
          <button type="button" className="r-btn r-btn-ghost r-btn-lg" onClick={onCancel}>
            取消
          </button>
        ) : null}
        <button type="submit" className="r-btn r-btn-primary r-btn-lg" disabled={busy || !name.trim() || phoneBad}>
          {busy ? '提交中…' : editing ? '保存修改' : full ? '加入候补' : '接龙'}
        </button>
      </div>
    </form>
  );
}
