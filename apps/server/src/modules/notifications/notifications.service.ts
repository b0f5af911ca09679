// Use cases of the buyer's notifications (issue 21): create from the reconciliation (chosen pairs, or whole vendors),
// edit, delete, send by mail with a new reply link (a re-send with a period is a reminder), assign to users and
// levels. Each change is one transaction with its events and audit rows; mail is queued after the commit.
import {
  notificationText,
  type ActionRequired,
  type NotificationCreateFrom,
  type NotificationDetail,
  type NotificationSendResult,
  type NotificationStatus,
} from '@opengst/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';
import {
  documents,
  businessPartnerContacts,
  businessPartners,
  entities,
  levels,
  notificationDocuments,
  notificationEvents,
  notificationReminders,
  notifications,
  portalDocuments,
  reconciliationActions,
  reconciliationRows,
  reconciliationRuns,
  users,
} from '../../db/schema';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { writeAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { locationScope } from '../../platform/location-scope';
import { requiredActionsOf } from './action-required';
import { issueReplyLink } from './notification-links';
import { composeNotificationMail } from './notification-mail';
import { findNotification, findNotificationDetail, findNotificationDocuments, type NotificationScope } from './notifications.repo';

const invalid = (propertyName: string, message: string) => new AppError('GEN0009', { propertyName, message });

/** The subscriber and every location the user reaches (a notification of another location answers 404). */
export const scopeOf = async (
  db: DbOrTx,
  principal: SessionPrincipal,
  entityIds?: readonly number[] | null,
): Promise<NotificationScope> => ({
  subscriberId: principal.subscriberId,
  entityIds: await locationScope(db, principal, entityIds),
});

/** The notifications named, all in scope, else 404 (nothing of another tenant or location is revealed). */
const reachAll = async (db: DbOrTx, principal: SessionPrincipal, ids: readonly number[]) => {
  const scope = await scopeOf(db, principal);
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.subscriberId, principal.subscriberId),
        inArray(notifications.id, unique),
        scope.entityIds.length ? inArray(notifications.entityId, [...scope.entityIds]) : sql`false`,
      ),
    );
  if (rows.length !== unique.length) throw new AppError('GEN0003');
  return rows;
};

export const notificationDetail = async (db: DbOrTx, principal: SessionPrincipal, id: number): Promise<NotificationDetail> => {
  const notification = await findNotification(db, await scopeOf(db, principal), id);
  if (!notification) throw new AppError('GEN0003');
  return findNotificationDetail(db, notification);
};

/** The documents of one notification in scope (the download). */
export const notificationDocumentsOf = async (db: DbOrTx, principal: SessionPrincipal, id: number) => {
  const notification = await findNotification(db, await scopeOf(db, principal), id);
  if (!notification) throw new AppError('GEN0003');
  return { notification, documents: await findNotificationDocuments(db, id) };
};

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

export const editNotification = async (
  db: Db,
  principal: SessionPrincipal,
  input: { id: number; subject?: string | undefined; emails?: string[] | undefined; remarks?: string | undefined },
  ip: string,
): Promise<number[]> =>
  db.transaction(async (tx) => {
    const [before] = await reachAll(tx, principal, [input.id]);
    if (!before) throw new AppError('GEN0003');
    const change = {
      ...(input.subject !== undefined ? { subject: input.subject } : {}),
      ...(input.emails !== undefined ? { emails: input.emails } : {}),
      ...(input.remarks !== undefined ? { remarks: input.remarks } : {}),
    };
    const [after] = await tx
      .update(notifications)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(notifications.id, input.id))
      .returning();
    await tx.insert(notificationEvents).values({
      subscriberId: principal.subscriberId,
      notificationId: input.id,
      action: 'Edited',
      note: Object.keys(change).join(', '),
      userId: principal.userId,
    });
    await writeAudit(tx, principal, { entityType: 'Notification', entityKey: input.id, action: 'Update', before, after, ip });
    return [input.id];
  });

export const deleteNotifications = async (db: Db, principal: SessionPrincipal, ids: readonly number[], ip: string): Promise<number> =>
  db.transaction(async (tx) => {
    const rows = await reachAll(tx, principal, ids);
    // The reply attachments stay in stored files (the files module's sweep removes files no record names).
    await tx.delete(notifications).where(
      inArray(
        notifications.id,
        rows.map((r) => r.id),
      ),
    );
    for (const row of rows) {
      await writeAudit(tx, principal, {
        entityType: 'Notification',
        entityKey: row.id,
        entityName: `${row.counterpartyGstin} / ${row.gstin}`,
        action: 'Delete',
        before: row,
        ip,
      });
    }
    return rows.length;
  });

/** The buyer's name in the mail: the location's legal name, else its business's, else the location's name. */
const buyerNameOf = async (db: DbOrTx, entityId: number): Promise<string> => {
  const [row] = await db
    .select({ legalName: entities.legalName, entityName: entities.entityName, parentId: entities.parentEntityId })
    .from(entities)
    .where(eq(entities.id, entityId));
  if (!row) return '';
  if (row.legalName) return row.legalName;
  if (row.parentId !== null) {
    const [parent] = await db
      .select({ legalName: entities.legalName, entityName: entities.entityName })
      .from(entities)
      .where(eq(entities.id, row.parentId));
    if (parent) return parent.legalName ?? parent.entityName;
  }
  return row.entityName;
};

/**
 * Mails each notification with a new reply link (earlier links revoked). The first send moves YetNotSent to Sent; a
 * later one keeps the status and, with a period, is recorded as a reminder. A notification without an address or
 * without documents is skipped with the reason. Mails are queued once the transaction has committed.
 */
export const sendNotifications = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  input: { ids: number[]; reminder?: { financialYear: number; returnPeriod: number; returnType: string } | undefined },
  ip: string,
): Promise<NotificationSendResult> => {
  const { db } = ctx.database;
  const now = ctx.now();
  const skipped: { id: number; message: string }[] = [];
  const outgoing: { subscriberId: number; to: string; subject: string; text: string }[] = [];
  let sent = 0;
  await db.transaction(async (tx) => {
    const rows = await reachAll(tx, principal, input.ids);
    for (const row of rows.sort((a, b) => a.id - b.id)) {
      if (row.emails.length === 0) {
        skipped.push({ id: row.id, message: notificationText('notification.noEmail') });
        continue;
      }
      const documents = await findNotificationDocuments(tx, row.id);
      if (documents.length === 0) {
        skipped.push({ id: row.id, message: notificationText('notification.noDocuments') });
        continue;
      }
      const link = await issueReplyLink(tx, ctx.secretKey, row.id, now);
      const isFirst = row.status === 'YetNotSent';
      const toStatus: NotificationStatus = isFirst ? 'Sent' : row.status;
      await tx.update(notifications).set({ status: toStatus, sentAt: now, updatedAt: now }).where(eq(notifications.id, row.id));
      if (input.reminder && !isFirst) {
        await tx.insert(notificationReminders).values({
          subscriberId: principal.subscriberId,
          notificationId: row.id,
          ...input.reminder,
          createdBy: principal.userId,
          createdAt: now,
        });
      }
      const isReminder = Boolean(input.reminder) && !isFirst;
      await tx.insert(notificationEvents).values({
        subscriberId: principal.subscriberId,
        notificationId: row.id,
        action: isReminder ? 'Reminded' : 'Sent',
        fromStatus: row.status,
        toStatus,
        note: row.emails.join(', '),
        userId: principal.userId,
        createdAt: now,
      });
      await writeAudit(tx, principal, {
        entityType: 'Notification',
        entityKey: row.id,
        entityName: `${row.counterpartyGstin} / ${row.gstin}`,
        action: 'Update',
        before: { status: row.status },
        after: { status: toStatus, sentTo: row.emails, reminder: isReminder ? input.reminder : undefined, linkExpiresAt: link.expiresAt },
        ip,
      });
      const mail = composeNotificationMail({
        publicUrl: ctx.config.publicUrl,
        buyerName: await buyerNameOf(tx, row.entityId),
        notification: row,
        documents,
        link,
        reminder: isReminder ? input.reminder : undefined,
      });
      for (const to of row.emails) outgoing.push({ subscriberId: principal.subscriberId, to, ...mail });
      sent += 1;
    }
  });
  // The mail carries the reply link, a bearer credential of the counterparty's page: kept sealed until delivered.
  for (const mail of outgoing) await ctx.mailer.send({ ...mail, carriesSecret: true });
  return { sent, mails: outgoing.length, skipped };
};

/** Checks a user and a level of the subscriber for an assignment (active only), 422 with the field otherwise. */
const checkAssignee = async (db: DbOrTx, subscriberId: number, userId: number | null, levelId: number | null) => {
  if (userId !== null) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.subscriberId, subscriberId), eq(users.status, 'Active')));
    if (!user) throw invalid('AssigneeUserId', 'Choose an active user of your organisation.');
  }
  if (levelId !== null) {
    const [level] = await db
      .select({ id: levels.id })
      .from(levels)
      .where(and(eq(levels.id, levelId), eq(levels.subscriberId, subscriberId), eq(levels.status, 'Active')));
    if (!level) throw invalid('AssigneeLevelId', 'Choose an active level of the Level Master.');
  }
};

export const assignNotifications = async (
  db: Db,
  principal: SessionPrincipal,
  input: { ids: readonly number[]; assigneeUserId: number | null; assigneeLevelId: number | null },
  ip: string,
): Promise<number> =>
  db.transaction(async (tx) => {
    const rows = await reachAll(tx, principal, input.ids);
    await checkAssignee(tx, principal.subscriberId, input.assigneeUserId, input.assigneeLevelId);
    await tx
      .update(notifications)
      .set({ assigneeUserId: input.assigneeUserId, assigneeLevelId: input.assigneeLevelId, updatedAt: new Date() })
      .where(
        inArray(
          notifications.id,
          rows.map((r) => r.id),
        ),
      );
    for (const row of rows) {
      await tx.insert(notificationEvents).values({
        subscriberId: principal.subscriberId,
        notificationId: row.id,
        action: 'Assigned',
        note: `user ${input.assigneeUserId ?? '-'}, level ${input.assigneeLevelId ?? '-'}`,
        userId: principal.userId,
      });
      await writeAudit(tx, principal, {
        entityType: 'Notification',
        entityKey: row.id,
        action: 'Update',
        before: { assigneeUserId: row.assigneeUserId, assigneeLevelId: row.assigneeLevelId },
        after: { assigneeUserId: input.assigneeUserId, assigneeLevelId: input.assigneeLevelId },
        ip,
      });
    }
    return rows.length;
  });

/** The active levels for assigning alongside a user of the subscriber (404 for another's user), the user's own first. */
export const levelsByUser = async (db: DbOrTx, principal: SessionPrincipal, userId: number) => {
  const [user] = await db
    .select({ levelId: users.levelId })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.subscriberId, principal.subscriberId)));
  if (!user) throw new AppError('GEN0003');
  const rows = await db
    .select({ id: levels.id, name: levels.name, rank: levels.rank })
    .from(levels)
    .where(and(eq(levels.subscriberId, principal.subscriberId), eq(levels.status, 'Active')))
    .orderBy(levels.rank, levels.name);
  const list = rows.map((l) => ({ ...l, isUserLevel: l.id === user.levelId }));
  return { userLevelId: user.levelId, levels: [...list.filter((l) => l.isUserLevel), ...list.filter((l) => !l.isUserLevel)] };
};
