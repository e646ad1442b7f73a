import fc from 'fast-check';

// A failed property's report carries the error it got (the assertion's message), not only as the error's cause:
// vitest's JSON report keeps the message alone, and npm test's "what failed" list reads it (scripts/test-reports.ts).
fc.configureGlobal({ includeErrorInReport: true });
