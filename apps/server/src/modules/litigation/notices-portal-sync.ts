// The notice register's sync from the GST portal (issue 23): for one GSTIN the user may reach, the notices and orders
// the portal shows it (View Additional Notices and Orders, read through the GSTIN's active portal session as the other
// downloads are) are written into the register with source 'Portal'. A notice already there (same location, form and
// reference: the register's unique key) is updated only in the fields the portal owns (dates, section, years,
// subject, officer, demand); its stage, timeline, assignee, consultants, tags, contingent assessment and documents are
// the user's and are never touched. Each notice added or changed gets a timeline event and an audit row; the sync
// itself is a Sync data activity (action Notices) with its outcome, listed on /data-activities. A notice the sync adds
// gets the portal's PDF as its document of kind Notice (stored_files, under the data directory), tied to its Created
// event; the PDFs are fetched before the transaction, as every portal call is made outside one.
// Only when the subscriber's litigationSync setting is on (Settings > Modules, which also shows the dashboard).
import type { NoticePortalSyncResult } from '@opengst/contracts';
import { noticeFormInfo, replyDueDate, returnPeriodOf, istDateOf } from '@opengst/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { Readable } from 'node:stream';
import type { DbOrTx } from '../../db/database';
import { entities, noticeDocuments, noticeEvents, notices } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { assertEntityAccess } from '../../platform/entity-access';
import { AppError } from '../../platform/errors';
import { insertStoredFile, storeDocumentStream } from '../../platform/file-store';
import { loadSubscriberSettings } from '../../platform/settings/subscriber-settings';
import type { PortalNotice } from '../../portal';
import { startActivity, updateActivity } from '../data-activities';
import { consultantOfUser } from '../masters';
import { activePortalSession, portalFailure } from '../returns';

/** The columns the portal owns: what a sync may write over. */
type PortalFields = Pick<
  typeof notices.$inferInsert,
  | 'form'
  | 'noticeType'
  | 'referenceNumber'
  | 'issuedOn'
  | 'statedDueOn'
  | 'dueOn'
  | 'dueBasis'
  | 'financialYears'
  | 'section'
  | 'subject'
  | 'officerName'
  | 'officerDesignation'
  | 'jurisdiction'
  | 'taxIgst'
  | 'taxCgst'
  | 'taxSgst'
  | 'taxCess'
  | 'interest'
  | 'penalty'
>;
const COMPARED = [
  'noticeType',
  'issuedOn',
  'statedDueOn',
  'dueOn',
  'dueBasis',
  'financialYears',
  'section',
  'subject',
  'officerName',
  'officerDesignation',
  'jurisdiction',
  'taxIgst',
  'taxCgst',
  'taxSgst',
  'taxCess',
  'interest',
  'penalty',
] as const satisfies readonly (keyof PortalFields)[];

/**
 * The register's values of a portal notice. A form the register does not know is kept as OTHER (the portal's form
 * named in the subject). The due date is the one the notice states, else the form's statutory window (replyDueDate).
 */
export const portalFieldsOf = (n: PortalNotice): PortalFields => {
  const info = noticeFormInfo(n.form);
  const form = info ? n.form : 'OTHER';
  const due = replyDueDate({ form, issuedOn: n.issuedOn, statedDueOn: n.dueOn });
  return {
    form,
    noticeType: (info ?? noticeFormInfo('OTHER'))?.type ?? 'Notice',
    referenceNumber: n.referenceNumber,
    issuedOn: n.issuedOn,
    statedDueOn: n.dueOn,
    dueOn: due.dueOn,
    dueBasis: due.source === 'notice' ? 'notice' : due.source === 'rule' ? due.rule : null,
    // The register keeps years as 2023-24 (as a notice saved or imported): a portal's 'FY 2023-24' is read as that.
    financialYears: [...new Set(n.financialYears.map((y) => y.replace(/^FY\s*/i, '')).filter((y) => /^\d{4}-\d{2}$/.test(y)))].sort(),
    section: n.section.slice(0, 100),
    subject: (info ? n.subject : `${n.form}${n.subject ? `: ${n.subject}` : ''}`).slice(0, 1000),
    officerName: n.officerName.slice(0, 200),
    officerDesignation: n.officerDesignation.slice(0, 200),
    jurisdiction: n.jurisdiction.slice(0, 200),
    taxIgst: n.tax.igst,
    taxCgst: n.tax.cgst,
    taxSgst: n.tax.sgst,
    taxCess: n.tax.cess,
    interest: n.interest,
    penalty: n.penalty,
  };
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const refuseWhenOff = async (db: DbOrTx, subscriberId: number): Promise<void> => {
  const settings = await loadSubscriberSettings(db, subscriberId);
  if (!settings.litigationSync)
    throw new AppError('GEN0002', {
      message:
        "Syncing notices from the GST portal is turned off for your organisation: an administrator turns on 'Sync litigation notices' in Settings > Modules.",
    });
};

/** The location: the caller's subscriber's, not deleted, with a GSTIN (RET0001 otherwise). */
const locationOf = async (db: DbOrTx, subscriberId: number, entityId: number): Promise<string> => {
  const [row] = await db
    .select({ gstin: entities.gstin, entityType: entities.entityType })
    .from(entities)
    .where(and(eq(entities.id, entityId), eq(entities.subscriberId, subscriberId), ne(entities.status, 'Delete')));
  if (!row) throw new AppError('GEN0003');
  if (!row.gstin || row.entityType === 'Business') throw new AppError('RET0001');
  return row.gstin;
};

type Counts = { created: number; updated: number; unchanged: number };
/** A notice's PDF as stored under the data directory, by the portal's reference number. */
type StoredPdf = Awaited<ReturnType<typeof storeDocumentStream>> & { fileName: string };

/** Writes the portal's notices of one location in one transaction; answers what it did. */
const writeNotices = async (
  tx: DbOrTx,
  who: SessionPrincipal,
  entityId: number,
  received: readonly PortalNotice[],
  pdfs: ReadonlyMap<string, StoredPdf>,
  ip: string,
): Promise<Counts> => {
  const counts: Counts = { created: 0, updated: 0, unchanged: 0 };
  for (const notice of received) {
    const values = portalFieldsOf(notice);
    const [existing] = await tx
      .select()
      .from(notices)
      .where(
        and(
          eq(notices.subscriberId, who.subscriberId),
          eq(notices.entityId, entityId),
          eq(notices.form, values.form),
          eq(notices.referenceNumber, values.referenceNumber),
        ),
      );
    const name = `${values.form} ${values.referenceNumber}`;
    if (existing) {
      const changed = COMPARED.filter((k) => !same(existing[k], values[k]));
      if (changed.length === 0) {
        counts.unchanged += 1;
        continue;
      }
      await tx
        .update(notices)
        .set({ ...values, updatedBy: who.userId, updatedAt: new Date() })
        .where(eq(notices.id, existing.id));
      await tx.insert(noticeEvents).values({
        subscriberId: who.subscriberId,
        noticeId: existing.id,
        action: 'Edited',
        note: `Updated from the GST portal: ${changed.join(', ')}`,
        userId: who.userId,
      });
      await writeAudit(tx, who, {
        entityType: 'Litigation',
        entityKey: existing.id,
        entityName: name,
        action: 'Update',
        before: Object.fromEntries(changed.map((k) => [k, existing[k]])),
        after: { ...Object.fromEntries(changed.map((k) => [k, values[k]])), source: 'Portal' },
        ip,
      });
      counts.updated += 1;
      continue;
    }
    const [created] = await tx
      .insert(notices)
      .values({ ...values, subscriberId: who.subscriberId, entityId, source: 'Portal', createdBy: who.userId, updatedBy: who.userId })
      .onConflictDoNothing()
      .returning({ id: notices.id, stage: notices.stage });
    // Written by a sync running at the same moment: it is there, as this one would have made it.
    if (!created) {
      counts.unchanged += 1;
      continue;
    }
    const [event] = await tx
      .insert(noticeEvents)
      .values({
        subscriberId: who.subscriberId,
        noticeId: created.id,
        action: 'Created',
        toStage: created.stage,
        eventDate: values.issuedOn,
        reference: notice.caseId,
        note: `From the GST portal${notice.caseId ? ` (case ${notice.caseId})` : ''}`,
        userId: who.userId,
      })
      .returning({ id: noticeEvents.id });
    const pdf = pdfs.get(notice.referenceNumber);
    if (pdf) {
      const file = await insertStoredFile(tx, who, { ...pdf, purpose: 'NoticeDocument' });
      await tx.insert(noticeDocuments).values({
        subscriberId: who.subscriberId,
        noticeId: created.id,
        fileId: file.id,
        kind: 'Notice',
        eventId: event?.id ?? null,
        note: 'From the GST portal',
        createdBy: who.userId,
      });
    }
    await writeAudit(tx, who, {
      entityType: 'Litigation',
      entityKey: created.id,
      entityName: name,
      action: 'Create',
      after: { ...values, source: 'Portal' },
      ip,
    });
    counts.created += 1;
  }
  return counts;
};

/** The PDFs of the notices the register does not hold yet, fetched from the portal and stored (not yet recorded). */
const fetchNewPdfs = async (
  ctx: AppContext,
  who: SessionPrincipal,
  entityId: number,
  session: Parameters<AppContext['gstPortal']['noticeDocument']>[0],
  received: readonly PortalNotice[],
): Promise<Map<string, StoredPdf>> => {
  const out = new Map<string, StoredPdf>();
  if (received.length === 0) return out;
  const held = await ctx.database.db
    .select({ form: notices.form, referenceNumber: notices.referenceNumber })
    .from(notices)
    .where(
      and(
        eq(notices.subscriberId, who.subscriberId),
        eq(notices.entityId, entityId),
        inArray(
          notices.referenceNumber,
          received.map((n) => n.referenceNumber),
        ),
      ),
    );
  const known = new Set(held.map((h) => `${h.form}|${h.referenceNumber}`));
  for (const notice of received) {
    if (known.has(`${portalFieldsOf(notice).form}|${notice.referenceNumber}`)) continue;
    const document = await ctx.gstPortal.noticeDocument(session, notice.referenceNumber);
    if (document.content.length === 0) continue;
    const stored = await storeDocumentStream(ctx.config.dataDir, who.subscriberId, Readable.from([document.content]));
    out.set(notice.referenceNumber, { ...stored, fileName: document.name || `${notice.form}_${notice.referenceNumber}.pdf` });
  }
  return out;
};

/** Syncs one GSTIN's notices from the portal into the register. */
export const syncNoticesFromPortal = async (
  ctx: AppContext,
  who: SessionPrincipal,
  entityId: number,
  ip: string,
): Promise<NoticePortalSyncResult> => {
  const { db } = ctx.database;
  await refuseWhenOff(db, who.subscriberId);
  // A consultant reaches only the notices assigned to it: the portal's list of a GSTIN is the organisation's to keep.
  if ((await consultantOfUser(db, who.subscriberId, who.userId)) !== null)
    throw new AppError('GEN0002', { message: 'A consultant cannot sync notices from the GST portal: the organisation’s users do.' });
  await assertEntityAccess(db, who, [entityId]);
  const gstin = await locationOf(db, who.subscriberId, entityId);
  const activityId = await startActivity(db, {
    subscriberId: who.subscriberId,
    entityId,
    gstin,
    kind: 'Sync',
    action: 'Notices',
    returnType: 'Notices',
    returnPeriod: returnPeriodOf(istDateOf(ctx.now())),
    status: 'InProcess',
    userId: who.userId,
  });
  const fail = async (error: AppError): Promise<never> => {
    await updateActivity(db, activityId, ctx.now(), { status: 'Unprocessable', message: error.message });
    throw error;
  };
  // Without a portal session the sync is recorded as failed, with what to do (RET0008), as the other downloads are.
  const session = await activePortalSession(ctx, entityId, gstin).catch((error: unknown) =>
    error instanceof AppError ? fail(error) : Promise.reject(error),
  );
  let received: PortalNotice[];
  try {
    received = await ctx.gstPortal.notices(session);
  } catch (error) {
    const failure = portalFailure(error);
    if (!failure) console.error(`[notices ${gstin}]`, error);
    return fail(failure ?? new AppError('RET0012', { message: 'The GST portal could not be reached because of an unexpected error.' }));
  }
  const pdfs = await fetchNewPdfs(ctx, who, entityId, session, received).catch((error: unknown) => {
    const failure = error instanceof AppError ? error : portalFailure(error);
    return failure ? fail(failure) : Promise.reject(error);
  });
  const counts = await db.transaction(async (tx) => {
    const written = await writeNotices(tx, who, entityId, received, pdfs, ip);
    await updateActivity(tx, activityId, ctx.now(), {
      status: 'Completed',
      documentCount: received.length,
      message: `${written.created} new, ${written.updated} updated, ${written.unchanged} unchanged`,
    });
    return written;
  });
  return { entityId, gstin, received: received.length, ...counts, activityId };
};
