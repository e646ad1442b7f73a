import { useState } from 'react';
import type { TCheckInSettings } from '../../../schemas/api/checkin';
import type { TContentMode } from '../../../schemas/checkin/days';
import { WEEKDAY_NAMES } from '../../../schemas/checkin/days';
import { Button } from '../../ui/button';
import styles from './chain-styles';
import { ChainWechatField } from './chain-wechat-field';

/** What the card saves: the settings, and 仅限微信授权参与 only when it changed. */
export type TCheckInSettingsPatch = Partial<TCheckInSettings> & { wechatAuthId?: number | null };

interface Props {
  settings: TCheckInSettings;
  /** 仅限微信授权参与: the owner's official account, null when off. */
  wechatAuthId: number | null;
  canEdit: boolean;
  onSave: (patch: TCheckInSettingsPatch) => Promise<void>;
}

const MODES: { value: TContentMode; label: string }[] = [
  { value: 'off', label: '不需要' },
  { value: 'optional', label: '选填' },
  { value: 'required', label: '必填' },
];

/** 打卡设置: period, weekdays, daily window and late time, content asked, make-ups, 仅限微信授权参与. */
export function CheckInSettingsCard({ settings, wechatAuthId: savedAuthId, canEdit, onSave }: Props) {
  const [s, setS] = useState(settings);
  const [wechatAuthId, setWechatAuthId] = useState(savedAuthId);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof TCheckInSettings>(key: K, value: TCheckInSettings[K]) => setS((v) => ({ ...v, [key]: value }));
  const toggleDay = (d: number) => set('weekdays', s.weekdays.includes(d) ? s.weekdays.filter((x) => x !== d) : [...s.weekdays, d].sort());
  const mode = (key: 'textMode' | 'photoMode' | 'numberMode', label: string) => (
    <label className={styles.field}>
      <span>{label}</span>
      <select className={styles.input} value={s[key]} disabled={!canEdit} onChange={(e) => set(key, e.target.value as TContentMode)}>
        {MODES.map((m) => (
          <option key={m.value} value={m.value}>
            {m.label}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form
      className={styles.card}
      aria-label="打卡设置"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        // The account is sent only when changed: a binding cancelled since must not refuse saving the rest.
        void onSave(wechatAuthId === savedAuthId ? s : { ...s, wechatAuthId }).finally(() => setBusy(false));
      }}
    >
      <h2 className={styles.cardTitle}>打卡设置</h2>
      <div className={styles.pair}>
        <label className={styles.field}>
          <span>开始日期</span>
          <input type="date" className={styles.input} value={s.startDay ?? ''} disabled={!canEdit} onChange={(e) => set('startDay', e.target.value || null)} />
        </label>
        <label className={styles.field}>
          <span>结束日期</span>
          <input type="date" className={styles.input} value={s.endDay ?? ''} disabled={!canEdit} onChange={(e) => set('endDay', e.target.value || null)} />
        </label>
      </div>
      {settings.startDay ? (
        <small className={styles.hintLine}>日期按北京时间计；结束日期留空为长期</small>
      ) : (
        <small className={`${styles.hintLine} ${styles.needed}`} data-testid="period-needed">
          发布前请设置开始日期（北京时间）；结束日期留空为长期
        </small>
      )}
      <div className={styles.field}>
        <span>打卡日</span>
        <div className={styles.weekdays} role="group" aria-label="打卡日">
          {[1, 2, 3, 4, 5, 6, 7].map((d) => (
            <label key={d} className={styles.weekday}>
              <input type="checkbox" checked={s.weekdays.includes(d)} disabled={!canEdit} onChange={() => toggleDay(d)} />
              {WEEKDAY_NAMES[d]}
            </label>
          ))}
        </div>
      </div>
      <div className={styles.pair}>
        <label className={styles.field}>
          <span>每天开始</span>
          <input type="time" className={styles.input} value={s.windowStart} disabled={!canEdit} onChange={(e) => set('windowStart', e.target.value)} />
        </label>
        <label className={styles.field}>
          <span>每天截止</span>
          <input
            type="time"
            className={styles.input}
            value={s.windowEnd === '24:00' ? '23:59' : s.windowEnd}
            disabled={!canEdit}
            onChange={(e) => set('windowEnd', e.target.value === '23:59' ? '24:00' : e.target.value)}
          />
        </label>
      </div>
      <label className={styles.field}>
        <span>迟到时间</span>
        <input type="time" className={styles.input} value={s.lateAfter ?? ''} disabled={!canEdit} onChange={(e) => set('lateAfter', e.target.value || null)} />
        <small>此时间后打卡记为迟到；留空则不计迟到（北京时间）</small>
      </label>
      {mode('textMode', '文字内容')}
      {mode('photoMode', '照片')}
      {mode('numberMode', '数值')}
      {s.numberMode !== 'off' ? (
        <div className={styles.pair}>
          <label className={styles.field}>
            <span>数值名称</span>
            <input
              className={styles.input}
              value={s.numberLabel}
              maxLength={10}
              placeholder="如：跑步距离"
              disabled={!canEdit}
              onChange={(e) => set('numberLabel', e.target.value)}
            />
          </label>
          <label className={styles.field}>
            <span>单位</span>
            <input
              className={styles.input}
              value={s.numberUnit}
              maxLength={6}
              placeholder="如：分钟、步"
              disabled={!canEdit}
              onChange={(e) => set('numberUnit', e.target.value)}
            />
          </label>
        </div>
      ) : null}
      <label className={styles.field}>
        <span>补卡</span>
        <select className={styles.input} value={s.makeupDays} disabled={!canEdit} onChange={(e) => set('makeupDays', Number(e.target.value))}>
          <option value={0}>不允许补卡</option>
          {[1, 2, 3, 5, 7, 14, 30].map((n) => (
            <option key={n} value={n}>
              可补 {n} 天内的卡
            </option>
          ))}
        </select>
      </label>
      <ChainWechatField value={wechatAuthId} disabled={!canEdit} onChange={setWechatAuthId} />
      {canEdit ? (
        <Button type="submit" variant="primary" disabled={busy || !s.weekdays.length}>
          保存设置
        </Button>
      ) : null}
    </form>
  );
}
