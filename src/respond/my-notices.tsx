import type { ReactNode } from 'react';
import { NoticeSwitch } from './notice-switch';
import { useMyNotices } from './use-my-notices';

interface Props {
  questionId: string;
  deviceId: string;
  /** A booking's private page: its token names the participant. */
  bookingToken?: string;
  /** What the switch promises, in the page's words. */
  label: string;
  /** The page between the notices (above) and the switch (below). */
  children?: ReactNode;
}

/**
 * A participant's notices on a page that is not a chain's (issue 47 item 4: the 收款 answer sheet, a booking's
 * private page): those waiting for this visit above the page (each shown once), the switch that turns the
 * project's notices off below it.
 */
export function MyNotices({ questionId, deviceId, bookingToken, label, children }: Props) {
  const mine = useMyNotices(questionId, deviceId, { bookingToken });
  return (
    <>
      {mine.notices.length ? (
        <div className="c-notice is-promoted" role="status" data-testid="my-notices">
          {mine.notices.map((n) => (
            <p key={n.noticeId}>{n.text}</p>
          ))}
        </div>
      ) : null}
      {children}
      <NoticeSwitch off={mine.off} onTurn={(off) => void mine.turn(off)} error={mine.switchError} label={label} />
    </>
  );
}
