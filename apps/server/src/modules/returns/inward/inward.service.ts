// Inward data from the portal: a GSTIN's GSTR-2A or GSTR-2B for a period, downloaded through the GstPortal adapter,
// read with the domain's parseGstr2a / parseGstr2b, and stored in portal_documents, replacing the previous download of
// the same GSTIN, source and period in one transaction. Each download is a Sync data activity, and that record (not
// the stored rows, of which a download of none leaves none) says when each source was last downloaded and how it went.
import type { DataActivity, InwardCount, InwardDocument, InwardDownload, InwardSearchResponse, InwardSource } from '@opengst/contracts';
import { parseGstr2a, parseGstr2b, periodLabel } from '@opengst/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../db/database';
import { portalDocuments } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { PortalError, type PortalSessionState } from '../../../portal/gst-portal';
import { NO_DOCUMENTS_CODES, NOT_GENERATED_CODES } from '../../../portal/portal-codes';
import { lastActivity, searchActivities, startActivity, updateActivity } from '../../data-activities';
import { activePortalSession, portalFailure } from '../portal/portal-session.service';
import type { ReturnTarget } from '../returns.repo';
import { lastWithData, outcomeOf, SOURCE_LABEL, storeInward, type InwardRead, type InwardTarget } from './inward-store.repo';

/**
 * A download that failed: the error in words (recorded on the download and answered), the download's final status,
 * and whether trying again may help (the portal unreachable, slow, or answering an error page).
 */
export class InwardFailure extends Error {
  constructor(
    readonly error: AppError,
    readonly status: 'Unprocessable' | 'Unhandled',
    readonly isTransient: boolean,
  ) {
    super(error.message);
    this.name = 'InwardFailure';
  }
}

/**
 * Portal failures worth another attempt: the adapter's transport codes (http-gst-portal.ts), the portal's own server
 * errors and throttling, and "file generation is in progress" (RTN_24) of a large answer still being prepared.
 */
const TRANSIENT_PORTAL_CODES = new Set(['TIMEOUT', 'NETWORK', 'BAD_ANSWER', 'SYS500', 'RTN_24']);

export const isTransientPortalError = (error: unknown): boolean =>
  error instanceof PortalError &&
  (TRANSIENT_PORTAL_CODES.has(error.portalCode) || (error.httpStatus ?? 0) >= 500 || error.httpStatus === 429);

/** What a download of a GSTIN without a portal session says. */
export const noSessionError = (gstin: string): AppError =>
  new AppError('RET0008', {
    message: `Sign in to the GST portal for GSTIN ${gstin}: it has no active portal session (request the OTP on the Regular overview screen).`,
  });

/** Downloads one source of one period with the GSTIN's session and reads it with the domain's reader; throws InwardFailure. */
export const fetchPortalInward = async (
  ctx: AppContext,
  session: PortalSessionState,
  target: InwardTarget,
  source: InwardSource,
  returnPeriod: string,
): Promise<InwardRead> => {
  let json: unknown;
  try {
    json = await ctx.gstPortal.download(session, source, returnPeriod);
  } catch (error) {
    // The portal no longer knows the session (it ended early, or another sign-in replaced it): sign in again.
    if (error instanceof PortalError && error.portalCode === 'AUTH4033')
      throw new InwardFailure(noSessionError(target.gstin), 'Unprocessable', false);
    // The portal has no document for the period (a generated GSTR-2B holding nothing): a download of none, which
    // replaces what an earlier download stored. The adapter reads a section's "no documents" as an empty section.
    if (error instanceof PortalError && NO_DOCUMENTS_CODES.has(error.portalCode)) return { records: [], warnings: [] };
    // Not generated yet (asked before the 14th of the next month): a normal answer, the code closing the message.
    if (error instanceof PortalError && NOT_GENERATED_CODES.includes(error.portalCode))
      throw new InwardFailure(
        new AppError('RET0012', {
          message: `${SOURCE_LABEL[source]} of ${periodLabel(returnPeriod)} is not generated yet. The GST portal answered: ${error.message} (${error.portalCode})`,
        }),
        'Unprocessable',
        false,
      );
    const failure = portalFailure(error);
    if (!failure) console.error(`[inward ${target.gstin} ${source} ${returnPeriod}]`, error);
    throw new InwardFailure(
      failure ?? new AppError('RET0012', { message: 'The GST portal could not be reached because of an unexpected error.' }),
      failure ? 'Unprocessable' : 'Unhandled',
      isTransientPortalError(error),
    );
  }
  const read = source === 'GSTR2A' ? parseGstr2a(json) : parseGstr2b(json);
  if (!read.ok) {
    const first = read.errors[0];
    throw new InwardFailure(
      new AppError('RET0014', {
        message: `The portal's ${source} could not be read: ${first ? `${first.path}: ${first.message}` : 'unknown shape'}.`,
      }),
      'Unprocessable',
      false,
    );
  }
  return read;
};

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
  try {
    const read = await fetchPortalInward(ctx, session, target, source, returnPeriod);
    await storeInward(db, principal, target, { source, returnPeriod }, activityId, read, { status: 'Completed', now: ctx.now(), ip });
  } catch (error) {
    const failure =
      error instanceof InwardFailure
        ? error
        : new InwardFailure(
            new AppError('GEN0005', { message: 'The download could not be stored because of an unexpected error.' }),
            'Unhandled',
            false,
          );
    if (!(error instanceof InwardFailure)) console.error(`[inward ${target.gstin} ${source} ${returnPeriod}]`, error);
    await updateActivity(db, activityId, ctx.now(), { status: failure.status, message: failure.error.message });
    throw failure.error;
  }
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
    outcome: outcomeOf(a.status, a.message),
    startedAt: a.createdAt,
    completedAt: a.completedAt,
    documentCount: a.documentCount,
    userName: a.userName,
    message: a.message,
  };

/**
 * The last download and the last one that brought data (completed, or an upload) of each source for a location and
 * period (access checked by the caller).
 */
export const inwardDownloads = async (db: DbOrTx, subscriberId: number, entityId: number, returnPeriod: string): Promise<InwardCount[]> =>
  Promise.all(
    INWARD_SOURCES.map(async (source): Promise<InwardCount> => {
      const key = { subscriberId, entityId, kind: 'Sync', action: source, returnPeriod } as const;
      const last = downloadOf(await lastActivity(db, key));
      const completed = await lastWithData(db, { subscriberId, entityId, source, returnPeriod });
      return {
        source,
        documents: completed?.documentCount ?? 0,
        syncedAt: completed?.completedAt ?? null,
        lastDownload: last,
        lastCompleted: completed,
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
  const completed = await lastWithData(db, {
    subscriberId: principal.subscriberId,
    entityId: request.entityId,
    source: request.source,
    returnPeriod: request.returnPeriod,
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
      listing: r.listing,
    })),
  };
};
