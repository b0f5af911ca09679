// Inward data from the portal: a GSTIN's GSTR-2A or GSTR-2B for a period, downloaded through the GstPortal adapter,
// read with the domain's parseGstr2a / parseGstr2b, and stored in portal_documents, replacing the previous download of
// the same GSTIN, source and period in one transaction. Each download is a Sync data activity, and that record (not
// the stored rows, of which a download of none leaves none) says when each source was last downloaded and how it went.
import type { DataActivity, InwardCount, InwardDocument, InwardDownload, InwardSearchResponse, InwardSource } from '@opengst/contracts';
import { parseGstr2a, parseGstr2b, type InwardRecord } from '@opengst/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../db/database';
import { portalDocuments } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { lastActivity, searchActivities, startActivity, updateActivity } from '../../data-activities';
import { activePortalSession, portalFailure } from '../portal/portal-session.service';
import type { ReturnTarget } from '../returns.repo';

const WRITE_BATCH = 2000;

const rowOf = (r: InwardRecord) => ({
  section: r.section,
  supplierGstin: r.supplierGstin,
  supplierName: r.supplierName ?? null,
  documentType: r.documentType,
  documentNumber: r.documentNumber,
  documentDate: r.documentDate,
  placeOfSupply: r.placeOfSupply ?? null,
  isReverseCharge: r.isReverseCharge ?? false,
  taxable: r.taxable,
  igst: r.igst,
  cgst: r.cgst,
  sgst: r.sgst,
  cess: r.cess,
  documentValue: r.invoiceValue,
  supplierFiled: r.supplierFiledGstr1,
  supplierFilingDate: r.supplierFilingDate,
  itcAvailability: r.itcAvailability,
});

/** Downloads and stores one source for one period; answers the Sync activity it recorded. */
export const downloadInward = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  target: ReturnTarget,
  returnPeriod: string,
  source: InwardSource,
  ip: string,
): Promise<DataActivity> => {
  const { db } = ctx.database;
  const session = await activePortalSession(ctx, target.entityId, target.gstin);
  const activityId = await startActivity(db, {
    subscriberId: principal.subscriberId,
    entityId: target.entityId,
    gstin: target.gstin,
    kind: 'Sync',
    action: source,
    returnType: source,
    returnPeriod,
    status: 'InProcess',
    userId: principal.userId,
  });
  const fail = async (status: 'Unprocessable' | 'Unhandled', error: AppError): Promise<never> => {
    await updateActivity(db, activityId, ctx.now(), { status, message: error.message });
    throw error;
  };
  let json: unknown;
  try {
    json = await ctx.gstPortal.download(session, source, returnPeriod);
  } catch (error) {
    const failure = portalFailure(error);
    if (!failure) console.error(`[inward ${target.gstin} ${source} ${returnPeriod}]`, error);
    return fail(
      failure ? 'Unprocessable' : 'Unhandled',
      failure ?? new AppError('RET0012', { message: 'The GST portal could not be reached because of an unexpected error.' }),
    );
  }
  const read = source === 'GSTR2A' ? parseGstr2a(json) : parseGstr2b(json);
  if (!read.ok) {
    const first = read.errors[0];
    return fail(
      'Unprocessable',
      new AppError('RET0014', {
        message: `The portal's ${source} could not be read: ${first ? `${first.path}: ${first.message}` : 'unknown shape'}.`,
      }),
    );
  }
  const syncedAt = ctx.now();
  await db.transaction(async (tx) => {
    await tx
      .delete(portalDocuments)
      .where(
        and(
          eq(portalDocuments.subscriberId, principal.subscriberId),
          eq(portalDocuments.entityId, target.entityId),
          eq(portalDocuments.source, source),
          eq(portalDocuments.returnPeriod, returnPeriod),
        ),
      );
    for (let i = 0; i < read.records.length; i += WRITE_BATCH) {
      await tx.insert(portalDocuments).values(
        read.records.slice(i, i + WRITE_BATCH).map((r) => ({
          ...rowOf(r),
          subscriberId: principal.subscriberId,
          entityId: target.entityId,
          gstin: target.gstin,
          source,
          returnPeriod,
          dataActivityId: activityId,
          syncedAt,
        })),
      );
    }
    await updateActivity(tx, activityId, ctx.now(), {
      status: 'Completed',
      documentCount: read.records.length,
      message: read.warnings.length > 0 ? `${read.warnings.length} warning(s) while reading.` : null,
    });
    await writeAudit(tx, principal, {
      entityType: 'PortalDocuments',
      entityKey: `${target.entityId}/${source}/${returnPeriod}`,
      entityName: target.gstin,
      action: 'Import',
      after: { source, returnPeriod, documents: read.records.length },
      ip,
    });
  });
  const { items } = await searchActivities(db, principal, {
    kind: 'Sync',
    entityIds: [target.entityId],
    returnPeriods: [returnPeriod],
    size: 1,
  });
  const activity = items.find((a) => a.id === activityId);
  if (!activity) throw new AppError('GEN0003');
  return activity;
};

const INWARD_SOURCES = ['GSTR2A', 'GSTR2B'] as const satisfies readonly InwardSource[];

const downloadOf = (a: DataActivity | null): InwardDownload | null =>
  a && {
    activityId: a.id,
    status: a.status,
    startedAt: a.createdAt,
    completedAt: a.completedAt,
    documentCount: a.documentCount,
    userName: a.userName,
    message: a.message,
  };

/** The last download and the last completed one of each source for a location and period (access checked by the caller). */
export const inwardDownloads = async (db: DbOrTx, subscriberId: number, entityId: number, returnPeriod: string): Promise<InwardCount[]> =>
  Promise.all(
    INWARD_SOURCES.map(async (source): Promise<InwardCount> => {
      const key = { subscriberId, entityId, kind: 'Sync', action: source, returnPeriod } as const;
      const last = await lastActivity(db, key);
      const completed = last?.status === 'Completed' ? last : await lastActivity(db, { ...key, status: 'Completed' });
      return {
        source,
        documents: completed?.documentCount ?? 0,
        syncedAt: completed?.completedAt ?? null,
        lastDownload: downloadOf(last),
        lastCompleted: downloadOf(completed),
      };
    }),
  );

export const searchInward = async (
  db: DbOrTx,
  principal: SessionPrincipal,
  request: { entityId: number; returnPeriod: string; source: InwardSource; start?: number; size?: number | null },
): Promise<InwardSearchResponse> => {
  const where = and(
    eq(portalDocuments.subscriberId, principal.subscriberId),
    eq(portalDocuments.entityId, request.entityId),
    eq(portalDocuments.source, request.source),
    eq(portalDocuments.returnPeriod, request.returnPeriod),
  );
  const [total] = await db.select({ n: count() }).from(portalDocuments).where(where);
  const completed = await lastActivity(db, {
    subscriberId: principal.subscriberId,
    entityId: request.entityId,
    kind: 'Sync',
    action: request.source,
    returnPeriod: request.returnPeriod,
    status: 'Completed',
  });
  const rows = await db
    .select()
    .from(portalDocuments)
    .where(where)
    .orderBy(asc(portalDocuments.id))
    .offset(request.start ?? 0)
    .limit(request.size ?? 50);
  return {
    totalRecords: Number(total?.n ?? 0),
    syncedAt: completed?.completedAt ?? null,
    items: rows.map((r): InwardDocument => ({
      id: r.id,
      section: r.section,
      supplierGstin: r.supplierGstin,
      supplierName: r.supplierName,
      documentType: r.documentType,
      documentNumber: r.documentNumber,
      documentDate: r.documentDate,
      placeOfSupply: r.placeOfSupply,
      isReverseCharge: r.isReverseCharge,
      taxable: r.taxable,
      igst: r.igst,
      cgst: r.cgst,
      sgst: r.sgst,
      cess: r.cess,
      documentValue: r.documentValue,
      supplierFiled: r.supplierFiled,
      supplierFilingDate: r.supplierFilingDate,
      itcAvailability: r.itcAvailability,
    })),
  };
};
