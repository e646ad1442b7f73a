import { useState } from 'react';
import type { TChainSettings } from '../../../schemas/api/chain';
import { CHAIN_LIMITS } from '../../../schemas/chain/limits';
import { Button } from '../../ui/button';
import { DateTimeField } from '../../ui/date-time-field';
import { fromFieldValue, toFieldValue } from '../../ui/shanghai-time';
import styles from './chain-styles';
import { ChainWechatField } from './chain-wechat-field';

interface Props {
  /** The chain's id, for the 结果查询 link once the switch is saved on. */
  questionId?: string;
  settings: TChainSettings;
  canEdit: boolean;
  onSave: (patch: Partial<TChainSettings>) => Promise<void>;
}

type TCapMode = 'limit' | 'none' | null;

/** Where participants look their place up (the switch is saved on). */
function QueryLinkNote({ questionId }: { questionId: string }) {
  const href = `/activityquery.html?questionId=${encodeURIComponent(questionId)}`;
  return (
    <small className={styles.queryLink}>
      查询链接：
      <a href={href} target="_blank" rel="noreferrer">
        {location.origin}
        {href}
      </a>
    </small>
  );
}

/**
 * 接龙设置: cap (a number, or 不限人数: either is the choice publishing asks for), waitlist, one or several entries
 * per person, masked names, 结果查询 (by the phone an entry left), 仅限微信授权参与, deadline.
 */
export function ChainSettingsCard({ questionId, settings, canEdit, onSave }: Props) {
  const [mode, setMode] = useState<TCapMode>(!settings.capChosen ? null : settings.cap === null ? 'none' : 'limit');
  const [cap, setCap] = useState(settings.cap === null ? '' : String(settings.cap));
  const [waitlist, setWaitlist] = useState(settings.waitlist);
  const [multiple, setMultiple] = useState(settings.multiple);
  const [maskNames, setMaskNames] = useState(settings.maskNames);
  const [deadline, setDeadline] = useState(toFieldValue(settings.deadline));
  const [wechatAuthId, setWechatAuthId] = useState(settings.wechatAuthId);
  const [queryEnabled, setQueryEnabled] = useState(settings.queryEnabled);
  const [busy, setBusy] = useState(false);
  const capValue = mode === 'limit' ? Number(cap.trim() || NaN) : null;
  const capBad = mode === 'limit' && (capValue === null || !Number.isInteger(capValue) || capValue < 1 || capValue > CHAIN_LIMITS.maxCap);
  return (
    <form
      className={styles.card}
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        // No choice yet: the cap stays unchosen (publishing will ask for it).
        const capPatch = mode === null ? {} : { cap: capValue };
        // The account is sent only when changed: a cancelled binding would refuse every other save.
        const wechatPatch = wechatAuthId === settings.wechatAuthId ? {} : { wechatAuthId };
        void onSave({ ...capPatch, ...wechatPatch, waitlist, multiple, maskNames, queryEnabled, deadline: fromFieldValue(deadline) }).finally(() =>
          setBusy(false),
        );
      }}
    >
      <h2 className={styles.cardTitle}>接龙设置</h2>
      <fieldset className={styles.field}>
        <legend className={styles.legend}>人数上限</legend>
        <label className={styles.check}>
          <input type="radio" name="capMode" checked={mode === 'limit'} disabled={!canEdit} onChange={() => setMode('limit')} />
          限制人数
        </label>
        <input
          className={styles.input}
          inputMode="numeric"
          value={cap}
          disabled={!canEdit}
          placeholder="如 30"
          aria-label="人数上限"
          onChange={(e) => (setCap(e.target.value), setMode('limit'))}
          aria-invalid={capBad}
        />
        <label className={styles.check}>
          <input type="radio" name="capMode" checked={mode === 'none'} disabled={!canEdit} onChange={() => setMode('none')} />
          不限人数
        </label>
        {settings.capChosen ? (
          <small>按人数计，一条接龙可带多人</small>
        ) : (
          <small className={styles.needed} data-testid="cap-needed">
            发布前请选择：限制人数或不限人数
          </small>
        )}
      </fieldset>
      <label className={styles.check}>
        <input type="checkbox" checked={waitlist} disabled={!canEdit} onChange={(e) => setWaitlist(e.target.checked)} />
        满员后允许候补，有人退出时按先后顺序递补
      </label>
      <label className={styles.check}>
        <input type="checkbox" checked={multiple} disabled={!canEdit} onChange={(e) => setMultiple(e.target.checked)} />
        允许一人接龙多次（如替家人报名）
      </label>
      <label className={styles.check}>
        <input type="checkbox" checked={maskNames} disabled={!canEdit} onChange={(e) => setMaskNames(e.target.checked)} />
        公开名单隐藏姓名（张三 显示为 张*）
      </label>
      <label className={styles.check}>
        <input type="checkbox" checked={queryEnabled} disabled={!canEdit} onChange={(e) => setQueryEnabled(e.target.checked)} />
        开启结果查询：接龙时可留手机号，凭手机号和短信验证码查看自己的名次
      </label>
      {settings.queryEnabled && questionId ? <QueryLinkNote questionId={questionId} /> : null}
      <ChainWechatField value={wechatAuthId} disabled={!canEdit} onChange={setWechatAuthId} />
      <div className={styles.field}>
        <span>截止时间</span>
        <DateTimeField mode="datetime" label="截止时间" value={deadline} disabled={!canEdit} onChange={setDeadline} block />
        <small>留空则一直开放，直到你手动截止</small>
      </div>
      {canEdit ? (
        <Button type="submit" variant="primary" disabled={busy || capBad}>
          保存设置
        </Button>
      ) : null}
    </form>
  );
}
