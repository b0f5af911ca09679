// Notifications made (issue 21): from a reconciliation run's chosen pairs or whole vendors (one notification per
// supplier GSTIN and location, each document with the action the buyer's 2A, 2B and IMS require and why), and from
// sales documents (a credit note's s.15(3) declaration, else the customer's confirmation). One transaction each, with
// their events and audit rows.
import { notificationText, type ActionRequired, type NotificationCreateFrom } from '@opengst/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';
import {
  documents,
  businessPartnerContacts,
  businessPartners,
  entities,
  notificationDocuments,
  notificationEvents,
  notifications,
  portalDocuments,
  reconciliationActions,
  reconciliationRows,
  reconciliationRuns,
} from '../../db/schema';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { locationScope } from '../../platform/location-scope';
import { requiredActionsOf } from './action-required';
import { invalid } from './notification-scope';

type RunRow = {
  id: number;
  status: string;
  supplierGstin: string;
  supplierName: string | null;
  gstin: string;
  documentType: string;
  booksNumber: string | null;
  booksDate: string | null;
  booksPeriod: string | null;
  booksTaxable: number;
  booksTax: number;
  portalNumber: string | null;
  portalDate: string | null;
  portalPeriod: string | null;
  portalTaxable: number;
  portalTax: number;
  rowAction: string | null;
  decidedAction: string | null;
  portalImsAction: string | null;
};

const isoDateOrNull = (text: string | null): string | null => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : null);

/** The rows a creation names: chosen pairs (all of the run, else 404) or every row of the chosen suppliers. */
type RunSelection = Exclude<NotificationCreateFrom, { kind: 'sales' }>;

const rowsOf = async (db: DbOrTx, from: RunSelection): Promise<RunRow[]> => {
  const selection =
    from.kind === 'pairs' ? inArray(reconciliationRows.id, from.rowIds) : inArray(reconciliationRows.supplierGstin, from.supplierGstins);
  const rows = await db
    .select({
      id: reconciliationRows.id,
      status: reconciliationRows.status,
      supplierGstin: reconciliationRows.supplierGstin,
      supplierName: reconciliationRows.supplierName,
      gstin: reconciliationRows.gstin,
      documentType: reconciliationRows.documentType,
      booksNumber: reconciliationRows.booksNumber,
      booksDate: reconciliationRows.booksDate,
      booksPeriod: reconciliationRows.booksPeriod,
      booksTaxable: reconciliationRows.booksTaxable,
      booksTax: reconciliationRows.booksTax,
      portalNumber: reconciliationRows.portalNumber,
      portalDate: reconciliationRows.portalDate,
      portalPeriod: reconciliationRows.portalPeriod,
      portalTaxable: reconciliationRows.portalTaxable,
      portalTax: reconciliationRows.portalTax,
      rowAction: reconciliationRows.action,
      decidedAction: reconciliationActions.action,
      portalImsAction: portalDocuments.imsAction,
    })
    .from(reconciliationRows)
    .leftJoin(portalDocuments, sql`${portalDocuments.id} = ${reconciliationRows.portalIds}[1]`)
    .leftJoin(
      reconciliationActions,
      and(
        eq(reconciliationActions.subscriberId, reconciliationRows.subscriberId),
        sql`${reconciliationActions.documentKey} = 'G:' || ${reconciliationRows.portalKeys}[1]`,
      ),
    )
    .where(and(eq(reconciliationRows.runId, from.runId), selection))
    .orderBy(reconciliationRows.id);
  if (from.kind === 'pairs' && rows.length !== new Set(from.rowIds).size) throw new AppError('GEN0003');
  if (from.kind === 'vendors' && new Set(rows.map((r) => r.supplierGstin)).size !== new Set(from.supplierGstins).size) {
    throw new AppError('GEN0003');
  }
  return rows;
};

/** The vendor master's addresses for a GSTIN: the partner's own and its contacts' who receive notifications. */
const vendorOf = async (db: DbOrTx, subscriberId: number, gstin: string): Promise<{ name: string | null; emails: string[] }> => {
  const [partner] = await db
    .select({ id: businessPartners.id, name: businessPartners.legalName, email: businessPartners.email })
    .from(businessPartners)
    .where(and(eq(businessPartners.subscriberId, subscriberId), eq(businessPartners.gstin, gstin), ne(businessPartners.status, 'Delete')));
  if (!partner) return { name: null, emails: [] };
  const contacts = await db
    .select({ email: businessPartnerContacts.email })
    .from(businessPartnerContacts)
    .where(and(eq(businessPartnerContacts.partnerId, partner.id), eq(businessPartnerContacts.receivesNotifications, true)));
  const emails = [partner.email, ...contacts.map((c) => c.email)]
    .filter((e): e is string => Boolean(e?.trim()))
    .map((e) => e.trim().toLowerCase());
  return { name: partner.name, emails: [...new Set(emails)].slice(0, 10) };
};

/**
 * New notifications from a reconciliation run: one per supplier and buyer GSTIN, listing the rows that need the
 * supplier's action (matched, excluded and discarded rows ask nothing) with the action and the reason.
 */
export const createFromReconciliation = async (
  db: Db,
  principal: SessionPrincipal,
  input: { from: RunSelection; subject?: string | undefined; emails?: string[] | undefined; remarks?: string | undefined },
  ip: string,
): Promise<number[]> =>
  db.transaction(async (tx) => {
    const { from } = input;
    const [run] = await tx
      .select()
      .from(reconciliationRuns)
      .where(and(eq(reconciliationRuns.id, from.runId), eq(reconciliationRuns.subscriberId, principal.subscriberId)));
    if (!run) throw new AppError('GEN0003');
    const reachable = new Set(await locationScope(tx, principal, null));
    const rows = await rowsOf(tx, from);
    const entityRows = await tx
      .select({ id: entities.id, gstin: entities.gstin, name: entities.legalName, entityName: entities.entityName })
      .from(entities)
      .where(and(eq(entities.subscriberId, principal.subscriberId), inArray(entities.id, run.entityIds)));
    const entityOf = new Map(entityRows.filter((e) => e.gstin).map((e) => [e.gstin!, e]));

    const groups = new Map<
      string,
      {
        gstin: string;
        supplierGstin: string;
        supplierName: string | null;
        rows: (RunRow & { asked: NonNullable<ReturnType<typeof requiredActionsOf>> })[];
      }
    >();
    for (const row of rows) {
      const imsAction = row.decidedAction ?? row.portalImsAction ?? row.rowAction;
      const asked = requiredActionsOf({ ...row, portalSource: run.portalSource, imsAction });
      if (!asked) continue;
      const key = `${row.supplierGstin}|${row.gstin}`;
      const group = groups.get(key) ?? { gstin: row.gstin, supplierGstin: row.supplierGstin, supplierName: row.supplierName, rows: [] };
      group.rows.push({ ...row, asked });
      groups.set(key, group);
    }
    if (groups.size === 0) throw invalid('From', notificationText('notification.noDocuments'));

    const ids: number[] = [];
    for (const group of groups.values()) {
      const entity = entityOf.get(group.gstin);
      if (!entity) throw new AppError('GEN0003');
      if (!reachable.has(entity.id)) throw new AppError('GEN0010');
      const vendor = await vendorOf(tx, principal.subscriberId, group.supplierGstin);
      const [created] = await tx
        .insert(notifications)
        .values({
          subscriberId: principal.subscriberId,
          entityId: entity.id,
          gstin: group.gstin,
          counterpartyGstin: group.supplierGstin,
          counterpartyName: vendor.name ?? group.supplierName ?? '',
          emails: input.emails ?? vendor.emails,
          sourceType: 'Gsp',
          runId: run.id,
          subject: input.subject ?? notificationText('notification.defaultSubject', { gstin: group.gstin }),
          remarks: input.remarks ?? '',
          createdBy: principal.userId,
        })
        .returning();
      if (!created) throw new Error('notification not inserted');
      await tx.insert(notificationDocuments).values(
        group.rows.map((row, index) => ({
          subscriberId: principal.subscriberId,
          notificationId: created.id,
          serialNumber: index + 1,
          sourceKey: `R:${run.id}:${row.id}`,
          documentNumber: row.portalNumber ?? row.booksNumber ?? '',
          documentDate: isoDateOrNull(row.portalDate ?? row.booksDate),
          documentType: row.documentType,
          returnPeriod: row.portalPeriod ?? row.booksPeriod,
          taxable: row.portalNumber ? row.portalTaxable : row.booksTaxable,
          tax: row.portalNumber ? row.portalTax : row.booksTax,
          imsAction: row.decidedAction ?? row.portalImsAction,
          ...row.asked,
        })),
      );
      await tx.insert(notificationEvents).values({
        subscriberId: principal.subscriberId,
        notificationId: created.id,
        action: 'Created',
        toStatus: 'YetNotSent',
        note: `${group.rows.length} documents from reconciliation run ${run.id}`,
        userId: principal.userId,
      });
      await writeAudit(tx, principal, {
        entityType: 'Notification',
        entityKey: created.id,
        entityName: `${created.counterpartyGstin} / ${created.gstin}`,
        action: 'Create',
        after: { ...created, documents: group.rows.length },
        ip,
      });
      ids.push(created.id);
    }
    return ids;
  });

/** The ask of a sales document: a credit note's s.15(3) declaration, else the customer's confirmation. */
const salesAskOf = (documentType: string, period: string): { sourceType: 'Sales' | 'Crn'; action: ActionRequired; reason: string } =>
  documentType === 'CRN'
    ? {
        sourceType: 'Crn',
        action: 'DeclareItcReversal',
        // CGST Act s.34(2) and s.15(3)(b): the supplier's output tax is reduced only if the recipient reverses the credit.
        reason: `Our credit note of ${period}: our output tax is reduced only once you reverse the input tax credit.`,
      }
    : { sourceType: 'Sales', action: 'ConfirmReceipt', reason: `Issued by us and reported in our GSTR-1 of ${period}.` };

/**
 * New notifications from sales documents: one per customer, GSTIN of ours and kind (credit notes ask the s.15(3)
 * declaration, other documents a confirmation). Documents without a customer GSTIN (B2C) cannot be notified.
 */
export const createFromSales = async (
  db: Db,
  principal: SessionPrincipal,
  input: { documentIds: readonly number[]; subject?: string | undefined; emails?: string[] | undefined; remarks?: string | undefined },
  ip: string,
): Promise<number[]> =>
  db.transaction(async (tx) => {
    const unique = [...new Set(input.documentIds)];
    const rows = await tx
      .select({
        id: documents.id,
        entityId: documents.entityId,
        documentType: documents.documentType,
        documentNumber: documents.documentNumber,
        documentDate: documents.documentDate,
        returnPeriod: documents.returnPeriod,
        counterpartyGstin: documents.counterpartyGstin,
        counterpartyName: documents.counterpartyName,
        taxable: documents.taxable,
        tax: sql<number>`${documents.igst} + ${documents.cgst} + ${documents.sgst} + ${documents.cess}`.mapWith(Number),
        gstin: entities.gstin,
      })
      .from(documents)
      .innerJoin(entities, eq(entities.id, documents.entityId))
      .where(and(eq(documents.subscriberId, principal.subscriberId), eq(documents.direction, 'Sales'), inArray(documents.id, unique)))
      .orderBy(documents.id);
    if (rows.length !== unique.length) throw new AppError('GEN0003');
    const reachable = new Set(await locationScope(tx, principal, null));
    if (rows.some((row) => !reachable.has(row.entityId))) throw new AppError('GEN0010');
    const groups = new Map<string, { sourceType: 'Sales' | 'Crn'; rows: (typeof rows)[number][] }>();
    for (const row of rows) {
      if (!row.counterpartyGstin || !row.gstin) continue;
      const { sourceType } = salesAskOf(row.documentType, row.returnPeriod);
      const key = `${row.counterpartyGstin}|${row.entityId}|${sourceType}`;
      const group = groups.get(key) ?? { sourceType, rows: [] };
      group.rows.push(row);
      groups.set(key, group);
    }
    if (groups.size === 0) throw invalid('From', notificationText('notification.noDocuments'));
    const ids: number[] = [];
    for (const { sourceType, rows: grouped } of groups.values()) {
      const [first] = grouped;
      if (!first?.counterpartyGstin || !first.gstin) continue;
      const customer = await vendorOf(tx, principal.subscriberId, first.counterpartyGstin);
      const [created] = await tx
        .insert(notifications)
        .values({
          subscriberId: principal.subscriberId,
          entityId: first.entityId,
          gstin: first.gstin,
          counterpartyGstin: first.counterpartyGstin,
          counterpartyName: customer.name ?? first.counterpartyName ?? '',
          emails: input.emails ?? customer.emails,
          sourceType,
          subject:
            input.subject ??
            notificationText(sourceType === 'Crn' ? 'notification.defaultSubjectCrn' : 'notification.defaultSubjectSales', {
              gstin: first.gstin,
            }),
          remarks: input.remarks ?? '',
          createdBy: principal.userId,
        })
        .returning();
      if (!created) throw new Error('notification not inserted');
      await tx.insert(notificationDocuments).values(
        grouped.map((row, index) => {
          const ask = salesAskOf(row.documentType, row.returnPeriod);
          return {
            subscriberId: principal.subscriberId,
            notificationId: created.id,
            serialNumber: index + 1,
            sourceKey: `D:${row.id}`,
            documentNumber: row.documentNumber,
            documentDate: row.documentDate,
            documentType: row.documentType,
            returnPeriod: row.returnPeriod,
            taxable: row.taxable,
            tax: row.tax,
            actionRequired: ask.action,
            gstr2aReason: ask.reason,
          };
        }),
      );
      await tx.insert(notificationEvents).values({
        subscriberId: principal.subscriberId,
        notificationId: created.id,
        action: 'Created',
        toStatus: 'YetNotSent',
        note: `${grouped.length} sales documents`,
        userId: principal.userId,
      });
      await writeAudit(tx, principal, {
        entityType: 'Notification',
        entityKey: created.id,
        entityName: `${created.counterpartyGstin} / ${created.gstin}`,
        action: 'Create',
        after: { ...created, documents: grouped.length },
        ip,
      });
      ids.push(created.id);
    }
    return ids;
  });
