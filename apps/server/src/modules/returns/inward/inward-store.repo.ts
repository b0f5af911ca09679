// The stored side of inward data: the records of one GSTIN, source and period replace the previous ones in one
// transaction, with the download record closed and the audit row written there too, whichever way the data came (a
// download on request, a scheduled one, or the portal's JSON uploaded through /import). And how a download record
// reads: its method (manual, scheduled, upload) and outcome (pending, running, downloaded, not generated, failed).
import { type InwardDownload, type InwardMethod, type InwardOutcome, type InwardSource, type ProcessingStatus } from '@opengst/contracts';
import { periodLabel, type InwardRecord, type ReadIssue } from '@opengst/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database';
import { auditTrail, dataActivities, portalDocuments, users } from '../../../db/schema';
import { writeAudit } from '../../../platform/audit';
import { NOT_GENERATED_CODES } from '../../../portal/portal-codes';
import { updateActivity } from '../../data-activities';

const WRITE_BATCH = 2000;
export const SOURCE_LABEL: Record<InwardSource, string> = { GSTR2A: 'GSTR-2A', GSTR2B: 'GSTR-2B' };

/** Who stored the data: a user, or the subscriber's schedule (no user). */
export type InwardActor = { subscriberId: number; userId: number | null };
export type InwardTarget = { entityId: number; gstin: string };
export type InwardKey = { source: InwardSource; returnPeriod: string };
/** What the domain's reader answered for a file or download that could be read. */
export type InwardRead = { records: readonly InwardRecord[]; warnings: readonly ReadIssue[] };

/**
 * An uploaded file's download record ends Manual (spec core §4 "Processing status"): the data came by hand, as the
 * JSON the user downloaded from the portal, not through the portal's API. Manual and Completed both hold data.
 */
export const HOLDS_DATA: readonly ProcessingStatus[] = ['Completed', 'Manual'];

/**
 * A GSTR-2B not generated yet (portal-codes.ts) is a normal answer, recorded with the refusals (its record ends
 * Unprocessable, the schedule downloads the period again later) and told apart by its code, which ends the message in
 * brackets (fetchPortalInward).
 */
export const isNotGeneratedMessage = (message: string | null): boolean =>
  message !== null && NOT_GENERATED_CODES.some((code) => message.endsWith(`(${code})`));

export const outcomeOf = (status: ProcessingStatus, message: string | null): InwardOutcome => {
  switch (status) {
    case 'Initialized':
      return 'Pending';
    case 'InProcess':
    case 'Attempted':
      return 'Running';
    case 'Completed':
    case 'Manual':
      return 'Downloaded';
    case 'Unprocessable':
    case 'Unhandled':
    case 'MaxAttemptReached':
      return isNotGeneratedMessage(message) ? 'NotGenerated' : 'Failed';
    default:
      return assertNever(status);
  }
};

const assertNever = (value: never): never => {
  throw new Error(`unexpected processing status ${String(value)}`);
};

/** An upload ends Manual; a download with no user was queued by the schedule. */
export const methodOf = (status: ProcessingStatus, userId: number | null): InwardMethod =>
  status === 'Manual' ? 'Upload' : userId === null ? 'Scheduled' : 'Manual';

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
  // A 2A lists every document as the supplier reported it; a 2B also says which the recipient rejected in IMS.
  listing: r.source === 'GSTR-2B' ? r.listing : null,
});

/** The audit row of a change made by a user, or by the schedule (no user: the system did it, as dormancy.jobs.ts writes). */
export const auditAs = async (tx: DbOrTx, actor: InwardActor, entry: Parameters<typeof writeAudit>[2]): Promise<void> => {
  if (actor.userId !== null) {
    await writeAudit(tx, { subscriberId: actor.subscriberId, userId: actor.userId }, entry);
    return;
  }
  await tx.insert(auditTrail).values({
    subscriberId: actor.subscriberId,
    userId: null,
    entityType: entry.entityType,
    entityKey: String(entry.entityKey),
    entityName: entry.entityName ?? null,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
  });
};

/**
 * Replaces the GSTIN's documents of the source and period with the records read, closes the download record (Completed,
 * or Manual for an upload) and writes the audit row, in one transaction. A download of none (the portal has no document
 * for the period) leaves none, and its record says so. Never call it with a portal call pending: on PGlite the
 * transaction holds the only connection.
 */
export const storeInward = async (
  db: DbOrTx,
  actor: InwardActor,
  target: InwardTarget,
  key: InwardKey,
  activityId: number,
  read: InwardRead,
  options: { status: 'Completed' | 'Manual'; now: Date; ip?: string | undefined; about?: Record<string, unknown> },
): Promise<void> => {
  const { source, returnPeriod } = key;
  await db.transaction(async (tx) => {
    await tx
      .delete(portalDocuments)
      .where(
        and(
          eq(portalDocuments.subscriberId, actor.subscriberId),
          eq(portalDocuments.entityId, target.entityId),
          eq(portalDocuments.source, source),
          eq(portalDocuments.returnPeriod, returnPeriod),
        ),
      );
    for (let i = 0; i < read.records.length; i += WRITE_BATCH) {
      await tx.insert(portalDocuments).values(
        read.records.slice(i, i + WRITE_BATCH).map((r) => ({
          ...rowOf(r),
          subscriberId: actor.subscriberId,
          entityId: target.entityId,
          gstin: target.gstin,
          source,
          returnPeriod,
          dataActivityId: activityId,
          syncedAt: options.now,
        })),
      );
    }
    await updateActivity(tx, activityId, options.now, {
      status: options.status,
      documentCount: read.records.length,
      message:
        read.warnings.length > 0
          ? `${read.warnings.length} warning(s) while reading.`
          : options.status === 'Completed' && read.records.length === 0
            ? `The GST portal has no ${SOURCE_LABEL[source]} documents of ${periodLabel(returnPeriod)} for this GSTIN.`
            : null,
    });
    await auditAs(tx, actor, {
      entityType: 'PortalDocuments',
      entityKey: `${target.entityId}/${source}/${returnPeriod}`,
      entityName: target.gstin,
      action: 'Import',
      after: { source, returnPeriod, documents: read.records.length, ...options.about },
      ...(options.ip ? { ip: options.ip } : {}),
    });
  });
};

/** The last download of the source and period that brought data (completed, or uploaded); null when none did. */
export const lastWithData = async (
  db: DbOrTx,
  key: { subscriberId: number; entityId: number } & InwardKey,
): Promise<InwardDownload | null> => {
  const [row] = await db
    .select({ a: dataActivities, userName: users.displayName })
    .from(dataActivities)
    .leftJoin(users, eq(users.id, dataActivities.userId))
    .where(
      and(
        eq(dataActivities.subscriberId, key.subscriberId),
        eq(dataActivities.kind, 'Sync'),
        eq(dataActivities.entityId, key.entityId),
        eq(dataActivities.action, key.source),
        eq(dataActivities.returnPeriod, key.returnPeriod),
        inArray(dataActivities.status, [...HOLDS_DATA]),
      ),
    )
    .orderBy(desc(dataActivities.id))
    .limit(1);
  return row
    ? {
        activityId: row.a.id,
        status: row.a.status,
        outcome: outcomeOf(row.a.status, row.a.message),
        startedAt: row.a.createdAt.toISOString(),
        completedAt: row.a.completedAt?.toISOString() ?? null,
        documentCount: row.a.documentCount,
        userName: row.userName ?? null,
        message: row.a.message,
      }
    : null;
};
