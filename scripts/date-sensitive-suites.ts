/**
 * The suites whose meaning hangs on the calendar (chains, check-ins, appointments, votes, orders and payments,
 * exams): `npm test` runs them once more with the process clock a year ahead (tests/helpers/shifted-clock-setup.ts),
 * so a test that holds today's date fails the day it is written, not the day the date passes. PGlite only: the
 * shifted clock is this process's, and PGlite's now() reads it (PostgreSQL's server clock cannot be moved).
 */
export const CLOCK_SHIFT_DAYS = 365;

export const DATE_SENSITIVE_SUITES = [
  'tests/server/chain',
  'tests/server/checkin',
  'tests/server/appointment',
  'tests/server/vote',
  'tests/server/vote-extras',
  'tests/server/vote-page',
  'tests/server/pay',
  'tests/server/pay-providers',
  'tests/server/groupbuy',
  'tests/server/money',
  'tests/server/wxpay',
  'tests/server/write',
  'tests/schemas/appointment',
  'tests/schemas/project-time.test.ts',
  'tests/schemas/money',
  'tests/machines/checkin-day.test.ts',
  'tests/machines/order.test.ts',
  'tests/machines/appointment-booking.test.ts',
  'tests/machines/chain-entry.test.ts',
  'tests/ui/respond',
  'tests/ui/voting',
  'tests/ui/vote-page',
  'tests/ui/chain',
  'tests/ui/pay',
] as const;
