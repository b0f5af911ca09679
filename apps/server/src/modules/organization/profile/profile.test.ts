import { ADMINISTRATION_API as PATHS, API, HEADERS } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, emailChanges, users } from '../../../db/schema';
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

  /** profile/save as the web sends it: the current password, when given, encrypted with a one-time key. */
  const saveProfile = async (
    token: string,
    body: { displayName: string; email: string; mobile?: string | null },
    currentPassword?: string,
  ) => {
    if (currentPassword === undefined)
      return h.app.inject({ method: 'POST', url: PATHS.profileSave, headers: authed(token), payload: body });
    const { encId, encrypt } = await encryptor(h.app);
    return h.app.inject({
      method: 'POST',
      url: PATHS.profileSave,
      headers: { ...authed(token), [HEADERS.encId]: encId },
      payload: { ...body, currentPassword: encrypt(currentPassword) },
    });
  };
  const confirmEmail = (token: string, code: string) =>
    h.app.inject({ method: 'POST', url: PATHS.profileConfirmEmail, headers: authed(token), payload: { code } });
  const codeIn = (text: string): string => {
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    if (!code) throw new Error(`no code in mail: ${text}`);
    return code;
  };

  it("saves the user's own name, e-mail and mobile with an audit row, and refuses invalid ones", async () => {
    const t = await createTenant(h);
    const token = await signIn(h.app, t);
    const saved = await saveProfile(token, { displayName: 'Me Myself', email: t.email, mobile: '9876543210' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ displayName: 'Me Myself', email: t.email, mobile: '9876543210', pendingEmail: null });
    const before = h.smtp.mails.length;
    const changed = await saveProfile(token, { displayName: 'Me Myself', email: 'me@example.test', mobile: '9876543210' }, t.password);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ email: t.email, pendingEmail: 'me@example.test' });
    const code = codeIn((await h.smtp.waitFor('me@example.test', /confirm your e-mail address/, before)).text);
    expect((await confirmEmail(token, code)).json().data).toMatchObject({ email: 'me@example.test', pendingEmail: null });
    const audit = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entityType, 'User'), eq(auditTrail.entityKey, String(t.adminUserId))));
    expect(audit.find((a) => (a.after as { email?: string } | null)?.email === 'me@example.test')).toMatchObject({
      action: 'Update',
      before: { email: t.email },
    });
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

  it('the takeover by e-mail change fails: a session alone cannot move the e-mail, the new address must confirm, the old one is told', async () => {
    const t = await createTenant(h);
    const token = await signIn(h.app, t);
    const attacker = `attacker-${t.userName}@evil.test`;
    const body = { displayName: 'Admin', email: attacker };

    // The attack of the review: a stolen session changes the e-mail, then the reset link goes to the attacker.
    const bare = await saveProfile(token, body);
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors[0]).toMatchObject({ code: 'ADM0012', propertyName: 'CurrentPassword' });
    const wrong = await saveProfile(token, body, 'not-my-password');
    expect(wrong.json().errors[0]).toMatchObject({ code: 'ADM0008', propertyName: 'CurrentPassword' });
    const stored = async () => (await h.ctx.database.db.select().from(users).where(eq(users.id, t.adminUserId)))[0]?.email;
    expect(await stored()).toBe(t.email);

    // With the password, the change waits for the new address to confirm; until then the old one stays.
    const before = h.smtp.mails.length;
    const asked = await saveProfile(token, body, t.password);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().data).toMatchObject({ email: t.email, pendingEmail: attacker });
    expect(await stored()).toBe(t.email);
    const confirmation = await h.smtp.waitFor(attacker, /confirm your e-mail address/, before);
    const code = codeIn(confirmation.text);
    // The code is kept only as a keyed hash.
    const [pending] = await h.ctx.database.db.select().from(emailChanges).where(eq(emailChanges.userId, t.adminUserId));
    expect(pending?.newEmail).toBe(attacker);
    expect(JSON.stringify(pending)).not.toContain(code);
    // A reset link asked now still goes to the old address.
    await h.app.inject({
      method: 'POST',
      url: API.forgotPassword,
      payload: { userName: t.userName, isResetPasswordRequest: false },
      remoteAddress: someIp(),
    });
    await h.smtp.waitFor(t.email, /reset your password/, before);
    expect(h.smtp.mails.slice(before).some((m) => m.to === attacker && /reset/.test(m.subject))).toBe(false);

    // A wrong code is refused; the right one applies the change and tells the old address.
    const wrongCode = await confirmEmail(token, code === '000000' ? '000001' : '000000');
    expect(wrongCode.statusCode).toBe(422);
    expect(wrongCode.json().errors[0]).toMatchObject({ code: 'ADM0014', propertyName: 'Code' });
    const confirmed = await confirmEmail(token, code);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({ email: attacker, pendingEmail: null });
    expect(await stored()).toBe(attacker);
    const notice = await h.smtp.waitFor(t.email, /e-mail address was changed/, before);
    expect(notice.text).toContain(t.userName);
    // The code works once.
    expect((await confirmEmail(token, code)).statusCode).toBe(422);
  });

  it('ends a pending e-mail change after too many wrong codes and when it expires', async () => {
    const t = await createTenant(h);
    const token = await signIn(h.app, t);
    const before = h.smtp.mails.length;
    const next = `next-${t.userName}@example.test`;
    expect((await saveProfile(token, { displayName: 'A', email: next }, t.password)).statusCode).toBe(200);
    const code = codeIn((await h.smtp.waitFor(next, /confirm your e-mail address/, before)).text);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i += 1) expect((await confirmEmail(token, wrong)).statusCode).toBe(422);
    // The sixth try, even with the right code, finds nothing pending.
    expect((await confirmEmail(token, code)).json().errors[0]).toMatchObject({ code: 'ADM0014' });
    expect((await h.app.inject({ method: 'GET', url: PATHS.profileDetail, headers: authed(token) })).json().data.pendingEmail).toBeNull();

    const again = h.smtp.mails.length;
    expect((await saveProfile(token, { displayName: 'A', email: next }, t.password)).statusCode).toBe(200);
    const second = codeIn((await h.smtp.waitFor(next, /confirm your e-mail address/, again)).text);
    // Past its 30 minutes (moved in the table: the session's idle limit would end first on the clock).
    await h.ctx.database.db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.userId, t.adminUserId));
    expect((await confirmEmail(token, second)).json().errors[0]).toMatchObject({ code: 'ADM0014' });
  });

  it('an API key never changes the e-mail or the password (403), even with the password', async () => {
    const t = await createTenant(h);
    const token = await signIn(h.app, t);
    const key = (
      await h.app.inject({ method: 'GET', url: `${PATHS.userGenerateAuthKey}?userId=${t.adminUserId}`, headers: authed(token) })
    ).json().data.secret as string;
    const email = await saveProfile(key, { displayName: 'Via key', email: `key-${t.userName}@evil.test` }, t.password);
    expect(email.statusCode).toBe(403);
    expect(email.json().errors[0]).toMatchObject({ code: 'ADM0013' });
    expect(email.json().errors[0].message).toMatch(/API key/);
    const password = await changePassword(key, t.password, 'Brand#New2026pw');
    expect(password.statusCode).toBe(403);
    expect(password.json().errors[0]).toMatchObject({ code: 'ADM0013' });
    // A code cannot be confirmed with a key either.
    expect((await confirmEmail(key, '123456')).json().errors[0]).toMatchObject({ code: 'ADM0013' });
    // The name and mobile are not credentials: a key may still keep them.
    const name = await saveProfile(key, { displayName: 'Via key', email: t.email });
    expect(name.statusCode).toBe(200);
    expect((await h.ctx.database.db.select().from(users).where(eq(users.id, t.adminUserId)))[0]).toMatchObject({
      displayName: 'Via key',
      email: t.email,
    });
    expect((await login(h.app, t.userName, t.password)).json().data.type).toBe('Success');
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
