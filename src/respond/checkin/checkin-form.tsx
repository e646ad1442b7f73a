import { useState } from 'react';
import type { TCheckInSettings } from '../../../schemas/api/checkin';
import { CHECKIN_LIMITS } from '../../../schemas/checkin/limits';
import { dayLabel } from '../../../schemas/checkin/days';
import { RespondError } from '../api';
import { uploadPhoto } from './checkin-api';
import { NameField } from '../solitaire-name-field';

export interface TCheckInValues {
  name: string;
  text: string;
  photos: string[];
  amount: number | null;
}

interface Props {
  /** Who uploads the photos: the check-in and the page's device key (and WeChat identity, when it asks for one). */
  photoTarget: { questionId: string; deviceId: string; wechatToken?: string };
  settings: TCheckInSettings;
  defaultName: string;
  /** A make-up of this past day; null: today's check-in. */
  makeUpDay: string | null;
  busy: boolean;
  error: string | null;
  onSubmit: (values: TCheckInValues) => void;
  onCancel?: () => void;
}

const optional = (mode: string) => (mode === 'optional' ? '（选填）' : '');

/** Today's check-in (or a make-up): the name, then what the creator asks for — text, photos, a number. */
export function CheckInForm({ photoTarget, settings, defaultName, makeUpDay, busy, error, onSubmit, onCancel }: Props) {
  const [name, setName] = useState(defaultName);
  const [text, setText] = useState('');
  const [amount, setAmount] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const numberName = settings.numberLabel || '数值';

  async function addPhotos(files: FileList | null) {
    if (!files?.length) return;
    setUploading(true);
    setPhotoError(null);
    try {
      for (const file of [...files].slice(0, CHECKIN_LIMITS.photos - photos.length)) {
        const { url } = await uploadPhoto(photoTarget, file, file.name);
        setPhotos((list) => [...list, url]);
      }
    } catch (e) {
      setPhotoError(e instanceof RespondError ? e.message : '照片上传失败，请重试');
    } finally {
      setUploading(false);
    }
  }

  return (
    <form
      className="c-form"
      aria-label={makeUpDay ? '补卡' : '打卡'}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ name: name.trim(), text: text.trim(), photos, amount: amount.trim() === '' ? null : Number(amount) });
      }}
    >
      <h2 className="c-form-title">{makeUpDay ? `补卡 · ${dayLabel(makeUpDay)}` : '今日打卡'}</h2>
      <NameField value={name} maxLength={CHECKIN_LIMITS.nameLength} onChange={setName} />
      {settings.textMode !== 'off' ? (
        <label className="c-field">
          <span>打卡内容{optional(settings.textMode)}</span>
          <textarea
            className="r-input k-textarea"
            value={text}
            rows={3}
            maxLength={CHECKIN_LIMITS.textLength}
            placeholder="今天完成了什么？说说你的收获"
            onChange={(e) => setText(e.currentTarget.value)}
          />
        </label>
      ) : null}
      {settings.numberMode !== 'off' ? (
        <label className="c-field">
          <span>
            {numberName}
            {optional(settings.numberMode)}
          </span>
          <span className="k-amount">
            <input
              className="r-input"
              inputMode="numeric"
              pattern="[0-9]*"
              value={amount}
              placeholder={`请输入${numberName}`}
              onChange={(e) => setAmount(e.currentTarget.value.replace(/\D/g, '').slice(0, 7))}
            />
            {settings.numberUnit ? <span className="k-unit">{settings.numberUnit}</span> : null}
          </span>
        </label>
      ) : null}
      {settings.photoMode !== 'off' ? (
        <div className="c-field">
          <span>照片{optional(settings.photoMode)}</span>
          <div className="k-photos">
            {photos.map((url) => (
              <span key={url} className="k-photo">
                <img src={url} alt="打卡照片" />
                <button type="button" aria-label="删除照片" onClick={() => setPhotos((list) => list.filter((u) => u !== url))}>
                  ×
                </button>
              </span>
            ))}
            {photos.length < CHECKIN_LIMITS.photos ? (
              <label className="k-photo-add">
                {uploading ? '上传中…' : '+ 添加'}
                <input type="file" accept="image/*" multiple hidden disabled={uploading} onChange={(e) => void addPhotos(e.currentTarget.files)} />
              </label>
            ) : null}
          </div>
          {photoError ? <p className="r-msg">{photoError}</p> : null}
        </div>
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
        <button type="submit" className="r-btn r-btn-primary r-btn-lg" disabled={busy || uploading || !name.trim()}>
          {busy ? '提交中…' : makeUpDay ? '确认补卡' : '打卡'}
        </button>
      </div>
    </form>
  );
}
