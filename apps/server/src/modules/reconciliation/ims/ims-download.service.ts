// IMS records in: for each GSTIN, the records in its IMS now (GETINV, every section) through the GST portal adapter,
// read with the domain's parseIms and stored in portal_documents as source IMS (replacing the previous download of
// that GSTIN), each record with the JSON the portal answered, which an action later quotes back. Each download is a
// Sync data activity (action IMS), whose record says how it went.
import type { DataActivity } from '@opengst/contracts';
import { parseIms, returnPeriodOf, type ImsRecord, istDateOf } from '@opengst/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { entities, portalDocuments } from '../../../db/schema';
import { writeAudit } from '../../../platform/audit';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import type { AppContext } from '../../../platform/context';
import { assertEntityAccess } from '../../../platform/entity-access';
import { AppError } from '../../../platform/errors';
import { lastActivity, startActivity, updateActivity } from '../../data-activities';
import { activePortalSession, portalFailure } from '../../returns';

const WRITE_BATCH = 2000;

/** The record at a reader's JSON path ("$.b2b[3]", "$.data.b2bcn[0]"). */
export const recordAt = (json: unknown, path: string): Record<string, unknown> | null => {
  let at: unknown = json;
  for (const [, key, index] of path.matchAll(/\.(\w+)|\[(\d+)\]/g)) {
    if (at === null || typeof at !== 'object') return null;
    at = key !== undefined ? (at as Record<string, unknown>)[key] : (at as unknown[])[Number(index)];
  }
  return at !== null && typeof at === 'object' && !Array.isArray(at) ? (at as Record<string, unknown>) : null;
};

const rowOf = (r: ImsRecord, json: unknown) => ({
  section: r.section,
  supplierGstin: r.supplierGstin ?? '',
  supplierName: r.supplierName,
  documentType: r.documentType,
  documentNumber: r.documentNumber,
  documentDate: r.documentDate,
  returnPeriod: r.supplierPeriod ?? returnPeriodOf(r.documentDate),
  placeOfSupply: r.placeOfSupply,
  taxable: r.taxable,
  igst: r.igst,
  cgst: r.cgst,
  sgst: r.sgst,
  cess: r.cess,
  documentValue: r.invoiceValue ?? r.taxable + r.igst + r.cgst + r.sgst + r.cess,
  supplierFiled: r.supplierFilingStatus === null ? null : r.supplierFilingStatus === 'Filed',
  imsAction: r.imsAction,
  imsPendingBlocked: r.isPendingActionBlocked,
  originalDocumentNumber: r.originalDocumentNumber,
  originalDocumentDate: r.originalDocumentDate,
  record: recordAt(json, r.path),
});

/** Downloads one GSTIN's IMS; answers its download record. A portal refusal is recorded, then thrown. */
const downloadOne = async (ctx: AppContext, principal: SessionPrincipal, entity: { id: number; gstin: string }): Promise<DataActivity> => {
  const { db } = ctx.database;
  const period = returnPeriodOf(istDateOf(ctx.now()));
  const activityId = await startActivity(db, {
    subscriberId: principal.subscriberId,
    entityId: entity.id,
    gstin: entity.gstin,
    kind: 'Sync',
    action: 'IMS',
    returnType: 'IMS',
    returnPeriod: period,
    status: 'InProcess',
    userId: principal.userId,
  });
  const fail = async (error: AppError): Promise<never> => {
    await updateActivity(db, activityId, ctx.now(), { status: 'Unprocessable', message: error.message });
    throw error;
  };
  // Without a portal session the download is recorded as failed, with what to do, like any other refusal.
  const session = await activePortalSession(ctx, entity.id, entity.gstin).catch((error: unknown) =>
    error instanceof AppError ? fail(error) : Promise.reject(error),
  );
  let json: unknown;
  try {
    json = await ctx.gstPortal.imsInvoices(session);
  } catch (error) {
    const failure = portalFailure(error);
    if (!failure) console.error(`[ims ${entity.gstin}]`, error);
    return fail(failure ?? new AppError('RET0012', { message: 'The GST portal could not be reached because of an unexpected error.' }));
  }
  const read = parseIms(json);
  if (!read.ok) {
    const first = read.errors[0];
    return fail(
      new AppError('RET0014', {
        message: `The portal's IMS records could not be read: ${first ? `${first.path}: ${first.message}` : 'unknown shape'}.`,
      }),
    );
  }
  // Imports of goods have no supplier GSTIN to reconcile against the purchase register: stored, not reconciled.
  const records = read.records;
  const syncedAt = ctx.now();
  await db.transaction(async (tx) => {
    await tx
      .delete(portalDocuments)
      .where(
        and(
          eq(portalDocuments.subscriberId, principal.subscriberId),
          eq(portalDocuments.entityId, entity.id),
          eq(portalDocuments.source, 'IMS'),
        ),
      );
    for (let i = 0; i < records.length; i += WRITE_BATCH) {
      await tx.insert(portalDocuments).values(
        records.slice(i, i + WRITE_BATCH).map((r) => ({
          ...rowOf(r, json),
          subscriberId: principal.subscriberId,
          entityId: entity.id,
          gstin: entity.gstin,
          source: 'IMS' as const,
          dataActivityId: activityId,
          syncedAt,
        })),
      );
    }
    await updateActivity(tx, activityId, ctx.now(), {
      status: 'Completed',
      documentCount: records.length,
      message: read.warnings.length > 0 ? `${read.warnings.length} warning(s) while reading.` : null,
    });
    await writeAudit(tx, principal, {
      entityType: 'PortalDocuments',
      entityKey: `${entity.id}/IMS`,
      entityName: `IMS ${entity.gstin}`,
      action: 'Import',
      after: { records: records.length },
    });
  });
  const activity = await lastActivity(db, {
    subscriberId: principal.subscriberId,
    entityId: entity.id,
    kind: 'Sync',
    action: 'IMS',
    returnPeriod: period,
  });
  if (!activity) throw new AppError('GEN0003');
  return activity;
};

/** Downloads the IMS of each GSTIN in turn; a GSTIN that fails is answered with its failed record, the others go on. */
export const downloadIms = async (ctx: AppContext, principal: SessionPrincipal, entityIds: readonly number[]): Promise<DataActivity[]> => {
  const { db } = ctx.database;
  await assertEntityAccess(db, principal, entityIds);
  const located = await db
    .select({ id: entities.id, gstin: entities.gstin })
    .from(entities)
    .where(
      and(eq(entities.subscriberId, principal.subscriberId), inArray(entities.id, [...entityIds]), ne(entities.entityType, 'Business')),
    );
  if (located.some((e) => !e.gstin) || located.length !== new Set(entityIds).size)
    throw new AppError('REC0008', { propertyName: 'entityIds' });
  const out: DataActivity[] = [];
  const period = returnPeriodOf(istDateOf(ctx.now()));
  for (const entity of located) {
    try {
      out.push(await downloadOne(ctx, principal, { id: entity.id, gstin: entity.gstin! }));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (located.length === 1) throw error;
      const failed = await lastActivity(db, {
        subscriberId: principal.subscriberId,
        entityId: entity.id,
        kind: 'Sync',
        action: 'IMS',
        returnPeriod: period,
      });
      if (failed) out.push(failed);
      else throw error;
    }
  }
  return out;
};
