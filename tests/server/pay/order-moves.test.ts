import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ORDER_ACTIONS, ORDER_STATES, nextOrderState, orderMove } from '../../../schemas/order/order-states';
import { RECEIPT_MOVES, RECEIPT_STATES } from '../../../schemas/order/receipts';

/**
 * Issue 45 item 2: every state an order (or an unmatched receipt) is moved to, and every state it is moved from,
 * comes from the transition table (schemas/order/order-states.ts orderMove, receipts.ts RECEIPT_MOVES) as a statement
 * parameter. This scans every statement of the server and of the database's function files that updates those
 * tables: a state written or tested as a literal fails, so a move the table does not make cannot be written by hand.
 */
const TABLES = { orders: ORDER_STATES, unmatched_receipts: RECEIPT_STATES } as const;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return /\.(ts|sql)$/.test(entry.name) ? [full] : [];
  });
}

/** The UPDATE statements of a source text on `table`, each from UPDATE to the end of its string (or `;`). */
function updatesOf(text: string, table: string): string[] {
  return [...text.matchAll(new RegExp(`UPDATE\\s+${table}\\b[^\`;]*`, 'g'))].map((m) => m[0]);
}

/** What is wrong with one UPDATE statement's handling of the state column (empty: nothing). */
export function stateProblems(statement: string, states: readonly string[]): string[] {
  const problems: string[] = [];
  const literal = new RegExp(`'(${states.join('|')})'`, 'g');
  for (const m of statement.matchAll(literal)) problems.push(`state ${m[0]} as a literal`);
  const set = /\bSET\b([\s\S]*?)(\bWHERE\b|$)/.exec(statement);
  const writes = set && /(^|[\s,])state\s*=/.test(set[1]!);
  if (writes && !/\bstate\s*=\s*ANY\s*\(\s*(\$\d+|\$\{\w+\})/.test(statement))
    problems.push('moves the state without the from-states as a parameter (state = ANY($n))');
  return problems;
}

describe('order and receipt states come from the transition table', () => {
  it('every statement of the server that updates an order or a receipt takes its states as parameters', () => {
    const found: string[] = [];
    const problems: string[] = [];
    for (const file of [...sourceFiles(path.resolve('server'))]) {
      const text = readFileSync(file, 'utf8');
      for (const [table, states] of Object.entries(TABLES)) {
        for (const statement of updatesOf(text, table)) {
          found.push(statement);
          for (const problem of stateProblems(statement, states))
            problems.push(`${path.relative(process.cwd(), file)}: ${problem}\n  ${statement.slice(0, 160)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // The moves this covers: pay, close (sweep and cancel), ship/collect/finish, refund, its settling, the receipts'.
    expect(found.filter((s) => /\bSET\b[\s\S]*?(^|[\s,])state\s*=/.test(s)).length).toBeGreaterThanOrEqual(10);
  });

  it('the scan catches a hand-written move, even one the table allows', () => {
    expect(stateProblems(`UPDATE orders SET state = 'paid', updated_at = $2 WHERE id = $1 AND state = 'closed'`, ORDER_STATES)).toEqual([
      "state 'paid' as a literal",
      "state 'closed' as a literal",
      'moves the state without the from-states as a parameter (state = ANY($n))',
    ]);
    expect(stateProblems('UPDATE orders SET state = $2 WHERE id = $1', ORDER_STATES)).toHaveLength(1);
    expect(stateProblems('UPDATE orders SET state = $2 WHERE id = $1 AND state = ANY($3::text[])', ORDER_STATES)).toEqual([]);
    expect(stateProblems('UPDATE orders SET remark = $2 WHERE id = $1', ORDER_STATES)).toEqual([]);
  });

  it('orderMove answers only moves of the table: each from-state leads by the action to its target', () => {
    for (const action of ORDER_ACTIONS) {
      const move = orderMove(action);
      expect(move.from.length, action).toBeGreaterThan(0);
      for (const from of move.from) expect(nextOrderState(from, action), `${from} ${action}`).toBe(move.to);
      for (const other of ORDER_STATES.filter((s) => !move.from.includes(s))) expect(nextOrderState(other, action)).toBeNull();
    }
    for (const move of Object.values(RECEIPT_MOVES)) expect([...move.from, move.to].every((s) => (RECEIPT_STATES as readonly string[]).includes(s))).toBe(true);
  });
});
