// The e-way bill module's tables (issue 22): a document's current e-way bill as the e-way bill system registered it
// (or the reason it has none), the history of every action on it, the consolidated e-way bills (trip sheets) made of
// them, and the e-way bill API user of each GSTIN with its session (NIC e-way bill API v1.03).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { documents } from './documents';
import { entities, subscribers } from './organization';

/** The e-way bill statuses of spec core §4, by name (the multi-vehicle states as the API's actions name them). */
export const EWAYBILL_STATUS_VALUES = [
  'YetNotGenerated',
  'Generated',
  'InProgress',
  'Cancelled',
  'TransporterUpdated',
  'TransportDetailsUpdated',
  'Expired',
  'Rejected',
  'ValidityExtended',
  'Delivered',
  'Error',
  'MultiVehicleInitiated',
  'MultiVehicleAdded',
  'MultiVehicleUpdated',
  'Discarded',
  'VehicleDetailUpdated',
] as const;

/** The statuses of a consolidated e-way bill (trip sheet): generated, regenerated for another vehicle, or refused. */
export const CONSOLIDATED_EWAYBILL_STATUS_VALUES = ['YetNotGenerated', 'Generated', 'Regenerated', 'Error'] as const;

/**
 * One row per document with an e-way bill (or a refused attempt): its current e-way bill. Rule 138(1) CGST Rules: goods
 * above the threshold move with an e-way bill; Rule 138(9): cancelled within 24 hours; Rule 138(10): valid one day per
 * 200 km. A cancelled e-way bill's number stays in the row (and in the events) until a new one is generated.
 */
export const ewaybills = pgTable(
  'ewaybills',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    /** A deleted document takes its e-way bill row (and its events) with it. */
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    status: text('status', { enum: EWAYBILL_STATUS_VALUES }).notNull().default('YetNotGenerated'),
    /** The e-way bill number: 12 digits (spec core §5). */
    ewbNumber: text('ewb_number'),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    generatedBy: integer('generated_by'),
    /** The end of validity; null for a Part-A slip (validity starts with Part B). */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    distanceKm: integer('distance_km'),
    /** 1 road, 2 rail, 3 air, 4 ship, 5 in transit. */
    transportMode: text('transport_mode'),
    vehicleNumber: text('vehicle_number'),
    /** R regular, O over-dimensional cargo. */
    vehicleType: text('vehicle_type'),
    transportDocumentNumber: text('transport_document_number'),
    transportDocumentDate: text('transport_document_date'),
    transporterId: text('transporter_id'),
    transporterName: text('transporter_name'),
    /** Where the latest Part B starts: place and GST state code. */
    fromPlace: text('from_place'),
    fromState: text('from_state'),
    /** The GENEWAYBILL request as sent. */
    request: jsonb('request'),
    /** The last refusal: the system's code (or the product's prediction of it), its message and every problem. */
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    errors: jsonb('errors'),
    cancelReasonCode: text('cancel_reason_code'),
    cancelRemark: text('cancel_remark'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by'),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectedBy: integer('rejected_by'),
    extensionCount: integer('extension_count').notNull().default(0),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ewaybills_document').on(t.documentId),
    index('ewaybills_list').on(t.subscriberId, t.entityId, t.status),
    uniqueIndex('ewaybills_number')
      .on(t.subscriberId, t.ewbNumber)
      .where(sql`${t.ewbNumber} is not null`),
  ],
);

/** Every action taken on an e-way bill, with who, when, the reason given and what it set. */
export const ewaybillEvents = pgTable(
  'ewaybill_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    ewaybillId: bigint('ewaybill_id', { mode: 'number' })
      .notNull()
      .references(() => ewaybills.id, { onDelete: 'cascade' }),
    /** The API's action: GENEWAYBILL, VEHEWB, UPDATETRANSPORTER, EXTENDVALIDITY, CANEWB, REJEWB, GENCEWB, REGENTRIPSHEET, GETEWAYBILL. */
    action: text('action').notNull(),
    ewbNumber: text('ewb_number'),
    status: text('status', { enum: EWAYBILL_STATUS_VALUES }).notNull(),
    reasonCode: text('reason_code'),
    remark: text('remark'),
    vehicleNumber: text('vehicle_number'),
    transportMode: text('transport_mode'),
    transportDocumentNumber: text('transport_document_number'),
    transporterId: text('transporter_id'),
    fromPlace: text('from_place'),
    fromState: text('from_state'),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** The refusal of a failed action: code and message. */
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    by: integer('by'),
  },
  (t) => [index('ewaybill_events_of').on(t.ewaybillId, t.id)],
);

/** A consolidated e-way bill (EWB-02, trip sheet): several e-way bills moving in one conveyance (Rule 138(7)). */
export const consolidatedEwaybills = pgTable(
  'consolidated_ewaybills',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    /** The trip sheet number the system gave (cEwbNo); a regeneration gives a new one. */
    tripSheetNumber: text('trip_sheet_number'),
    status: text('status', { enum: CONSOLIDATED_EWAYBILL_STATUS_VALUES }).notNull().default('YetNotGenerated'),
    transportMode: text('transport_mode'),
    vehicleNumber: text('vehicle_number'),
    transportDocumentNumber: text('transport_document_number'),
    transportDocumentDate: text('transport_document_date'),
    fromPlace: text('from_place'),
    fromState: text('from_state'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    errors: jsonb('errors'),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    generatedBy: integer('generated_by'),
    updatedBy: integer('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('consolidated_ewaybills_list').on(t.subscriberId, t.entityId, t.status),
    uniqueIndex('consolidated_ewaybills_number')
      .on(t.subscriberId, t.tripSheetNumber)
      .where(sql`${t.tripSheetNumber} is not null`),
  ],
);

/** The e-way bills of a consolidated e-way bill. */
export const consolidatedEwaybillItems = pgTable(
  'consolidated_ewaybill_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    consolidatedId: bigint('consolidated_id', { mode: 'number' })
      .notNull()
      .references(() => consolidatedEwaybills.id, { onDelete: 'cascade' }),
    ewaybillId: bigint('ewaybill_id', { mode: 'number' })
      .notNull()
      .references(() => ewaybills.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('consolidated_ewaybill_items_pair').on(t.consolidatedId, t.ewaybillId),
    index('consolidated_ewaybill_items_ewb').on(t.ewaybillId),
  ],
);

/**
 * The e-way bill API session of one GSTIN: the API user's name, the password sealed with the installation's key
 * (secrets.ts), and the last session (token and SEK, sealed) until it expires (NIC: 6 hours).
 */
export const ewbSessions = pgTable('ewb_sessions', {
  entityId: integer('entity_id')
    .primaryKey()
    .references(() => entities.id, { onDelete: 'cascade' }),
  subscriberId: integer('subscriber_id')
    .notNull()
    .references(() => subscribers.id),
  gstin: text('gstin').notNull(),
  userName: text('user_name').notNull(),
  password: text('password').notNull(),
  session: text('session'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  updatedBy: integer('updated_by'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
