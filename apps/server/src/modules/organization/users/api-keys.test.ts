import { ADMINISTRATION_API as PATHS, API, type RightId } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditTrail, roleRights, roles, userEntities, users } from '../../../db/schema';
import { hashPassword } from '../../../platform/auth/passwords';
import { authed, createTenant, ENGINES, login, signIn, startHarness, type Harness, type Tenant } from '../../../test-support/harness';

describe.each(ENGINES)('API keys on %s', (engine) => {
  let h: Harness;
  let logs = '';
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logs += String(chunk);
        done();
      },
    });
    h = await startHarness(engine, { logStream });
  });
  afterAll(async () => {
    await h.close();
  });

  const post = (token: string, url: string, payload: unknown) =>
    h.app.inject({ method: 'POST', url, headers: authed(token), payload: payload as object });
  const get = (token: string, url: string) => h.app.inject({ method: 'GET', url, headers: authed(token) });

  /** A user with exactly these rights and access to the Delhi location only. */
  const userWith = async (t: Tenant, rights: RightId[]) => {
    const { db } = h.ctx.database;
    const [role] = await db
      .insert(roles)
      .values({ subscriberId: t.subscriberId, name: `K ${randomUUID().slice(0, 6)}` })
      .returning();
    await db.insert(roleRights).values(rights.map((rightId) => ({ roleId: role?.id ?? 0, rightId })));
    const userName = `k-${randomUUID().slice(0, 8)}`;
    const [user] = await db
      .insert(users)
      .values({
        subscriberId: t.subscriberId,
        roleId: role?.id ?? 0,
        userName,
        displayName: userName,
        email: `${userName}@example.test`,
        passwordHash: await hashPassword('Keys#Pass2026'),
      })
      .returning();
    await db.insert(userEntities).values({ userId: user?.id ?? 0, entityId: t.entityIds[1] ?? 0 });
    return { userId: user?.id ?? 0, userName };
  };

  it("issues a key whose secret is shown once, works as auth-token with exactly its user's rights, and stops when revoked", async () => {
    const t = await createTenant(h);
    const admin = await signIn(h.app, t);
    const client = await userWith(t, ['UserView']);
    const generated = await get(admin, `${PATHS.userGenerateAuthKey}?userId=${client.userId}`);
    expect(generated.statusCode).toBe(200);
    const key = generated.json().data;
    expect(key).toMatchObject({ kind: 'AuthKey', lastFour: key.secret.slice(-4), revokedAt: null });

    const stored = (await h.ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id)))[0];
    expect(stored?.tokenHash).not.toContain(key.secret);
    expect(JSON.stringify(stored)).not.toContain(key.secret);

    // The key acts as its user: UserView is held, UserManage and another location are not.
    expect((await post(key.secret, PATHS.userSearch, {})).statusCode).toBe(200);
    expect((await post(key.secret, PATHS.userResetPassword, { userId: client.userId })).statusCode).toBe(403);
    const entities = (await get(key.secret, API.userEntities)).json().data as { entityId: number; hasAccess: boolean }[];
    expect(entities.filter((e) => e.hasAccess).map((e) => e.entityId)).toEqual([t.entityIds[1]]);
    const settings = (await get(key.secret, API.loadSettings)).json().data;
    expect(settings.user.userName).toBe(client.userName);
    const used = (await h.ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id)))[0];
    expect(used?.lastUsedAt).not.toBeNull();

    const access = (await get(admin, `${PATHS.userGetApiAccess}?userId=${client.userId}`)).json().data;
    expect(access).toMatchObject({ userId: client.userId, isEnabled: true });
    expect(access.keys).toHaveLength(1);

    const revoked = await post(admin, PATHS.userRevokeApiKey, { id: key.id });
    expect(revoked.json().data.isEnabled).toBe(false);
    expect((await post(key.secret, PATHS.userSearch, {})).json().errors[0].code).toBe('AUTH0013');

    const audit = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entityType, 'ApiKey'), eq(auditTrail.entityKey, String(key.id))));
    expect(audit.map((a) => a.action).sort()).toEqual(['Create', 'Update']);
    // The secret never appears again: not in later answers, the audit trail or the log.
    expect(JSON.stringify(audit)).not.toContain(key.secret);
    expect(JSON.stringify(access)).not.toContain(key.secret);
    expect(revoked.body).not.toContain(key.secret);
    expect(logs).not.toContain(key.secret);
  });

  it('rotates a key of the same kind, and disabling API access revokes every key', async () => {
    const t = await createTenant(h);
    const admin = await signIn(h.app, t);
    const client = await userWith(t, ['UserView']);
    const first = (await get(admin, `${PATHS.userGenerateLifetimeAuthToken}?userId=${client.userId}`)).json().data;
    const second = (await get(admin, `${PATHS.userGenerateLifetimeAuthToken}?userId=${client.userId}`)).json().data;
    const authKey = (await get(admin, `${PATHS.userGenerateAuthKey}?userId=${client.userId}`)).json().data;
    expect(first.kind).toBe('LifetimeToken');
    expect((await post(first.secret, PATHS.userSearch, {})).statusCode).toBe(401);
    expect((await post(second.secret, PATHS.userSearch, {})).statusCode).toBe(200);
    expect((await post(authKey.secret, PATHS.userSearch, {})).statusCode).toBe(200);

    const disabled = await post(admin, PATHS.userApiAccess, { userId: client.userId, isEnabled: false });
    expect(disabled.json().data.isEnabled).toBe(false);
    expect(disabled.json().data.keys.every((k: { revokedAt: string | null }) => k.revokedAt !== null)).toBe(true);
    expect((await post(second.secret, PATHS.userSearch, {})).statusCode).toBe(401);
    expect((await post(authKey.secret, PATHS.userSearch, {})).statusCode).toBe(401);
  });

  it('stops a key when its user is deactivated, and issues none to an inactive user', async () => {
    const t = await createTenant(h);
    const admin = await signIn(h.app, t);
    const client = await userWith(t, ['UserView']);
    const key = (await get(admin, `${PATHS.userGenerateAuthKey}?userId=${client.userId}`)).json().data;
    await post(admin, PATHS.userUpdateStatus, { userIds: [client.userId], status: 'Inactive' });
    expect((await post(key.secret, PATHS.userSearch, {})).statusCode).toBe(401);
    expect((await get(admin, `${PATHS.userGenerateAuthKey}?userId=${client.userId}`)).json().errors[0].code).toBe('ADM0011');
    expect((await post(admin, PATHS.userApiAccess, { userId: client.userId, isEnabled: true })).json().errors[0].code).toBe('ADM0011');
  });

  it("needs UserApiAccess, and another subscriber's users and keys are 404", async () => {
    const t = await createTenant(h);
    const other = await createTenant(h);
    const admin = await signIn(h.app, t);
    const otherAdmin = await signIn(h.app, other);
    const theirKey = (await get(otherAdmin, `${PATHS.userGenerateAuthKey}?userId=${other.adminUserId}`)).json().data;
    for (const res of [
      await get(admin, `${PATHS.userGetApiAccess}?userId=${other.adminUserId}`),
      await get(admin, `${PATHS.userGenerateAuthKey}?userId=${other.adminUserId}`),
      await get(admin, `${PATHS.userGenerateLifetimeAuthToken}?userId=${other.adminUserId}`),
      await post(admin, PATHS.userApiAccess, { userId: other.adminUserId, isEnabled: false }),
      await post(admin, PATHS.userRevokeApiKey, { id: theirKey.id }),
    ])
      expect(res.statusCode).toBe(404);
    expect((await post(theirKey.secret, PATHS.userSearch, {})).statusCode).toBe(200);

    const viewer = await userWith(t, ['UserView', 'UserManage']);
    const viewerToken = (await login(h.app, viewer.userName, 'Keys#Pass2026')).json().data.token;
    expect((await get(viewerToken, `${PATHS.userGenerateAuthKey}?userId=${viewer.userId}`)).statusCode).toBe(403);
    expect((await get(admin, `${PATHS.userGenerateAuthKey}?userId=abc`)).statusCode).toBe(422);
  });
});
