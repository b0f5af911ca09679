// Drizzle queries of the business partners and their contacts. The tenant (subscriber) is a required parameter of
// every query.
import type { BUSINESS_PARTNER_SORT_COLUMNS, BusinessPartner, BusinessPartnerFilters } from '@opengst/contracts';
import { stateFromCode } from '@opengst/domain';
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/database';
import { businessPartnerContacts, businessPartners, documents, portalDocuments, reconciliationVendors, users } from '../../../db/schema';
import { orderByOf } from '../../../platform/lists';

export type BusinessPartnerRow = typeof businessPartners.$inferSelect;
export type ContactRow = typeof businessPartnerContacts.$inferSelect;
type Page = { start: number; size: number; sortExpression?: string | null | undefined };

const t = businessPartners;
const c = businessPartnerContacts;
const updater = alias(users, 'business_partner_updater');
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export const businessPartnerWhere = (subscriberId: number, filters: BusinessPartnerFilters | undefined): SQL => {
  const like = filters?.text ? `%${escapeLike(filters.text)}%` : null;
  return and(
    eq(t.subscriberId, subscriberId),
    // 'Delete' is not used by this master (a partner not in use is removed); kept out should a row carry it.
    filters?.status ? eq(t.status, filters.status) : inArray(t.status, ['Active', 'Inactive']),
    filters?.partnerType ? eq(t.partnerType, filters.partnerType) : undefined,
    filters?.stateCode ? eq(t.stateCode, filters.stateCode) : undefined,
    filters?.isMsme === true ? isNotNull(t.msmeNumber) : filters?.isMsme === false ? isNull(t.msmeNumber) : undefined,
    like
      ? or(ilike(t.legalName, like), ilike(t.tradeName, like), ilike(t.gstin, like), ilike(t.pan, like), ilike(t.code, like))
      : undefined,
  )!;
};

/** The columns the list sorts by (contracts' BUSINESS_PARTNER_SORT_COLUMNS, the compiler keeps them equal). */
const SORT: Record<(typeof BUSINESS_PARTNER_SORT_COLUMNS)[number], AnyPgColumn> = {
  id: t.id,
  legalName: t.legalName,
  gstin: t.gstin,
  pan: t.pan,
  partnerType: t.partnerType,
  stateCode: t.stateCode,
  msmeClass: t.msmeClass,
  tdsSection: t.tdsSection,
  gstinStatus: t.gstinStatus,
  status: t.status,
  updatedAt: t.updatedAt,
};

export const toBusinessPartner = (
  row: BusinessPartnerRow,
  contacts: readonly ContactRow[],
  updatedByName: string | null,
): BusinessPartner => ({
  id: row.id,
  partnerType: row.partnerType,
  gstin: row.gstin,
  pan: row.pan,
  code: row.code,
  legalName: row.legalName,
  tradeName: row.tradeName,
  stateCode: row.stateCode,
  stateName: row.stateCode ? (stateFromCode(row.stateCode)?.name ?? null) : null,
  email: row.email,
  phone: row.phone,
  address: row.address,
  city: row.city,
  pincode: row.pincode,
  msmeNumber: row.msmeNumber,
  msmeClass: row.msmeClass,
  msmeActivity: row.msmeActivity,
  tdsSection: row.tdsSection,
  gstinStatus: row.gstinStatus,
  taxpayerType: row.taxpayerType,
  gstinCheckedAt: row.gstinCheckedAt?.toISOString() ?? null,
  status: row.status === 'Inactive' ? 'Inactive' : 'Active',
  contacts: contacts.map((contact) => ({
    id: contact.id,
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    designation: contact.designation,
    receivesNotifications: contact.receivesNotifications,
  })),
  updatedByName,
  updatedAt: row.updatedAt.toISOString(),
});

export const findContacts = async (db: DbOrTx, subscriberId: number, partnerIds: readonly number[]): Promise<ContactRow[]> =>
  partnerIds.length === 0
    ? []
    : db
        .select()
        .from(c)
        .where(and(eq(c.subscriberId, subscriberId), inArray(c.partnerId, [...partnerIds])))
        .orderBy(asc(c.id));

/** A page of partners (or every one, for the export) with their contacts and who changed them last. */
export const findBusinessPartners = async (
  db: DbOrTx,
  subscriberId: number,
  where: SQL,
  page: Page,
): Promise<{ items: BusinessPartner[]; totalRecords: number }> => {
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: t, updatedByName: updater.displayName })
      .from(t)
      .leftJoin(updater, eq(updater.id, t.updatedBy))
      .where(where)
      .orderBy(...orderByOf(page.sortExpression, SORT, 'id DESC', t.id))
      .offset(page.start)
      .limit(page.size),
    db.select({ n: count() }).from(t).where(where),
  ]);
  const contacts = await findContacts(
    db,
    subscriberId,
    rows.map((r) => r.row.id),
  );
  const byPartner = new Map<number, ContactRow[]>();
  for (const contact of contacts) byPartner.set(contact.partnerId, [...(byPartner.get(contact.partnerId) ?? []), contact]);
  return {
    items: rows.map((r) => toBusinessPartner(r.row, byPartner.get(r.row.id) ?? [], r.updatedByName)),
    totalRecords: total?.n ?? 0,
  };
};

export const findBusinessPartnerRows = async (db: DbOrTx, subscriberId: number, ids: readonly number[]): Promise<BusinessPartnerRow[]> =>
  db
    .select()
    .from(t)
    .where(and(eq(t.subscriberId, subscriberId), inArray(t.id, [...ids]), inArray(t.status, ['Active', 'Inactive'])));

/** Another partner of the subscriber with the same key (GSTIN, or code when unregistered). */
export const findSamePartner = async (
  db: DbOrTx,
  subscriberId: number,
  gstin: string,
  code: string,
): Promise<BusinessPartnerRow | undefined> => {
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.subscriberId, subscriberId), eq(t.gstin, gstin), eq(t.code, code)));
  return row;
};

export type PartnerUsage = { documents: number; portalDocuments: number; reconciliations: number };

/**
 * What names a registered partner's GSTIN in the subscriber's data: its documents (as counterparty), the documents the
 * GST portal holds for the subscriber (GSTR-2A, 2B, IMS: as supplier) and the reconciliation runs it is a vendor of.
 */
export const partnerUsage = async (db: DbOrTx, subscriberId: number, gstin: string): Promise<PartnerUsage> => {
  if (gstin === '') return { documents: 0, portalDocuments: 0, reconciliations: 0 };
  const [[own], [portal], [runs]] = await Promise.all([
    db
      .select({ n: count() })
      .from(documents)
      .where(and(eq(documents.subscriberId, subscriberId), eq(documents.counterpartyGstin, gstin))),
    db
      .select({ n: count() })
      .from(portalDocuments)
      .where(and(eq(portalDocuments.subscriberId, subscriberId), eq(portalDocuments.supplierGstin, gstin))),
    db
      .select({ n: count() })
      .from(reconciliationVendors)
      .where(and(eq(reconciliationVendors.subscriberId, subscriberId), eq(reconciliationVendors.supplierGstin, gstin))),
  ]);
  return { documents: own?.n ?? 0, portalDocuments: portal?.n ?? 0, reconciliations: runs?.n ?? 0 };
};
