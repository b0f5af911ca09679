import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// One schema for both engines (PGlite and PostgreSQL). Every business row carries subscriber_id;
// entity-scoped rows carry entity_id. Statuses use the spec's names.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const subscribers = pgTable('subscribers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  settings: jsonb('settings').notNull().default(sql`'{}'::jsonb`),
  isBlocked: boolean('is_blocked').notNull().default(false),
  createdAt: createdAt(),
});

/** What a subscriber has bought: a right missing here is "not subscribed" (spec core §6). */
export const subscriptions = pgTable('subscriptions', {
  id: serial('id').primaryKey(),
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  rightId: text('right_id').notNull(),
  trialExpiry: timestamp('trial_expiry', { withTimezone: true }),
  isBlocked: boolean('is_blocked').notNull().default(false),
  isHidden: boolean('is_hidden').notNull().default(false),
}, (t) => [uniqueIndex('subscriptions_subscriber_right').on(t.subscriberId, t.rightId)]);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  name: text('name').notNull(),
  description: text('description'),
  isSystem: boolean('is_system').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('roles_subscriber_name').on(t.subscriberId, t.name)]);

export const roleRights = pgTable('role_rights', {
  roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  rightId: text('right_id').notNull(),
}, (t) => [uniqueIndex('role_rights_pk').on(t.roleId, t.rightId)]);

export const branches = pgTable('branches', {
  id: serial('id').primaryKey(),
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  name: text('name').notNull(),
  code: text('code'),
  address: text('address'),
  status: text('status', { enum: ['Active', 'Inactive', 'Delete'] }).notNull().default('Active'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('branches_subscriber_name').on(t.subscriberId, sql`lower(${t.name})`).where(sql`${t.status} <> 'Delete'`)]);

export const departments = pgTable('departments', {
  id: serial('id').primaryKey(),
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  name: text('name').notNull(),
  code: text('code'),
  status: text('status', { enum: ['Active', 'Inactive', 'Delete'] }).notNull().default('Active'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('departments_subscriber_name').on(t.subscriberId, sql`lower(${t.name})`).where(sql`${t.status} <> 'Delete'`)]);

/** Approval levels and business verticals: the subscriber lookups `subscriber/levels` and `subscriber/verticals`. */
export const levels = pgTable('levels', {
  id: serial('id').primaryKey(),
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  name: text('name').notNull(),
  rank: integer('rank').notNull().default(1),
}, (t) => [uniqueIndex('levels_subscriber_name').on(t.subscriberId, t.name)]);

export const verticals = pgTable('verticals', {
  id: serial('id').primaryKey(),
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  name: text('name').notNull(),
}, (t) => [uniqueIndex('verticals_subscriber_name').on(t.subscriberId, t.name)]);

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  roleId: integer('role_id').notNull().references(() => roles.id),
  branchId: integer('branch_id').references(() => branches.id),
  departmentId: integer('department_id').references(() => departments.id),
  userName: text('user_name').notNull(),
  displayName: text('display_name').notNull(),
  email: text('email').notNull(),
  mobile: text('mobile'),
  status: text('status', { enum: ['Active', 'Inactive', 'Locked', 'Dormant', 'Delete'] }).notNull().default('Active'),
  passwordHash: text('password_hash').notNull(),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
  failedLogins: integer('failed_logins').notNull().default(0),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('users_user_name').on(sql`lower(${t.userName})`)]);

export const passwordHistory = pgTable('password_history', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
}, (t) => [index('password_history_user').on(t.userId)]);

export const entities = pgTable('entities', {
  id: serial('id').primaryKey(),
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  parentEntityId: integer('parent_entity_id'),
  entityType: text('entity_type', { enum: ['Business', 'Location', 'ChildLocation'] }).notNull(),
  entityName: text('entity_name').notNull(),
  gstin: text('gstin'),
  pan: text('pan'),
  stateCode: text('state_code'),
  taxpayerType: text('taxpayer_type'),
  status: text('status', { enum: ['Active', 'Inactive', 'Delete', 'Draft'] }).notNull().default('Active'),
  legalName: text('legal_name'),
  tradeName: text('trade_name'),
  address: text('address'),
  pincode: text('pincode'),
  email: text('email'),
  registrationDate: text('registration_date'),
  isSystem: boolean('is_system').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('entities_subscriber').on(t.subscriberId),
  // A deleted entity frees its GSTIN: the same registration may be set up again.
  uniqueIndex('entities_subscriber_gstin').on(t.subscriberId, t.gstin).where(sql`${t.status} <> 'Delete'`),
]);

/** Aggregate turnover per financial year (setGstinTurnover): drives the e-invoice and HSN-digit rules. Paise. */
export const entityTurnovers = pgTable('entity_turnovers', {
  entityId: integer('entity_id').notNull().references(() => entities.id, { onDelete: 'cascade' }),
  financialYear: text('financial_year').notNull(),
  turnover: bigint('turnover', { mode: 'number' }).notNull(),
}, (t) => [uniqueIndex('entity_turnovers_pk').on(t.entityId, t.financialYear)]);

/** GST portal credentials of a GSTIN, AES-256-GCM encrypted with the installation's key; never returned in clear. */
export const entityPortalCredentials = pgTable('entity_portal_credentials', {
  entityId: integer('entity_id').primaryKey().references(() => entities.id, { onDelete: 'cascade' }),
  portalUserName: text('portal_user_name').notNull(),
  secret: text('secret').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** API access of a user (lifetime tokens, auth keys): shown once, stored as SHA-256, revocable. */
export const apiKeys = pgTable('api_keys', {
  id: serial('id').primaryKey(),
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['LifetimeToken', 'AuthKey'] }).notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  lastFour: text('last_four').notNull(),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [index('api_keys_user').on(t.userId)]);

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

/** Access per location (spec core §6 "Entity access"); a user with no row for an entity has no access to it. */
export const userEntities = pgTable('user_entities', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  entityId: integer('entity_id').notNull().references(() => entities.id, { onDelete: 'cascade' }),
}, (t) => [uniqueIndex('user_entities_pk').on(t.userId, t.entityId)]);

export const financialYears = pgTable('financial_years', {
  id: serial('id').primaryKey(),
  label: text('label').notNull().unique(),
  startDate: text('start_date').notNull(),
  endDate: text('end_date').notNull(),
});

/** Opaque server-side sessions; only the SHA-256 of the token is stored. */
export const sessions = pgTable('sessions', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  subscriberId: integer('subscriber_id').notNull(),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
  absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedReason: text('revoked_reason'),
  ip: text('ip'),
}, (t) => [index('sessions_user').on(t.userId)]);

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
  text: text('text').notNull(),
  status: text('status', { enum: ['Queued', 'Sent', 'Failed', 'Outbox'] }).notNull().default('Queued'),
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

export const auditTrail = pgTable('audit_trail', {
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
}, (t) => [index('audit_trail_subscriber').on(t.subscriberId, t.createdAt), index('audit_trail_record').on(t.subscriberId, t.entityType, t.entityKey)]);

/** The sign-in events of the authentication report: success, failure, lock, OTP, logout. */
export const authEvents = pgTable('auth_events', {
  id: serial('id').primaryKey(),
  subscriberId: integer('subscriber_id'),
  userId: integer('user_id'),
  userName: text('user_name').notNull(),
  event: text('event').notNull(),
  ip: text('ip'),
  createdAt: createdAt(),
}, (t) => [index('auth_events_user').on(t.userId, t.createdAt)]);

export const frequentlyUsed = pgTable('frequently_used', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  moduleType: text('module_type').notNull(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('frequently_used_pk').on(t.userId, t.moduleType)]);

// Documents and imports (issue 6) -------------------------------------------------------------------------------

/**
 * Sales and purchase documents of a location. Money in paise; rates in milli-percent (18% = 18000).
 * A sales document is identified by entity, financial year, type and number (Rule 46(b): unique per financial year);
 * a purchase document also by its supplier's GSTIN, since two suppliers may use the same number. Re-importing a
 * document updates it, never duplicates it.
 */
export const documents = pgTable('documents', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  // No per-row foreign keys: they cost more than a third of storing an import's documents (200,000 documents: 5.6 of
  // 19 s on PostgreSQL). The triggers of migration 0011 check each statement's rows at once instead, and more strictly
  // (the entity must be the subscriber's); entities and subscribers are never deleted, only marked.
  subscriberId: integer('subscriber_id').notNull(),
  entityId: integer('entity_id').notNull(),
  direction: text('direction', { enum: ['Sales', 'Purchase'] }).notNull(),
  financialYear: text('financial_year').notNull(),
  returnPeriod: text('return_period').notNull(),
  documentType: text('document_type').notNull(),
  documentNumber: text('document_number').notNull(),
  documentDate: text('document_date').notNull(),
  supplyType: text('supply_type'),
  counterpartyGstin: text('counterparty_gstin').notNull().default(''),
  counterpartyName: text('counterparty_name'),
  counterpartyState: text('counterparty_state'),
  placeOfSupply: text('place_of_supply'),
  isReverseCharge: boolean('is_reverse_charge').notNull().default(false),
  ecommerceGstin: text('ecommerce_gstin'),
  portCode: text('port_code'),
  shippingBillNumber: text('shipping_bill_number'),
  shippingBillDate: text('shipping_bill_date'),
  originalDocumentNumber: text('original_document_number'),
  originalDocumentDate: text('original_document_date'),
  taxable: bigint('taxable', { mode: 'number' }).notNull().default(0),
  igst: bigint('igst', { mode: 'number' }).notNull().default(0),
  cgst: bigint('cgst', { mode: 'number' }).notNull().default(0),
  sgst: bigint('sgst', { mode: 'number' }).notNull().default(0),
  cess: bigint('cess', { mode: 'number' }).notNull().default(0),
  documentValue: bigint('document_value', { mode: 'number' }).notNull().default(0),
  status: text('status', { enum: ['YetNotGenerated', 'Generated', 'Completed', 'Draft', 'Approved', 'Rejected'] }).notNull().default('YetNotGenerated'),
  isDraftDocument: boolean('is_draft_document').notNull().default(false),
  source: text('source', { enum: ['Import', 'Manual', 'Api'] }).notNull(),
  importId: integer('import_id'),
  /**
   * Set when a filed return (returns) reported the document: it is locked from then on, and a later change is reported
   * as an amendment (b2ba, cdnra ...) quoting the number and date it was filed with (Section 37(3) CGST Act).
   */
  filedReturnId: integer('filed_return_id'),
  filedNumber: text('filed_number'),
  filedDate: text('filed_date'),
  /** The items as filed ({hsn, description, uqc, quantity, rate, taxable, igst, cgst, sgst, cess}[]): an amendment's table 12 difference. */
  filedItems: jsonb('filed_items'),
  /** Changed after filing and not yet reported in a later return's amendment tables. */
  amendmentPending: boolean('amendment_pending').notNull().default(false),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // The document number leads the keys, so they also answer the registers' bulk apply of document numbers (with the
  // direction as a literal, see register.filters.ts): one index fewer to keep up on every insert.
  uniqueIndex('documents_sales_key').on(t.subscriberId, t.documentNumber, t.entityId, t.financialYear, t.documentType).where(sql`${t.direction} = 'Sales'`),
  uniqueIndex('documents_purchase_key').on(t.subscriberId, t.documentNumber, t.counterpartyGstin, t.entityId, t.financialYear, t.documentType).where(sql`${t.direction} = 'Purchase'`),
  // The pages of the registers (modules/register), over final documents only, in their common orders: newest first
  // and by value. A page's ids come from one of these alone (an index-only scan: the trailing columns answer the
  // location, period and status filters), so "load more" deep into a year skips index entries, not table rows. The
  // count, totals and status counts come from register_totals.
  index('documents_register_page').on(t.subscriberId, t.direction, t.financialYear, t.id, t.entityId, t.returnPeriod, t.status)
    .where(sql`${t.isDraftDocument} = false`),
  index('documents_register_value').on(t.subscriberId, t.direction, t.financialYear, t.documentValue, t.id, t.entityId, t.returnPeriod, t.status)
    .where(sql`${t.isDraftDocument} = false`),
  // Newest first within one return period, without walking the later periods of the year.
  index('documents_register_period').on(t.subscriberId, t.direction, t.returnPeriod, t.id, t.entityId, t.financialYear, t.status)
    .where(sql`${t.isDraftDocument} = false`),
  // Bulk apply of counterparty GSTINs.
  index('documents_register_counterparty').on(t.subscriberId, t.direction, t.counterpartyGstin),
]);

/**
 * The lines of a document, keyed by document and line number (no id of their own: one index and no sequence to keep
 * up per line). Quantity in thousandths of the unit (UQC), so three decimals stay exact.
 * document_id has no foreign key: its per-row check tripled the time of storing an import's items (400,000 lines:
 * 19.4 s with it, 6.6 s without, migration 0009). Items are written only next to their document in one transaction
 * (import store, document save) and deleted with it (deleteDocuments); a test looks for orphans after each path.
 */
export const documentItems = pgTable('document_items', {
  documentId: bigint('document_id', { mode: 'number' }).notNull(),
  lineNumber: integer('line_number').notNull(),
  hsn: text('hsn'),
  description: text('description'),
  uqc: text('uqc'),
  quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
  rate: integer('rate').notNull().default(0),
  taxable: bigint('taxable', { mode: 'number' }).notNull().default(0),
  igst: bigint('igst', { mode: 'number' }).notNull().default(0),
  cgst: bigint('cgst', { mode: 'number' }).notNull().default(0),
  sgst: bigint('sgst', { mode: 'number' }).notNull().default(0),
  cess: bigint('cess', { mode: 'number' }).notNull().default(0),
  /** Purchases: how the input tax credit is claimed (GSTR-3B table 4: inputs, input services, capital goods) or not. */
  itcEligibility: text('itc_eligibility', { enum: ['Inputs', 'Input services', 'Capital goods', 'Ineligible'] }),
}, (t) => [primaryKey({ name: 'document_items_pkey', columns: [t.documentId, t.lineNumber] })]);

/** One uploaded file and its processing (spec core §4 "Import/file status"). `stamp` orders the /import list. */
export const imports = pgTable('imports', {
  id: serial('id').primaryKey(),
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  entityId: integer('entity_id').references(() => entities.id),
  importType: text('import_type').notNull(),
  fileName: text('file_name').notNull(),
  fileSize: bigint('file_size', { mode: 'number' }).notNull(),
  fileFormat: text('file_format'),
  storagePath: text('storage_path').notNull(),
  status: text('status', { enum: ['Initialized', 'YetNotStarted', 'InProcess', 'Success', 'SuccessWithError', 'Failed'] }).notNull().default('Initialized'),
  totalRows: integer('total_rows').notNull().default(0),
  processedRows: integer('processed_rows').notNull().default(0),
  validRows: integer('valid_rows').notNull().default(0),
  errorRows: integer('error_rows').notNull().default(0),
  message: text('message'),
  isAllOrNothing: boolean('is_all_or_nothing').notNull().default(false),
  createdBy: integer('created_by').notNull(),
  stamp: timestamp('stamp', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [index('imports_list').on(t.subscriberId, t.stamp)]);

/** Every error of an import: row, column, value, code and message (the /import-*-error screens). */
export const importErrors = pgTable('import_errors', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  importId: integer('import_id').notNull().references(() => imports.id, { onDelete: 'cascade' }),
  rowNumber: integer('row_number').notNull(),
  columnName: text('column_name'),
  value: text('value'),
  code: text('code').notNull(),
  message: text('message').notNull(),
  type: text('type', { enum: ['Error', 'Warning'] }).notNull().default('Error'),
}, (t) => [index('import_errors_import').on(t.importId, t.rowNumber)]);

/** A subscriber's own column headers mapped to ours, per import type (column aliasing; alias at most 40 characters). */
export const importAliases = pgTable('import_aliases', {
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  importType: text('import_type').notNull(),
  column: text('column').notNull(),
  alias: text('alias').notNull(),
}, (t) => [uniqueIndex('import_aliases_pk').on(t.subscriberId, t.importType, t.alias)]);

/**
 * Summaries of a location's supplies for a return period, imported or keyed in where the books hold no documents:
 * B2C (small) supplies by place of supply and rate, advances received and adjusted, nil-rated/exempt/non-GST supplies,
 * and the documents issued (GSTR-1 tables 7, 8, 11A/11B, 13). Money in paise, rate in milli-percent. Columns a type
 * does not use stay at their empty default ('' or 0), so one unique key identifies a row of every type.
 */
export const documentSummaries = pgTable('document_summaries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  entityId: integer('entity_id').notNull().references(() => entities.id),
  direction: text('direction', { enum: ['Sales', 'Purchase'] }).notNull(),
  financialYear: text('financial_year').notNull(),
  /** MMYYYY */
  returnPeriod: text('return_period').notNull(),
  summaryType: text('summary_type', { enum: ['B2CS', 'AdvanceReceived', 'AdvanceAdjusted', 'NilExemptNonGst', 'DocumentsIssued'] }).notNull(),
  /** Two-digit state code; '' where the type has none. */
  placeOfSupply: text('place_of_supply').notNull().default(''),
  /** Nil/exempt/non-GST: INTRB2B, INTRB2C, INTRAB2B, INTRAB2C (the portal's sply_ty); '' otherwise. */
  supplyType: text('supply_type').notNull().default(''),
  rate: integer('rate').notNull().default(0),
  ecommerceGstin: text('ecommerce_gstin').notNull().default(''),
  /** Documents issued: the nature of document number of GSTR-1 table 13 (1 = invoices for outward supply, ...). */
  documentNature: integer('document_nature').notNull().default(0),
  /** Documents issued: the series' first and last numbers. */
  fromNumber: text('from_number').notNull().default(''),
  toNumber: text('to_number').notNull().default(''),
  totalNumber: integer('total_number').notNull().default(0),
  cancelledNumber: integer('cancelled_number').notNull().default(0),
  taxable: bigint('taxable', { mode: 'number' }).notNull().default(0),
  igst: bigint('igst', { mode: 'number' }).notNull().default(0),
  cgst: bigint('cgst', { mode: 'number' }).notNull().default(0),
  sgst: bigint('sgst', { mode: 'number' }).notNull().default(0),
  cess: bigint('cess', { mode: 'number' }).notNull().default(0),
  nilRated: bigint('nil_rated', { mode: 'number' }).notNull().default(0),
  exempted: bigint('exempted', { mode: 'number' }).notNull().default(0),
  nonGst: bigint('non_gst', { mode: 'number' }).notNull().default(0),
  source: text('source', { enum: ['Import', 'Manual', 'Api'] }).notNull(),
  importId: integer('import_id'),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('document_summaries_key').on(t.subscriberId, t.entityId, t.direction, t.returnPeriod, t.summaryType, t.placeOfSupply, t.supplyType, t.rate, t.ecommerceGstin, t.documentNature, t.fromNumber),
  index('document_summaries_list').on(t.subscriberId, t.direction, t.financialYear, t.entityId),
]);

/** A subscriber's vendors and customers (business partners): identified by GSTIN, or by their own code when unregistered. */
export const businessPartners = pgTable('business_partners', {
  id: serial('id').primaryKey(),
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  partnerType: text('partner_type', { enum: ['Vendor', 'Customer', 'Both'] }).notNull().default('Vendor'),
  /** '' for an unregistered partner (then `code` identifies it). */
  gstin: text('gstin').notNull().default(''),
  pan: text('pan'),
  code: text('code').notNull().default(''),
  legalName: text('legal_name').notNull(),
  tradeName: text('trade_name'),
  stateCode: text('state_code'),
  email: text('email'),
  phone: text('phone'),
  address: text('address'),
  pincode: text('pincode'),
  status: text('status', { enum: ['Active', 'Inactive', 'Delete'] }).notNull().default('Active'),
  importId: integer('import_id'),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('business_partners_key').on(t.subscriberId, t.gstin, t.code)]);

/**
 * The subscriber's HSN/SAC master: the codes its documents use, with description and usual rate and unit. Filled by
 * importing the GST portal's HSN directory (HSN_SAC xlsx) or the subscriber's own list; the document screen looks codes up here.
 */
export const hsnCodes = pgTable('hsn_codes', {
  id: serial('id').primaryKey(),
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  code: text('code').notNull(),
  description: text('description').notNull(),
  isService: boolean('is_service').notNull(),
  /** Usual total GST rate in milli-percent; null when not known (the portal's directory has none). */
  rate: integer('rate'),
  uqc: text('uqc'),
  importId: integer('import_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('hsn_codes_key').on(t.subscriberId, t.code)]);

/** A user's saved filter set of a list screen ("Save Report" of the shared filter bar, modules §2.9). */
export const savedReports = pgTable('saved_reports', {
  id: serial('id').primaryKey(),
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  userId: integer('user_id').notNull().references(() => users.id),
  /** The screen's module key, e.g. RegularSales. */
  module: text('module').notNull(),
  name: text('name').notNull(),
  filters: jsonb('filters').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('saved_reports_key').on(t.subscriberId, t.userId, t.module, t.name)]);

/**
 * The count and sums of the documents per register dimension, kept by statement triggers on documents (migration
 * 0007), so a register's totals and status counts over a whole financial year read a few hundred rows instead of every
 * document (modules/register/register.totals.ts). supply_type is '' where the document has none.
 */
export const registerTotals = pgTable('register_totals', {
  subscriberId: integer('subscriber_id').notNull(),
  direction: text('direction', { enum: ['Sales', 'Purchase'] }).notNull(),
  entityId: integer('entity_id').notNull(),
  financialYear: text('financial_year').notNull(),
  returnPeriod: text('return_period').notNull(),
  documentType: text('document_type').notNull(),
  supplyType: text('supply_type').notNull(),
  status: text('status', { enum: ['YetNotGenerated', 'Generated', 'Completed', 'Draft', 'Approved', 'Rejected'] }).notNull(),
  source: text('source', { enum: ['Import', 'Manual', 'Api'] }).notNull(),
  isReverseCharge: boolean('is_reverse_charge').notNull(),
  isDraftDocument: boolean('is_draft_document').notNull(),
  documents: bigint('documents', { mode: 'number' }).notNull(),
  taxable: bigint('taxable', { mode: 'number' }).notNull(),
  igst: bigint('igst', { mode: 'number' }).notNull(),
  cgst: bigint('cgst', { mode: 'number' }).notNull(),
  sgst: bigint('sgst', { mode: 'number' }).notNull(),
  cess: bigint('cess', { mode: 'number' }).notNull(),
  documentValue: bigint('document_value', { mode: 'number' }).notNull(),
}, (t) => [
  uniqueIndex('register_totals_key').on(t.subscriberId, t.direction, t.entityId, t.financialYear, t.returnPeriod, t.documentType, t.supplyType, t.status, t.source,
    t.isReverseCharge, t.isDraftDocument),
]);

// Returns (issue 7) ------------------------------------------------------------------------------------------------

/** Spec core §4 "Return filing status". */
export const RETURN_FILING_STATUSES = ['NotSubmitted', 'Submitted', 'Signed', 'Filed', 'Error'] as const;
/** Spec core §4 "Task status": the generation of a return's JSON from the books. */
export const TASK_STATUSES = ['Completed', 'YetNotStarted', 'InProgress', 'Failed'] as const;

/**
 * One return of one GSTIN (a location entity) for one period: GSTR-1 or GSTR-1A for now. `payload` is the JSON built
 * from the books by the generation job (the portal's save format, as text: it is sent and downloaded as is), `summary`
 * its section summary. Every status change writes a return_history row in the same transaction.
 */
export const returns = pgTable('returns', {
  id: serial('id').primaryKey(),
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  entityId: integer('entity_id').notNull().references(() => entities.id),
  gstin: text('gstin').notNull(),
  returnType: text('return_type', { enum: ['GSTR1', 'GSTR1A'] }).notNull(),
  financialYear: text('financial_year').notNull(),
  /** MMYYYY */
  returnPeriod: text('return_period').notNull(),
  status: text('status', { enum: RETURN_FILING_STATUSES }).notNull().default('NotSubmitted'),
  generationStatus: text('generation_status', { enum: TASK_STATUSES }).notNull().default('YetNotStarted'),
  generationMessage: text('generation_message'),
  generatedAt: timestamp('generated_at', { withTimezone: true }),
  generatedBy: integer('generated_by'),
  payload: text('payload'),
  summary: jsonb('summary'),
  documentCount: integer('document_count').notNull().default(0),
  /** The portal's reference of the last save, and its answer (P processed, PE processed with errors, ER error, IP in progress). */
  portalReferenceId: text('portal_reference_id'),
  portalSaveStatus: text('portal_save_status'),
  savedAt: timestamp('saved_at', { withTimezone: true }),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  filedAt: timestamp('filed_at', { withTimezone: true }),
  /** Acknowledgement reference number of the filing. */
  arn: text('arn'),
  lastError: text('last_error'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('returns_key').on(t.subscriberId, t.entityId, t.returnType, t.returnPeriod),
  index('returns_period').on(t.subscriberId, t.returnPeriod),
]);

/** The audited history of a return: every action and status transition, who and when. */
export const returnHistory = pgTable('return_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  returnId: integer('return_id').notNull().references(() => returns.id, { onDelete: 'cascade' }),
  /** Spec core §4 "Actions" (Save, Submit, Summary, File, PushDocumentToGst ...) plus Generate. */
  action: text('action').notNull(),
  fromStatus: text('from_status', { enum: RETURN_FILING_STATUSES }),
  toStatus: text('to_status', { enum: RETURN_FILING_STATUSES }),
  message: text('message'),
  userId: integer('user_id'),
  createdAt: createdAt(),
}, (t) => [index('return_history_return').on(t.returnId)]);

/**
 * Which documents a generated return holds and in which section: the drill-down, and what filing locks. document_id
 * has no foreign key for the same reason as document_items' (a generation writes one row per document); deleting a
 * document deletes its rows here too (deleteDocuments).
 */
export const returnDocuments = pgTable('return_documents', {
  returnId: integer('return_id').notNull().references(() => returns.id, { onDelete: 'cascade' }),
  documentId: bigint('document_id', { mode: 'number' }).notNull(),
  /** b2b, b2ba, b2cl, cdnr, exp ... (the save format's keys). */
  section: text('section').notNull(),
}, (t) => [
  uniqueIndex('return_documents_key').on(t.returnId, t.documentId),
  index('return_documents_section').on(t.returnId, t.section),
  index('return_documents_document').on(t.documentId),
]);

/**
 * Spec core §2 "Data activities": each push of data to the tax portal (Push), each download from it (Sync), and
 * callbacks that failed (Callback), with the spec's processing status (core §4).
 */
export const dataActivities = pgTable('data_activities', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  entityId: integer('entity_id').notNull().references(() => entities.id),
  gstin: text('gstin').notNull(),
  kind: text('kind', { enum: ['Push', 'Sync', 'Callback'] }).notNull(),
  /** Spec core §4 "Actions" (Save, Submit, File ...), or the download (GSTR2A, GSTR2B). */
  action: text('action').notNull(),
  returnType: text('return_type').notNull(),
  returnPeriod: text('return_period').notNull(),
  returnId: integer('return_id'),
  status: text('status', { enum: ['Initialized', 'InProcess', 'Attempted', 'Completed', 'MaxAttemptReached', 'Unprocessable', 'Unhandled', 'Manual'] }).notNull().default('Initialized'),
  portalReferenceId: text('portal_reference_id'),
  documentCount: integer('document_count').notNull().default(0),
  errorCount: integer('error_count').notNull().default(0),
  message: text('message'),
  userId: integer('user_id'),
  createdAt: createdAt(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
}, (t) => [index('data_activities_list').on(t.subscriberId, t.kind, t.id)]);

/** The portal's per-document errors of a save (the error report of RETSTATUS), shown against the documents. */
export const returnErrors = pgTable('return_errors', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  returnId: integer('return_id').notNull().references(() => returns.id, { onDelete: 'cascade' }),
  dataActivityId: bigint('data_activity_id', { mode: 'number' }).references(() => dataActivities.id, { onDelete: 'cascade' }),
  section: text('section').notNull(),
  documentId: bigint('document_id', { mode: 'number' }),
  documentNumber: text('document_number'),
  counterpartyGstin: text('counterparty_gstin'),
  errorCode: text('error_code').notNull(),
  errorMessage: text('error_message').notNull(),
}, (t) => [index('return_errors_return').on(t.returnId)]);

/**
 * Documents as the tax portal holds them for a recipient (GSTR-2A and GSTR-2B downloads, read by the domain's
 * parseGstr2a/parseGstr2b), replaced per GSTIN, source and period by each download. Money in paise.
 */
export const portalDocuments = pgTable('portal_documents', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  entityId: integer('entity_id').notNull().references(() => entities.id),
  /** The recipient GSTIN. */
  gstin: text('gstin').notNull(),
  source: text('source', { enum: ['GSTR2A', 'GSTR2B'] }).notNull(),
  returnPeriod: text('return_period').notNull(),
  section: text('section').notNull(),
  supplierGstin: text('supplier_gstin').notNull(),
  supplierName: text('supplier_name'),
  documentType: text('document_type').notNull(),
  documentNumber: text('document_number').notNull(),
  documentDate: text('document_date').notNull(),
  placeOfSupply: text('place_of_supply'),
  isReverseCharge: boolean('is_reverse_charge').notNull().default(false),
  taxable: bigint('taxable', { mode: 'number' }).notNull().default(0),
  igst: bigint('igst', { mode: 'number' }).notNull().default(0),
  cgst: bigint('cgst', { mode: 'number' }).notNull().default(0),
  sgst: bigint('sgst', { mode: 'number' }).notNull().default(0),
  cess: bigint('cess', { mode: 'number' }).notNull().default(0),
  documentValue: bigint('document_value', { mode: 'number' }).notNull().default(0),
  /** 2A: whether the supplier filed the GSTR-1 holding it; 2B: ITC availability (Y/N/T). */
  supplierFiled: boolean('supplier_filed'),
  supplierFilingDate: text('supplier_filing_date'),
  itcAvailability: text('itc_availability'),
  dataActivityId: bigint('data_activity_id', { mode: 'number' }),
  syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('portal_documents_list').on(t.subscriberId, t.entityId, t.source, t.returnPeriod),
]);

/**
 * A GST portal session of one GSTIN (the API's OTP-based authentication): the auth token and session key (sek) sealed
 * with the installation's key (secrets.ts), valid until `expiresAt` (the portal's 6-hour token life, refreshable).
 */
export const portalSessions = pgTable('portal_sessions', {
  entityId: integer('entity_id').primaryKey().references(() => entities.id, { onDelete: 'cascade' }),
  subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
  gstin: text('gstin').notNull(),
  /** Sealed JSON of the adapter's session (token, session key, app key). */
  session: text('session').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdBy: integer('created_by'),
  createdAt: createdAt(),
});
