// Announcements on both engines (issue 20): the installation's administrator writes public, all-subscriber and
// one-subscriber announcements (bodies sanitised, every write audited); anyone reads the public ones in force only;
// a signed-in user reads public, all-subscriber and their own subscriber's, with unread counts per user; another
// subscriber's announcement is not found; a scheduled one appears when its time comes; a withdrawn one goes at once.
import {
  ANNOUNCEMENT_ADMIN_API as ADMIN,
  ANNOUNCEMENT_API as MINE,
  PUBLIC_ANNOUNCEMENT_API as PUBLIC,
  type AdminAnnouncement,
  type UserAnnouncement,
} from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, subscriptions } from '../../db/schema';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { clientOf, signInLimitedUser, type ApiClient } from '../../test-support/org-fixtures';

const DAY = 86_400_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe.each(ENGINES)('announcements on %s', (engine) => {
  let h: Harness;
  let owner: Tenant;
  let b: Tenant;
  let c: Tenant;
  let admin: ApiClient;
  let bUser: ApiClient;
  let cUser: ApiClient;
  const ids: Record<string, number> = {};
  const anonymous = (method: 'GET' | 'POST', url: string, payload?: object) =>
    h.app.inject({ method, url, ...(payload ? { payload } : {}) });

  const write = async (key: string, body: Record<string, unknown>): Promise<AdminAnnouncement> => {
    const res = await admin.post(ADMIN.save, { body: `<p>${key} body</p>`, audience: 'Public', ...body, title: key });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data as AdminAnnouncement;
    ids[key] = saved.id;
    return saved;
  };

  beforeAll(async () => {
    h = await startHarness(engine);
    owner = await createTenant(h);
    // The installation's own subscriber (seed/provision.ts isInstallationOwner) is the one subscribed to AdminMaintenance.
    await h.ctx.database.db.insert(subscriptions).values({ subscriberId: owner.subscriberId, rightId: 'AdminMaintenance' });
    b = await createTenant(h);
    c = await createTenant(h);
    admin = clientOf(h, await signIn(h.app, owner));
    bUser = clientOf(h, await signIn(h.app, b));
    cUser = clientOf(h, await signIn(h.app, c));
    await write('Old public', { publishAt: at(-3 * DAY) });
    await write('New public', {
      publishAt: at(-DAY),
      expiresAt: at(DAY),
      body: '<p onclick="x()">Due <b>20th</b><script>steal()</script></p>',
    });
    await write('Expired public', { publishAt: at(-3 * DAY), expiresAt: at(-DAY) });
    await write('Scheduled public', { publishAt: at(5 * 60_000) });
    await write('Draft public', {});
    await write('For all', { audience: 'AllSubscribers', publishAt: at(-DAY) });
    await write('For B', { audience: 'Subscriber', subscriberId: b.subscriberId, publishAt: at(-DAY) });
  });
  afterAll(async () => {
    await h.close();
  });

  it('sanitises the body and derives each status from the dates', async () => {
    const res = await admin.post(ADMIN.search, { size: 50 });
    const items = res.json().data.items as AdminAnnouncement[];
    const status = Object.fromEntries(items.map((i) => [i.title, i.status]));
    expect(status).toMatchObject({
      'Old public': 'Published',
      'New public': 'Published',
      'Expired public': 'Expired',
      'Scheduled public': 'Scheduled',
      'Draft public': 'Draft',
      'For B': 'Published',
    });
    expect(items.find((i) => i.title === 'New public')?.body).toBe('<p>Due <b>20th</b></p>');
    expect(items[0]?.title, 'drafts first').toBe('Draft public');
    expect(items[0]?.createdBy).toMatch(/^Admin /);
  });

  it('shows anyone the public announcements in force only, newest first, with their count', async () => {
    const search = await anonymous('POST', PUBLIC.search, { start: 0, size: 10 });
    expect(search.statusCode).toBe(200);
    expect(search.json().data.items.map((i: { title: string }) => i.title)).toEqual(['New public', 'Old public']);
    expect(search.json().data.totalRecords).toBe(2);
    expect((await anonymous('GET', PUBLIC.count)).json().data).toBe(2);
    const page2 = await anonymous('POST', PUBLIC.search, { start: 1, size: 1, filters: {} });
    expect(page2.json().data.items.map((i: { title: string }) => i.title)).toEqual(['Old public']);
    const byTitle = await anonymous('POST', PUBLIC.search, { sortExpression: 'title ASC' });
    expect(byTitle.json().data.items.map((i: { title: string }) => i.title)).toEqual(['New public', 'Old public']);
    const byTitleDesc = await anonymous('POST', PUBLIC.search, { sortExpression: 'title DESC' });
    expect(byTitleDesc.json().data.items.map((i: { title: string }) => i.title)).toEqual(['Old public', 'New public']);
    expect((await anonymous('POST', PUBLIC.search, { sortExpression: 'body ASC' })).statusCode, 'sorts only by allowed columns').toBe(422);
    const text = await anonymous('POST', PUBLIC.search, { filters: { text: '20th' } });
    expect(text.json().data.items.map((i: { title: string }) => i.title)).toEqual(['New public']);
    const got = await anonymous('GET', `${PUBLIC.get}?id=${ids['New public']}`);
    expect(got.json().data).toMatchObject({ title: 'New public', body: '<p>Due <b>20th</b></p>' });
    for (const hidden of ['For all', 'For B', 'Expired public', 'Scheduled public', 'Draft public'])
      expect((await anonymous('GET', `${PUBLIC.get}?id=${ids[hidden]}`)).statusCode, hidden).toBe(404);
  });

  it("gives a signed-in user public, all-subscriber and their own subscriber's announcements, never another's", async () => {
    const titles = async (api: ApiClient) =>
      ((await api.post(MINE.search, {})).json().data.items as UserAnnouncement[]).map((i) => i.title);
    // Newest published first: the three of a day ago were written in this order, a moment apart.
    expect(await titles(bUser)).toEqual(['For B', 'For all', 'New public', 'Old public']);
    expect(await titles(cUser)).toEqual(['For all', 'New public', 'Old public']);
    expect((await cUser.get(MINE.get, { id: ids['For B'] ?? 0 })).statusCode).toBe(404);
    expect((await cUser.post(MINE.markRead, { ids: [ids['For B']] })).statusCode).toBe(404);
    expect((await bUser.get(MINE.get, { id: ids['For B'] ?? 0 })).json().data).toMatchObject({
      title: 'For B',
      audience: 'Subscriber',
      isRead: false,
    });
  });

  it('counts unread per user and marks read', async () => {
    const other = clientOf(h, (await signInLimitedUser(h, b, [], [])).token);
    expect((await bUser.get(MINE.unreadCount)).json().data.count).toBe(4);
    const marked = await bUser.post(MINE.markRead, { ids: [ids['For B'], ids['For all'], ids['For B']] });
    expect(marked.json().data.count).toBe(2);
    expect((await bUser.get(MINE.unreadCount)).json().data.count).toBe(2);
    expect((await other.get(MINE.unreadCount)).json().data.count, 'another user of B has read nothing').toBe(4);
    const unread = (await bUser.post(MINE.search, { filters: { unreadOnly: true } })).json().data.items as UserAnnouncement[];
    expect(unread.map((i) => i.title)).toEqual(['New public', 'Old public']);
    const all = (await bUser.post(MINE.search, {})).json().data.items as UserAnnouncement[];
    expect(all.filter((i) => i.isRead).map((i) => i.title)).toEqual(['For B', 'For all']);
    // Marking an announcement not in force is refused, as one the user may not read.
    expect((await bUser.post(MINE.markRead, { ids: [ids['Draft public']] })).statusCode).toBe(404);
  });

  it('refuses the administration to anyone without the installation right, and checks what is saved', async () => {
    const bAdmin = await bUser.post(ADMIN.save, { title: 'x', body: '<p>x</p>', audience: 'Public' });
    expect(bAdmin.statusCode).toBe(403);
    expect((await bUser.post(ADMIN.search, {})).statusCode).toBe(403);
    const noSubscriber = await admin.post(ADMIN.save, { title: 'x', body: '<p>x</p>', audience: 'Subscriber' });
    expect(noSubscriber.statusCode).toBe(422);
    const backwards = await admin.post(ADMIN.save, { title: 'x', body: 'x', audience: 'Public', publishAt: at(DAY), expiresAt: at(0) });
    expect(backwards.statusCode).toBe(422);
    const onlyScript = await admin.post(ADMIN.save, { title: 'x', body: '<script>x</script>', audience: 'Public' });
    expect(onlyScript.statusCode).toBe(422);
    const unknown = await admin.post(ADMIN.save, { title: 'x', body: 'x', audience: 'Subscriber', subscriberId: 999_999 });
    expect(unknown.statusCode).toBe(422);
  });

  it('publishes a scheduled announcement when its time comes, and takes a withdrawn one off at once (audited)', async () => {
    h.advanceClock(6 * 60_000);
    expect((await anonymous('GET', PUBLIC.count)).json().data).toBe(3);
    const withdrawn = await admin.post(ADMIN.withdraw, { id: ids['New public'] });
    expect(withdrawn.json().data.status).toBe('Withdrawn');
    expect((await anonymous('GET', PUBLIC.count)).json().data).toBe(2);
    expect((await anonymous('GET', `${PUBLIC.get}?id=${ids['New public']}`)).statusCode).toBe(404);
    expect((await admin.post(ADMIN.delete, { id: ids['Old public'] })).statusCode).toBe(204);
    expect((await anonymous('POST', PUBLIC.search, {})).json().data.items.map((i: { title: string }) => i.title)).toEqual([
      'Scheduled public',
    ]);
    const audit = await h.ctx.database.db
      .select({ action: auditTrail.action, key: auditTrail.entityKey })
      .from(auditTrail)
      .where(and(eq(auditTrail.subscriberId, owner.subscriberId), eq(auditTrail.entityType, 'Announcement')));
    expect(audit.filter((r) => r.action === 'Create')).toHaveLength(7);
    expect(audit).toContainEqual({ action: 'StatusChange', key: String(ids['New public']) });
    expect(audit).toContainEqual({ action: 'Delete', key: String(ids['Old public']) });
  });
});
