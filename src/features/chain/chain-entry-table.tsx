import { useState } from 'react';
import type { TChainManageEntry } from '../../../schemas/api/chain';
import { ENTRY_STATE_NAMES, type TChainEntryState } from '../../../schemas/chain/entry-states';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { shanghaiTime } from '../../ui/shanghai-time';
import { StatusPill, type TPillTone } from '../../ui/status-pill';
import styles from './chain-styles';

interface Props {
  entries: TChainManageEntry[];
  canEdit: boolean;
  onRemove: (entry: TChainManageEntry, reason: string) => Promise<void>;
}

/**
 * Every entry in arrival order, withdrawn and removed ones included (with the reason), and 移除 for live ones.
 * 序号 is the number the public list shows (joined 1…n, the waitlist 候补1…, renumbered when someone leaves);
 * 接龙顺序 is the arrival order, which never changes (the export keeps both).
 */
const ENTRY_TONE: Record<TChainEntryState, TPillTone> = { joined: 'success', waitlisted: 'warning', withdrawn: 'neutral', removed: 'danger' };

export function ChainEntryTable({ entries, canEdit, onRemove }: Props) {
  const [removing, setRemoving] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const places = new Map<string, string>();
  let joined = 0;
  let waiting = 0;
  for (const e of entries) {
    if (e.state === 'joined') places.set(e.entryId, String(++joined));
    else if (e.state === 'waitlisted') places.set(e.entryId, `候补${++waiting}`);
  }
  if (!entries.length) return <p className={styles.empty}>还没有人接龙。把链接发到群里，大家的接龙会实时出现在这里。</p>;
  return (
    <table className={cx(styles.table, styles.entries)}>
      <thead>
        <tr>
          <th>序号</th>
          <th>接龙顺序</th>
          <th>姓名</th>
          <th>人数</th>
          <th>备注</th>
          <th>状态</th>
          <th>接龙时间</th>
          {canEdit ? <th aria-label="操作" /> : null}
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => {
          const live = e.state === 'joined' || e.state === 'waitlisted';
          return (
            <tr key={e.entryId} className={cx(!live && styles.gone)} data-testid="manage-row">
              <td className={styles.seq} data-col="seq">
                {places.get(e.entryId) ?? '—'}
              </td>
              <td className={styles.time} data-col="order">
                第 {e.seq} 个
              </td>
              <td data-col="name">
                {e.realName}
                {e.name !== e.realName ? <span className={styles.masked}>（公开显示为 {e.name}）</span> : null}
              </td>
              <td data-col="people" data-label="人数">
                {e.people}
              </td>
              <td className={styles.answer} data-col="answer" data-label="备注">
                {e.answer || '—'}
              </td>
              <td data-col="state">
                <StatusPill tone={ENTRY_TONE[e.state]}>{ENTRY_STATE_NAMES[e.state]}</StatusPill>
                {e.reason ? <span className={styles.reason}>原因：{e.reason}</span> : null}
              </td>
              <td className={styles.time} data-col="time">
                {shanghaiTime(e.joinTime)}
              </td>
              {canEdit ? (
                <td className={styles.rowActions} data-col="actions">
                  {live && removing !== e.entryId ? (
                    <Button size="sm" variant="ghost" onClick={() => (setRemoving(e.entryId), setReason(''))}>
                      移除
                    </Button>
                  ) : null}
                  {removing === e.entryId ? (
                    <form
                      className={styles.removeForm}
                      onSubmit={(event) => {
                        event.preventDefault();
                        void onRemove(e, reason.trim()).then(() => setRemoving(null));
                      }}
                    >
                      <input
                        className={styles.input}
                        autoFocus
                        value={reason}
                        maxLength={100}
                        placeholder="移除原因（参与者不可见）"
                        onChange={(ev) => setReason(ev.target.value)}
                        aria-label="移除原因"
                      />
                      <Button size="sm" variant="danger" type="submit" disabled={!reason.trim()}>
                        确认移除
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setRemoving(null)}>
                        取消
                      </Button>
                    </form>
                  ) : null}
                </td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
