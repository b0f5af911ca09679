import { ADMINISTRATION_API as PATHS, API, RIGHTS, type RightId } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, roleRights, roles, subscriptions, users } from '../../../db/schema';
import { hashPassword } from '../../../platform/auth/passwords';
import { signInLimitedUser } from '../../../test-support/org-fixtures';
import { authed, createTenant, ENGINES, login, signIn, startHarness, type Harness, type Tenant } from '../../../test-support/harness';

describe.each(ENGINES)('roles and rights on %s', (engine) => {
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

  /** Signs in a fresh user of the tenant holding a role with exactly these rights. */
  const userWith = async (t: Tenant, rights: RightId[]) => (await signInLimitedUser(h, t, rights, [])).token;

  it('creates a role with a subset of rights; a user of that role holds exactly those rights', async () => {
    const t = await createTenant(h);
    const token = await signIn(h.app, t);
    const saved = await post(token, PATHS.roleSave, {
      name: 'Accountant',
      description: 'Books only',
      rightIds: ['DashboardStatistics', 'SalesView', 'SalesView'],
    });
    expect(saved.statusCode).toBe(200);
    const { roleId } = saved.json().data;
    const detail = (await get(token, `${PATHS.roleDetail}?roleId=${roleId}`)).json().data;
    expect(detail).toMatchObject({
      name: 'Accountant',
      description: 'Books only',
      isSystem: false,
      rightIds: ['DashboardStatistics', 'SalesView'],
      rightCount: 2,
      userCount: 0,
    });

    const userName = `acc-${randomUUID().slice(0, 8)}`;
    await h.ctx.database.db.insert(users).values({
      subscriberId: t.subscriberId,
      roleId,
      userName,
      displayName: 'Acc',
      email: `${userName}@example.test`,
      passwordHash: await hashPassword('Acc#Pass2026x'),
    });
    const userToken = (await login(h.app, userName, 'Acc#Pass2026x')).json().data.token;
    const rights = (await get(userToken, API.loadSettings)).json().data.rights as { rightId: string; hasAccess: boolean }[];
    expect(
      rights
        .filter((r) => r.hasAccess)
        .map((r) => r.rightId)
        .sort(),
    ).toEqual(['DashboardStatistics', 'SalesView']);

    const audit = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entityType, 'Role'), eq(auditTrail.entityKey, String(roleId))));
    expect(audit[0]).toMatchObject({ action: 'Create' });
    expect((audit[0]?.after as { rightIds: string[] }).rightIds).toEqual(['DashboardStatistics', 'SalesView']);
  });

  it('lists roles by id DESC with counts, filters by name, and refuses unknown sort fields', async () => {
    const t = await createTenant(h);
    const token = await signIn(h.app, t);
    await post(token, PATHS.roleSave, { name: 'Alpha', rightIds: [] });
    await post(token, PATHS.roleSave, { name: 'Beta', rightIds: ['ReportsView'] });
    const list = (await post(token, PATHS.roleSearch, {})).json().data;
    expect(list.totalRecords).toBe(3);
    expect(list.items.map((r: { name: string }) => r.name)).toEqual(['Beta', 'Alpha', 'Admin']);
    expect(list.items[2]).toMatchObject({ isSystem: true, userCount: 1, rightCount: RIGHTS.length });
    expect((await post(token, PATHS.roleSearch, { filters: { text: 'alp' } })).json().data.items).toHaveLength(1);
    expect((await post(token, PATHS.roleSearch, { sortExpression: 'name ASC' })).json().data.items[0].name).toBe('Admin');
    expect((await post(token, PATHS.roleSearch, { sortExpression: 'secret ASC' })).statusCode).toBe(422);
  });

  it('edits a role, replacing its rights; refuses duplicate names and unknown rights', async () => {
    const t = await createTenant(h);
    const token = await signIn(h.app, t);
    const { roleId } = (await post(token, PATHS.roleSave, { name: 'Clerk', rightIds: ['SalesView'] })).json().data;
    const edited = await post(token, PATHS.roleSave, { roleId, name: 'Senior clerk', rightIds: ['PurchaseView'] });
    expect(edited.statusCode).toBe(200);
    expect((await get(token, `${PATHS.roleDetail}?roleId=${roleId}`)).json().data).toMatchObject({
      name: 'Senior clerk',
      rightIds: ['PurchaseView'],
    });
    const duplicate = await post(token, PATHS.roleSave, { name: 'senior CLERK', rightIds: [] });
    expect(duplicate.json().errors[0]).toMatchObject({ code: 'ADM0003', propertyName: 'Name' });
    const unknown = await post(token, PATHS.roleSave, { name: 'Other', rightIds: ['SalesView', 'RootAccess'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0]).toMatchObject({ code: 'ADM0005', propertyName: 'RightIds' });
    expect((await post(token, PATHS.roleSave, { name: '', rightIds: [] })).statusCode).toBe(422);
  });

  it('never edits or deletes the system role Admin', async () => {
    const t = await createTenant(h);
    const token = await signIn(h.app, t);
    const edit = await post(token, PATHS.roleSave, { roleId: t.adminRoleId, name: 'Admin', rightIds: [] });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors[0].code).toBe('ADM0002');
    expect((await post(token, PATHS.roleDelete, { roleId: t.adminRoleId })).json().errors[0].code).toBe('ADM0002');
    const held = await h.ctx.database.db.select().from(roleRights).where(eq(roleRights.roleId, t.adminRoleId));
    expect(held).toHaveLength(RIGHTS.length);
  });

  it('deletes a role only when no user holds it', async () => {
    const t = await createTenant(h);
    const token = await signIn(h.app, t);
    const { roleId } = (await post(token, PATHS.roleSave, { name: 'Temp', rightIds: ['SalesView'] })).json().data;
    const userName = `tmp-${randomUUID().slice(0, 8)}`;
    const [user] = await h.ctx.database.db
      .insert(users)
      .values({ subscriberId: t.subscriberId, roleId, userName, displayName: 'T', email: `${userName}@example.test`, passwordHash: 'x' })
      .returning();
    expect((await post(token, PATHS.roleDelete, { roleId })).json().errors[0].code).toBe('ADM0004');
    await h.ctx.database.db
      .update(users)
      .set({ status: 'Delete' })
      .where(eq(users.id, user?.id ?? 0));
    expect((await post(token, PATHS.roleDelete, { roleId })).statusCode).toBe(200);
    expect(await h.ctx.database.db.select().from(roles).where(eq(roles.id, roleId))).toHaveLength(0);
    const audit = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entityType, 'Role'), eq(auditTrail.entityKey, String(roleId)), eq(auditTrail.action, 'Delete')));
    expect(audit).toHaveLength(1);
  });

  it('answers the rights tree by module with premium and subscription flags', async () => {
    const t = await createTenant(h);
    await h.ctx.database.db
      .delete(subscriptions)
      .where(and(eq(subscriptions.subscriberId, t.subscriberId), eq(subscriptions.rightId, 'DashboardCfo')));
    const token = await signIn(h.app, t);
    const tree = (await get(token, PATHS.roleRightsTree)).json().data as {
      module: string;
      rights: { rightId: string; isPremium: boolean; subscribed: boolean }[];
    }[];
    expect(tree.flatMap((g) => g.rights)).toHaveLength(RIGHTS.length);
    const dashboard = tree.find((g) => g.module === 'Dashboard');
    expect(dashboard?.rights.find((r) => r.rightId === 'DashboardCfo')).toMatchObject({ isPremium: true, subscribed: false });
    expect(dashboard?.rights.find((r) => r.rightId === 'DashboardStatistics')).toMatchObject({ isPremium: false, subscribed: true });
  });

  it('needs RoleView to read, RoleAdd to create, RoleEdit to edit and RoleDelete to delete', async () => {
    const t = await createTenant(h);
    const admin = await signIn(h.app, t);
    const { roleId } = (await post(admin, PATHS.roleSave, { name: 'Target', rightIds: [] })).json().data;
    const nobody = await userWith(t, ['DashboardStatistics']);
    expect((await post(nobody, PATHS.roleSearch, {})).statusCode).toBe(403);
    expect((await get(nobody, `${PATHS.roleDetail}?roleId=${roleId}`)).statusCode).toBe(403);
    expect((await get(nobody, PATHS.roleRightsTree)).statusCode).toBe(403);

    const adder = await userWith(t, ['RoleView', 'RoleAdd']);
    expect((await post(adder, PATHS.roleSave, { name: `New ${randomUUID().slice(0, 4)}`, rightIds: [] })).statusCode).toBe(200);
    expect((await post(adder, PATHS.roleSave, { roleId, name: 'Changed', rightIds: [] })).json().errors[0].code).toBe('GEN0002');
    expect((await post(adder, PATHS.roleDelete, { roleId })).json().errors[0].code).toBe('GEN0002');

    const editor = await userWith(t, ['RoleEdit']);
    expect((await post(editor, PATHS.roleSave, { name: 'Sneaky', rightIds: [] })).json().errors[0].code).toBe('GEN0002');
    expect((await post(editor, PATHS.roleSave, { roleId, name: 'Changed', rightIds: [] })).statusCode).toBe(200);
  });

  it("answers 404 for another subscriber's role on detail, save and delete, and never shows it", async () => {
    const t = await createTenant(h);
    const other = await createTenant(h);
    const otherToken = await signIn(h.app, other);
    const { roleId } = (await post(otherToken, PATHS.roleSave, { name: 'Their role', rightIds: ['SalesView'] })).json().data;
    const token = await signIn(h.app, t);
    for (const res of [
      await get(token, `${PATHS.roleDetail}?roleId=${roleId}`),
      await post(token, PATHS.roleSave, { roleId, name: 'Mine now', rightIds: [] }),
      await post(token, PATHS.roleDelete, { roleId }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Their role');
    }
    expect(JSON.stringify((await post(token, PATHS.roleSearch, {})).json())).not.toContain('Their role');
    expect((await get(otherToken, `${PATHS.roleDetail}?roleId=${roleId}`)).json().data.name).toBe('Their role');
  });
});
