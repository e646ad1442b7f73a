/**
 * ESLint rule `wenjuan/no-fixed-future-date` (tests only): a test holds no calendar date that will pass.
 *
 * On 2026-11-30 one test's fixed chain deadline ('2026-11-30T10:00:00.000Z') passed and turned CI red. A test
 * file that does not set a test clock (a `now` option or prop, a `const NOW = …` / `let clock = …` it passes on,
 * the dev clock call, vi.setSystemTime or fake timers, Playwright's page.clock) may not write an absolute date still in the future where it means a deadline,
 * a window's end or an expiry (by the name it is given: deadline, end, expire, until, due, close…). Take such
 * dates from now plus a margin, or set the test clock. (A date that has passed cannot pass again: a fixed past
 * deadline stays past. Dates used otherwise are caught by CI's lane with the clock a year ahead.)
 *
 * Dates are ISO strings ('2026-11-30', '2026-11-30T10:00:00Z', '2026-11-30 10:00'), `new Date(2026, 10, 30)` and
 * `Date.UTC(2026, 10, 30)`.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
/**
 * Names that mean a time limit: deadline, expiry, until, due, and end / close / stop as a word of a camelCase or
 * snake_case name (endDay, windowEnd, closesAt, stop_time) — not inside another word (weekend, friend).
 */
const LIMIT_NAME =
  /[dD]eadline|[eE]xpir|[uU]ntil|validTo|(?:^due|Due|_due)(?:[A-Z_]|$)|(?:^(?:end|closes?|stop)|(?:End|Closes?|Stop)|_(?:end|closes?|stop))(?:[A-Z_0-9]|$)/;

/** The moment a literal names, in ms, or null when it is not a date. */
export function dateOf(text) {
  const m = ISO.exec(text);
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', zone] = m;
  const ms = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}${zone ?? 'Z'}`);
  return Number.isNaN(ms) ? null : ms;
}

/** Whether a name means a deadline, a window's end or an expiry. */
export function isLimitName(name) {
  return LIMIT_NAME.test(name);
}

function nameOf(node) {
  if (!node) return null;
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'MemberExpression' && !node.computed) return nameOf(node.property);
  return null;
}

/** The name a value is given: the property, variable or assignment it lands in, through Date wrappers and calls on it. */
function receiverName(node) {
  let current = node;
  for (let depth = 0; depth < 5 && current.parent; depth += 1) {
    const parent = current.parent;
    if (parent.type === 'Property' && parent.value === current) return nameOf(parent.key);
    if (parent.type === 'VariableDeclarator' && parent.init === current) return nameOf(parent.id);
    if (parent.type === 'AssignmentExpression' && parent.right === current) return nameOf(parent.left);
    if (parent.type === 'AssignmentPattern' && parent.right === current) return nameOf(parent.left);
    const wraps =
      parent.type === 'NewExpression' ||
      parent.type === 'CallExpression' ||
      (parent.type === 'MemberExpression' && parent.object === current) ||
      parent.type === 'TSAsExpression' ||
      parent.type === 'TemplateLiteral';
    if (!wraps) return null;
    current = parent;
  }
  return null;
}

/** A name that holds a test's own "now" (`const NOW = new Date(…)`, `let clock = …`, `now={…}` on a component). */
const CLOCK_NAME = /^(?:now|clock|today|test_?now|fixed_?now)$/i;

function setsClock(node) {
  // now: () => …, now() { … }, now: fixedDate
  if (node.type === 'Property' && /^(?:now|today|serverTime)$/.test(nameOf(node.key) ?? '')) return true;
  if (node.type === 'VariableDeclarator' && node.init && CLOCK_NAME.test(nameOf(node.id) ?? '')) return true;
  if (node.type === 'JSXAttribute' && node.name.name === 'now') return true;
  if (node.type === 'Literal' && typeof node.value === 'string' && node.value.includes('dev/clock')) return true;
  if (node.type === 'MemberExpression') {
    const object = nameOf(node.object);
    const property = nameOf(node.property);
    if (object === 'vi' && (property === 'setSystemTime' || property === 'useFakeTimers')) return true;
    if (object === 'clock' && node.object.type === 'MemberExpression') return true; // page.clock.install(...)
  }
  return false;
}

const DATE_CTOR = (node) =>
  (node.type === 'NewExpression' && node.callee.type === 'Identifier' && node.callee.name === 'Date') ||
  (node.type === 'CallExpression' &&
    node.callee.type === 'MemberExpression' &&
    nameOf(node.callee.object) === 'Date' &&
    nameOf(node.callee.property) === 'UTC');

export const noFixedFutureDate = {
  meta: {
    type: 'problem',
    docs: { description: 'Tests take deadlines, window ends and expiries from the test clock or from now plus a margin' },
    schema: [],
    messages: {
      limit:
        "Fixed date {{date}} used as '{{name}}': it will pass and the test will break. Use now plus a margin (new Date(Date.now() + …)) or set the test clock.",
    },
  },
  create(context) {
    const found = [];
    let clock = false;
    const now = Date.now();
    const consider = (node, ms, shown) => {
      if (ms === null) return;
      const name = receiverName(node);
      if (ms > now && name && isLimitName(name)) found.push({ node, messageId: 'limit', data: { date: shown, name } });
    };
    return {
      '*'(node) {
        if (!clock && setsClock(node)) clock = true;
      },
      Literal(node) {
        if (typeof node.value === 'string') consider(node, dateOf(node.value), node.value);
      },
      TemplateLiteral(node) {
        if (node.expressions.length === 0) consider(node, dateOf(node.quasis[0].value.cooked ?? ''), node.quasis[0].value.cooked);
      },
      'NewExpression, CallExpression'(node) {
        if (!DATE_CTOR(node)) return;
        const parts = node.arguments.map((a) => (a.type === 'Literal' && typeof a.value === 'number' ? a.value : null));
        if (parts.length < 2 || parts.some((p) => p === null)) return;
        const [y, m, d = 1, h = 0, mi = 0] = parts;
        consider(node, Date.UTC(y, m, d, h, mi), `${y}-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
      },
      'Program:exit'() {
        if (clock) return;
        for (const problem of found) context.report(problem);
      },
    };
  },
};

export default { rules: { 'no-fixed-future-date': noFixedFutureDate } };
