import { Link } from '@tanstack/react-router';
import { AI_COIN_RULE, DRAW_RULE, SIGN_RULE, SPACE_RULE, TASKS, TASK_TYPES, signReward, type TTaskType } from '../../../schemas/coins/rules';
import { COIN_PACKAGES, yuanOf } from '../../../schemas/money/catalog';
import { BRANDS, BRAND_IDS } from '../../../schemas/brands';
import { currentBrand } from '../../app/brand';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import styles from './coins-styles';

const STREAK_DAYS = Array.from({ length: SIGN_RULE.cycle }, (_, i) => i + 1);

function EarnRules({ coinName }: { coinName: string }) {
  return (
    <section className={styles.panel} aria-labelledby="earn-title">
      <h2 id="earn-title">如何获得{coinName}</h2>
      <h3>每日签到</h3>
      <p className={styles.hint}>
        每天签到得 {SIGN_RULE.base} {coinName}；连续签到第 {SIGN_RULE.bonuses.map((b) => b.day).join('、')} 天另有奖励，{SIGN_RULE.cycle} 天为一轮，断签后从第 1
        天重新开始（按北京时间计算）。
      </p>
      <ol className={styles.streak} aria-label="连续签到奖励">
        {STREAK_DAYS.map((day) => (
          <li key={day} className={cx(signReward(day) > SIGN_RULE.base && styles.bonus)}>
            <span>第{day}天</span>
            <span>+{signReward(day)}</span>
          </li>
        ))}
      </ol>
      {(Object.keys(TASK_TYPES) as unknown as TTaskType[]).map((type) => (
        <div key={type}>
          <h3>
            {TASK_TYPES[type]}
            {Number(type) === 1 ? '（每个任务一次）' : '（每天一次）'}
          </h3>
          <ul className={styles.ruleList}>
            {TASKS.filter((task) => String(task.taskType) === String(type)).map((task) => (
              <li key={task.code}>
                <span>
                  {task.title}
                  <span className={styles.sub}>：{task.description}</span>
                </span>
                <span className={styles.reward}>
                  +{task.reward} {coinName}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <h3>互助答题</h3>
      <p className={styles.hint}>
        在互助空间回答他人发布的问卷，每份有效答卷获得发布者设置的 {SPACE_RULE.minReward}–{SPACE_RULE.maxReward} {coinName}，每天最多获得{' '}
        {SPACE_RULE.dailyEarnCap} {coinName}。
      </p>
      <h3>余额购买</h3>
      <p className={styles.hint}>可用账户余额购买：{COIN_PACKAGES.map((p) => `${p.coins} ${coinName} ¥${yuanOf(p.priceFen)}`).join('，')}。</p>
    </section>
  );
}

function SpendRules({ coinName }: { coinName: string }) {
  return (
    <section className={styles.panel} aria-labelledby="spend-title">
      <h2 id="spend-title">{coinName}的用途</h2>
      <ul className={styles.ruleList}>
        <li>
          <span>兑换礼品：在礼品中心用{coinName}兑换实物礼品，库存有限，兑完即止</span>
          <span className={styles.reward}>按礼品标价</span>
        </li>
        <li>
          <span>
            {coinName}抽奖：每天最多抽 {DRAW_RULE.dailyLimit} 次
          </span>
          <span className={styles.reward}>
            {DRAW_RULE.cost} {coinName}/次
          </span>
        </li>
        <li>
          <span>兑换AI次数：用于 AI 生成和分析问卷，一次最多兑换 {AI_COIN_RULE.maxUses} 次</span>
          <span className={styles.reward}>
            {AI_COIN_RULE.coinsPerUse} {coinName}/次
          </span>
        </li>
        <li>
          <span>发布到互助空间：设置每份答卷的奖励和总预算，预算在发布时预先扣除，结束后未用完的退回</span>
          <span className={styles.reward}>
            {SPACE_RULE.minReward}–{SPACE_RULE.maxReward} {coinName}/份
          </span>
        </li>
      </ul>
      <h3>说明</h3>
      <ul className={styles.notes}>
        <li>
          {coinName}按站点分别计算：{BRAND_IDS.map((id) => `${BRANDS[id].name}的${BRANDS[id].coinName}`).join('、')}
          各自独立、互不通用，在哪个站点获得就在哪个站点使用。
        </li>
        <li>{coinName}余额不会为负，余额不足时无法兑换、抽奖或发布。</li>
        <li>
          每一笔{coinName}收入和支出都记录在{coinName}明细中，可按类型和日期查询。
        </li>
        <li>
          {coinName}不可提现、不可转让；以不正当方式获取的{coinName}将被收回。
        </li>
      </ul>
    </section>
  );
}

/** /coinRule.html ({coin}规则, issue 51): how the brand's coin is earned and spent, rendered from schemas/coins/rules.ts. */
export function CoinRulePage() {
  const { coinName } = currentBrand();
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1>{coinName}规则</h1>
          <p className={styles.intro}>{coinName}是本站的虚拟积分，通过签到、任务和互助答题获得</p>
        </div>
        <div className={styles.links}>
          <Button asChild>
            <Link to="/coinList.html">{coinName}明细</Link>
          </Button>
          <Button variant="primary" asChild>
            <Link to="/task.html">去赚{coinName}</Link>
          </Button>
        </div>
      </header>
      <div className={styles.rules}>
        <EarnRules coinName={coinName} />
        <SpendRules coinName={coinName} />
      </div>
    </div>
  );
}
