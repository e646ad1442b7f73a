/**
 * A booking as an iCalendar file (RFC 5545) and as add-to-calendar links (issue 22 item 2). Pure: the server's
 * .ics route and the respondent's page build from the same event. Times are written in UTC (`Z`), so no
 * VTIMEZONE is needed and every calendar shows the slot at the right instant.
 */
export interface TCalendarEvent {
  uid: string;
  title: string;
  description: string;
  /** Instants (ISO). */
  startsAt: string;
  endsAt: string;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
  url?: string;
}

/** 20261208T010000Z */
export const icsTime = (instant: string | Date): string =>
  new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** TEXT value escaping: backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
export const icsText = (value: string): string =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

const utf8Length = (s: string): number => new TextEncoder().encode(s).length;

/** Fold a content line to at most 75 octets per line (continuations start with a space), never inside a character. */
export function foldLine(line: string): string {
  if (utf8Length(line) <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = utf8Length(ch);
    // The first line holds 75 octets; each continuation 74 after its leading space.
    const room = parts.length ? 74 : 75;
    if (size + n > room) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function buildIcs(event: TCalendarEvent, productId = '-//wenjuan//appointment//ZH'): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsTime(event.stamp)}`,
    `DTSTART:${icsTime(event.startsAt)}`,
    `DTEND:${icsTime(event.endsAt)}`,
    `SUMMARY:${icsText(event.title)}`,
    ...(event.description ? [`DESCRIPTION:${icsText(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** Google Calendar's "add event" template link. */
export const googleCalendarLink = (e: Pick<TCalendarEvent, 'title' | 'description' | 'startsAt' | 'endsAt'>): string =>
  `https://calendar.google.com/calendar/render?${new URLSearchParams({
    action: 'TEMPLATE',
    text: e.title,
    dates: `${icsTime(e.startsAt)}/${icsTime(e.endsAt)}`,
    details: e.description,
  }).toString()}`;

/** Outlook on the web's compose-event link. */
export const outlookCalendarLink = (e: Pick<TCalendarEvent, 'title' | 'description' | 'startsAt' | 'endsAt'>): string =>
  `https://outlook.live.com/calendar/0/deeplink/compose?${new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: e.title,
    body: e.description,
    startdt: new Date(e.startsAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    enddt: new Date(e.endsAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  }).toString()}`;
