import { NOTICE_API as N, type NoticeDetail } from '@opengst/contracts';
import { addDays, istDateOf } from '@opengst/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levels, mailOutbox, notices, users } from '../../db/schema';
import { createTenant, ENGINES, setSubscriberSettings, type Harness, type Tenant } from '../../test-support/harness';
import { type ApiClient, openSignedIn, signInLimitedUser } from '../../test-support/org-fixtures';
import { sendNoticeReminders } from './notice-reminders.jobs';

// The notice reminders (issue 23): mailed at the subscriber's days before the reply is due and each day it is overdue,
// once a day however often the job runs, to the assignee or else to the editors of the location; none once replied.
// Time moves through the app's clock (the harness's advanceClock), never by sleeping.

const DAY = 86_400_000;

describe.each(ENGINES)('notice reminders on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let api: ApiClient;
  let delhi: number;
  let chennai: number;

  beforeAll(async () => {
    ({ h, t, api } = await openSignedIn(engine));
    [, delhi = 0, chennai = 0] = t.entityIds;
  });
  afterAll(async () => {
    await h.close();
  });

  const mails = async () =>
    h.ctx.database.db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.subscriberId, t.subscriberId))
      .orderBy(asc(mailOutbox.id));

  it('reminds at the set days before, on the due day, and each day overdue, once a day, until replied', async () => {
    await setSubscriberSettings(h, t.subscriberId, { notifications: { noticeReminderFirstDays: 7, noticeReminderSecondDays: 2 } });
    const today = istDateOf(h.ctx.now());
    // DRC-01B: Part B within 7 days (Rule 88C(2)): the first reminder is due today.
    const res = await api.post(N.noticeSave, {
      entityId: delhi,
      form: 'DRC-01B',
      referenceNumber: 'ZD070000000001B',
      issuedOn: today,
      subject: 'GSTR-1 liability above GSTR-3B',
    });
    expect(res.statusCode, res.body).toBe(200);
    const notice = res.json().data as NoticeDetail;
    // Another location's notice, assigned to a clerk who may reach it: only the clerk is mailed for it.
    const clerk = await signInLimitedUser(h, t, ['LitigationManagement', 'LitigationEdit'], [chennai]);
    const assigned = (
      await api.post(N.noticeSave, {
        entityId: chennai,
        form: 'DRC-01',
        referenceNumber: 'SCN-33-9',
        issuedOn: today,
        statedDueOn: addDays(today, 2),
        assigneeUserId: clerk.userId,
      })
    ).json().data as NoticeDetail;

    expect(await sendNoticeReminders(h.ctx)).toBe(2);
    expect(await sendNoticeReminders(h.ctx)).toBe(0);
    const first = await mails();
    expect(first.map((m) => m.subject)).toEqual([
      `Reply due in 7 days: DRC-01B ZD070000000001B (${notice.gstin})`,
      `Reply due in 2 days: DRC-01 SCN-33-9 (${assigned.gstin})`,
    ]);
    expect(first[0]).toMatchObject({ to: t.email });
    expect(first[0]?.text).toContain('Reply on form DRC-01B Part B.');
    expect(first[0]?.text).toContain(`/edit-litigation?id=${notice.id}`);
    expect(first[1]?.to).toMatch(/^limited-.*@example.test$/);

    const sentOn = async (days: number) => {
      h.advanceClock(days * DAY);
      return sendNoticeReminders(h.ctx);
    };
    try {
      // Day 1: nothing (6 days left; the other is 1 day away). Day 2: the other is due today.
      expect(await sentOn(1)).toBe(0);
      expect(await sentOn(1)).toBe(1);
      // Day 5: 2 days left of the DRC-01B; the other is 3 days overdue (the days between were missed: each run sends today's only).
      expect(await sentOn(3)).toBe(2);
      const latest = (await mails()).slice(-2).map((m) => m.subject);
      expect(latest).toEqual([
        `Reply due in 2 days: DRC-01B ZD070000000001B (${notice.gstin})`,
        `Reply overdue: DRC-01 SCN-33-9 (${assigned.gstin})`,
      ]);
      // Replied: no more reminders for it; the overdue one goes on daily.
      await h.ctx.database.db.update(notices).set({ stage: 'Replied' }).where(eq(notices.id, notice.id));
      expect(await sentOn(1)).toBe(1);
      expect(await sentOn(0)).toBe(0);
      // Overdue mails can be switched off.
      await setSubscriberSettings(h, t.subscriberId, {
        notifications: { noticeReminderFirstDays: 7, noticeReminderSecondDays: 2, noticeOverdueDaily: false },
      });
      expect(await sentOn(1)).toBe(0);
    } finally {
      h.advanceClock(-7 * DAY);
    }
    const overdue = await h.ctx.database.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.subscriberId, t.subscriberId), eq(mailOutbox.subject, `Reply overdue: DRC-01 SCN-33-9 (${assigned.gstin})`)),
      );
    expect(overdue).toHaveLength(2);
    expect(overdue[0]?.text).toContain('Without a reply the officer may decide without hearing you');
  });

  it('reminds the users of the assigned level who reach the location, and refuses a level of another subscriber', async () => {
    const { db } = h.ctx.database;
    const [level] = await db.insert(levels).values({ subscriberId: t.subscriberId, name: 'GST head', rank: 2 }).returning();
    const other = await createTenant(h);
    const [otherTenantLevel] = await db.insert(levels).values({ subscriberId: other.subscriberId, name: 'Elsewhere' }).returning();
    const reaches = await signInLimitedUser(h, t, ['LitigationManagement'], [chennai]);
    const elsewhere = await signInLimitedUser(h, t, ['LitigationManagement'], [delhi]);
    await db
      .update(users)
      .set({ levelId: level!.id })
      .where(inArray(users.id, [reaches.userId, elsewhere.userId]));
    const today = istDateOf(h.ctx.now());
    const saved = await api.post(N.noticeSave, {
      entityId: chennai,
      form: 'DRC-01C',
      referenceNumber: 'ZD330000000001C',
      issuedOn: today,
      assigneeLevelId: level!.id,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ assigneeLevelId: level!.id, assigneeLevelName: 'GST head' });
    const before = (await mails()).length;
    expect(await sendNoticeReminders(h.ctx)).toBe(1);
    const [mail] = (await mails()).slice(before);
    expect(mail).toMatchObject({ to: `${reaches.userName}@example.test`, subject: expect.stringContaining('ZD330000000001C') });

    const refused = await api.post(N.noticeSave, {
      entityId: chennai,
      form: 'ASMT-10',
      referenceNumber: 'X-1',
      issuedOn: today,
      assigneeLevelId: otherTenantLevel!.id,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('active level of your organisation');
  });
});
