import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client';
import { appliedMigrations, codeMigrations, differingSums, migrationFit, occupiedBy, tableSums, userTables } from '../../../server/db/move/catalog';
import { openTestDatabase } from '../../helpers/test-db';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('the catalog the move and the backups read', () => {
  it('knows this database is at the code’s migrations and not empty', async () => {
    const fit = migrationFit(await appliedMigrations(database.query), codeMigrations());
    expect(fit).toEqual({ fit: 'same' });
    expect((await occupiedBy(database.query)).length).toBeGreaterThan(0);
    const tables = await userTables(database.query);
    expect(tables.find((t) => t.name === 'answer_sheets')?.columns).toContain('project_id');
    expect(tables.some((t) => t.name === '__drizzle_migrations')).toBe(false);
  });

  it('tells behind, ahead and different apart', () => {
    const code = codeMigrations();
    expect(migrationFit(code.slice(0, -2), code)).toEqual({ fit: 'behind', missing: code.slice(-2).map((m) => m.tag) });
    expect(migrationFit([...code, { hash: 'f'.repeat(64), when: 1 }], code)).toEqual({ fit: 'ahead', unknown: 1 });
    const edited = code.map((m, i) => (i === 3 ? { ...m, hash: '0'.repeat(64) } : m));
    expect(migrationFit(edited, code)).toEqual({ fit: 'different', first: code[3]!.tag });
  });

  it('sums a table whatever the order of its rows, and changes when one value changes', async () => {
    await database.query('CREATE TABLE sum_a (id int, note text, at timestamptz)');
    await database.query('CREATE TABLE sum_b (id int, note text, at timestamptz)');
    await database.query(`INSERT INTO sum_a VALUES (1, '甲', '2026-12-06T08:00:00Z'), (2, NULL, NULL), (3, 'c', '2026-01-01T00:00:00Z')`);
    await database.query(`INSERT INTO sum_b VALUES (3, 'c', '2026-01-01T00:00:00Z'), (1, '甲', '2026-12-06T16:00:00+08'), (2, NULL, NULL)`);
    const [a, b] = await tableSums(database, ['sum_a', 'sum_b']);
    expect(a!.rows).toBe(3);
    expect(a!.sum).toBe(b!.sum);
    await database.query(`UPDATE sum_b SET note = '乙' WHERE id = 1`);
    const [a2, b2] = await tableSums(database, ['sum_a', 'sum_b']);
    expect(a2!.sum).not.toBe(b2!.sum);
    expect(differingSums([{ ...a2!, table: 'x' }], [{ ...b2!, table: 'x' }])).toEqual(['x']);
    expect(differingSums([a2!], [])).toEqual(['sum_a']);
    const [empty] = await tableSums(database, ['option_keys']);
    expect(empty!.rows).toBe(0);
  });
});
