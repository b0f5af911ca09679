// The sign-in module's tables: the self-registration of a subscriber, and the events of the authentication report.
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
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

/**
 * Failed sign-in guesses counted per account across requests, challenges and resends, and the timed lock they lead
 * to (issue 16): kind 'Password' for the password of sign-in, 'Otp' for the one-time passwords of two-factor sign-in
 * and forgot-password. Keyed by the lower-cased user name as typed, whether or not such a user exists, so an unknown
 * name is counted and locked exactly like a real one. In the database, so every server process shares it.
 */
export const signInGuards = pgTable(
  'sign_in_guards',
  {
    kind: text('kind', { enum: ['Password', 'Otp'] }).notNull(),
    accountKey: text('account_key').notNull(),
    /** Guesses since the last lock or success (a guess is counted before it is checked). */
    failures: integer('failures').notNull().default(0),
    /** Locks in a row: each one lasts longer (the backoff); cleared by a success or a quiet day. */
    locks: integer('locks').notNull().default(0),
    /** The end of the latest lock; kept after it has passed, so sign-in knows the account was locked by time. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.accountKey] }), index('sign_in_guards_last_failure').on(t.lastFailureAt)],
);
