// The dashboard's table: what each user opens most.
import { bigint, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './organization';

export const frequentlyUsed = pgTable(
  'frequently_used',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moduleType: text('module_type').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('frequently_used_pk').on(t.userId, t.moduleType)],
);
