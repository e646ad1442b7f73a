import type { TStatistics } from '../../../schemas/api/vote-player';
import { cx } from '../../ui/cx';
import { EmptyState } from '../../ui/states';
import styles from './voting-styles';

/** 58.3%, 100%, 0%: one decimal where it says something. */
export const shareText = (percent: number): string => `${Number(percent.toFixed(1))}%`;

/** 排行榜 and 分组统计: valid votes per player (voided and suspect beside them) and per player type. */
// On a phone the tables scroll sideways (voting.module.css): focusable, so the keyboard can scroll them too.
export function VoteRankingPanel({ statistics }: { statistics: TStatistics }) {
  const players = [...statistics.players].sort((a, b) => a.rank - b.rank);
  // 占比: a player's share of all valid votes, as a number beside its bar (issue 43 item 6).
  const total = players.reduce((sum, each) => sum + each.votes, 0);
  const share = (votes: number) => (total > 0 ? (votes / total) * 100 : 0);
  return (
    <>
      <section className={styles.panel} aria-labelledby="vote-ranking">
        <h2 id="vote-ranking">选手排行</h2>
        {players.length === 0 ? (
          <EmptyState compact title="还没有选手" description="在编辑页添加选手后，这里会显示排行" />
        ) : (
          <table className={styles.table} tabIndex={0} aria-labelledby="vote-ranking">
            <thead>
              <tr>
                <th scope="col">排名</th>
                <th scope="col">编号</th>
                <th scope="col">选手</th>
                <th scope="col">分组</th>
                <th scope="col" className={styles.num}>
                  有效票
                </th>
                <th scope="col" style={{ width: '22%' }}>
                  占比
                </th>
                <th scope="col" className={styles.num}>
                  投票人数
                </th>
                <th scope="col" className={styles.num}>
                  已作废
                </th>
                <th scope="col" className={styles.num}>
                  可疑
                </th>
              </tr>
            </thead>
            <tbody>
              {players.map((player) => (
                <tr key={player.playerId}>
                  <td>
                    <span className={cx(styles.rank, player.rank <= 3 && styles.rankTop)}>{player.rank}</span>
                  </td>
                  <td>{player.no}</td>
                  <td>{player.name}</td>
                  <td>{player.typeName ?? '—'}</td>
                  <td className={styles.num}>{player.votes}</td>
                  <td>
                    <div className={styles.share}>
                      <div className={styles.bar} aria-hidden>
                        <span style={{ width: `${share(player.votes)}%` }} />
                      </div>
                      <span className={styles.shareNum} data-testid="vote-share">
                        {shareText(share(player.votes))}
                      </span>
                    </div>
                  </td>
                  <td className={styles.num}>{player.voters}</td>
                  <td className={styles.num}>{player.voided}</td>
                  <td className={cx(styles.num, player.suspect > 0 && styles.flagSuspect)}>{player.suspect}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {statistics.types.length ? (
        <section className={styles.panel} aria-labelledby="vote-types">
          <h2 id="vote-types">分组统计</h2>
          <table className={styles.table} tabIndex={0} aria-labelledby="vote-types">
            <thead>
              <tr>
                <th scope="col">分组</th>
                <th scope="col" className={styles.num}>
                  选手数
                </th>
                <th scope="col" className={styles.num}>
                  有效票
                </th>
              </tr>
            </thead>
            <tbody>
              {statistics.types.map((type) => (
                <tr key={type.typeId ?? 'none'}>
                  <td>{type.name}</td>
                  <td className={styles.num}>{type.players}</td>
                  <td className={styles.num}>{type.votes}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </>
  );
}
