// The platform floor's tables, which every module stands on and none owns: sessions and API keys, the one-time keys,
// captchas and challenges of the sign-in flows, the mail outbox, installation switches, the audit trail and saved filter sets.
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { subscribers, users } from './organization';

/** Opaque server-side sessions; only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriberId: integer('subscriber_id').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** API access of a user (lifetime tokens, auth keys): shown once, stored as SHA-256, revocable. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['LifetimeToken', 'AuthKey'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    lastFour: text('last_four').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user').on(t.userId)],
);

/** One-time AES keys of public/encryptor/get: accepted once, then deleted. */
export const encryptionKeys = pgTable('encryption_keys', {
  identifier: text('identifier').primaryKey(),
  key: text('key').notNull(),
  iv: text('iv').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const captchaChallenges = pgTable('captcha_challenges', {
  id: text('id').primaryKey(),
  salt: text('salt').notNull(),
  difficulty: integer('difficulty').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Short-lived public tokens of the sign-in flows: a pending two-factor login, a forgot-password OTP,
 * a reset permission (after OTP, from a link, or for an expired password). Only hashes are stored.
 */
export const authChallenges = pgTable('auth_challenges', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  purpose: text('purpose', { enum: ['LoginOtp', 'ForgotOtp', 'ResetLink', 'Reset'] }).notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** An OTP step's account for the failed-OTP count (sign_in_guards): the lower-cased user name, also when unknown. */
  accountKey: text('account_key'),
  otpHash: text('otp_hash'),
  attemptsLeft: integer('attempts_left').notNull().default(0),
  resendsLeft: integer('resends_left').notNull().default(0),
  otpExpiresAt: timestamp('otp_expires_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  forceRefresh: boolean('force_refresh').notNull().default(false),
  createdAt: createdAt(),
});

export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  subscriberId: integer('subscriber_id'),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  /** The body; for a mail that carries a one-time code or link, only the notice that its content is withheld. */
  text: text('text').notNull(),
  /** The mail carries an OTP or a link token: its body is never shown and is kept only sealed until delivered. */
  carriesSecret: boolean('carries_secret').notNull().default(false),
  /** The body of such a mail, AES-256-GCM sealed (platform/secrets.ts) until delivered, then null. */
  sealedText: text('sealed_text'),
  status: text('status', { enum: ['Queued', 'Sent', 'Failed', 'Outbox'] })
    .notNull()
    .default('Queued'),
  error: text('error'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/** Installation-wide switches (maintenance mode). */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The request counters of the rate limits and throttles of the public sign-in routes (per address and route, per
 * user name, per GSTIN/PAN): one fixed window each, in the database so that every server process counts the same
 * requests (issue 16, several processes). `platform/auth/throttle.ts` keeps them; the auth clean-up job drops ended windows.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_window_ends').on(t.windowEndsAt)],
);

export const auditTrail = pgTable(
  'audit_trail',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id'),
    userId: integer('user_id'),
    entityType: text('entity_type').notNull(),
    entityKey: text('entity_key').notNull(),
    /** The record's name when it was written, so the report reads well after a delete. */
    entityName: text('entity_name'),
    action: text('action', { enum: ['Create', 'Update', 'Delete', 'StatusChange', 'Export', 'Import'] }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_trail_subscriber').on(t.subscriberId, t.createdAt),
    index('audit_trail_record').on(t.subscriberId, t.entityType, t.entityKey),
  ],
);

/** A user's saved filter set of a list screen ("Save Report" of the shared filter bar, modules §2.9). */
export const savedReports = pgTable(
  'saved_reports',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The screen's module key, e.g. RegularSales. */
    module: text('module').notNull(),
    name: text('name').notNull(),
    filters: jsonb('filters').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('saved_reports_key').on(t.subscriberId, t.userId, t.module, t.name)],
);
