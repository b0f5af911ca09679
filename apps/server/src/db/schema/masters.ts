// The masters' tables: business partners and their contacts, the HSN/SAC codes, the document number series with their
// allocations, the IP allow-list, the chart of accounts and the notice tags.
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { entities, subscribers } from './organization';

/** A subscriber's vendors and customers (business partners): identified by GSTIN, or by their own code when unregistered. */
export const businessPartners = pgTable(
  'business_partners',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    partnerType: text('partner_type', { enum: ['Vendor', 'Customer', 'Both'] })
      .notNull()
      .default('Vendor'),
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
    city: text('city'),
    /** Udyam registration number, 'UDYAM-XX-00-0000000' (19 characters), when the partner is an MSME. */
    msmeNumber: text('msme_number'),
    /** 'Micro' | 'Small' | 'Medium' (MSMED Act s.7 as revised from 1 April 2025). */
    msmeClass: text('msme_class'),
    /** 'Manufacturing' | 'Services' | 'Trading' as on the Udyam certificate. */
    msmeActivity: text('msme_activity'),
    /** The Income-tax Act section tax is deducted under when paying the partner ('194C', '194J', '194Q' ...). */
    tdsSection: text('tds_section'),
    /** The GSTIN's registration status as the portal last answered ('Active', 'Cancelled', 'Suspended', ...), and when. */
    gstinStatus: text('gstin_status'),
    taxpayerType: text('taxpayer_type'),
    gstinCheckedAt: timestamp('gstin_checked_at', { withTimezone: true }),
    status: text('status', { enum: ['Active', 'Inactive', 'Delete'] })
      .notNull()
      .default('Active'),
    importId: integer('import_id'),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('business_partners_key').on(t.subscriberId, t.gstin, t.code)],
);

/**
 * The people of a business partner that notifications go to (issue 21's vendor follow-up): the partner's own `email`
 * stays its main address; these are the further contacts, each of whom may be left out of notifications.
 */
export const businessPartnerContacts = pgTable(
  'business_partner_contacts',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => businessPartners.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    designation: text('designation'),
    receivesNotifications: boolean('receives_notifications').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('business_partner_contacts_partner').on(t.partnerId)],
);

/**
 * The subscriber's HSN/SAC master: the codes its documents use, with description and usual rate and unit. Filled by
 * importing the GST portal's HSN directory (HSN_SAC xlsx) or the subscriber's own list; the document screen looks codes up here.
 */
export const hsnCodes = pgTable(
  'hsn_codes',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    code: text('code').notNull(),
    description: text('description').notNull(),
    isService: boolean('is_service').notNull(),
    /** Usual total GST rate in milli-percent; null when not known (the portal's directory has none). */
    rate: integer('rate'),
    uqc: text('uqc'),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
    importId: integer('import_id'),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('hsn_codes_key').on(t.subscriberId, t.code)],
);

/**
 * A document number series (/series): a prefix and a zero-padded running number for one financial year (Rule 46(b):
 * unique per financial year, at most 16 characters). `next_number` is drawn under a row lock in the transaction that
 * inserts the document (UPDATE ... RETURNING), so concurrent saves take consecutive numbers and a refused save gives
 * its number back. `numbered` counts the documents it has numbered: a series that has numbered one is never deleted
 * (its numbers stay issued) and its prefix and padding no longer change.
 */
export const documentSeries = pgTable(
  'document_series',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    name: text('name').notNull(),
    /** '2026-27' */
    financialYear: text('financial_year').notNull(),
    prefix: text('prefix').notNull().default(''),
    padding: integer('padding').notNull(),
    startNumber: bigint('start_number', { mode: 'number' }).notNull(),
    nextNumber: bigint('next_number', { mode: 'number' }).notNull(),
    numbered: integer('numbered').notNull().default(0),
    /** The number it formed last, for the reason a deletion is refused. */
    lastNumber: text('last_number'),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('document_series_name').on(t.subscriberId, t.financialYear, t.name)],
);

/**
 * A series allocated (/allocate-series) to a location for one document type: the document screen offers the location's
 * active allocations of the type, the default one first. One series may be allocated to several document types of a
 * location (one counter for invoices and bills of supply) or to several locations of different GSTINs.
 */
export const seriesAllocations = pgTable(
  'series_allocations',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    seriesId: integer('series_id')
      .notNull()
      .references(() => documentSeries.id),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    documentType: text('document_type').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** Documents numbered through this allocation: one that has numbered any is deactivated, never deleted. */
    numbered: integer('numbered').notNull().default(0),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('series_allocations_key').on(t.seriesId, t.entityId, t.documentType),
    index('series_allocations_entity').on(t.subscriberId, t.entityId, t.documentType),
  ],
);

/**
 * The subscriber's IP allow-list (/ip-addresses): an address or a CIDR range, IPv4 or IPv6, stored in its canonical
 * text form. While a subscriber has at least one active entry, its users sign in only from an address one of the active
 * entries allows (checked by the domain's isAddressAllowed at sign-in); with none active, sign-in is not restricted.
 */
export const ipAllowList = pgTable(
  'ip_allow_list',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    /** Canonical form: '10.0.0.0/8', '203.0.113.7', '2001:db8::/32'. */
    address: text('address').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ip_allow_list_key').on(t.subscriberId, t.address)],
);

/**
 * The subscriber's chart of accounts (/chart-of-accounts): the ledgers the general ledger and its reconciliation with
 * GST read, as a tree (a group holds ledgers and groups). `gst_head` ties a ledger to the GST figure it carries (input
 * or output tax by head, reverse charge, ...), which is how the GL reconciliation knows what to compare it with.
 */
export const chartOfAccounts = pgTable(
  'chart_of_accounts',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** 'Asset' | 'Liability' | 'Equity' | 'Income' | 'Expense' */
    accountType: text('account_type').notNull(),
    isGroup: boolean('is_group').notNull().default(false),
    parentId: integer('parent_id').references((): AnyPgColumn => chartOfAccounts.id),
    gstHead: text('gst_head'),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
    importId: integer('import_id'),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chart_of_accounts_code').on(t.subscriberId, sql`lower(${t.code})`),
    index('chart_of_accounts_parent').on(t.parentId),
  ],
);

/** The labels a subscriber files its notices under (/notice-tag): a name and a colour. */
export const noticeTags = pgTable(
  'notice_tags',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    name: text('name').notNull(),
    /** A Mantine colour name ('red', 'teal', ...). */
    color: text('color').notNull().default('gray'),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notice_tags_name').on(t.subscriberId, sql`lower(${t.name})`)],
);

/**
 * The GST portal's HSN/SAC directory as the repository ships it (official/masters/HSN_SAC_<date>.xlsx), loaded at
 * start-up when missing or changed (its SHA-256 is kept in app_state under 'reference:hsn-directory'), for SQL readers:
 * reports that name a code's description, checks made in queries. The public search reads an in-memory index built from
 * the same file (hash-checked equal), which answers in well under a millisecond.
 */
export const hsnDirectory = pgTable('hsn_directory', {
  code: text('code').primaryKey(),
  /** 'HSN' | 'SAC' */
  kind: text('kind').notNull(),
  /** 'chapter' | 'heading' | 'subheading' | 'tariffItem' */
  level: text('level').notNull(),
  description: text('description').notNull(),
  /** The chapter or heading text the portal prefixes to the description, if any. */
  context: text('context'),
});
