// Notifications sent by mail (issue 21): each with a new reply link and its short link (a re-send with a period is a
// reminder); statuses, events and audit rows in one transaction, the mail queued after the commit.
import { notificationText, type NotificationSendResult, type NotificationStatus } from '@opengst/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { entities, notificationEvents, notificationReminders, notifications } from '../../db/schema';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { writeAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { issueReplyLink } from './notification-links';
import { composeNotificationMail } from './notification-mail';
import { findNotificationDocuments } from './notifications.repo';
import { reachAll } from './notification-scope';

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
