// The organization's tables: subscribers and what they bought, roles and their rights, branches, departments, levels,
// verticals, users, entities (businesses and their locations) and who may reach them, financial years.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const subscribers = pgTable('subscribers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  settings: jsonb('settings')
    .notNull()
    .default(sql`'{}'::jsonb`),
  isBlocked: boolean('is_blocked').notNull().default(false),
  createdAt: createdAt(),
});

/** What a subscriber has bought: a right missing here is "not subscribed" (spec core §6). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    rightId: text('right_id').notNull(),
    trialExpiry: timestamp('trial_expiry', { withTimezone: true }),
    isBlocked: boolean('is_blocked').notNull().default(false),
    isHidden: boolean('is_hidden').notNull().default(false),
  },
  (t) => [uniqueIndex('subscriptions_subscriber_right').on(t.subscriberId, t.rightId)],
);

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    name: text('name').notNull(),
    description: text('description'),
    isSystem: boolean('is_system').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_subscriber_name').on(t.subscriberId, t.name)],
);

export const roleRights = pgTable(
  'role_rights',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    rightId: text('right_id').notNull(),
  },
  (t) => [uniqueIndex('role_rights_pk').on(t.roleId, t.rightId)],
);

export const branches = pgTable(
  'branches',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    name: text('name').notNull(),
    code: text('code'),
    address: text('address'),
    status: text('status', { enum: ['Active', 'Inactive', 'Delete'] })
      .notNull()
      .default('Active'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('branches_subscriber_name')
      .on(t.subscriberId, sql`lower(${t.name})`)
      .where(sql`${t.status} <> 'Delete'`),
  ],
);

export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    name: text('name').notNull(),
    code: text('code'),
    status: text('status', { enum: ['Active', 'Inactive', 'Delete'] })
      .notNull()
      .default('Active'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('departments_subscriber_name')
      .on(t.subscriberId, sql`lower(${t.name})`)
      .where(sql`${t.status} <> 'Delete'`),
  ],
);

/**
 * Approval levels (/level-master) and business verticals (/verticals): the subscriber lookups `subscriber/levels` and
 * `subscriber/verticals`. A user may hold a level (who approves what in notices and replies) and an entity may belong
 * to a vertical (reports by line of business); a level or vertical so used is deactivated, never deleted.
 */
export const levels = pgTable(
  'levels',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    name: text('name').notNull(),
    /** 1 is the first level of approval; a higher rank approves after a lower one. */
    rank: integer('rank').notNull().default(1),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('levels_subscriber_name').on(t.subscriberId, t.name)],
);

export const verticals = pgTable(
  'verticals',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    name: text('name').notNull(),
    code: text('code').notNull().default(''),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('verticals_subscriber_name').on(t.subscriberId, t.name)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    branchId: integer('branch_id').references(() => branches.id),
    departmentId: integer('department_id').references(() => departments.id),
    /** The user's approval level (/level-master), if any. */
    levelId: integer('level_id').references(() => levels.id),
    userName: text('user_name').notNull(),
    displayName: text('display_name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile'),
    status: text('status', { enum: ['Active', 'Inactive', 'Locked', 'Dormant', 'Delete'] })
      .notNull()
      .default('Active'),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    failedLogins: integer('failed_logins').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_user_name').on(sql`lower(${t.userName})`)],
);

/**
 * External consultants (/manage-consultants): the authorised representatives of CGST Act s.116(2) (an advocate, a
 * chartered accountant, cost accountant or company secretary, a GST practitioner, a relative or employee) who sign in
 * as a user of the subscriber. That user reaches its own entities (user_entities) and, in the notice register, only the
 * notices assigned to the consultant (notice_consultants). The user's status is the consultant's.
 */
export const consultants = pgTable(
  'consultants',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    firmName: text('firm_name').notNull().default(''),
    /** The s.116(2) capacity: 'Advocate' | 'CharteredAccountant' | 'CostAccountant' | 'CompanySecretary' | 'GstPractitioner' | 'RelativeOrEmployee' | 'RetiredOfficer'. */
    profession: text('profession').notNull(),
    /** Membership number of the professional body, or the GST practitioner's enrolment number. */
    membershipNumber: text('membership_number').notNull().default(''),
    pan: text('pan'),
    importId: integer('import_id'),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('consultants_user').on(t.userId), index('consultants_subscriber').on(t.subscriberId)],
);

export const passwordHistory = pgTable(
  'password_history',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_history_user').on(t.userId)],
);

/**
 * A user's e-mail change waiting for the new address to confirm (profile/save, profile/confirmEmail): one per user.
 * The code is kept only as an HMAC-SHA256 keyed with the installation's secret key.
 */
export const emailChanges = pgTable('email_changes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  subscriberId: integer('subscriber_id')
    .notNull()
    .references(() => subscribers.id),
  newEmail: text('new_email').notNull(),
  codeHash: text('code_hash').notNull(),
  attemptsLeft: integer('attempts_left').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const entities = pgTable(
  'entities',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    parentEntityId: integer('parent_entity_id'),
    entityType: text('entity_type', { enum: ['Business', 'Location', 'ChildLocation'] }).notNull(),
    entityName: text('entity_name').notNull(),
    gstin: text('gstin'),
    pan: text('pan'),
    stateCode: text('state_code'),
    taxpayerType: text('taxpayer_type'),
    status: text('status', { enum: ['Active', 'Inactive', 'Delete', 'Draft'] })
      .notNull()
      .default('Active'),
    legalName: text('legal_name'),
    tradeName: text('trade_name'),
    address: text('address'),
    pincode: text('pincode'),
    email: text('email'),
    registrationDate: text('registration_date'),
    /** The business vertical (/verticals) the entity reports under, if any. */
    verticalId: integer('vertical_id').references(() => verticals.id),
    isSystem: boolean('is_system').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('entities_subscriber').on(t.subscriberId),
    // A deleted entity frees its GSTIN: the same registration may be set up again.
    uniqueIndex('entities_subscriber_gstin')
      .on(t.subscriberId, t.gstin)
      .where(sql`${t.status} <> 'Delete'`),
  ],
);

/** Aggregate turnover per financial year (setGstinTurnover): drives the e-invoice and HSN-digit rules. Paise. */
export const entityTurnovers = pgTable(
  'entity_turnovers',
  {
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    financialYear: text('financial_year').notNull(),
    turnover: bigint('turnover', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('entity_turnovers_pk').on(t.entityId, t.financialYear)],
);

/** GST portal credentials of a GSTIN, AES-256-GCM encrypted with the installation's key; never returned in clear. */
export const entityPortalCredentials = pgTable('entity_portal_credentials', {
  entityId: integer('entity_id')
    .primaryKey()
    .references(() => entities.id, { onDelete: 'cascade' }),
  portalUserName: text('portal_user_name').notNull(),
  secret: text('secret').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Access per location (spec core §6 "Entity access"); a user with no row for an entity has no access to it. */
export const userEntities = pgTable(
  'user_entities',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('user_entities_pk').on(t.userId, t.entityId)],
);

export const financialYears = pgTable('financial_years', {
  id: serial('id').primaryKey(),
  label: text('label').notNull().unique(),
  startDate: text('start_date').notNull(),
  endDate: text('end_date').notNull(),
});
