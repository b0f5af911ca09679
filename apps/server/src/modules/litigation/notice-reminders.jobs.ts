// Never miss a notice's reply date (issue 23): an hourly job mails the people on a notice at the subscriber's reminder
// days before the reply is due (settings notifications.noticeReminderFirstDays / SecondDays) and each day it is
// overdue (noticeOverdueDaily), until the notice is replied or closed. The day is India's (IST) by the app's clock, so a
// test moves time through that clock. Each reminder is recorded before its mail goes (notice_reminders, unique per
// notice, kind and day), so a job run twice in a day, or on two servers, sends it once.
//
// Who: the notice's assignee and the active users of its assigned level (/level-master) who reach its location, when
// there are any; else every active user of the subscriber whose role may edit notices (LitigationEdit) and who may reach
// the notice's location; and, either way, the active users of the consultants assigned to the notice (/manage-consultants).
import { daysBetween, istDateOf, noticeFormInfo } from '@opengst/domain';
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import { consultants, entities, noticeConsultants, noticeReminders, notices, roleRights, userEntities, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { defineJob, workerOf, type JobWorker } from '../../platform/jobs/job';
import { loadSubscriberSettings } from '../../platform/settings/subscriber-settings';

export const NOTICE_REMINDER_JOB = defineJob({ name: 'litigation.reminders', version: 1, payload: z.object({}), cron: '5 * * * *' });

/** The stages where the reply is still owed (the domain's noticeStatusOf reads the same set). */
const AWAITING = ['Received', 'UnderReview', 'ReplyDrafted'];

type Due = {
  id: number;
  subscriberId: number;
  entityId: number;
  form: string;
  referenceNumber: string;
  dueOn: string;
  assigneeUserId: number | null;
  assigneeLevelId: number | null;
  gstin: string | null;
  entityName: string;
};

/**
 * The organisation's people on the notice: its assignee and the users of its assigned level who reach its location,
 * when any is active; else the editors who reach its location.
 */
const ownPeopleOf = async (ctx: AppContext, notice: Due): Promise<string[]> => {
  const { db } = ctx.database;
  const assigned: string[] = [];
  if (notice.assigneeUserId) {
    const [assignee] = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, notice.assigneeUserId), eq(users.status, 'Active')));
    if (assignee?.email) assigned.push(assignee.email);
  }
  if (notice.assigneeLevelId) {
    const ofLevel = await db
      .selectDistinct({ email: users.email })
      .from(users)
      .innerJoin(userEntities, and(eq(userEntities.userId, users.id), eq(userEntities.entityId, notice.entityId)))
      .where(and(eq(users.subscriberId, notice.subscriberId), eq(users.levelId, notice.assigneeLevelId), eq(users.status, 'Active')));
    assigned.push(...ofLevel.map((u) => u.email));
  }
  if (assigned.length > 0) return assigned;
  const editors = await db
    .selectDistinct({ email: users.email })
    .from(users)
    .innerJoin(roleRights, and(eq(roleRights.roleId, users.roleId), eq(roleRights.rightId, 'LitigationEdit')))
    .innerJoin(userEntities, and(eq(userEntities.userId, users.id), eq(userEntities.entityId, notice.entityId)))
    .where(and(eq(users.subscriberId, notice.subscriberId), eq(users.status, 'Active')));
  return editors.map((e) => e.email);
};

const recipientsOf = async (ctx: AppContext, notice: Due): Promise<string[]> => {
  const assigned = await ctx.database.db
    .select({ email: users.email })
    .from(noticeConsultants)
    .innerJoin(consultants, eq(consultants.id, noticeConsultants.consultantId))
    .innerJoin(users, eq(users.id, consultants.userId))
    .where(and(eq(noticeConsultants.noticeId, notice.id), eq(users.subscriberId, notice.subscriberId), eq(users.status, 'Active')));
  const emails = [...(await ownPeopleOf(ctx, notice)), ...assigned.map((c) => c.email)].filter((email) => email !== '');
  return [...new Set(emails)].sort();
};

const plural = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

const mailOf = (ctx: AppContext, notice: Due, daysLeft: number) => {
  const form = noticeFormInfo(notice.form);
  const what = `${notice.form} ${notice.referenceNumber} (${notice.gstin ?? notice.entityName})`;
  const title = form?.title ?? 'the notice';
  const subject =
    daysLeft > 0 ? `Reply due in ${plural(daysLeft)}: ${what}` : daysLeft === 0 ? `Reply due today: ${what}` : `Reply overdue: ${what}`;
  const status =
    daysLeft > 0
      ? `The reply to ${title} ${what} is due in ${plural(daysLeft)}, on ${notice.dueOn}.`
      : daysLeft === 0
        ? `The reply to ${title} ${what} is due today, ${notice.dueOn}.`
        : `The reply to ${title} ${what} was due on ${notice.dueOn}, ${plural(-daysLeft)} ago. Without a reply the officer may decide without hearing you: reply, or record the reply already made, now.`;
  const reply = form?.replyForm ? `Reply on form ${form.replyForm}. ` : '';
  return { subject, text: `${status}\n\n${reply}Open it in OpenGST: ${ctx.config.publicUrl}/edit-litigation?id=${notice.id}` };
};

/** One run: the reminders of every subscriber's notices due, as of the app's clock. Answers how many mails went. */
export const sendNoticeReminders = async (ctx: AppContext): Promise<number> => {
  const { db } = ctx.database;
  const today = istDateOf(ctx.now());
  const due: Due[] = await db
    .select({
      id: notices.id,
      subscriberId: notices.subscriberId,
      entityId: notices.entityId,
      form: notices.form,
      referenceNumber: notices.referenceNumber,
      dueOn: notices.dueOn,
      assigneeUserId: notices.assigneeUserId,
      assigneeLevelId: notices.assigneeLevelId,
      gstin: entities.gstin,
      entityName: entities.entityName,
    })
    .from(notices)
    .innerJoin(entities, eq(entities.id, notices.entityId))
    .where(and(inArray(notices.stage, AWAITING), isNotNull(notices.dueOn), ne(entities.status, 'Delete')))
    .then((rows) => rows.filter((r): r is typeof r & { dueOn: string } => r.dueOn !== null));
  const settingsOf = new Map<number, Awaited<ReturnType<typeof loadSubscriberSettings>>['notifications']>();
  let sent = 0;
  for (const notice of due) {
    let settings = settingsOf.get(notice.subscriberId);
    if (!settings) {
      settings = (await loadSubscriberSettings(db, notice.subscriberId)).notifications;
      settingsOf.set(notice.subscriberId, settings);
    }
    const daysLeft = daysBetween(today, notice.dueOn);
    const before = [settings.noticeReminderFirstDays, settings.noticeReminderSecondDays].filter((d) => d > 0);
    const kind =
      daysLeft < 0 ? (settings.noticeOverdueDaily ? 'Overdue' : null) : before.includes(daysLeft) || daysLeft === 0 ? 'Before' : null;
    if (!kind) continue;
    const recipients = await recipientsOf(ctx, notice);
    if (recipients.length === 0) continue;
    const [claimed] = await db
      .insert(noticeReminders)
      .values({ subscriberId: notice.subscriberId, noticeId: notice.id, kind, onDate: today, dueOn: notice.dueOn, recipients })
      .onConflictDoNothing()
      .returning({ id: noticeReminders.id });
    if (!claimed) continue;
    const { subject, text } = mailOf(ctx, notice, daysLeft);
    try {
      for (const to of recipients) await ctx.mailer.send({ subscriberId: notice.subscriberId, to, subject, text, carriesSecret: false });
    } catch (error) {
      // Not recorded as sent: the next run tries again.
      await db.delete(noticeReminders).where(eq(noticeReminders.id, claimed.id));
      throw error;
    }
    sent += recipients.length;
  }
  return sent;
};

export const noticeReminderWorker = (ctx: AppContext): JobWorker =>
  workerOf(NOTICE_REMINDER_JOB, async () => void (await sendNoticeReminders(ctx)));
