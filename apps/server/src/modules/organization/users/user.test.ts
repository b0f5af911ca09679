import { ADMINISTRATION_API as PATHS, API, HEADERS, type RightId } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, sessions, users } from '../../../db/schema';
import { signInLimitedUser } from '../../../test-support/org-fixtures';
import {
  authed,
  createTenant,
  encryptor,
  ENGINES,
  login,
  signIn,
  someIp,
  startHarness,
  type Harness,
  type Tenant,
} from '../../../test-support/harness';
import { linkIn } from '../../../test-support/smtp';

describe.each(ENGINES)('users on %s', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(engine);
  });
  afterAll(async () => {
    await h.close();
  });

  const post = (token: string, url: string, payload: unknown) =>
    h.app.inject({ method: 'POST', url, headers: authed(token), payload: payload as object });
  const get = (token: string, url: string) => h.app.inject({ method: 'GET', url, headers: authed(token) });

  /** A user of the tenant with a role of exactly these rights and access to the given locations; signed in. */
  const userWith = (t: Tenant, rights: RightId[], entityIds: number[] = [t.entityIds[1] ?? 0]) =>
    signInLimitedUser(h, t, rights, entityIds);

  const newUser = (t: Tenant, extra: Record<string, unknown> = {}) => {
    const userName = `new-${randomUUID().slice(0, 8)}`;
    return {
      userName,
      displayName: 'New Person',
      email: `${userName}@example.test`,
      mobile: '+919876543210',
      roleId: t.adminRoleId,
      entityIds: [t.entityIds[1]],
      ...extra,
    };
  };

  it('creates a user who sets their own password from the welcome mail, with access to one location and an audit row', async () => {
    const t = await createTenant(h);
    const token = await signIn(h.app, t);
    const body = newUser(t);
    const before = h.smtp.mails.length;
    const saved = await post(token, PATHS.userSave, body);
    expect(saved.statusCode).toBe(200);
    const { userId } = saved.json().data;

    const detail = (await get(token, `${PATHS.userDetail}?userId=${userId}`)).json().data;
    expect(detail).toMatchObject({
      userName: body.userName,
      email: body.email,
      mobile: '+919876543210',
      roleName: 'Admin',
      status: 'Active',
      entityIds: [t.entityIds[1]],
      hasApiAccess: false,
    });
    expect(JSON.stringify(detail)).not.toMatch(/password/i);

    const audit = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entityType, 'User'), eq(auditTrail.entityKey, String(userId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'Create', userId: t.adminUserId, subscriberId: t.subscriberId });
    expect(JSON.stringify(audit[0]?.after)).not.toMatch(/passwordHash|argon/);

    const mail = await h.smtp.waitFor(body.email, /new account/, before);
    const request = linkIn(mail).searchParams.get('request') ?? '';
    const valid = await h.app.inject({ method: 'GET', url: `${API.validateResetLink}?request=${encodeURIComponent(request)}` });
    const { encId, encrypt } = await encryptor(h.app);
    const reset = await h.app.inject({
      method: 'POST',
      url: API.resetPassword,
      headers: { [HEADERS.encId]: encId, [HEADERS.publicAuthToken]: valid.json().data.token },
      payload: { password: encrypt('Welcome#Pass2026'), confirmPassword: encrypt('Welcome#Pass2026') },
      remoteAddress: someIp(),
    });
    expect(reset.statusCode).toBe(200);
    const signedIn = await login(h.app, body.userName, 'Welcome#Pass2026');
    const entities = (await get(signedIn.json().data.token, API.userEntities)).json().data as { entityId: number; hasAccess: boolean }[];
    expect(entities.filter((e) => e.hasAccess).map((e) => e.entityId)).toEqual([t.entityIds[1]]);
  });

  it("refuses a taken user name (any case, any subscriber), a bad e-mail and phone, and another subscriber's role or location", async () => {
    const t = await createTenant(h);
    const other = await createTenant(h);
    const token = await signIn(h.app, t);
    const taken = await post(token, PATHS.userSave, newUser(t, { userName: other.userName.toUpperCase() }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors[0]).toMatchObject({ code: 'ADM0001', propertyName: 'UserName' });
    const invalid = await post(token, PATHS.userSave, newUser(t, { email: 'not-an-email', mobile: '12-34' }));
    expect(invalid.statusCode).toBe(422);
    const foreignRole = await post(token, PATHS.userSave, newUser(t, { roleId: other.adminRoleId }));
    expect(foreignRole.statusCode).toBe(404);
    const foreignLocation = await post(token, PATHS.userSave, newUser(t, { entityIds: [other.entityIds[1]] }));
    expect(foreignLocation.statusCode).toBe(404);
    expect(JSON.stringify(foreignLocation.json())).not.toContain(other.userName);
  });

  it("edits a user and replaces their locations; another subscriber's user is 404 for detail, save, status, delete and reset", async () => {
    const t = await createTenant(h);
    const other = await createTenant(h);
    const token = await signIn(h.app, t);
    const { userId } = (await post(token, PATHS.userSave, newUser(t))).json().data;
    const edited = await post(token, PATHS.userSave, { ...newUser(t), userId, displayName: 'Renamed', entityIds: [t.entityIds[2]] });
    expect(edited.statusCode).toBe(200);
    expect((await get(token, `${PATHS.userDetail}?userId=${userId}`)).json().data).toMatchObject({
      displayName: 'Renamed',
      entityIds: [t.entityIds[2]],
    });

    const foreign = other.adminUserId;
    const answers = [
      await get(token, `${PATHS.userDetail}?userId=${foreign}`),
      await post(token, PATHS.userSave, { ...newUser(t), userId: foreign }),
      await post(token, PATHS.userUpdateStatus, { userIds: [foreign], status: 'Inactive' }),
      await post(token, PATHS.userDelete, { userIds: [foreign] }),
      await post(token, PATHS.userResetPassword, { userId: foreign }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(other.userName);
    }
    const row = (await h.ctx.database.db.select().from(users).where(eq(users.id, foreign)))[0];
    expect(row?.status).toBe('Active');
  });

  it('searches with filters and paging, and exports the same users to a spreadsheet', async () => {
    const t = await createTenant(h);
    const token = await signIn(h.app, t);
    const tag = randomUUID().slice(0, 6);
    for (const n of [1, 2, 3]) await post(token, PATHS.userSave, newUser(t, { userName: `srch-${tag}-${n}`, displayName: `=cmd|${n}` }));
    const page = (await post(token, PATHS.userSearch, { start: 0, size: 2, filters: { text: `srch-${tag}` } })).json().data;
    expect(page.totalRecords).toBe(3);
    expect(page.items.map((u: { userName: string }) => u.userName)).toEqual([`srch-${tag}-1`, `srch-${tag}-2`]);
    const sorted = (await post(token, PATHS.userSearch, { sortExpression: 'userName DESC', filters: { text: `srch-${tag}` } })).json().data;
    expect(sorted.items[0].userName).toBe(`srch-${tag}-3`);
    const badSort = await post(token, PATHS.userSearch, { sortExpression: 'passwordHash ASC' });
    expect(badSort.statusCode).toBe(422);
    const all = (await post(token, PATHS.userSearch, {})).json().data;
    expect(all.totalRecords).toBe(4);

    const exported = await post(token, PATHS.userExport, { filters: { text: `srch-${tag}` } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Users');
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['User name', 'Name', 'E-mail', 'Mobile', 'Role', 'Branch', 'Department', 'Status', 'Last sign-in']);
    expect(rows).toHaveLength(4);
    // Formula-like text (= or +) is written with a leading apostrophe, so no cell runs as a formula.
    expect(rows[1]?.slice(0, 5)).toEqual([`srch-${tag}-1`, "'=cmd|1", expect.stringMatching(/@example\.test$/), '+919876543210', 'Admin']);
    expect(rows[1]?.[7]).toBe('Active');
  });

  it('locks, unlocks and deactivates users: leaving Active ends their sessions, and nobody locks themself or the last admin out', async () => {
    const t = await createTenant(h);
    const token = await signIn(h.app, t);
    const limited = await userWith(t, ['DashboardStatistics']);
    expect((await get(limited.token, API.loadSettings)).statusCode).toBe(200);

    const locked = await post(token, PATHS.userUpdateStatus, { userIds: [limited.userId], status: 'Locked' });
    expect(locked.json().data.affected).toBe(1);
    expect((await get(limited.token, API.loadSettings)).statusCode).toBe(401);
    expect((await login(h.app, limited.userName, limited.password)).json().errors[0].code).toBe('AUTH0002');
    await h.ctx.database.db.update(users).set({ failedLogins: 4 }).where(eq(users.id, limited.userId));
    await post(token, PATHS.userUpdateStatus, { userIds: [limited.userId], status: 'Active' });
    const row = (await h.ctx.database.db.select().from(users).where(eq(users.id, limited.userId)))[0];
    expect(row).toMatchObject({ status: 'Active', failedLogins: 0 });
    expect((await login(h.app, limited.userName, limited.password)).statusCode).toBe(200);

    const self = await post(token, PATHS.userUpdateStatus, { userIds: [t.adminUserId], status: 'Inactive' });
    expect(self.json().errors[0].code).toBe('ADM0006');
    const badStatus = await post(token, PATHS.userUpdateStatus, { userIds: [limited.userId], status: 'Dormant' });
    expect(badStatus.statusCode).toBe(422);

    // One admin may deactivate another while an active Admin remains.
    const second = await userWith(t, []);
    await h.ctx.database.db.update(users).set({ roleId: t.adminRoleId }).where(eq(users.id, second.userId));
    const secondToken = (await login(h.app, second.userName, second.password)).json().data.token;
    expect((await post(secondToken, PATHS.userUpdateStatus, { userIds: [t.adminUserId], status: 'Inactive' })).statusCode).toBe(200);
    // Now the second is the only active Admin: a user manager cannot remove them.
    const manager = await userWith(t, ['UserManage', 'UserDelete']);
    expect((await post(manager.token, PATHS.userDelete, { userIds: [second.userId] })).json().errors[0].code).toBe('ADM0007');
    expect((await post(manager.token, PATHS.userUpdateStatus, { userIds: [second.userId], status: 'Locked' })).json().errors[0].code).toBe(
      'ADM0007',
    );
  });

  it('deletes users softly, revoking their sessions; deleted users cannot be changed', async () => {
    const t = await createTenant(h);
    const token = await signIn(h.app, t);
    const limited = await userWith(t, ['DashboardStatistics']);
    const deleted = await post(token, PATHS.userDelete, { userIds: [limited.userId] });
    expect(deleted.json().data.affected).toBe(1);
    const row = (await h.ctx.database.db.select().from(users).where(eq(users.id, limited.userId)))[0];
    expect(row?.status).toBe('Delete');
    const live = await h.ctx.database.db.select().from(sessions).where(eq(sessions.userId, limited.userId));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await post(token, PATHS.userSearch, {})).json().data.items.map((u: { userId: number }) => u.userId)).not.toContain(
      limited.userId,
    );
    expect((await post(token, PATHS.userSearch, { filters: { status: 'Delete' } })).json().data.totalRecords).toBe(1);
    expect((await post(token, PATHS.userUpdateStatus, { userIds: [limited.userId], status: 'Active' })).json().errors[0].code).toBe(
      'ADM0010',
    );
    const audit = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entityKey, String(limited.userId)), eq(auditTrail.action, 'Delete')));
    expect(audit).toHaveLength(1);
  });

  it('mails a reset link on resetPassword without showing it to the administrator', async () => {
    const t = await createTenant(h);
    const token = await signIn(h.app, t);
    const limited = await userWith(t, ['DashboardStatistics']);
    const before = h.smtp.mails.length;
    const res = await post(token, PATHS.userResetPassword, { userId: limited.userId });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/request=|http/);
    const mail = await h.smtp.waitFor(`${limited.userName}@example.test`, /reset your password/, before);
    expect(linkIn(mail).pathname).toBe('/reset-password');
  });

  it('refuses every user endpoint without its right, and answers the ones it holds', async () => {
    const t = await createTenant(h);
    const viewer = await userWith(t, ['UserView']);
    expect((await post(viewer.token, PATHS.userSearch, {})).statusCode).toBe(200);
    expect((await get(viewer.token, `${PATHS.userDetail}?userId=${t.adminUserId}`)).statusCode).toBe(200);
    const refused = [
      await post(viewer.token, PATHS.userSave, newUser(t)),
      await post(viewer.token, PATHS.userExport, {}),
      await post(viewer.token, PATHS.userUpdateStatus, { userIds: [t.adminUserId], status: 'Inactive' }),
      await post(viewer.token, PATHS.userDelete, { userIds: [t.adminUserId] }),
      await post(viewer.token, PATHS.userResetPassword, { userId: t.adminUserId }),
      await get(viewer.token, `${PATHS.userGetApiAccess}?userId=${t.adminUserId}`),
    ];
    for (const res of refused) expect(res.json().errors[0].code).toBe('GEN0002');
    const nobody = await userWith(t, ['DashboardStatistics']);
    expect((await post(nobody.token, PATHS.userSearch, {})).statusCode).toBe(403);
  });

  it('lets an administrator grant only locations they can use themselves (403 GEN0010)', async () => {
    const t = await createTenant(h);
    const manager = await userWith(t, ['UserManage'], [t.entityIds[1] ?? 0]);
    const res = await post(manager.token, PATHS.userSave, newUser(t, { roleId: manager.roleId, entityIds: [t.entityIds[2]] }));
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('GEN0010');
    expect(
      (await post(manager.token, PATHS.userSave, newUser(t, { roleId: manager.roleId, entityIds: [t.entityIds[1]] }))).statusCode,
    ).toBe(200);
  });
});
