import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects, users } from './tables';

/**
 * Declarations of migration 0060 (issue 46 item 6); the SQL is the source of truth. A user's starred template of the
 * template centre (a project with is_template); starred votes and players are vote_collections (tables-vote-extras.ts).
 */
export const templateCollections = pgTable(
  'template_collections',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('template_collections_public_id_uq').on(t.publicId),
    uniqueIndex('template_collections_target_uq').on(t.userId, t.projectId),
    index('template_collections_user_idx').on(t.userId, t.id),
  ],
);
