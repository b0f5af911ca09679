import { ADMINISTRATION_API as PATHS, API, HEADERS } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, users } from '../../../db/schema';
import { authed, createTenant, encryptor, ENGINES, login, signIn, someIp, startHarness, type Harness } from '../../../test-support/harness';

describe.each(ENGINES)('profile on %s', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(engine);
  });
  afterAll(async () => {
    await h.close();
  });

  const changePassword = async (token: string, currentPassword: string, password: string, confirmPassword = password) => {
    const { encId, encrypt } = await encryptor(h.app);
    return h.app.inject({
      method: 'POST',
      url: PATHS.changePassword,
      headers: { ...authed(token), [HEADERS.encId]: encId },
      payload: { currentPassword: encrypt(currentPassword), password: encrypt(password), confirmPassword: encrypt(confirmPassword) },
      remoteAddress: someIp(),
    });
  };

  it("shows the signed-in user's profile (v0.2) with role and accessible locations", async () => {
    const t = await createTenant(h);
    const token = await signIn(h.app, t);
    const res = await h.app.inject({ method: 'GET', url: PATHS.profileDetail, headers: authed(token) });
    expect(PATHS.profileDetail).toBe('/api/v0.2/profile/detail');
    expect(res.statusCode).toBe(200);
    const profile = res.json().data;
    expect(profile).toMatchObject({ userId: t.adminUserId, userName: t.userName, email: t.email, roleName: 'Admin', branchName: null });
    expect(profile.lastLoginAt).not.toBeNull();
    expect(profile.entities.map((e: { entityId: number }) => e.entityId)).toEqual(t.entityIds);
    expect(res.body).not.toMatch(/password/i);
    expect((await h.app.inject({ method: 'GET', url: PATHS.profileDetail })).statusCode).toBe(401);
  });

  it("saves the user's own name, e-mail and mobile with an audit row, and refuses invalid ones", async () => {
    const t = await createTenant(h);
    const token = await signIn(h.app, t);
    const saved = await h.app.inject({
      method: 'POST',
      url: PATHS.profileSave,
      headers: authed(token),
      payload: { displayName: 'Me Myself', email: 'me@example.test', mobile: '9876543210' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ displayName: 'Me Myself', email: 'me@example.test', mobile: '9876543210' });
    const audit = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entityType, 'User'), eq(auditTrail.entityKey, String(t.adminUserId))));
    expect(audit[0]).toMatchObject({ action: 'Update', before: { email: t.email }, after: { email: 'me@example.test' } });
    const bad = await h.app.inject({
      method: 'POST',
      url: PATHS.profileSave,
      headers: authed(token),
      payload: { displayName: '', email: 'nope', mobile: 'abc' },
    });
    expect(bad.statusCode).toBe(422);
    // The profile cannot change the role: unknown keys are ignored.
    await h.app.inject({
      method: 'POST',
      url: PATHS.profileSave,
      headers: authed(token),
      payload: { displayName: 'X', email: 'me@example.test', roleId: 999 },
    });
    expect((await h.ctx.database.db.select().from(users).where(eq(users.id, t.adminUserId)))[0]?.roleId).toBe(t.adminRoleId);
  });

  it('changes the password: verifies the current one, applies policy and history, keeps this session and ends the others', async () => {
    const t = await createTenant(h);
    const token = await signIn(h.app, t);
    const otherSession = await signIn(h.app, t);

    const wrong = await changePassword(token, 'not-my-password', 'Brand#New2026pw');
    expect(wrong.json().errors[0]).toMatchObject({ code: 'ADM0008', propertyName: 'CurrentPassword' });
    const weak = await changePassword(token, t.password, 'short');
    expect(weak.statusCode).toBe(422);
    expect(
      weak.json().errors.every((e: { code: string; propertyName: string }) => e.code === 'AUTH0011' && e.propertyName === 'Password'),
    ).toBe(true);
    const mismatch = await changePassword(token, t.password, 'Brand#New2026pw', 'Brand#New2026px');
    expect(mismatch.json().errors[0].code).toBe('AUTH0010');
    const same = await changePassword(token, t.password, t.password);
    expect(same.json().errors[0].code).toBe('AUTH0012');

    const done = await changePassword(token, t.password, 'Brand#New2026pw');
    expect(done.statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: API.loadSettings, headers: authed(token) })).statusCode).toBe(200);
    const ended = await h.app.inject({ method: 'GET', url: API.loadSettings, headers: authed(otherSession) });
    expect(ended.statusCode).toBe(401);
    expect((await login(h.app, t.userName, 'Brand#New2026pw')).json().data.type).toBe('Success');
    expect((await login(h.app, t.userName, t.password)).statusCode).toBe(422);
    // The previous password is now history.
    const back = await changePassword(token, 'Brand#New2026pw', t.password);
    expect(back.json().errors[0].code).toBe('AUTH0012');
  });

  it('refuses a replayed one-time key', async () => {
    const t = await createTenant(h);
    const token = await signIn(h.app, t);
    const { encId, encrypt } = await encryptor(h.app);
    const payload = {
      currentPassword: encrypt(t.password),
      password: encrypt('Brand#New2026pw'),
      confirmPassword: encrypt('Brand#New2026pw'),
    };
    const headers = { ...authed(token), [HEADERS.encId]: encId };
    expect((await h.app.inject({ method: 'POST', url: PATHS.changePassword, headers, payload })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'POST', url: PATHS.changePassword, headers, payload })).json().errors[0].code).toBe('AUTH0004');
  });
});
