// The sign-in module's tables: the self-registration of a subscriber, and the events of the authentication report.
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Self-registration of a new subscriber by GSTIN or PAN, confirmed by an OTP to the given e-mail. */
export const registrations = pgTable('registrations', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  gstinOrPan: text('gstin_or_pan').notNull(),
  details: jsonb('details').notNull(),
  otpHash: text('otp_hash').notNull(),
  attemptsLeft: integer('attempts_left').notNull(),
  resendsLeft: integer('resends_left').notNull(),
  otpExpiresAt: timestamp('otp_expires_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** The sign-in events of the authentication report: success, failure, lock, OTP, logout. */
export const authEvents = pgTable(
  'auth_events',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id'),
    userId: integer('user_id'),
    userName: text('user_name').notNull(),
    event: text('event').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('auth_events_user').on(t.userId, t.createdAt)],
);
