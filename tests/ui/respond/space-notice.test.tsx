import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { spaceReleaseField } from '../../../src/respond/space-link';
import { SpaceNoticeCard } from '../../../src/respond/space-notice';

// 互助空间 on the result screen (issue 51): the reward's outcome as the server decided it, and the way back.
describe('the space notice after a submit', () => {
  afterEach(() => history.replaceState(null, '', '/'));

  it('says the coins arrived, or why not, with the way back to the space', () => {
    const { rerender } = render(<SpaceNoticeCard notice={{ state: 'paid', reward: 5, coinName: '问卷币', message: '获得 5 问卷币' }} />);
    expect(screen.getByTestId('space-notice')).toHaveTextContent('互助奖励已到账获得 5 问卷币');
    expect(screen.getByRole('link', { name: '返回互助空间' })).toHaveAttribute('href', '/mutual.html');
    rerender(<SpaceNoticeCard notice={{ state: 'refused', reward: 0, coinName: '金币', message: '不能回答自己发布的问卷' }} />);
    expect(screen.getByTestId('space-notice')).toHaveTextContent('本次没有互助奖励不能回答自己发布的问卷');
    rerender(<SpaceNoticeCard notice={{ state: 'login', reward: 5, coinName: '金币', message: '登录后在互助空间答题可获得金币' }} />);
    expect(screen.getByRole('link', { name: '登录并返回互助空间' })).toHaveAttribute('href', '/login?redirect=%2Fmutual.html');
  });

  it('shows nothing for a sheet not answered from the space', () => {
    const { container } = render(<SpaceNoticeCard notice={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('the submit names the release the page was opened with', () => {
    history.replaceState(null, '', '/s/q1?space=rel-1');
    expect(spaceReleaseField('q1')).toEqual({ spaceReleaseId: 'rel-1' });
  });
});
