import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TVoteRules } from '../../../src/vote-page/model';
import { LiveStore } from '../../../src/vote-page/store';
import { VoteButton } from '../../../src/vote-page/vote-button';

// Issue 43 item 6: once the day's votes are used, every vote button turns inactive and says why; a new day's
// (or the server's) remaining votes make it active again.
const rules = (scope: TVoteRules['scope']): TVoteRules => ({
  scope,
  votesPerVoter: 3,
  perPlayerPerDay: 0,
  identity: 'none',
  showCounts: true,
  showRanking: true,
  comments: false,
  signUp: false,
});

function draw(scope: TVoteRules['scope'], live: LiveStore, onVote = vi.fn()) {
  render(
    <>
      <VoteButton rules={rules(scope)} live={live} name="张三" busy={false} disabledText={null} onVote={onVote} />
      <VoteButton rules={rules(scope)} live={live} name="李四" busy={false} disabledText={null} onVote={onVote} block />
    </>,
  );
  return onVote;
}

describe('VoteButton', () => {
  it('is active while votes are left and inactive on every card once the day’s votes are used', async () => {
    const live = new LiveStore();
    live.set({ remaining: 1 });
    const onVote = draw('day', live);
    const zhang = screen.getByRole('button', { name: /给 张三 投票，今日剩余 1 票/ });
    expect(zhang).toBeEnabled();
    await userEvent.setup().click(zhang);
    expect(onVote).toHaveBeenCalledTimes(1);

    act(() => live.counted({ p1: 5 }, 0, 1));
    expect(screen.getByRole('button', { name: '今日票数已用完：张三' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '今日票数已用完：李四' })).toBeDisabled();
    expect(screen.getAllByText('今日票数已用完')).toHaveLength(2);
  });

  it('says 票数已用完 for a whole-activity rule, and a reason the page gives wins', () => {
    const live = new LiveStore();
    live.set({ remaining: 0 });
    draw('activity', live);
    expect(screen.getByRole('button', { name: '票数已用完：张三' })).toBeDisabled();
    render(<VoteButton rules={rules('day')} live={live} name="王五" busy={false} disabledText="活动已结束" onVote={() => {}} />);
    expect(screen.getByRole('button', { name: '活动已结束：王五' })).toBeDisabled();
  });

  it('stays active when the server cannot tell what is left (no count yet)', () => {
    draw('day', new LiveStore());
    expect(screen.getByRole('button', { name: /给 张三 投票，每天可投 3 票/ })).toBeEnabled();
  });
});
