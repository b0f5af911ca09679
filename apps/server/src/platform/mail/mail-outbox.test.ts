import { API } from '@opengst/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { authed, createTenant, ENGINES, someIp, startHarness, type Harness } from '../../test-support/harness';
import { signInLimitedUser } from '../../test-support/org-fixtures';
import { otpIn } from '../../test-support/smtp';
import type { JobQueue } from '../jobs/queue';
import { createMailer } from './mailer';

/**
 * The outbox attack of the security review: a role holding only AdminMailOutbox read the administrator's reset link
 * in the outbox and took the account. Mails that carry a one-time code or link are withheld from the outbox, before
 * and after delivery, and their body is not kept readable at rest.
 */
describe.each(ENGINES)('mail outbox on %s', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(engine);
  });
  afterAll(async () => {
    await h.close();
  });

  const readOutbox = async (token: string) => {
    const res = await h.app.inject({ method: 'GET', url: API.outbox, headers: authed(token) });
    expect(res.statusCode).toBe(200);
    return res;
  };
  const rowsOf = (subscriberId: number) => h.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.subscriberId, subscriberId));

  it("a role with only the outbox right cannot read the administrator's reset link or OTP after delivery", async () => {
    const t = await createTenant(h);
    const reader = await signInLimitedUser(h, t, ['AdminMailOutbox'], []);
    const before = h.smtp.mails.length;

    const link = await h.app.inject({
      method: 'POST',
      url: API.forgotPassword,
      payload: { userName: t.userName, isResetPasswordRequest: false },
      remoteAddress: someIp(),
    });
    expect(link.statusCode).toBe(200);
    const linkMail = await h.smtp.waitFor(t.email, /reset your password/, before);
    const token = /request=([^\s]+)/.exec(linkMail.text)?.[1];
    expect(token).toBeTruthy();

    const otpAsk = await h.app.inject({
      method: 'POST',
      url: API.forgotPassword,
      payload: { userName: t.userName, isResetPasswordRequest: true },
      remoteAddress: someIp(),
    });
    expect(otpAsk.statusCode).toBe(200);
    const otpMail = await h.smtp.waitFor(t.email, /one-time password/, before);
    const otp = otpIn(otpMail);

    // Delivered: the rows say Sent.
    const deadline = Date.now() + 30_000;
    while ((await rowsOf(t.subscriberId)).some((m) => m.status !== 'Sent') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));

    const res = await readOutbox(reader.token);
    const items = res.json().data.items as { to: string; subject: string; text: string | null; status: string; contentWithheld: boolean }[];
    expect(items).toHaveLength(2);
    for (const item of items)
      expect(item, JSON.stringify(await rowsOf(t.subscriberId))).toMatchObject({
        to: t.email,
        status: 'Sent',
        text: null,
        contentWithheld: true,
      });
    expect(res.body).not.toContain(decodeURIComponent(token ?? ''));
    expect(res.body).not.toContain(otp);
    expect(res.body).not.toContain('reset-password?request=');

    // Nothing readable left at rest either.
    const stored = JSON.stringify(await rowsOf(t.subscriberId));
    expect(stored).not.toContain(decodeURIComponent(token ?? ''));
    expect(stored).not.toContain(otp);
  });

  it('withholds a secret mail before delivery too, keeps it sealed at rest, and redacts it once delivered', async () => {
    const t = await createTenant(h);
    const reader = await signInLimitedUser(h, t, ['AdminMailOutbox'], []);
    const queued: number[] = [];
    const queue: JobQueue = {
      send: async (_job, payload) => {
        queued.push((payload as { mailId: number }).mailId);
      },
      work: async () => {},
      stop: async () => {},
    };
    const mailer = createMailer(h.ctx.database.db, queue, { from: 'x@example.test', smtpUrl: h.smtp.url, secretKey: h.ctx.secretKey });
    const secretId = await mailer.send({
      subscriberId: t.subscriberId,
      to: t.email,
      subject: 'Your OTP',
      text: 'Code 918273 and link https://x.test/reset-password?request=SECRET-TOKEN-abc',
      carriesSecret: true,
    });
    const plainId = await mailer.send({
      subscriberId: t.subscriberId,
      to: t.email,
      subject: 'Your e-mail address was changed',
      text: 'Plain notice',
      carriesSecret: false,
    });
    expect(queued).toEqual([secretId, plainId]);

    // Queued, not yet delivered: already withheld from the outbox and not in clear in the table.
    const queuedAnswer = await readOutbox(reader.token);
    expect(queuedAnswer.body).not.toContain('918273');
    expect(queuedAnswer.body).not.toContain('SECRET-TOKEN-abc');
    const items = queuedAnswer.json().data.items as { id: number; text: string | null; contentWithheld: boolean; status: string }[];
    expect(items.find((m) => m.id === secretId)).toMatchObject({ text: null, contentWithheld: true, status: 'Queued' });
    expect(items.find((m) => m.id === plainId)).toMatchObject({ text: 'Plain notice', contentWithheld: false });
    const atRest = JSON.stringify(await rowsOf(t.subscriberId));
    expect(atRest).not.toContain('918273');
    expect(atRest).not.toContain('SECRET-TOKEN-abc');

    // Delivered: the recipient got the whole mail, and nothing of it is kept but the notice.
    const before = h.smtp.mails.length;
    await mailer.deliver(secretId);
    const got = await h.smtp.waitFor(t.email, /Your OTP/, before);
    expect(got.text).toContain('918273');
    const [row] = await h.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, secretId));
    expect(row).toMatchObject({ status: 'Sent', carriesSecret: true, sealedText: null });
    expect(JSON.stringify(row)).not.toContain('918273');
  });

  it('without SMTP a secret mail cannot wait in the outbox: it is redacted at once', async () => {
    const t = await createTenant(h);
    const queue: JobQueue = { send: async () => {}, work: async () => {}, stop: async () => {} };
    const mailer = createMailer(h.ctx.database.db, queue, { from: 'x@example.test', secretKey: h.ctx.secretKey });
    const id = await mailer.send({
      subscriberId: t.subscriberId,
      to: t.email,
      subject: 'Your OTP',
      text: 'Code 564738',
      carriesSecret: true,
    });
    await mailer.deliver(id);
    const [row] = await h.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'Outbox', sealedText: null });
    expect(JSON.stringify(row)).not.toContain('564738');
  });
});
