import { ADMINISTRATION_API as PATHS } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, users } from '../../../db/schema';
import { hashPassword } from '../../../platform/auth/passwords';
import { markDormantUsers } from './dormancy.jobs';
import {
  authed,
  createTenant,
  ENGINES,
  login,
  setSubscriberSettings,
  signIn,
  startHarness,
  type Harness,
  type Tenant,
} from '../../../test-support/harness';

const DAY = 86_400_000;

describe.each(ENGINES)('dormancy on %s', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(engine);
  });
  afterAll(async () => {
    await h.close();
  });

  const addUser = async (t: Tenant, lastLoginAt: Date | null, createdAt: Date) => {
    const userName = `d-${randomUUID().slice(0, 8)}`;
    const [user] = await h.ctx.database.db
      .insert(users)
      .values({
        subscriberId: t.subscriberId,
        roleId: t.adminRoleId,
        userName,
        displayName: userName,
        email: `${userName}@example.test`,
        passwordHash: await hashPassword('Dorm#Pass2026'),
        lastLoginAt,
        createdAt,
      })
      .returning();
    return { id: user?.id ?? 0, userName };
  };
  const statusOf = async (id: number) =>
    (await h.ctx.database.db.select({ status: users.status }).from(users).where(eq(users.id, id)))[0]?.status;

  it('marks Dormant the users idle past the period, with a system audit row; sign-in is refused until an admin reactivates', async () => {
    const t = await createTenant(h);
    await setSubscriberSettings(h, t.subscriberId, { security: { dormancyDays: 30 } });
    const now = new Date();
    const adminToken = await signIn(h.app, t);
    const idle = await addUser(t, new Date(now.getTime() - 31 * DAY), new Date(now.getTime() - 400 * DAY));
    const recent = await addUser(t, new Date(now.getTime() - 29 * DAY), new Date(now.getTime() - 400 * DAY));
    const neverSignedInOld = await addUser(t, null, new Date(now.getTime() - 31 * DAY));
    const neverSignedInNew = await addUser(t, null, new Date(now.getTime() - 2 * DAY));

    await markDormantUsers(h.ctx.database.db, now);
    expect(await statusOf(idle.id)).toBe('Dormant');
    expect(await statusOf(neverSignedInOld.id)).toBe('Dormant');
    expect(await statusOf(recent.id)).toBe('Active');
    expect(await statusOf(neverSignedInNew.id)).toBe('Active');
    expect(await statusOf(t.adminUserId)).toBe('Active');

    const audit = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entityType, 'User'), eq(auditTrail.entityKey, String(idle.id))));
    expect(audit[0]).toMatchObject({ action: 'StatusChange', userId: null, subscriberId: t.subscriberId, after: { status: 'Dormant' } });

    expect((await login(h.app, idle.userName, 'Dorm#Pass2026')).json().errors[0].code).toBe('AUTH0003');
    await h.app.inject({
      method: 'POST',
      url: PATHS.userUpdateStatus,
      headers: authed(adminToken),
      payload: { userIds: [idle.id], status: 'Active' },
    });
    expect((await login(h.app, idle.userName, 'Dorm#Pass2026')).statusCode).toBe(200);

    // A moved clock: 31 days on, the recently active user is idle too.
    await markDormantUsers(h.ctx.database.db, new Date(now.getTime() + 31 * DAY));
    expect(await statusOf(recent.id)).toBe('Dormant');
  });

  it('does nothing when the period is 0, and always spares the most recently active Admin', async () => {
    const off = await createTenant(h);
    await setSubscriberSettings(h, off.subscriberId, { security: { dormancyDays: 0 } });
    const old = await addUser(off, null, new Date(Date.now() - 1000 * DAY));
    await markDormantUsers(h.ctx.database.db, new Date());
    expect(await statusOf(old.id)).toBe('Active');

    const t = await createTenant(h);
    await setSubscriberSettings(h, t.subscriberId, { security: { dormancyDays: 10 } });
    const older = await addUser(t, new Date(Date.now() - 50 * DAY), new Date(Date.now() - 100 * DAY));
    await h.ctx.database.db
      .update(users)
      .set({ lastLoginAt: new Date(Date.now() - 20 * DAY), createdAt: new Date(Date.now() - 100 * DAY) })
      .where(eq(users.id, t.adminUserId));
    await markDormantUsers(h.ctx.database.db, new Date());
    expect(await statusOf(older.id)).toBe('Dormant');
    expect(await statusOf(t.adminUserId)).toBe('Active');
  });
});
