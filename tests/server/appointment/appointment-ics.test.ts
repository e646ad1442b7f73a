import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIcs, foldLine, icsText } from '../../../schemas/appointment/ics';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { bookSlot, NOW, publishAppointment, weekdaySchedule } from './appointment-helpers';

/** A small RFC 5545 reader: unfold, split the lines, undo the TEXT escapes; enough to read our file back. */
function parseIcs(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  // Every line break is CRLF, and no physical line is longer than 75 octets.
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  const physical = text.split('\r\n').slice(0, -1);
  for (const line of physical) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  const lines = text.replace(/\r\n /g, '').split('\r\n').slice(0, -1);
  const props: { name: string; value: string }[] = lines.map((line) => {
    const at = line.indexOf(':');
    return { name: line.slice(0, at), value: line.slice(at + 1) };
  });
  const unescape = (v: string) => v.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
  const get = (name: string) => props.filter((p) => p.name === name).map((p) => unescape(p.value));
  return { props, get };
}

describe('the iCalendar builder', () => {
  it('escapes commas, semicolons, backslashes and newlines, folds long lines at 75 octets without splitting a character', () => {
    expect(icsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const long = `SUMMARY:${'预约'.repeat(40)}`;
    const folded = foldLine(long);
    expect(folded.split('\r\n').every((l) => new TextEncoder().encode(l).length <= 75)).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
  });

  it('reads back: one VEVENT with UID, DTSTAMP, DTSTART/DTEND in UTC and the escaped summary', () => {
    const title = '体检预约，第一批；请带身份证\n（空腹）' + '很长的标题'.repeat(10);
    const text = buildIcs({
      uid: 'b1@wenjuan',
      title,
      description: '已预约',
      startsAt: '2026-12-08T01:00:00.000Z',
      endsAt: '2026-12-08T02:00:00.000Z',
      stamp: NOW,
    });
    const { get, props } = parseIcs(text);
    expect(props[0]).toEqual({ name: 'BEGIN', value: 'VCALENDAR' });
    expect(props.at(-1)).toEqual({ name: 'END', value: 'VCALENDAR' });
    expect(get('BEGIN')).toEqual(['VCALENDAR', 'VEVENT']);
    expect(get('VERSION')).toEqual(['2.0']);
    expect(get('UID')).toEqual(['b1@wenjuan']);
    expect(get('DTSTAMP')).toEqual(['20261207T003000Z']);
    expect(get('DTSTART')).toEqual(['20261208T010000Z']);
    expect(get('DTEND')).toEqual(['20261208T020000Z']);
    expect(get('SUMMARY')).toEqual([title]);
  });
});

describe(`the booking's .ics route (${engineName()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
  }, 60_000);
  afterAll(async () => t.close());

  it('answers text/calendar for the private token: the slot in UTC, the project title as summary', async () => {
    const { questionId } = await publishAppointment(t, weekdaySchedule(2));
    const booked = await bookSlot(t, questionId, '2026-12-08', '14:00', { partySize: 2 });
    const response = await t.app.inject({ method: 'GET', url: `/api/activity/question/appointment/ics?token=${encodeURIComponent(booked.data.token)}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('.ics');
    const { get } = parseIcs(response.body);
    expect(get('SUMMARY')).toEqual(['口腔检查预约']);
    // 14:00 in Shanghai is 06:00 UTC.
    expect(get('DTSTART')).toEqual(['20261208T060000Z']);
    expect(get('DTEND')).toEqual(['20261208T070000Z']);
    expect(get('UID')).toEqual([`${booked.data.booking.bookingId}@wenjuan`]);
    expect(get('DESCRIPTION')[0]).toContain('2人');
  });

  it('a wrong token gets the envelope with the clear message, no calendar', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/activity/question/appointment/ics?token=${'x'.repeat(32)}` });
    expect(response.json()).toMatchObject({ resultCode: '404', resultMsg: '预约链接无效或已失效' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/activity/question/appointment/ics' });
    expect(missing.json().resultCode).toBe('400');
  });
});
