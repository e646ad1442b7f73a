import { useState } from 'react';
import { WHITE_MODES, WHITE_MODE_NAMES, type TWhiteMode, type TWhiteSetting } from '../../../schemas/api/whitelist';
import { updateWhiteSetting } from '../../api/whitelist';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import styles from './whitelist-styles';

const MODE_HINTS: Record<TWhiteMode, string> = {
  phone: '答题者输入手机号并填写短信验证码，号码在名单中才能作答',
  name: '答题者填写姓名和您指定的一项信息（如工号），两项都对上才能作答',
  code: '为每位答题者生成一个访问码，每个访问码只能提交一次',
};

/** The switch and how respondents prove themselves: mode, the name mode's second field, answers per entry. */
export function WhiteSettingCard({
  questionId,
  setting,
  canEdit,
  onSaved,
}: {
  questionId: string;
  setting: TWhiteSetting;
  canEdit: boolean;
  onSaved: () => void;
}) {
  const [mode, setMode] = useState<TWhiteMode>(setting.mode);
  const [fieldLabel, setFieldLabel] = useState(setting.fieldLabel);
  const [answers, setAnswers] = useState(String(setting.answersPerEntry));
  const [busy, setBusy] = useState(false);
  const save = (enabled: boolean) => {
    setBusy(true);
    updateWhiteSetting({ questionId, enabled, mode, fieldLabel, answersPerEntry: Number(answers) || 1 })
      .then(() => {
        toast.success(enabled === setting.enabled ? '设置已保存' : enabled ? '答题白名单已开启' : '答题白名单已关闭');
        onSaved();
      })
      .catch((e: Error) => void toast.error(e.message))
      .finally(() => setBusy(false));
  };
  return (
    <section className={styles.card} aria-label="白名单设置">
      <h2 className={styles.cardTitle}>白名单设置</h2>
      <div className={styles.switchRow}>
        <span>
          状态：<strong data-testid="white-state">{setting.enabled ? '已开启' : '未开启'}</strong>
        </span>
        {canEdit ? (
          <Button size="sm" variant={setting.enabled ? 'default' : 'primary'} disabled={busy} onClick={() => save(!setting.enabled)}>
            {setting.enabled ? '关闭白名单' : '开启白名单'}
          </Button>
        ) : null}
      </div>
      <p className={styles.hint}>开启后，只有名单中的人能打开并提交本问卷。</p>
      <fieldset className={styles.modes} disabled={!canEdit || busy}>
        <legend className={styles.fieldLabel}>验证方式</legend>
        {WHITE_MODES.map((m) => (
          <label key={m} className={`${styles.mode} ${mode === m ? styles.modeOn : ''}`}>
            <input type="radio" name="white-mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
            <span>
              {WHITE_MODE_NAMES[m]}
              <span className={styles.modeHint}>{MODE_HINTS[m]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {mode === 'name' ? (
        <label className={styles.field}>
          <span className={styles.fieldLabel}>第二项信息的名称</span>
          <input
            className={styles.input}
            value={fieldLabel}
            maxLength={20}
            disabled={!canEdit}
            onChange={(e) => setFieldLabel(e.target.value)}
            placeholder="如：工号、学号"
          />
        </label>
      ) : null}
      {mode !== 'code' ? (
        <label className={styles.field}>
          <span className={styles.fieldLabel}>每人可作答次数</span>
          <input className={styles.input} type="number" min={1} max={1000} value={answers} disabled={!canEdit} onChange={(e) => setAnswers(e.target.value)} />
        </label>
      ) : (
        <p className={styles.hint}>每个访问码只能提交一次。</p>
      )}
      {canEdit ? (
        <Button variant="soft" disabled={busy} onClick={() => save(setting.enabled)}>
          保存设置
        </Button>
      ) : (
        <p className={styles.hint}>您只有查看权限，不能修改白名单。</p>
      )}
      {mode !== setting.mode ? <p className={styles.hint}>切换验证方式后，名单显示该方式下的条目；其他方式的条目会保留。</p> : null}
    </section>
  );
}
