// The masters' tables: business partners and the HSN/SAC codes.
import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { subscribers } from './organization';

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
    importId: integer('import_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('hsn_codes_key').on(t.subscriberId, t.code)],
);
