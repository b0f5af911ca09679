// The public notification-reply use cases (issue 21, spec modules §2.8, §4, §5, §7): validate a mailed link into a
// public token, read the token's notification a page at a time, and take the counterparty's answer (per-document
// action and rectification date, remarks, attachments) in one transaction with its event and audit row.
import {
  PUBLIC_ENUMS,
  replyActionByCode,
  replyActionById,
  type EnumItem,
  type ErrorItem,
  type PublicEnumType,
  type ReplyDetailFilters,
  type ReplyDetailResponse,
  type ReplySourceType,
  type ReplyValidateResponse,
} from '@opengst/contracts';
import { istDateOf } from '@opengst/domain';
import { and, asc, count, eq, ilike, inArray, notInArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import {
  auditTrail,
  entities,
  notificationAttachments,
  notificationDocuments,
  notificationEvents,
  notificationReminders,
  notifications,
} from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError, validationError } from '../../platform/errors';
import { loadInstallationSettings } from '../../platform/settings/installation-settings';
import { markReplyLinkOpened, resolveReplyLink, resolveShortLink } from './notification-links';
import { replyUploadsAmong } from './public-files';
import { issueReplyToken, type ReplyPrincipal } from './public-token';

/** Spec §5: a rectification date lies between the settings' startDate and maxDate (today, India's date). */
const dateLimits = async (db: DbOrTx, now: Date) => ({
  startDate: (await loadInstallationSettings(db)).startDate,
  maxDate: istDateOf(now),
});

/** gst/notification/reply/validate: the link's notification and a short-lived token for it; 401 AUTH0016 otherwise. */
export const validateReplyLink = async (ctx: AppContext, request: string): Promise<ReplyValidateResponse> => {
  const { db } = ctx.database;
  const now = ctx.now();
  const link = await resolveReplyLink(db, request, now);
  if (!link.ok) throw new AppError('AUTH0016');
  await db.transaction((tx) => markReplyLinkOpened(tx, link, now));
  const authorizationToken = issueReplyToken(
    ctx.secretKey,
    { notificationId: link.notificationId, subscriberId: link.subscriberId, linkId: link.linkId },
    now,
  );
  return { id: link.notificationId, authorizationToken, sourceType: link.sourceType, ...(await dateLimits(db, now)) };
};

/** public/shortUrl: the full link of a live short code (the installation's public URL before it); 400 otherwise. */
export const originalUrlOf = async (ctx: AppContext, shortCode: string): Promise<{ originalUrl: string }> => {
  const resolved = await resolveShortLink(ctx.database.db, ctx.secretKey, shortCode, ctx.now());
  if (!resolved.ok) throw new AppError('GEN0001', { propertyName: 'ShortUrl', message: 'This short link is not valid or has expired.' });
  return { originalUrl: `${ctx.config.publicUrl.replace(/\/+$/, '')}${resolved.originalUrl}` };
};

/** The token's notification; another id (or a notification gone since) answers 404, as a foreign id does. */
const notificationOf = async (db: DbOrTx, who: ReplyPrincipal, id: number) => {
  if (id !== who.notificationId) throw new AppError('GEN0003');
  const [row] = await db
    .select({ notification: notifications, entityName: entities.entityName, legalName: entities.legalName })
    .from(notifications)
    .innerJoin(entities, eq(entities.id, notifications.entityId))
    .where(and(eq(notifications.id, id), eq(notifications.subscriberId, who.subscriberId)));
  if (!row) throw new AppError('GEN0003');
  return row;
};

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const documentWhere = (notificationId: number, filters: ReplyDetailFilters | undefined): SQL | undefined => {
  const f = filters ?? {};
  const d = notificationDocuments;
  return and(
    eq(d.notificationId, notificationId),
    f.documentNumber ? ilike(d.documentNumber, `%${escapeLike(f.documentNumber)}%`) : undefined,
    f.documentDate ? eq(d.documentDate, f.documentDate) : undefined,
    f.documentType ? eq(d.documentType, f.documentType) : undefined,
    f.actionRequired
      ? or(eq(d.actionRequired, f.actionRequired), eq(d.gstr2bActionRequired, f.actionRequired), eq(d.imsActionRequired, f.actionRequired))
      : undefined,
  );
};

/** gst/notification/reply/detail: the header, reminders, attachments and one page of the filtered documents. */
export const replyDetail = async (
  db: DbOrTx,
  who: ReplyPrincipal,
  request: { id: number; start: number; size: number; filters?: ReplyDetailFilters | undefined },
): Promise<ReplyDetailResponse> => {
  const { notification: n, entityName, legalName } = await notificationOf(db, who, request.id);
  const where = documentWhere(n.id, request.filters);
  const [rows, [total], reminders, attachments] = await Promise.all([
    db
      .select()
      .from(notificationDocuments)
      .where(where)
      .orderBy(asc(notificationDocuments.serialNumber))
      .offset(request.start)
      .limit(request.size),
    db.select({ value: count() }).from(notificationDocuments).where(where),
    db.select().from(notificationReminders).where(eq(notificationReminders.notificationId, n.id)).orderBy(asc(notificationReminders.id)),
    db
      .select()
      .from(notificationAttachments)
      .where(eq(notificationAttachments.notificationId, n.id))
      .orderBy(asc(notificationAttachments.id)),
  ]);
  return {
    id: n.id,
    entityId: n.entityId,
    sourceType: n.sourceType,
    senderName: legalName || entityName,
    senderGstin: n.gstin,
    receiverName: n.counterpartyName || n.counterpartyGstin,
    receiverRemarks: n.receiverRemarks ?? '',
    documents: rows.map((d) => ({
      id: d.id,
      serialNumber: d.serialNumber,
      documentNumber: d.documentNumber,
      documentDate: d.documentDate,
      documentType: d.documentType,
      actionRequired: d.actionRequired,
      gstr2bActionRequired: d.gstr2bActionRequired,
      imsActionRequired: d.imsActionRequired,
      gstr2aReason: d.gstr2aReason,
      gstr2bReason: d.gstr2bReason,
      imsReason: d.imsReason,
      imsAction: d.imsAction,
      actionTaken: d.actionTaken ? (replyActionByCode(d.actionTaken)?.id ?? 0) : 0,
      rectificationDate: d.rectificationDate,
    })),
    totalDocuments: total?.value ?? 0,
    reminders: reminders.map((r) => ({ id: r.id, financialYear: r.financialYear, returnPeriod: r.returnPeriod, returnType: r.returnType })),
    attachments: attachments.map((a) => ({
      name: a.name,
      referenceNumber: String(a.fileId),
      attachmentFrom: 'REPLY_FROM_RECEIVER' as const,
    })),
  };
};

export type ReplySubmission = {
  id: number;
  entityId: number;
  receiverRemarks: string;
  sourceType: ReplySourceType;
  attachments: { name: string; referenceNumber: string }[] | null;
  documents: { id: number; serialNumber: number; actionTaken: number; rectificationDate: string | null }[];
};

const fieldError = (propertyName: string, message: string): ErrorItem => ({ code: 'GEN0009', message, propertyName, type: 'Error' });

/**
 * gst/notification/reply: checks every row (spec §5 field errors Documents[i].ActionTaken / RectificationDate), then
 * stores the answers, the remarks and the attachments, moves the notification to ReplyReceived with an event, and
 * writes the audit row, all in one transaction. The counterparty acts without an account: the event and the audit row
 * carry no user, the audit row the address.
 */
export const submitReply = async (ctx: AppContext, who: ReplyPrincipal, body: ReplySubmission, ip: string): Promise<void> => {
  const { db } = ctx.database;
  const now = ctx.now();
  const { notification: n } = await notificationOf(db, who, body.id);
  const errors: ErrorItem[] = [];
  if (body.entityId !== n.entityId) errors.push(fieldError('EntityId', 'This is not the registration the notification was sent for.'));
  if (body.sourceType !== n.sourceType)
    errors.push(fieldError('SourceType', `This notification is answered on its own page (${n.sourceType}).`));

  const ids = body.documents.map((d) => d.id);
  const own = ids.length
    ? await db
        .select({ id: notificationDocuments.id })
        .from(notificationDocuments)
        .where(and(eq(notificationDocuments.notificationId, n.id), inArray(notificationDocuments.id, ids)))
    : [];
  const ownIds = new Set(own.map((d) => d.id));
  const { startDate, maxDate } = await dateLimits(db, now);
  const seen = new Set<number>();
  body.documents.forEach((d, i) => {
    if (!ownIds.has(d.id) || seen.has(d.id))
      errors.push(fieldError(`Documents[${i}].Id`, 'This document is not one of the notification’s (or is sent twice).'));
    seen.add(d.id);
    const action = d.actionTaken === 0 ? null : replyActionById(d.actionTaken);
    if (d.actionTaken !== 0 && !(action && (action.sourceTypes as readonly string[]).includes(n.sourceType)))
      errors.push(fieldError(`Documents[${i}].ActionTaken`, 'Choose one of the actions offered for this document.'));
    if (d.rectificationDate !== null && (d.rectificationDate < startDate || d.rectificationDate > maxDate))
      errors.push(
        fieldError(`Documents[${i}].RectificationDate`, `The rectification date must lie between ${startDate} and ${maxDate} (today).`),
      );
  });

  const fileIds = (body.attachments ?? []).map((a) => Number(a.referenceNumber));
  const uploads = await replyUploadsAmong(db, who, fileIds);
  fileIds.forEach((fileId, i) => {
    if (!uploads.has(fileId))
      errors.push(fieldError(`Attachments[${i}].ReferenceNumber`, 'Upload the file again: this attachment was not found.'));
  });
  if (errors.length > 0) throw validationError(errors);

  await db.transaction(async (tx) => {
    for (const d of body.documents) {
      const action = d.actionTaken === 0 ? null : (replyActionById(d.actionTaken)?.code ?? null);
      await tx
        .update(notificationDocuments)
        .set({ actionTaken: action, rectificationDate: d.rectificationDate, repliedAt: now })
        .where(and(eq(notificationDocuments.id, d.id), eq(notificationDocuments.notificationId, n.id)));
    }
    // The page sends the whole list each time (the earlier attachments come back with the detail): it replaces them.
    await tx
      .delete(notificationAttachments)
      .where(
        and(
          eq(notificationAttachments.notificationId, n.id),
          fileIds.length ? notInArray(notificationAttachments.fileId, fileIds) : undefined,
        ),
      );
    const kept = new Set(
      (
        await tx
          .select({ fileId: notificationAttachments.fileId })
          .from(notificationAttachments)
          .where(eq(notificationAttachments.notificationId, n.id))
      ).map((a) => a.fileId),
    );
    const added = (body.attachments ?? []).filter((a) => !kept.has(Number(a.referenceNumber)));
    if (added.length > 0)
      await tx.insert(notificationAttachments).values(
        added.map((a) => ({
          subscriberId: n.subscriberId,
          notificationId: n.id,
          fileId: Number(a.referenceNumber),
          name: a.name,
          attachmentFrom: 'REPLY_FROM_RECEIVER',
          createdAt: now,
        })),
      );
    await tx
      .update(notifications)
      .set({ status: 'ReplyReceived', receiverRemarks: body.receiverRemarks, repliedAt: now, updatedAt: now })
      .where(eq(notifications.id, n.id));
    await tx.insert(notificationEvents).values({
      subscriberId: n.subscriberId,
      notificationId: n.id,
      action: 'ReplyReceived',
      fromStatus: n.status,
      toStatus: 'ReplyReceived',
      note: `${body.documents.length} documents answered, ${fileIds.length} attachments`,
      userId: null,
      createdAt: now,
    });
    await tx.insert(auditTrail).values({
      subscriberId: n.subscriberId,
      userId: null,
      entityType: 'Notification',
      entityKey: String(n.id),
      entityName: n.subject,
      action: 'Update',
      before: { status: n.status, receiverRemarks: n.receiverRemarks },
      after: {
        status: 'ReplyReceived',
        by: 'counterparty',
        linkId: who.linkId,
        receiverRemarks: body.receiverRemarks,
        documents: body.documents.map((d) => ({ id: d.id, actionTaken: d.actionTaken, rectificationDate: d.rectificationDate })),
        attachments: fileIds,
      },
      ip,
    });
  });
};

/** Enum by type with the public flag (spec §7): the values of one type, narrowed by groups and suffixes when given. */
export const publicEnum = (type: PublicEnumType, groups: readonly string[] = [], suffixes: readonly string[] = []): EnumItem[] =>
  PUBLIC_ENUMS[type]
    .filter((item) => (groups.length === 0 || groups.includes(item.group)) && (suffixes.length === 0 || suffixes.includes(item.suffix)))
    .map(({ value, name }) => ({ value, name }));
