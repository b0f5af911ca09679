// The public notification-reply routes on both engines (issue 21, spec modules §2.8, §5, §7, §8): a mailed link
// validated into a public token; the token's notification read a page at a time with its filters; the counterparty's
// answer stored (actions by code, dates, remarks, attachments) with ReplyReceived, its event and an audit row; the
// buyer downloading the attachment byte for byte and reading a script in the remarks as text (detail and export).
// Security: the token reaches only its own notification (404), expired, tampered and revoked links and tokens are
// refused (401), only PDF/JPEG/PNG/XLSX/CSV read from the bytes are taken (an HTML page renamed .pdf is not), and
// the routes answer 429 past their rate.
import {
  HEADERS,
  NOTIFICATION_API as N,
  PUBLIC_REPLY_API as R,
  PUBLIC_REPLY_TOKEN_MINUTES,
  type NotificationDetail,
  type ReplyDetailResponse,
  type ReplyValidateResponse,
} from '@opengst/contracts';
import { istDateOf } from '@opengst/domain';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, notificationDocuments, notificationEvents, notifications, storedFiles } from '../../db/schema';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { multipartBody, readXlsx } from '../../test-support/import-fixtures';
import { clientOf, type ApiClient } from '../../test-support/org-fixtures';
import { issueReplyLink } from './notification-links';

const RATE = 40;
const PDF = Buffer.from(
  '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
const SCRIPT = '<script>alert("x")</script> & amended in GSTR-1';

describe.each(ENGINES)('public notification reply on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let buyer: ApiClient;
  let buyerToken: string;
  let location: number;
  let ipCounter = 0;
  /** Each test calls from its own address, so the rate limits of one do not touch another. */
  const newAddress = () => `198.51.100.${++ipCounter}`;

  const addNotification = async (sourceType: 'Gsp' | 'Sales' | 'Crn' = 'Gsp', documents = 3) => {
    const { db } = h.ctx.database;
    const [row] = await db
      .insert(notifications)
      .values({
        subscriberId: t.subscriberId,
        entityId: location,
        gstin: '07AAACT1234F1Z5',
        counterpartyGstin: '27AABCS1429B1Z1',
        counterpartyName: 'Supplier Works',
        sourceType,
        status: 'Sent',
        subject: `Documents to correct ${sourceType}`,
        createdBy: t.adminUserId,
      })
      .returning({ id: notifications.id });
    if (!row) throw new Error('not inserted');
    const docs = await db
      .insert(notificationDocuments)
      .values(
        Array.from({ length: documents }, (_, i) => ({
          subscriberId: t.subscriberId,
          notificationId: row.id,
          serialNumber: i + 1,
          sourceKey: `D:${row.id}:${i}`,
          documentNumber: `INV/${row.id}/${i + 1}`,
          documentDate: `2025-03-0${i + 1}`,
          documentType: i === 2 ? 'CRN' : 'INV',
          actionRequired: i === 1 ? 'AmendInGstr1' : 'ReportInGstr1',
          gstr2aReason: `Not in GSTR-2A ${i + 1}`,
          imsAction: 'Pending',
        })),
      )
      .returning({ id: notificationDocuments.id });
    return { id: row.id, documentIds: docs.map((d) => d.id) };
  };

  const linkFor = async (notificationId: number) => {
    const link = await issueReplyLink(h.ctx.database.db, h.ctx.secretKey, notificationId, h.ctx.now());
    return { ...link, token: new URL(link.url, 'http://x').searchParams.get('id') ?? '' };
  };

  /** A counterparty's browser: no session, its own address, the public token once validated. */
  const visitor = (token = '', ip = newAddress()) => {
    const headers = token ? { [HEADERS.publicAuthToken]: token } : {};
    return {
      get: (url: string, query: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, query, headers, remoteAddress: ip }),
      post: (url: string, payload: unknown) =>
        h.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: ip }),
      upload: (name: string, bytes: Buffer) => {
        const body = multipartBody(name, bytes);
        return h.app.inject({
          method: 'POST',
          url: R.upload,
          payload: body.payload,
          headers: { ...body.headers, ...headers },
          remoteAddress: ip,
        });
      },
    };
  };

  const validated = async (linkToken: string, ip = newAddress()): Promise<ReplyValidateResponse> => {
    const res = await visitor('', ip).get(R.validate, { request: linkToken });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ReplyValidateResponse;
  };

  const opened = async (sourceType: 'Gsp' | 'Sales' | 'Crn' = 'Gsp', documents = 3) => {
    const notification = await addNotification(sourceType, documents);
    const link = await linkFor(notification.id);
    const ip = newAddress();
    const answer = await validated(link.token, ip);
    return { ...notification, link, answer, as: visitor(answer.authorizationToken, ip) };
  };

  beforeAll(async () => {
    h = await startHarness(engine, { env: { SIGNIN_RATE_PER_MINUTE: String(RATE) } });
    t = await createTenant(h);
    buyerToken = await signIn(h.app, t);
    buyer = clientOf(h, buyerToken);
    location = t.entityIds[1] ?? 0;
  });
  afterAll(async () => {
    await h.close();
  });

  it('validates a link into a token for its notification (Sent -> Inprogress), then reads its pages, filters, options and enums', async () => {
    const { id, answer, as } = await opened('Gsp', 3);
    expect(answer).toMatchObject({ id, sourceType: 'Gsp', startDate: '2017-07-01', maxDate: istDateOf(h.ctx.now()) });
    const [row] = await h.ctx.database.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row?.status).toBe('Inprogress');

    const first = await as.post(R.detail, { id, start: 0, size: 2 });
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json().data as ReplyDetailResponse;
    expect(page.totalDocuments).toBe(3);
    expect(page.documents.map((d) => d.documentNumber)).toEqual([`INV/${id}/1`, `INV/${id}/2`]);
    expect(page).toMatchObject({ entityId: location, sourceType: 'Gsp', senderGstin: '07AAACT1234F1Z5', receiverName: 'Supplier Works' });
    expect(page.documents[1]).toMatchObject({
      actionRequired: 'AmendInGstr1',
      gstr2aReason: `Not in GSTR-2A 2`,
      imsAction: 'Pending',
      actionTaken: 0,
    });
    const more = (await as.post(R.detail, { id, start: 2, size: 2 })).json().data as ReplyDetailResponse;
    expect(more.documents.map((d) => d.serialNumber)).toEqual([3]);
    const filtered = async (filters: Record<string, string>) =>
      ((await as.post(R.detail, { id, start: 0, size: 10, filters })).json().data as ReplyDetailResponse).documents.map(
        (d) => d.serialNumber,
      );
    expect(await filtered({ documentType: 'CRN' })).toEqual([3]);
    expect(await filtered({ actionRequired: 'AmendInGstr1' })).toEqual([2]);
    expect(await filtered({ documentNumber: `${id}/1` })).toEqual([1]);
    expect(await filtered({ documentDate: '2025-03-03' })).toEqual([3]);
    expect(await filtered({ documentNumber: '%' })).toEqual([]);

    const options = (await as.get(R.options, { sourceType: 'Crn' })).json().data as { id: number; name: string }[];
    expect(options.map((o) => o.id)).toEqual([7, 8, 9]);
    const ims = await as.get(R.enumByType, { type: 'ImsAction', groups: 'ImsReconciliation', suffixes: 'ImsAll' });
    expect((ims.json().data as { value: string }[]).map((v) => v.value)).toContain('Reject');
    const origin = await as.get(R.enumByType, { type: 'AttachmentFrom' });
    expect(origin.json().data).toEqual([{ value: 'REPLY_FROM_RECEIVER', name: 'Reply from receiver' }]);
    // The enums need the token (spec modules §6).
    expect((await visitor().get(R.enumByType, { type: 'ReturnType' })).statusCode).toBe(401);
  });

  it('stores the answer: actions by code, dates, remarks and the attachment; ReplyReceived with its event and audit; the buyer reads it back as text and downloads the file', async () => {
    const { id, documentIds, as } = await opened('Gsp', 3);
    const up = await as.upload('debit-note.pdf', PDF);
    expect(up.statusCode, up.body).toBe(200);
    const fileId = (up.json().data as { id: number }).id;
    const today = istDateOf(h.ctx.now());
    const res = await as.post(R.reply, {
      id,
      entityId: location,
      receiverRemarks: SCRIPT,
      sourceType: 'Gsp',
      attachments: [{ name: 'debit-note.pdf', referenceNumber: String(fileId), attachmentFrom: 'REPLY_FROM_RECEIVER' }],
      documents: [
        { id: documentIds[0], serialNumber: 1, actionTaken: 2, rectificationDate: null },
        { id: documentIds[2], serialNumber: 3, actionTaken: 0, rectificationDate: today },
      ],
      reminders: [],
    });
    expect(res.statusCode, res.body).toBe(204);
    const { db } = h.ctx.database;
    const docs = await db.select().from(notificationDocuments).where(eq(notificationDocuments.notificationId, id));
    const bySerial = new Map(docs.map((d) => [d.serialNumber, d]));
    expect(bySerial.get(1)).toMatchObject({ actionTaken: 'AmendedInGstr1', rectificationDate: null });
    expect(bySerial.get(2)).toMatchObject({ actionTaken: null, repliedAt: null });
    expect(bySerial.get(3)).toMatchObject({ actionTaken: null, rectificationDate: today });
    const [n] = await db.select().from(notifications).where(eq(notifications.id, id));
    expect(n).toMatchObject({ status: 'ReplyReceived', receiverRemarks: SCRIPT });
    const events = await db.select().from(notificationEvents).where(eq(notificationEvents.notificationId, id));
    expect(events.map((e) => [e.action, e.fromStatus, e.toStatus, e.userId])).toContainEqual([
      'ReplyReceived',
      'Inprogress',
      'ReplyReceived',
      null,
    ]);
    const audits = await db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entityType, 'Notification'), eq(auditTrail.entityKey, String(id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ userId: null, action: 'Update' });
    expect(audits[0]?.after).toMatchObject({ status: 'ReplyReceived', by: 'counterparty', attachments: [fileId] });

    // The page reads its answer back (the action as the option's id) and the attachment by its reference.
    const back = (await as.post(R.detail, { id, start: 0, size: 10 })).json().data as ReplyDetailResponse;
    expect(back.documents.find((d) => d.serialNumber === 1)?.actionTaken).toBe(2);
    expect(back.receiverRemarks).toBe(SCRIPT);
    expect(back.attachments).toEqual([{ name: 'debit-note.pdf', referenceNumber: String(fileId), attachmentFrom: 'REPLY_FROM_RECEIVER' }]);

    // The buyer: the remarks exactly as typed (JSON text, never markup), in the export as a plain cell; the file byte-identical.
    const detail = await buyer.post(N.notificationDetail, { id });
    expect(detail.statusCode, detail.body).toBe(200);
    expect((detail.json().data as NotificationDetail).notification.receiverRemarks).toBe(SCRIPT);
    expect(detail.headers['content-type']).toMatch(/^application\/json/);
    const exported = await buyer.post(N.notificationExport, { filters: { statuses: ['ReplyReceived'] } });
    expect(exported.statusCode).toBe(200);
    const sheet = await readXlsx(exported.rawPayload);
    const column = sheet[0]?.indexOf("Counterparty's remarks") ?? -1;
    expect(column).toBeGreaterThan(-1);
    expect(sheet.slice(1).map((r) => r[column])).toContain(SCRIPT);
    const download = await buyer.get('/api/v0.1/file/download', { id: fileId });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    const kept = await buyer.post('/api/v0.1/file/delete', { id: fileId });
    expect(kept.statusCode).toBe(422);
    expect((kept.json() as { errors: { message: string }[] }).errors[0]?.message).toBe(
      `debit-note.pdf is attached to the reply to notification ${id}: it stays with the counterparty's answer.`,
    );
    // Attached to the submitted reply: the counterparty cannot delete it behind the buyer's back.
    expect((await as.post(R.delete, { id: fileId })).statusCode).toBe(422);
  });

  it('refuses rows with field errors named Documents[i].* (an action of another page, a date outside the limits, a foreign row) and stores nothing', async () => {
    const { id, documentIds, as } = await opened('Gsp', 2);
    const other = await addNotification('Gsp', 1);
    const tomorrow = istDateOf(new Date(h.ctx.now().getTime() + 24 * 60 * 60_000));
    const res = await as.post(R.reply, {
      id,
      entityId: location,
      receiverRemarks: 'x',
      sourceType: 'Gsp',
      attachments: null,
      documents: [
        { id: documentIds[0], serialNumber: 1, actionTaken: 7, rectificationDate: null },
        { id: documentIds[1], serialNumber: 2, actionTaken: 1, rectificationDate: '2017-06-30' },
        { id: documentIds[1], serialNumber: 2, actionTaken: 1, rectificationDate: tomorrow },
        { id: other.documentIds[0], serialNumber: 1, actionTaken: 1, rectificationDate: null },
      ],
      reminders: [],
    });
    expect(res.statusCode).toBe(422);
    const names = (res.json() as { errors: { propertyName: string }[] }).errors.map((e) => e.propertyName);
    expect(names).toEqual(
      expect.arrayContaining([
        'Documents[0].ActionTaken',
        'Documents[1].RectificationDate',
        'Documents[2].Id',
        'Documents[2].RectificationDate',
        'Documents[3].Id',
      ]),
    );
    // The schema's own limits arrive the same way (zod: Documents[0].ActionTaken, ReceiverRemarks).
    const schema = await as.post(R.reply, {
      id,
      entityId: location,
      receiverRemarks: 'y'.repeat(2001),
      sourceType: 'Gsp',
      attachments: null,
      documents: [{ id: documentIds[0], serialNumber: 1, actionTaken: -1, rectificationDate: null }],
      reminders: [],
    });
    expect(schema.statusCode).toBe(422);
    expect((schema.json() as { errors: { propertyName: string }[] }).errors.map((e) => e.propertyName)).toEqual(
      expect.arrayContaining(['ReceiverRemarks', 'Documents[0].ActionTaken']),
    );
    const docs = await h.ctx.database.db.select().from(notificationDocuments).where(eq(notificationDocuments.notificationId, id));
    expect(docs.every((d) => d.actionTaken === null && d.repliedAt === null)).toBe(true);
    const [n] = await h.ctx.database.db.select().from(notifications).where(eq(notifications.id, id));
    expect(n?.status).toBe('Inprogress');
  });

  it("reaches only its own notification: another notification's id, its file or its documents answer 404", async () => {
    const a = await opened('Gsp', 1);
    const b = await opened('Gsp', 1);
    expect((await a.as.post(R.detail, { id: b.id, start: 0, size: 10 })).statusCode).toBe(404);
    const foreignReply = await a.as.post(R.reply, {
      id: b.id,
      entityId: location,
      receiverRemarks: 'hijack',
      sourceType: 'Gsp',
      attachments: null,
      documents: [{ id: b.documentIds[0], serialNumber: 1, actionTaken: 1, rectificationDate: null }],
      reminders: [],
    });
    expect(foreignReply.statusCode).toBe(404);
    const bFile = (await b.as.upload('b.pdf', PDF)).json().data as { id: number };
    expect((await a.as.get(R.download, { id: String(bFile.id) })).statusCode).toBe(404);
    expect((await a.as.post(R.delete, { id: bFile.id })).statusCode).toBe(404);
    // A's reply cannot name B's upload either.
    const stolen = await a.as.post(R.reply, {
      id: a.id,
      entityId: location,
      receiverRemarks: '',
      sourceType: 'Gsp',
      attachments: [{ name: 'b.pdf', referenceNumber: String(bFile.id), attachmentFrom: 'REPLY_FROM_RECEIVER' }],
      documents: [],
      reminders: [],
    });
    expect(stolen.statusCode).toBe(422);
    expect((stolen.json() as { errors: { propertyName: string }[] }).errors[0]?.propertyName).toBe('Attachments[0].ReferenceNumber');
    // Its own upload is its own: read back byte for byte, deleted while no reply names it.
    const mine = (await a.as.upload('a.pdf', PDF)).json().data as { id: number };
    // Not yet submitted, it is not the buyer's either (although filed under the notification's creator).
    expect((await buyer.get('/api/v0.1/file/download', { id: mine.id })).statusCode).toBe(404);
    const signedIn = multipartBody('x.pdf', PDF);
    const asBuyer = await h.app.inject({
      method: 'POST',
      url: '/api/v0.1/file/upload?purpose=NotificationReplyAttachment',
      payload: signedIn.payload,
      headers: { ...signedIn.headers, [HEADERS.authToken]: buyerToken },
    });
    expect(asBuyer.statusCode).toBe(422);
    const read = await a.as.get(R.download, { id: String(mine.id) });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(PDF)).toBe(true);
    expect((await a.as.post(R.delete, { id: mine.id })).json().data).toEqual({ affected: 1 });
    const [b0] = await h.ctx.database.db
      .select()
      .from(notificationDocuments)
      .where(eq(notificationDocuments.id, b.documentIds[0] ?? 0));
    expect(b0?.actionTaken).toBeNull();
    // A signed-in session is no public token.
    const session = await h.app.inject({
      method: 'POST',
      url: R.detail,
      payload: { id: a.id, start: 0, size: 10 },
      headers: { [HEADERS.authToken]: 'x' },
    });
    expect(session.statusCode).toBe(401);
  });

  it('refuses expired, tampered and revoked links and tokens (401 AUTH0016)', async () => {
    const { id, link, answer, as } = await opened('Gsp', 1);
    const code = async (res: Promise<{ statusCode: number; json: () => unknown }>) => {
      const r = await res;
      return [r.statusCode, (r.json() as { errors?: { code: string }[] }).errors?.[0]?.code];
    };
    // A tampered link: one character changed.
    const flipped = `${link.token.slice(0, -1)}${link.token.endsWith('A') ? 'B' : 'A'}`;
    expect(await code(visitor().get(R.validate, { request: flipped }))).toEqual([401, 'AUTH0016']);
    expect(await code(visitor().get(R.validate, { request: 'not-a-token' }))).toEqual([401, 'AUTH0016']);
    // A tampered public token: another notification in the payload, or a changed signature.
    const [version, payload = '', signature = ''] = answer.authorizationToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { n: number };
    const forged = `${version}.${Buffer.from(JSON.stringify({ ...claims, n: id + 1 })).toString('base64url')}.${signature}`;
    expect(await code(visitor(forged).post(R.detail, { id: id + 1, start: 0, size: 10 }))).toEqual([401, 'AUTH0016']);
    const badSignature = `${version}.${payload}.${signature.slice(0, -2)}xx`;
    expect(await code(visitor(badSignature).post(R.detail, { id, start: 0, size: 10 }))).toEqual([401, 'AUTH0016']);
    expect((await as.post(R.detail, { id, start: 0, size: 10 })).statusCode).toBe(200);

    // A later mail revokes the link: the old link and every token it gave are refused (a replay), the new one opens.
    const newer = await linkFor(id);
    expect(await code(visitor().get(R.validate, { request: link.token }))).toEqual([401, 'AUTH0016']);
    expect(await code(as.post(R.detail, { id, start: 0, size: 10 }))).toEqual([401, 'AUTH0016']);
    expect(await code(as.upload('late.pdf', PDF))).toEqual([401, 'AUTH0016']);
    const fresh = await validated(newer.token);

    // The token lives PUBLIC_REPLY_TOKEN_MINUTES; the link its days.
    h.advanceClock(PUBLIC_REPLY_TOKEN_MINUTES * 60_000 + 1000);
    expect(await code(visitor(fresh.authorizationToken).post(R.detail, { id, start: 0, size: 10 }))).toEqual([401, 'AUTH0016']);
    expect((await visitor().get(R.validate, { request: newer.token })).statusCode).toBe(200);
    h.advanceClock(31 * 24 * 60 * 60_000);
    expect(await code(visitor().get(R.validate, { request: newer.token }))).toEqual([401, 'AUTH0016']);
  });

  it('takes PDF, JPEG, PNG, XLSX and CSV read from the bytes, and refuses an HTML page renamed .pdf or .csv', async () => {
    const { as } = await opened('Crn', 1);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Reversal').addRow(['CRN/1', 'ITC reversed in GSTR-3B of March 2025']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0e5b5a70000000049454e44ae426082',
      'hex',
    );
    const cases: [string, Buffer, number, string?][] = [
      ['reply.pdf', PDF, 200, 'application/pdf'],
      ['scan.png', png, 200, 'image/png'],
      ['photo.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]), 200, 'image/jpeg'],
      ['reversal.xlsx', xlsx, 200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['reversal.csv', Buffer.from('\uFEFFDocument,ITC reversed\r\nCRN/1,12500.00\r\n'), 200, 'text/csv'],
      ['page.pdf', Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'), 422],
      ['page.csv', Buffer.from('name,value\r\nx,<script>alert(1)</script>\r\n'), 422],
      ['binary.csv', Buffer.from([0x00, 0x01, 0x02, 0x41, 0x42]), 422],
      ['letter.docx', Buffer.from('PK\u0003\u0004not really a zip'), 422],
      ['empty.pdf', Buffer.alloc(0), 422],
    ];
    for (const [name, bytes, status, type] of cases) {
      const res = await as.upload(name, bytes);
      expect([name, res.statusCode], res.body).toEqual([name, status]);
      if (type) expect((res.json().data as { contentType: string }).contentType).toBe(type);
      else expect((res.json() as { errors: { message: string }[] }).errors[0]?.message).toMatch(/PDF, JPEG, PNG, XLSX or CSV/);
    }
    const stored = await h.ctx.database.db.select().from(storedFiles).where(eq(storedFiles.purpose, 'NotificationReplyAttachment'));
    expect(stored.some((f) => f.fileName === 'page.pdf')).toBe(false);
  });

  it('resolves a live short link to the full link (Error400 path for an unknown one), and rate-limits every public route', async () => {
    const notification = await addNotification('Sales', 1);
    const link = await linkFor(notification.id);
    const res = await visitor().get(R.shortUrl, { shortUrl: link.shortUrl });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ originalUrl: `http://localhost:8080${link.url}` });
    expect((await visitor().get(R.shortUrl, { shortUrl: 'ZZZZZZZZZZ' })).statusCode).toBe(400);

    const ip = newAddress();
    const statuses: number[] = [];
    for (let n = 0; n <= RATE; n++) statuses.push((await visitor('', ip).get(R.validate, { request: 'x'.repeat(43) })).statusCode);
    expect(statuses.slice(0, RATE).every((s) => s === 401)).toBe(true);
    expect(statuses[RATE]).toBe(429);
    // Per route and address: the detail route of another address still answers.
    const other = await opened('Gsp', 1);
    for (let n = 0; n < RATE; n++) await other.as.post(R.detail, { id: other.id, start: 0, size: 1 });
    expect((await other.as.post(R.detail, { id: other.id, start: 0, size: 1 })).statusCode).toBe(429);
  });
});
