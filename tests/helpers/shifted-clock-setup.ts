/**
 * CI's year-ahead lane (scripts/test-all.ts): with WJ_CLOCK_SHIFT_DAYS set, this process's clock runs that many
 * days ahead — `Date.now()` and `new Date()` here, and so PGlite's `now()`, which reads the same clock in this
 * process. A test that holds today's date (a fixed deadline, window or expiry) fails the day it is written, not
 * the day the date passes. Dates built from explicit values (`new Date('2026-12-01')`) are left as they are.
 * Without the variable this file changes nothing.
 */
import { shiftClock } from './shifted-clock';

shiftClock(Number(process.env.WJ_CLOCK_SHIFT_DAYS ?? 0));
