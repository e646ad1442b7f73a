import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import { levelOf } from '../../../schemas/api/user';
import type { TPurchaseResult } from '../../../schemas/api/recharge';
import { yuanOf, type TMemberPeriod } from '../../../schemas/money/catalog';
import { moneyKeys, memberListQuery } from '../../api/money';
import { getLoginInfo } from '../../api/user';
import { useGo } from '../../app/navigation';
import { useSession } from '../../app/session';
import { Button } from '../../ui/button';
import { formatDateTime } from '../../ui/format-time';
import { ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import styles from './account-money-styles';
import { RECHARGE_PATH } from '../../orders/balance-pay';
import { MemberBuyDialog, type TBuyChoice } from './member-buy-dialog';
import { MemberLevelCard, levelAction } from './member-level-card';

const PERIODS: Array<{ id: TMemberPeriod; name: string }> = [
  { id: 'month', name: '包月' },
  { id: 'year', name: '包年' },
];

/** The level a limit dialog sent the user here from (spec §8: `?memberLevel=N`), if it names one of §9. */
function useLimitLevel(): number | null {
  const raw = useLocation({ select: (l) => new URLSearchParams(l.searchStr).get('memberLevel') });
  const level = Number(raw);
  return raw && Number.isInteger(level) && level >= 1 && level <= 4 ? level : null;
}

/**
 * /member/index.html (会员中心, spec §9): the four levels with what each adds and their prices, the caller's level
 * and its end, and buying a level (upgrade or renewal) from the balance.
 */
export function MemberPage() {
  const queryClient = useQueryClient();
  const session = useSession();
  const go = useGo();
  const limitLevel = useLimitLevel();
  const [period, setPeriod] = useState<TMemberPeriod>('month');
  const [choice, setChoice] = useState<TBuyChoice | null>(null);
  const members = useQuery(memberListQuery());

  if (members.isPending) return <LoadingState />;
  if (members.isError)
    return (
      <ErrorState
        title="会员信息加载失败"
        description={members.error.message}
        actions={
          <Button variant="primary" onClick={() => void members.refetch()}>
            重试
          </Button>
        }
      />
    );
  const { levels, current } = members.data;
  // Once the user is above the level the dialog named (bought here), its note is past.
  const limited = limitLevel !== null && (!current || current.memberLevel <= limitLevel) ? limitLevel : null;
  const bought = (result: TPurchaseResult) => {
    setChoice(null);
    const end = result.member?.expDate ? `，有效期至 ${formatDateTime(result.member.expDate)}` : '';
    toast.success(`购买成功：${result.title}${end}`);
    void queryClient.invalidateQueries({ queryKey: moneyKeys.all });
    // The header, the limits and every page read the level from the session's user.
    void getLoginInfo().then((answer) => answer.userInfo && session.update(answer.userInfo));
  };
  const login = () => go(`/login?redirect=${encodeURIComponent(`/member/index.html${go.search()}`)}`);

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1>会员中心</h1>
          <p className={styles.intro}>升级版本可提高每天可创建的项目数和每个项目的题目数</p>
        </div>
        {current ? (
          <div className={styles.links}>
            <Button asChild>
              <Link to="/transactionsRecord/index.html">交易记录</Link>
            </Button>
            <Button variant="primary" asChild>
              <Link to={RECHARGE_PATH}>去充值</Link>
            </Button>
          </div>
        ) : null}
      </header>
      {current ? (
        <section className={`${styles.panel} ${styles.summary}`} aria-label="我的会员">
          <dl className={styles.figures}>
            <div className={styles.figure}>
              <dt>当前版本</dt>
              <dd data-testid="current-level">{levelOf(current.memberLevel).name}</dd>
            </div>
            <div className={styles.figure}>
              <dt>有效期</dt>
              <dd data-testid="current-expiry">
                {current.memberLevel === 1 ? '长期有效' : current.expDate ? `至 ${formatDateTime(current.expDate)}` : '长期有效'}
              </dd>
            </div>
            <div className={styles.figure}>
              <dt>账户余额</dt>
              <dd className={styles.money} data-testid="member-balance">
                ¥{yuanOf(current.balanceFen)}
              </dd>
            </div>
          </dl>
        </section>
      ) : null}
      {limited ? (
        <p className={styles.notice} role="note">
          {levelOf(limited).name}每天可创建 {levelOf(limited).maxNumber} 个项目、每个项目最多 {levelOf(limited).subjectCount}{' '}
          道题，已达上限的操作需升级到更高版本。
        </p>
      ) : null}
      <div className={styles.choices} role="radiogroup" aria-label="购买时长">
        {PERIODS.map((p) => (
          <button key={p.id} type="button" role="radio" aria-checked={period === p.id} className={styles.choice} onClick={() => setPeriod(p.id)}>
            {p.name}
          </button>
        ))}
      </div>
      <div className={styles.levels}>
        {levels.map((level) => {
          const action = levelAction(level.memberLevel, current);
          const planId = period === 'month' ? level.monthPlanId : level.yearPlanId;
          const priceFen = period === 'month' ? level.monthFen : level.yearFen;
          return (
            <MemberLevelCard
              key={level.memberLevel}
              level={level}
              period={period}
              action={action}
              isCurrent={current?.memberLevel === level.memberLevel}
              highlighted={limited === level.memberLevel}
              onLogin={login}
              onBuy={() =>
                planId && priceFen !== null && action.kind === 'buy' && setChoice({ planId, name: level.name, period, priceFen, action: action.label })
              }
            />
          );
        })}
      </div>
      {choice && current ? <MemberBuyDialog choice={choice} balanceFen={current.balanceFen} onClose={() => setChoice(null)} onBought={bought} /> : null}
    </div>
  );
}
