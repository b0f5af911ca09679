// The buyer's notifications on both engines (issue 21): created from a real reconciliation run (pairs and vendors),
// with the action required and the reason per document, the vendor master's addresses; sent through the loopback SMTP
// server with a signed and a short link that resolve; a re-send recorded as a reminder with a new link; search,
// pushSummary, export and download read back; edit, assign, bulk-assign, levels by user; rights and location reach.
import {
  NOTIFICATION_API as N,
  RECONCILIATION_API as RAPI,
  RECONCILIATION_ROWS_REPORT,
  type NotificationDetail,
  type Notification,
  type ReconciliationRow,
  type Run,
} from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditTrail,
  businessPartnerContacts,
  businessPartners,
  documents,
  levels,
  notificationLinks,
  notifications,
  users,
} from '../../db/schema';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { DELHI_GSTIN, CHENNAI_GSTIN, readXlsx } from '../../test-support/import-fixtures';
import { clientOf, gstinFor, signInLimitedUser, type ApiClient } from '../../test-support/org-fixtures';
import { insertPortal, insertPurchases, waitForRun, type Doc } from '../../test-support/reconciliation-fixtures';
import { resolveReplyLink, resolveShortLink } from './notification-links';

const ACME = gstinFor('27', 'AAACA1111A', '1');
const BETA = gstinFor('29', 'AAACB2222B', '1');
const ROWS = RECONCILIATION_ROWS_REPORT.endpoints;

describe.each(ENGINES)('notifications on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let api: ApiClient;
  let delhi: number;
  let chennai: number;
  let runId: number;
  let rows: ReconciliationRow[];
  const row = (n: string) => {
    const found = rows.find((r) => r.booksNumber === n || r.portalNumber === n);
    if (!found) throw new Error(`no row ${n}`);
    return found;
  };
  const ok = async <T>(res: Promise<{ statusCode: number; body: string; json: () => { data: unknown } }>): Promise<T> => {
    const answer = await res;
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as T;
  };
  const detail = (id: number) => ok<NotificationDetail>(api.post(N.notificationDetail, { id }));
  const create = (from: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    ok<{ ids: number[] }>(api.post(N.notificationSave, { from: { runId, ...from }, ...extra }));

  beforeAll(async () => {
    h = await startHarness(engine);
    t = await createTenant(h);
    api = clientOf(h, await signIn(h.app, t));
    [, delhi = 0, chennai = 0] = t.entityIds;
    const { db } = h.ctx.database;
    const doc = (supplierGstin: string, documentNumber: string, taxable: number): Doc => ({
      entityId: delhi,
      supplierGstin,
      supplierName: supplierGstin === ACME ? 'Acme Steel' : 'Beta Tools',
      documentNumber,
      documentDate: '2025-03-05',
      taxable,
      igst: taxable * 0.18,
    });
    await insertPurchases(db, t.subscriberId, [
      doc(ACME, 'AC-001', 100_000_00),
      doc(ACME, 'AC-002', 10_000_00),
      doc(ACME, 'AC-003', 50_000_00),
      doc(BETA, 'BT-001', 20_000_00),
    ]);
    // AC-001 as booked; AC-003 reported with a taxable value of ₹45,000 (mismatched); AC-002 and BT-001 not reported.
    await insertPortal(db, t.subscriberId, (id) => (id === delhi ? DELHI_GSTIN : CHENNAI_GSTIN), [
      doc(ACME, 'AC-001', 100_000_00),
      doc(ACME, 'AC-003', 45_000_00),
    ]);
    const [partner] = await db
      .insert(businessPartners)
      .values({ subscriberId: t.subscriberId, gstin: ACME, legalName: 'Acme Steel Private Limited', email: 'Accounts@Acme.example' })
      .returning();
    await db.insert(businessPartnerContacts).values([
      { subscriberId: t.subscriberId, partnerId: partner!.id, name: 'GST desk', email: 'gst@acme.example' },
      { subscriberId: t.subscriberId, partnerId: partner!.id, name: 'Sales', email: 'sales@acme.example', receivesNotifications: false },
    ]);
    const start = await api.post(RAPI.runStart, { entityIds: [delhi, chennai], fromPeriod: '032025', toPeriod: '032025' });
    expect(start.statusCode, start.body).toBe(200);
    runId = (start.json().data as Run).id;
    const finished = await waitForRun(api, runId);
    expect(finished.run.status, finished.run.message ?? '').toBe('Completed');
    rows = (await ok<{ items: ReconciliationRow[] }>(api.post(ROWS.search.path, { filters: { runId }, size: 100 }))).items;
  });
  afterAll(async () => {
    await h.close();
  });

  it('creates one notification per supplier from chosen pairs, with the action and reason per document and the vendor master addresses', async () => {
    const { ids } = await create({ kind: 'pairs', rowIds: [row('AC-001').id, row('AC-002').id, row('AC-003').id] });
    expect(ids).toHaveLength(1);
    const d = await detail(ids[0]!);
    expect(d.notification).toMatchObject({
      entityId: delhi,
      gstin: DELHI_GSTIN,
      counterpartyGstin: ACME,
      counterpartyName: 'Acme Steel Private Limited',
      emails: ['accounts@acme.example', 'gst@acme.example'],
      sourceType: 'Gsp',
      status: 'YetNotSent',
      documents: 2,
      runId,
    });
    // The matched AC-001 asks nothing; the run was against GSTR-2B, so the 2B columns carry the asks.
    expect(d.documents.map((x) => [x.serialNumber, x.documentNumber, x.actionRequired, x.gstr2bActionRequired])).toEqual([
      [1, 'AC-002', null, 'ReportInGstr1'],
      [2, 'AC-003', null, 'AmendInGstr1'],
    ]);
    expect(d.documents[1]?.gstr2bReason).toContain('taxable value: ours ₹50,000.00, yours ₹45,000.00');
    expect(d.documents[1]?.taxable).toBe(45_000_00);
    expect(d.events.map((e) => [e.action, e.toStatus])).toEqual([['Created', 'YetNotSent']]);
    const audits = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(
        and(
          eq(auditTrail.subscriberId, t.subscriberId),
          eq(auditTrail.entityType, 'Notification'),
          eq(auditTrail.entityKey, String(ids[0])),
        ),
      );
    expect(audits.map((a) => a.action)).toEqual(['Create']);
  });

  it('refuses rows that need nothing, and another run or row id', async () => {
    const res = await api.post(N.notificationSave, { from: { kind: 'pairs', runId, rowIds: [row('AC-001').id] } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].message).toContain('No document needs');
    expect(
      (await api.post(N.notificationSave, { from: { kind: 'pairs', runId: runId + 1000, rowIds: [row('AC-002').id] } })).statusCode,
    ).toBe(404);
    expect((await api.post(N.notificationSave, { from: { kind: 'pairs', runId, rowIds: [999_999] } })).statusCode).toBe(404);
    expect((await api.post(N.notificationSave, { from: { kind: 'vendors', runId, supplierGstins: ['24AAACZ9999Z1Z9'] } })).statusCode).toBe(
      404,
    );
  });

  it('sends by mail with a signed and a short link; a notification without an address is skipped with the reason', async () => {
    const [acme] = (await create({ kind: 'vendors', supplierGstins: [ACME] }, { subject: 'Please correct March' })).ids;
    const [beta] = (await create({ kind: 'vendors', supplierGstins: [BETA] })).ids;
    const before = h.smtp.mails.length;
    const result = await ok<{ sent: number; mails: number; skipped: { id: number; message: string }[] }>(
      api.post(N.notificationSend, { ids: [acme, beta] }),
    );
    expect(result).toEqual({ sent: 1, mails: 2, skipped: [{ id: beta, message: expect.stringContaining('No e-mail address') }] });
    const mail = await h.smtp.waitFor('gst@acme.example', /Please correct March/, before);
    await h.smtp.waitFor('accounts@acme.example', /Please correct March/, before);
    expect(mail.text).toContain('AC-002');
    expect(mail.text).toContain('Report the document in your GSTR-1 / IFF');
    const link = /(https?:\/\/\S+\/notification-reply\?id=(\S+))/.exec(mail.text);
    const short = /(https?:\/\/\S+\/t\/([0-9A-Za-z]{10}))/.exec(mail.text);
    expect(link?.[2] && short?.[2]).toBeTruthy();
    const now = h.ctx.now();
    expect(await resolveReplyLink(h.ctx.database.db, link![2]!, now)).toMatchObject({ ok: true, notificationId: acme });
    const resolvedShort = await resolveShortLink(h.ctx.database.db, h.ctx.secretKey, short![2]!, now);
    expect(resolvedShort.ok && resolvedShort.originalUrl).toBe(`/notification-reply?id=${link![2]}`);

    const d = await detail(acme!);
    expect(d.notification.status).toBe('Sent');
    expect(d.notification.sentAt).not.toBeNull();
    expect(d.events.map((e) => [e.action, e.fromStatus, e.toStatus])).toEqual([
      ['Created', null, 'YetNotSent'],
      ['Sent', 'YetNotSent', 'Sent'],
    ]);
    expect((await detail(beta!)).notification.status).toBe('YetNotSent');

    // A re-send for a period is a reminder: recorded, a new link, the earlier one revoked.
    const reminder = { financialYear: 2024, returnPeriod: 32025, returnType: 'GSTR1' };
    const again = await ok<{ sent: number }>(api.post(N.notificationSend, { ids: [acme], reminder }));
    expect(again.sent).toBe(1);
    const reminderMail = await h.smtp.waitFor('gst@acme.example', /^Reminder: Please correct March/, before + 2);
    expect(reminderMail.text).toContain('Reminder for GSTR1 of 032025.');
    expect(await resolveReplyLink(h.ctx.database.db, link![2]!, now)).toEqual({ ok: false, reason: 'revoked' });
    const after = await detail(acme!);
    expect(after.reminders.map((r) => [r.financialYear, r.returnPeriod, r.returnType])).toEqual([[2024, 32025, 'GSTR1']]);
    expect(after.events.at(-1)).toMatchObject({ action: 'Reminded', fromStatus: 'Sent', toStatus: 'Sent' });
    expect(after.notification.reminders).toBe(1);
    const links = await h.ctx.database.db.select().from(notificationLinks).where(eq(notificationLinks.notificationId, acme!));
    expect(links.filter((l) => l.revokedAt === null)).toHaveLength(1);
  });

  it('edits, searches with filters, counts by status, exports and downloads', async () => {
    const [id] = (await create({ kind: 'vendors', supplierGstins: [BETA] })).ids;
    await ok(api.post(N.notificationSave, { id, subject: 'Beta: BT-001 missing', emails: ['Tax@Beta.example'], remarks: 'By 10 April' }));
    const edited = await detail(id!);
    expect(edited.notification).toMatchObject({ subject: 'Beta: BT-001 missing', emails: ['tax@beta.example'], remarks: 'By 10 April' });
    expect(edited.events.at(-1)?.action).toBe('Edited');

    const found = await ok<{ items: Notification[]; totalRecords: number }>(
      api.post(N.notificationSearch, { filters: { text: 'BT-001', statuses: ['YetNotSent'] }, sortExpression: 'counterpartyName ASC' }),
    );
    expect(found.items.map((n) => n.id)).toEqual([id]);
    const all = await ok<{ items: Notification[]; totalRecords: number }>(api.post(N.notificationSearch, { size: 100 }));
    const summary = await ok<{ status: string; count: number; total: number }[]>(api.post(N.notificationPushSummary, {}));
    const countOf = (status: string) => all.items.filter((n) => n.status === status).length;
    expect(summary).toEqual(
      ['YetNotSent', 'Sent', 'Inprogress', 'ReplyReceived'].map((status) => ({ status, count: countOf(status), total: all.totalRecords })),
    );
    expect((await api.post(N.notificationSearch, { sortExpression: 'passwordHash ASC' })).statusCode).toBe(422);

    const exported = await api.post(N.notificationExport, { filters: { counterpartyGstins: [BETA] } });
    expect(exported.statusCode, exported.body).toBe(200);
    const sheet = await readXlsx(exported.rawPayload);
    expect(sheet[0]?.slice(0, 3)).toEqual(['Our GSTIN', 'Counterparty GSTIN', 'Counterparty']);
    expect(sheet.slice(1).every((r) => r[1] === BETA)).toBe(true);
    expect(sheet.slice(1).some((r) => r.includes('Beta: BT-001 missing'))).toBe(true);

    const downloaded = await api.post(N.notificationDownload, { id });
    expect(downloaded.statusCode, downloaded.body).toBe(200);
    const documents = await readXlsx(downloaded.rawPayload);
    expect(documents[1]?.slice(0, 2)).toEqual(['1', 'BT-001']);
    expect(documents[1]).toContain('Report the document in your GSTR-1 / IFF');
  });

  it('assigns to a user and a level, bulk-assigns, and lists the levels with the user’s own first', async () => {
    const { db } = h.ctx.database;
    const [head, clerk, closed] = await db
      .insert(levels)
      .values([
        { subscriberId: t.subscriberId, name: 'GST head', rank: 2 },
        { subscriberId: t.subscriberId, name: 'Clerk', rank: 1 },
        { subscriberId: t.subscriberId, name: 'Old', rank: 3, status: 'Inactive' },
      ])
      .returning();
    await db.update(users).set({ levelId: head!.id }).where(eq(users.id, t.adminUserId));
    const levelsOfAdmin = await ok<{ userLevelId: number; levels: { id: number; isUserLevel: boolean }[] }>(
      api.get(N.notificationLevelsByUser, { userId: t.adminUserId }),
    );
    expect(levelsOfAdmin.userLevelId).toBe(head!.id);
    expect(levelsOfAdmin.levels.map((l) => [l.id, l.isUserLevel])).toEqual([
      [head!.id, true],
      [clerk!.id, false],
    ]);

    const ids = [
      ...(await create({ kind: 'vendors', supplierGstins: [ACME] })).ids,
      ...(await create({ kind: 'vendors', supplierGstins: [BETA] })).ids,
    ];
    await ok(api.post(N.notificationAssign, { id: ids[0], assigneeUserId: t.adminUserId, assigneeLevelId: head!.id }));
    expect((await detail(ids[0]!)).notification).toMatchObject({ assigneeUserId: t.adminUserId, assigneeLevelName: 'GST head' });
    const bulk = await ok<{ affected: number }>(
      api.post(N.notificationBulkAssign, { ids, assigneeUserId: null, assigneeLevelId: clerk!.id }),
    );
    expect(bulk.affected).toBe(2);
    for (const id of ids) {
      const d = await detail(id);
      expect(d.notification).toMatchObject({ assigneeUserId: null, assigneeLevelId: clerk!.id });
      expect(d.events.at(-1)?.action).toBe('Assigned');
    }
    const filtered = await ok<{ items: Notification[] }>(api.post(N.notificationSearch, { filters: { assigneeLevelIds: [clerk!.id] } }));
    expect(filtered.items.map((n) => n.id).sort()).toEqual([...ids].sort());
    const inactive = await api.post(N.notificationAssign, { id: ids[0], assigneeUserId: null, assigneeLevelId: closed!.id });
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().errors[0].propertyName).toBe('AssigneeLevelId');
  });

  it('creates from sales documents: a confirmation to the customer, the s.15(3) declaration for credit notes, mailed to their page', async () => {
    const { db } = h.ctx.database;
    const CUSTOMER = gstinFor('24', 'AAACC3333C', '1');
    await db.insert(businessPartners).values({
      subscriberId: t.subscriberId,
      partnerType: 'Customer',
      gstin: CUSTOMER,
      legalName: 'Gamma Retail',
      email: 'ap@gamma.example',
    });
    const sale = (documentType: 'INV' | 'CRN', documentNumber: string, counterpartyGstin: string) => ({
      subscriberId: t.subscriberId,
      entityId: delhi,
      direction: 'Sales' as const,
      financialYear: '2024-25',
      returnPeriod: '032025',
      documentType,
      documentNumber,
      documentDate: '2025-03-10',
      counterpartyGstin,
      source: 'Import' as const,
      taxable: 1_000_00,
      igst: 180_00,
      cgst: 0,
      sgst: 0,
      cess: 0,
      documentValue: 1_180_00,
    });
    const inserted = await db
      .insert(documents)
      .values([sale('INV', 'S-001', CUSTOMER), sale('CRN', 'CN-001', CUSTOMER), sale('INV', 'B2C-1', '')])
      .returning({ id: documents.id });
    const [invoice, creditNote, b2c] = inserted.map((r) => r.id);
    const refused = await api.post(N.notificationSave, { from: { kind: 'sales', documentIds: [b2c] } });
    expect(refused.statusCode).toBe(422);
    expect((await api.post(N.notificationSave, { from: { kind: 'sales', documentIds: [999_999] } })).statusCode).toBe(404);

    const { ids } = await create({ kind: 'sales', documentIds: [invoice, creditNote, b2c] });
    const made = await Promise.all(ids.map(detail));
    const crn = made.find((d) => d.notification.sourceType === 'Crn');
    const sales = made.find((d) => d.notification.sourceType === 'Sales');
    expect(made).toHaveLength(2);
    expect(sales?.notification).toMatchObject({
      counterpartyGstin: CUSTOMER,
      counterpartyName: 'Gamma Retail',
      emails: ['ap@gamma.example'],
    });
    expect(sales?.documents.map((d) => [d.documentNumber, d.actionRequired])).toEqual([['S-001', 'ConfirmReceipt']]);
    expect(crn?.documents.map((d) => [d.documentNumber, d.actionRequired, d.tax])).toEqual([['CN-001', 'DeclareItcReversal', 180_00]]);

    const before = h.smtp.mails.length;
    await ok(api.post(N.notificationSend, { ids: [crn!.notification.id] }));
    const mail = await h.smtp.waitFor('ap@gamma.example', /Credit notes u\/s 15\(3\)/, before);
    expect(mail.text).toContain('section 15(3)');
    expect(mail.text).toMatch(/\/crn-notification-reply\?id=[A-Za-z0-9_-]{43}/);
  });

  it('needs its rights, and reaches only the locations the user reaches', async () => {
    const [id] = (await create({ kind: 'vendors', supplierGstins: [BETA] })).ids;
    const none = clientOf(h, (await signInLimitedUser(h, t, ['SalesView'], [delhi])).token);
    expect((await none.post(N.notificationSearch, {})).statusCode).toBe(403);
    expect((await none.post(N.notificationDetail, { id })).statusCode).toBe(403);

    const reader = clientOf(h, (await signInLimitedUser(h, t, ['Notifications'], [delhi])).token);
    expect((await reader.post(N.notificationDetail, { id })).statusCode).toBe(200);
    for (const res of [
      await reader.post(N.notificationSave, { id, subject: 'Changed' }),
      await reader.post(N.notificationSend, { ids: [id] }),
      await reader.post(N.notificationAssign, { id, assigneeUserId: null, assigneeLevelId: null }),
      await reader.post(N.notificationDelete, { ids: [id] }),
      await reader.post(N.notificationExport, {}),
    ]) {
      expect(res.statusCode).toBe(403);
    }

    // A user of Chennai alone does not reach a Delhi notification: not listed, 404 by id.
    const chennaiUser = clientOf(h, (await signInLimitedUser(h, t, ['NotificationsSend', 'NotificationsDelete'], [chennai])).token);
    const listed = await chennaiUser.post(N.notificationSearch, {});
    expect(listed.json().data.totalRecords).toBe(0);
    expect((await chennaiUser.post(N.notificationDetail, { id })).statusCode).toBe(404);
    expect((await chennaiUser.post(N.notificationDelete, { ids: [id] })).statusCode).toBe(404);
    expect((await chennaiUser.post(N.notificationSave, { from: { kind: 'vendors', runId, supplierGstins: [BETA] } })).statusCode).toBe(403);
  });

  it('deletes with an audit row', async () => {
    const [id] = (await create({ kind: 'vendors', supplierGstins: [BETA] })).ids;
    expect(await ok<{ affected: number }>(api.post(N.notificationDelete, { ids: [id] }))).toEqual({ affected: 1 });
    expect((await api.post(N.notificationDetail, { id })).statusCode).toBe(404);
    expect(await h.ctx.database.db.select().from(notifications).where(eq(notifications.id, id!))).toEqual([]);
    const [audit] = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entityType, 'Notification'), eq(auditTrail.entityKey, String(id)), eq(auditTrail.action, 'Delete')));
    expect(audit?.before).toMatchObject({ counterpartyGstin: BETA });
  });
});
