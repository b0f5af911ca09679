import { timestamp } from 'drizzle-orm/pg-core';

/** The creation time most tables carry. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
