import type { TVoteRules } from './model';
import type { LiveStore } from './store';
import { useLive } from './store';

/** "今日剩余 2 票" / "剩余 2 票": what the rule leaves this voter, once the server has told it. */
export function remainingText(rules: TVoteRules, remaining: number | null): string {
  if (remaining === null) return rules.scope === 'day' ? `每天可投 ${rules.votesPerVoter} 票` : `共可投 ${rules.votesPerVoter} 票`;
  return rules.scope === 'day' ? `今日剩余 ${remaining} 票` : `剩余 ${remaining} 票`;
}

export function VoteButton(props: {
  rules: TVoteRules;
  live: LiveStore;
  name: string;
  busy: boolean;
  disabledText: string | null;
  onVote: () => void;
  block?: boolean;
}) {
  const remaining = useLive(props.live, (s) => s.remaining);
  // The day's (or the whole vote's) votes used up: every button turns inactive until the rule gives more (issue 43 item 6).
  const spent = remaining === 0 ? (props.rules.scope === 'day' ? '今日票数已用完' : '票数已用完') : null;
  const disabledText = props.disabledText ?? spent;
  // The detail's wide button says what is left; the cards' narrow ones leave it to the rule line above the list.
  const left = props.block && remaining !== null ? `（${remainingText(props.rules, remaining)}）` : '';
  const label = disabledText ?? (props.busy ? '投票中…' : `投票${left}`);
  return (
    <button
      type="button"
      className={`v-btn v-btn-primary v-btn-sm${props.block ? ' v-btn-block' : ''}`}
      disabled={props.busy || disabledText !== null}
      aria-label={disabledText ? `${disabledText}：${props.name}` : `给 ${props.name} 投票，${remainingText(props.rules, remaining)}`}
      onClick={props.onVote}
    >
      {label}
    </button>
  );
}

export function RemainingLine({ rules, live }: { rules: TVoteRules; live: LiveStore }) {
  const remaining = useLive(live, (s) => s.remaining);
  const perPlayer = rules.perPlayerPerDay > 0 ? `，同一选手每天最多 ${rules.perPlayerPerDay} 票` : '';
  return (
    <p className="v-rule" data-testid="remaining">
      {rules.scope === 'day' ? `每人每天可投 ${rules.votesPerVoter} 票` : `每人活动期间共可投 ${rules.votesPerVoter} 票`}
      {perPlayer}
      {remaining !== null ? <strong style={{ color: 'var(--v-primary)' }}>（{remainingText(rules, remaining)}）</strong> : null}
    </p>
  );
}
