import { sql } from 'drizzle-orm';
import { check, customType, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from './tables';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The report's filter index of a project (migration 0095, issue 54 item 1): which sheets it holds (every id up to
 * `watermark`), the fact plan its keys were made for (`shape`, as report-facts' planShape), and `version`, bumped by
 * every persisted change so each process tells its cached copy stale from fresh. 'building' while the index job
 * fills it; a report then answers from SQL with a counting note.
 */
export const sheetIndexHeads = pgTable(
  'sheet_index_heads',
  {
    projectId: integer('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    shape: text('shape').notNull(),
    watermark: integer('watermark').notNull().default(0),
    version: integer('version').notNull().default(0),
    state: text('state').$type<'building' | 'ready'>().notNull().default('building'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sheet_index_heads_state_ck', sql`${t.state} IN ('building', 'ready')`)],
);

/** One fact key's sheet ids in one segment of 65,536 ids (id >> 16), as a portable Roaring bitmap. */
export const sheetIndexBitmaps = pgTable(
  'sheet_index_bitmaps',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    segment: integer('segment').notNull(),
    bits: bytea('bits').notNull(),
  },
  (t) => [primaryKey({ name: 'sheet_index_bitmaps_pk', columns: [t.projectId, t.key, t.segment] })],
);
