import type { TBooking } from '../../../schemas/api/appointment';
import { googleCalendarLink, outlookCalendarLink } from '../../../schemas/appointment/ics';
import { fullDate, stateText, zoneNote } from './appointment-format';
import { bookingPath, bookingUrl, icsUrl } from './appointment-api';

export interface TBookingCardProps {
  booking: TBooking;
  title: string;
  /** The private link's token: the link, the .ics and the add-to-calendar links. */
  token: string;
  /** The booking page itself needs no link to itself. */
  showLink?: boolean;
}

/** A booking's slot and state, its private link and the add-to-calendar links (a waiting or ended booking has none). */
export function BookingCard({ booking, title, token, showLink = true }: TBookingCardProps) {
  const active = booking.state === 'booked';
  const people = booking.partySize > 1 ? `，${booking.partySize}人` : '';
  const event = {
    title: title || '预约',
    description: `${booking.date} ${booking.start}–${booking.end}${people}\n${bookingUrl(token)}`,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
  };
  return (
    <section className="ap-card" aria-label="预约信息">
      <div className="ap-card-head">
        <span className={`ap-badge is-${booking.state}`} data-testid="booking-state">
          {stateText(booking.state, booking.waitPosition, booking.promoted)}
        </span>
      </div>
      <dl className="ap-facts">
        <div>
          <dt>预约日期</dt>
          <dd>{fullDate(booking.date)}</dd>
        </div>
        <div>
          <dt>预约时段</dt>
          <dd>
            {booking.start}–{booking.end}
            {zoneNote(booking.timeZone)}
          </dd>
        </div>
        <div>
          <dt>预约人数</dt>
          <dd>{booking.partySize}人</dd>
        </div>
        {booking.name ? (
          <div>
            <dt>预约人</dt>
            <dd>{booking.name}</dd>
          </div>
        ) : null}
      </dl>
      {booking.state === 'waitlisted' ? (
        <p className="ap-note-box">当前时段已约满。有名额空出时，将按候补顺序自动为您转为预约；转正后可在预约链接查看。</p>
      ) : null}
      {showLink ? (
        <div className="ap-link">
          <p>请保存您的预约链接，凭此链接查看、改约或取消预约：</p>
          <a href={bookingPath(token)} className="ap-link-url" data-testid="booking-link">
            {bookingUrl(token)}
          </a>
        </div>
      ) : null}
      {active ? (
        <div className="ap-cal" role="group" aria-label="添加到日历">
          <span className="ap-label">添加到日历</span>
          <div className="ap-cal-links">
            <a className="r-btn r-btn-soft" href={icsUrl(token)} download={`appointment-${booking.date}.ics`}>
              下载 .ics
            </a>
            <a className="r-btn r-btn-ghost" href={googleCalendarLink(event)} target="_blank" rel="noopener noreferrer">
              Google 日历
            </a>
            <a className="r-btn r-btn-ghost" href={outlookCalendarLink(event)} target="_blank" rel="noopener noreferrer">
              Outlook
            </a>
          </div>
        </div>
      ) : null}
    </section>
  );
}
