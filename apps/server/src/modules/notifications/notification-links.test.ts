// The reply links of notification mails on both engines: the token stored only hashed, the page by source type, the
// short code turned back into the full link, expiry by the subscriber's setting, revocation by a later link, a
// tampered token refused, and the first opening moving Sent to Inprogress once.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationEvents, notificationLinks, notifications } from '../../db/schema';
import { createTenant, ENGINES, setSubscriberSettings, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { issueReplyLink, markReplyLinkOpened, resolveReplyLink, resolveShortLink } from './notification-links';

const DAY = 24 * 60 * 60_000;

describe.each(ENGINES)('notification reply links on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  const now = new Date('2025-06-10T06:00:00Z');

  const addNotification = async (sourceType: 'Gsp' | 'Sales' | 'Crn' = 'Gsp', status: 'YetNotSent' | 'Sent' = 'Sent') => {
    const [row] = await h.ctx.database.db
      .insert(notifications)
      .values({
        subscriberId: t.subscriberId,
        entityId: t.entityIds[1] ?? 0,
        gstin: '07AAACT1234F1Z5',
        counterpartyGstin: '27AABCS1429B1Z1',
        sourceType,
        status,
        subject: 'Documents to correct',
      })
      .returning({ id: notifications.id });
    if (!row) throw new Error('not inserted');
    return row.id;
  };
  const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('id') ?? '';

  beforeAll(async () => {
    h = await startHarness(engine);
    t = await createTenant(h);
  });
  afterAll(async () => {
    await h.close();
  });

  it('issues a signed link to the page of the source type, stores only its hash, and resolves it until it expires', async () => {
    const id = await addNotification('Sales');
    const link = await issueReplyLink(h.ctx.database.db, h.ctx.secretKey, id, now);
    expect(link.url).toMatch(/^\/sales-notification-reply\?id=[A-Za-z0-9_-]{43}$/);
    expect(link.shortUrl).toMatch(/^[0-9A-Za-z]{10}$/);
    expect(link.expiresAt.toISOString()).toBe(new Date(now.getTime() + 30 * DAY).toISOString());
    const token = tokenOf(link.url);
    const [stored] = await h.ctx.database.db.select().from(notificationLinks).where(eq(notificationLinks.id, link.linkId));
    expect(stored?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);

    const resolved = await resolveReplyLink(h.ctx.database.db, token, new Date(now.getTime() + 30 * DAY - 1000));
    expect(resolved).toMatchObject({ ok: true, notificationId: id, subscriberId: t.subscriberId, sourceType: 'Sales' });
    expect(await resolveReplyLink(h.ctx.database.db, token, new Date(now.getTime() + 30 * DAY))).toEqual({ ok: false, reason: 'expired' });
  });

  it('turns the short code back into the full link; unknown or malformed codes are refused', async () => {
    const id = await addNotification('Crn');
    const link = await issueReplyLink(h.ctx.database.db, h.ctx.secretKey, id, now);
    expect(await resolveShortLink(h.ctx.database.db, h.ctx.secretKey, link.shortUrl, now)).toEqual({ ok: true, originalUrl: link.url });
    expect(link.url.startsWith('/crn-notification-reply?id=')).toBe(true);
    expect(await resolveShortLink(h.ctx.database.db, h.ctx.secretKey, 'ZZZZZZZZZZ', now)).toEqual({ ok: false, reason: 'unknown' });
    expect(await resolveShortLink(h.ctx.database.db, h.ctx.secretKey, '../../etc', now)).toEqual({ ok: false, reason: 'unknown' });
  });

  it('refuses a tampered token and one signed with another key', async () => {
    const id = await addNotification();
    const link = await issueReplyLink(h.ctx.database.db, h.ctx.secretKey, id, now);
    const token = tokenOf(link.url);
    const flipped = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    expect(await resolveReplyLink(h.ctx.database.db, flipped, now)).toEqual({ ok: false, reason: 'unknown' });
    expect(await resolveReplyLink(h.ctx.database.db, `${token}x`, now)).toEqual({ ok: false, reason: 'unknown' });
    const otherKey = Buffer.alloc(32, 7);
    const [other] = await h.ctx.database.db.select().from(notificationLinks).where(eq(notificationLinks.id, link.linkId));
    const resolvedWithOtherKey = await resolveShortLink(h.ctx.database.db, otherKey, other?.shortCode ?? '', now);
    expect(resolvedWithOtherKey.ok && tokenOf(resolvedWithOtherKey.originalUrl)).not.toBe(token);
  });

  it('a later link revokes the earlier ones; the reply link lasts the subscriber setting', async () => {
    await setSubscriberSettings(h, t.subscriberId, { notifications: { replyLinkDays: 7 } });
    const id = await addNotification();
    const first = await issueReplyLink(h.ctx.database.db, h.ctx.secretKey, id, now);
    const second = await issueReplyLink(h.ctx.database.db, h.ctx.secretKey, id, now);
    expect(second.expiresAt.getTime() - now.getTime()).toBe(7 * DAY);
    expect(second.shortUrl).not.toBe(first.shortUrl);
    expect(await resolveReplyLink(h.ctx.database.db, tokenOf(first.url), now)).toEqual({ ok: false, reason: 'revoked' });
    expect(await resolveShortLink(h.ctx.database.db, h.ctx.secretKey, first.shortUrl, now)).toEqual({ ok: false, reason: 'revoked' });
    expect((await resolveReplyLink(h.ctx.database.db, tokenOf(second.url), now)).ok).toBe(true);
    await setSubscriberSettings(h, t.subscriberId, { notifications: { replyLinkDays: 30 } });
  });

  it('the first opening moves Sent to Inprogress with an event; a second opening changes nothing', async () => {
    const id = await addNotification('Gsp', 'Sent');
    const link = await issueReplyLink(h.ctx.database.db, h.ctx.secretKey, id, now);
    const resolved = await resolveReplyLink(h.ctx.database.db, tokenOf(link.url), now);
    if (!resolved.ok) throw new Error('link refused');
    await markReplyLinkOpened(h.ctx.database.db, resolved, now);
    await markReplyLinkOpened(h.ctx.database.db, resolved, new Date(now.getTime() + 1000));
    const [row] = await h.ctx.database.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row?.status).toBe('Inprogress');
    const events = await h.ctx.database.db.select().from(notificationEvents).where(eq(notificationEvents.notificationId, id));
    expect(events.map((e) => [e.action, e.fromStatus, e.toStatus])).toEqual([['Opened', 'Sent', 'Inprogress']]);
    const [stored] = await h.ctx.database.db.select().from(notificationLinks).where(eq(notificationLinks.id, link.linkId));
    expect(stored?.usedAt?.toISOString()).toBe(now.toISOString());
  });
});
