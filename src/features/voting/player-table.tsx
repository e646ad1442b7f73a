import { Check, Pencil, Trash2, X } from 'lucide-react';
import type { TPublicPlayer } from '../../../schemas/api/vote';
import { cx } from '../../ui/cx';
import styles from './voting-styles';

export const REVIEW_NAMES = { approved: '已通过', pending: '待审核', rejected: '未通过' } as const;
export type TReview = keyof typeof REVIEW_NAMES;

/** 选手管理's table: number, photo, name, group, review state and votes; pending sign-ups are approved or rejected here. */
export function PlayerTable({
  players,
  verifying,
  onVerify,
  onEdit,
  onRemove,
}: {
  players: TPublicPlayer[];
  verifying: boolean;
  onVerify: (player: TPublicPlayer, result: 'approved' | 'rejected') => void;
  onEdit: (player: TPublicPlayer) => void;
  onRemove: (player: TPublicPlayer) => void;
}) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">编号</th>
          <th scope="col">照片</th>
          <th scope="col">名称</th>
          <th scope="col">分组</th>
          <th scope="col">状态</th>
          <th scope="col" className={styles.num}>
            票数
          </th>
          <th scope="col">操作</th>
        </tr>
      </thead>
      <tbody>
        {players.map((player) => (
          <tr key={player.playerId}>
            <td>{player.no}</td>
            <td>
              {player.photo ? (
                <img className={styles.avatar} src={player.photo} alt="" />
              ) : (
                <span className={cx(styles.avatar, styles.coverBlank)} style={{ display: 'inline-flex' }} />
              )}
            </td>
            <td>{player.name}</td>
            <td>{player.typeName ?? '—'}</td>
            <td>{REVIEW_NAMES[player.review]}</td>
            <td className={styles.num}>{player.votes ?? 0}</td>
            <td>
              <div className={styles.inline} role="group" aria-label={`${player.name} 的操作`}>
                {player.review === 'pending' ? (
                  <>
                    <button type="button" className={styles.action} onClick={() => onVerify(player, 'approved')} disabled={verifying}>
                      <Check size={14} aria-hidden />
                      通过
                    </button>
                    <button type="button" className={cx(styles.action, styles.danger)} onClick={() => onVerify(player, 'rejected')} disabled={verifying}>
                      <X size={14} aria-hidden />
                      拒绝
                    </button>
                  </>
                ) : null}
                <button type="button" className={styles.action} onClick={() => onEdit(player)}>
                  <Pencil size={14} aria-hidden />
                  编辑
                </button>
                <button type="button" className={cx(styles.action, styles.danger)} onClick={() => onRemove(player)}>
                  <Trash2 size={14} aria-hidden />
                  删除
                </button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
