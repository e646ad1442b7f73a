import type { z } from 'zod';
import type { ZMemberLevelView } from '../../../schemas/api/member';
import type { TMemberPeriod } from '../../../schemas/money/catalog';
import { yuanOf } from '../../../schemas/money/catalog';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import styles from './account-money-styles';

export type TLevelView = z.infer<typeof ZMemberLevelView>;

/** What the card offers: buy (upgrade or renew), or why not. */
export type TLevelAction = { kind: 'buy'; label: '升级' | '续费' | '开通' } | { kind: 'none'; label: string } | { kind: 'login' };

/** The action for `level` given the level in force (null: logged out) and whether it never ends. */
export function levelAction(level: number, current: { memberLevel: number; expDate: string | null } | null): TLevelAction {
  if (!current) return level === 1 ? { kind: 'none', label: '免费使用' } : { kind: 'login' };
  if (level === 1) return { kind: 'none', label: current.memberLevel === 1 ? '当前版本' : '免费版' };
  if (current.memberLevel > 1 && current.expDate === null) return { kind: 'none', label: level === current.memberLevel ? '长期有效' : '无需购买' };
  if (level < current.memberLevel) return { kind: 'none', label: '低于当前版本' };
  if (level === current.memberLevel) return { kind: 'buy', label: '续费' };
  return { kind: 'buy', label: current.memberLevel === 1 ? '开通' : '升级' };
}

interface TProps {
  level: TLevelView;
  period: TMemberPeriod;
  action: TLevelAction;
  isCurrent: boolean;
  highlighted: boolean;
  onBuy: () => void;
  onLogin: () => void;
}

/** One level of §9: its name, the price for the period, what it adds, and its action. */
export function MemberLevelCard({ level, period, action, isCurrent, highlighted, onBuy, onLogin }: TProps) {
  const fen = period === 'month' ? level.monthFen : level.yearFen;
  const titleId = `member-level-${level.memberLevel}`;
  return (
    <section
      className={cx(styles.level, isCurrent && styles.current, highlighted && styles.highlight)}
      aria-labelledby={titleId}
      data-testid="member-level"
      data-highlighted={highlighted || undefined}
    >
      <h2 id={titleId} className={styles.levelName}>
        {level.name}
        {isCurrent ? <span className={styles.tag}>当前版本</span> : null}
        {highlighted && !isCurrent ? <span className={styles.tag}>已达上限</span> : null}
      </h2>
      <p className={styles.price}>
        {fen === null ? (
          '免费'
        ) : (
          <>
            ¥{yuanOf(fen)}
            <small>/{period === 'month' ? '月' : '年'}</small>
          </>
        )}
      </p>
      <ul className={styles.adds}>
        {level.adds.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {action.kind === 'buy' ? (
        <Button variant="primary" block onClick={onBuy} aria-label={`${action.label}${level.name}`}>
          {action.label}
        </Button>
      ) : action.kind === 'login' ? (
        <Button block onClick={onLogin}>
          登录后购买
        </Button>
      ) : (
        <Button block disabled>
          {action.label}
        </Button>
      )}
    </section>
  );
}
