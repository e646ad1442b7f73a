import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // tables-merchant, tables-exports, tables-chain, tables-checkin, tables-votes, tables-vote-extras, tables-orders and tables-appointments refer to users and projects in tables.ts, so tables.ts cannot list them too.
  schema: [
    './server/db/tables.ts',
    './server/db/tables-merchant.ts',
    './server/db/tables-exports.ts',
    './server/db/tables-chain.ts',
    './server/db/tables-checkin.ts',
    './server/db/tables-votes.ts',
    './server/db/tables-vote-extras.ts',
    './server/db/tables-orders.ts',
    './server/db/tables-appointments.ts',
    './server/db/tables-draw.ts',
    './server/db/tables-contacts.ts',
    './server/db/tables-mail.ts',
    './server/db/tables-coins.ts',
    './server/db/tables-ai.ts',
    './server/db/tables-open.ts',
    './server/db/tables-report-index.ts',
  ],
  out: './server/db/migrations',
});
