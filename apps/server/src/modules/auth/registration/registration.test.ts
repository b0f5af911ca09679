import { API, HEADERS, REGISTRATION_API as PATHS } from '@opengst/contracts';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities, subscriptions, users } from '../../../db/schema';
import { gstinFor } from '../../../seed/provision';
import { authed, createTenant, encryptor, ENGINES, login, someIp, startHarness, type Harness } from '../../../test-support/harness';
import { linkIn, otpIn } from '../../../test-support/smtp';

/** A random valid PAN of a company (fourth letter C), so tests never collide. */
const randomPan = (): string => {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const pick = () => letters[Math.floor(Math.random() * letters.length)] ?? 'A';
  return `${pick()}${pick()}${pick()}C${pick()}${String(Math.floor(1000 + Math.random() * 9000))}${pick()}`;
};

describe.each(ENGINES)('registration on %s', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(engine);
  });
  afterAll(async () => {
    await h.close();
  });

  const post = (url: string, payload: unknown) =>
    h.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: someIp() });
  const details = (gstinOrPan: string) => {
    const userName = `reg-${randomUUID().slice(0, 8)}`;
    return {
      gstinOrPan,
      organisationName: 'Acme Traders',
      userName,
      displayName: 'Asha Admin',
      email: `${userName}@example.test`,
      mobile: '+919812345678',
    };
  };

  it('registers a new subscriber with a GSTIN and an OTP, who then sets a password and signs in as its Admin', async () => {
    const pan = randomPan();
    const gstin = gstinFor('29', pan, '1');
    const checked = await post(PATHS.registrationValidateGstinOrPan, { gstinOrPan: gstin.toLowerCase() });
    expect(checked.json().data).toEqual({ kind: 'GSTIN', gstinOrPan: gstin, pan, stateCode: '29' });

    const body = details(gstin);
    const before = h.smtp.mails.length;
    const started = await post(PATHS.registrationRegister, body);
    expect(started.statusCode).toBe(200);
    expect(started.json().data).toMatchObject({ attemptsLeft: 3, resendsLeft: 3 });
    const { token } = started.json().data;
    const otp = otpIn(await h.smtp.waitFor(body.email, /one-time password to register/, before));

    const wrongOtp = otp === '000000' ? '111111' : '000000';
    const wrong = await post(PATHS.registrationValidateOtp, { token, otp: wrongOtp });
    expect(wrong.json().errors[0]).toMatchObject({ code: 'AUTH0005', propertyName: 'Otp' });
    const linkBefore = h.smtp.mails.length;
    const done = await post(PATHS.registrationValidateOtp, { token, otp });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.userName).toBe(body.userName);
    expect((await post(PATHS.registrationValidateOtp, { token, otp })).json().errors[0].code).toBe('AUTH0016');

    const admin = (await h.ctx.database.db.select().from(users).where(eq(users.userName, body.userName)))[0];
    expect(admin).toMatchObject({ email: body.email, mobile: body.mobile, status: 'Active' });
    const tree = await h.ctx.database.db
      .select()
      .from(entities)
      .where(eq(entities.subscriberId, admin?.subscriberId ?? 0));
    expect(tree.sort((a, b) => a.id - b.id).map((e) => [e.entityType, e.pan, e.gstin, e.stateCode])).toEqual([
      ['Business', pan, null, null],
      ['Location', pan, gstin, '29'],
    ]);
    const subscribed = await h.ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.subscriberId, admin?.subscriberId ?? 0));
    expect(subscribed.map((s) => s.rightId)).not.toContain('AdminMaintenance');

    const mail = await h.smtp.waitFor(body.email, /new account/, linkBefore);
    const request = linkIn(mail).searchParams.get('request') ?? '';
    const valid = await h.app.inject({ method: 'GET', url: `${API.validateResetLink}?request=${encodeURIComponent(request)}` });
    const { encId, encrypt } = await encryptor(h.app);
    await h.app.inject({
      method: 'POST',
      url: API.resetPassword,
      headers: { [HEADERS.encId]: encId, [HEADERS.publicAuthToken]: valid.json().data.token },
      payload: { password: encrypt('First#Pass2026'), confirmPassword: encrypt('First#Pass2026') },
      remoteAddress: someIp(),
    });
    const signedIn = await login(h.app, body.userName, 'First#Pass2026');
    expect(signedIn.json().data.type).toBe('Success');
    const located = (await h.app.inject({ method: 'GET', url: API.userEntities, headers: authed(signedIn.json().data.token) })).json().data;
    expect(located.filter((e: { hasAccess: boolean }) => e.hasAccess)).toHaveLength(2);

    // The same GSTIN, or its PAN, cannot register twice.
    expect((await post(PATHS.registrationValidateGstinOrPan, { gstinOrPan: gstin })).json().errors[0].code).toBe('ADM0009');
    expect((await post(PATHS.registrationValidateGstinOrPan, { gstinOrPan: pan })).json().errors[0].code).toBe('ADM0009');
  });

  it('registers with a PAN: a Business without locations', async () => {
    const pan = randomPan();
    const body = details(pan);
    const before = h.smtp.mails.length;
    const { token } = (await post(PATHS.registrationRegister, body)).json().data;
    const otp = otpIn(await h.smtp.waitFor(body.email, /register/, before));
    expect((await post(PATHS.registrationValidateOtp, { token, otp })).statusCode).toBe(200);
    const admin = (await h.ctx.database.db.select().from(users).where(eq(users.userName, body.userName)))[0];
    const tree = await h.ctx.database.db
      .select()
      .from(entities)
      .where(eq(entities.subscriberId, admin?.subscriberId ?? 0));
    expect(tree.map((e) => [e.entityType, e.pan])).toEqual([['Business', pan]]);
  });

  it('refuses a GSTIN with a wrong check character, a bad PAN, a taken user name or an already registered GSTIN', async () => {
    const gstin = gstinFor('29', randomPan(), '1');
    const wrongCheck = `${gstin.slice(0, 14)}${gstin.endsWith('A') ? 'B' : 'A'}`;
    const bad = await post(PATHS.registrationValidateGstinOrPan, { gstinOrPan: wrongCheck });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].propertyName).toBe('GstinOrPan');
    expect((await post(PATHS.registrationValidateGstinOrPan, { gstinOrPan: 'ABCDE12345' })).statusCode).toBe(422);
    const t = await createTenant(h);
    expect((await post(PATHS.registrationRegister, { ...details(randomPan()), userName: t.userName })).json().errors[0].code).toBe(
      'ADM0001',
    );
    const existing = (
      await h.ctx.database.db
        .select()
        .from(entities)
        .where(eq(entities.id, t.entityIds[1] ?? 0))
    )[0];
    expect((await post(PATHS.registrationRegister, details(existing?.gstin ?? ''))).json().errors[0].code).toBe('ADM0009');
    expect((await post(PATHS.registrationRegister, { ...details(randomPan()), email: 'x' })).statusCode).toBe(422);
  });

  it('bounds OTP attempts and resends; a resent OTP replaces the old one', async () => {
    const body = details(randomPan());
    let before = h.smtp.mails.length;
    const { token } = (await post(PATHS.registrationRegister, body)).json().data;
    const first = otpIn(await h.smtp.waitFor(body.email, /register/, before));
    for (let resend = 2; resend >= 0; resend--) {
      before = h.smtp.mails.length;
      const res = await h.app.inject({
        method: 'GET',
        url: `${PATHS.registrationRegenerateOtp}?token=${encodeURIComponent(token)}`,
        remoteAddress: someIp(),
      });
      expect(res.json().data.resendsLeft).toBe(resend);
    }
    const res = await h.app.inject({
      method: 'GET',
      url: `${PATHS.registrationRegenerateOtp}?token=${encodeURIComponent(token)}`,
      remoteAddress: someIp(),
    });
    expect(res.json().errors[0].code).toBe('AUTH0008');
    const latest = otpIn(await h.smtp.waitFor(body.email, /register/, before));
    if (first !== latest) expect((await post(PATHS.registrationValidateOtp, { token, otp: first })).json().errors[0].code).toBe('AUTH0005');

    const wrong = latest === '000000' ? '111111' : '000000';
    await post(PATHS.registrationValidateOtp, { token, otp: wrong });
    await post(PATHS.registrationValidateOtp, { token, otp: wrong });
    // Attempts are spent: even the right OTP is refused now.
    expect((await post(PATHS.registrationValidateOtp, { token, otp: latest })).json().errors[0].code).toBe('AUTH0007');
    expect(await h.ctx.database.db.select().from(users).where(eq(users.userName, body.userName))).toHaveLength(0);
    expect((await post(PATHS.registrationValidateOtp, { token: 'unknown', otp: '123456' })).json().errors[0].code).toBe('AUTH0016');
  });

  it("mails one address at most five registration mails a day, and never the requester's own text", async () => {
    const victim = `victim-${randomUUID().slice(0, 8)}@example.test`;
    const phishing = 'Your bank account is blocked: verify at http://evil.test now';
    const before = h.smtp.mails.length;
    for (let n = 0; n < 5; n++) {
      const res = await post(PATHS.registrationRegister, { ...details(randomPan()), email: victim, organisationName: phishing });
      expect(res.statusCode, res.body).toBe(200);
    }
    const mail = await h.smtp.waitFor(victim, /register/, before);
    expect(mail.text).not.toContain('evil.test');
    expect(mail.subject).toBe('OpenGST: your one-time password to register');
    const sixth = await post(PATHS.registrationRegister, { ...details(randomPan()), email: victim.toUpperCase() });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().errors[0]).toMatchObject({ code: 'GEN0004', propertyName: 'Email' });
    expect(sixth.json().errors[0].message).toContain('Try again tomorrow');
  });
});
