import {
  FILE_ENDPOINTS,
  HEADERS,
  NOTICE_API as N,
  NOTICE_DOCUMENT_ENDPOINTS,
  pathsOf,
  type NoticeDetail,
  type NoticeDocument,
  type StoredFile,
} from '@opengst/contracts';
import { addDays, istDateOf } from '@opengst/domain';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, consultants, storedFiles } from '../../db/schema';
import { createTenant, ENGINES, signIn, type Harness, type Tenant } from '../../test-support/harness';
import { multipartBody } from '../../test-support/import-fixtures';
import { type ApiClient, clientOf, openSignedIn, signInLimitedUser } from '../../test-support/org-fixtures';

// Stored files (spec modules §7 file/upload, file/download, file/delete) and a notice's documents (issue 23): a real
// PDF uploaded and read back byte for byte; the spec's other types (core §5) read from their bytes, and what only
// pretends to be one refused; a file attached to a notice follows the notice's right and reach (locations,
// consultants), one attached to nothing its uploader only, another subscriber's never; the timeline and the audit
// show what was attached and deleted.

const F = pathsOf(FILE_ENDPOINTS);
const D = pathsOf(NOTICE_DOCUMENT_ENDPOINTS);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A one-page PDF 1.4 with its cross-reference table (ISO 32000-1 §7.5), offsets computed. */
const pdfBytes = (text: string): Buffer => {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 12 Tf 72 770 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 12 Tf 72 770 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

/** A zip of stored entries (APPNOTE 4.3): local headers, central directory, end record. CRCs are not read by the check. */
const storedZip = (entries: Record<string, string>): Buffer => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(text);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** The start of a Windows executable (an MZ header), named .pdf. */
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'latin1'), Buffer.alloc(2000, 0x41)]);

describe.each(ENGINES)('stored files and notice documents on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let api: ApiClient;
  let token: string;
  let delhi: number;
  let chennai: number;
  let noticeId: number;
  const today = () => istDateOf(h.ctx.now());

  const uploadAs = (who: string, name: string, bytes: Buffer) =>
    h.app.inject({ method: 'POST', url: F.upload, ...merge(multipartBody(name, bytes), who) });
  const merge = (body: ReturnType<typeof multipartBody>, who: string) => ({
    payload: body.payload,
    headers: { ...body.headers, [HEADERS.authToken]: who },
  });
  const uploaded = async (name: string, bytes: Buffer, who = token): Promise<StoredFile> => {
    const res = await uploadAs(who, name, bytes);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as StoredFile;
  };
  const download = (who: string, id: number) =>
    h.app.inject({ method: 'GET', url: F.download, query: { id: String(id) }, headers: { [HEADERS.authToken]: who } });
  const notice = async (reference: string, entityId: number): Promise<NoticeDetail> => {
    const res = await api.post(N.noticeSave, {
      entityId,
      form: 'DRC-01',
      referenceNumber: reference,
      issuedOn: addDays(today(), -3),
      section: '73',
      demand: { taxIgst: 1_000_000, taxCgst: 0, taxSgst: 0, taxCess: 0, interest: 0, penalty: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as NoticeDetail;
  };

  beforeAll(async () => {
    ({ h, t, token, api } = await openSignedIn(engine));
    [, delhi = 0, chennai = 0] = t.entityIds;
    noticeId = (await notice('ZD0711260000001', delhi)).id;
  });
  afterAll(async () => {
    await h.close();
  });

  it('stores a real PDF under its SHA-256 and answers the exact bytes with the original name', async () => {
    const pdf = pdfBytes('Show cause notice under section 73');
    const file = await uploaded('SCN DRC-01 (रिपोर्ट).pdf', pdf);
    expect(file).toMatchObject({
      contentType: 'application/pdf',
      sizeBytes: pdf.length,
      sha256: sha(pdf),
      fileName: 'SCN DRC-01 (रिपोर्ट).pdf',
    });
    const [row] = await h.ctx.database.db.select().from(storedFiles).where(eq(storedFiles.id, file.id));
    expect(row?.storageKey).toBe(join('files', String(t.subscriberId), sha(pdf)));
    expect(sha(await readFile(join(h.ctx.config.dataDir, row?.storageKey ?? '')))).toBe(sha(pdf));
    const res = await download(token, file.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('SCN DRC-01 (रिपोर्ट).pdf')}`);
    expect(sha(res.rawPayload)).toBe(sha(pdf));
    const [audit] = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entityType, 'File'), eq(auditTrail.entityKey, String(file.id))));
    expect(audit).toMatchObject({ action: 'Create', entityName: 'SCN DRC-01 (रिपोर्ट).pdf' });
  });

  it('reads the type from the bytes: docx, doc-less zips, PNG, and an .exe named .pdf', async () => {
    const docx = storedZip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });
    expect((await uploaded('reply.docx', docx)).contentType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect((await uploaded('photo.png', PNG)).contentType).toBe('image/png');
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Sheet1').addRow(['not a letter']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const before = await h.ctx.database.db
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(eq(storedFiles.subscriberId, t.subscriberId));
    for (const [name, bytes] of [
      ['annexure.pdf', EXE],
      ['reply.docx', xlsx],
      ['empty.pdf', Buffer.alloc(0)],
      ['notes.txt', Buffer.from('plain words, not a document')],
    ] as const) {
      const res = await uploadAs(token, name, bytes);
      expect(res.statusCode, name).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ propertyName: 'File' });
      expect(res.json().errors[0].message, name).toContain('PDF, Word (doc, docx), JPEG or PNG');
    }
    const after = await h.ctx.database.db
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(eq(storedFiles.subscriberId, t.subscriberId));
    expect(after.length).toBe(before.length);
  });

  it('attaches a document to a notice, lists it, shows it on the timeline and audits it; deleting it removes the file', async () => {
    const pdf = pdfBytes('Reply in DRC-06');
    const file = await uploaded('DRC-06 reply.pdf', pdf);
    const detail = (await api.get(N.noticeDetail, { id: noticeId })).json().data as NoticeDetail;
    const created = detail.events[0]?.id ?? 0;
    const res = await api.post(D.attach, { noticeId, fileId: file.id, kind: 'Reply', eventId: created, note: 'Filed on the portal' });
    expect(res.statusCode, res.body).toBe(200);
    const document = res.json().data as NoticeDocument;
    expect(document).toMatchObject({
      noticeId,
      kind: 'Reply',
      eventId: created,
      note: 'Filed on the portal',
      file: { id: file.id, sha256: sha(pdf) },
    });
    const list = (await api.get(D.list, { noticeId })).json().data.items as NoticeDocument[];
    expect(list.map((d) => [d.kind, d.file.fileName])).toEqual([['Reply', 'DRC-06 reply.pdf']]);
    const events = ((await api.get(N.noticeDetail, { id: noticeId })).json().data as NoticeDetail).events;
    expect(events.at(-1)).toMatchObject({ action: 'DocumentAttached', note: 'Reply: DRC-06 reply.pdf' });
    // Attached once: the same file cannot be attached again, nor deleted but through the notice.
    const again = await api.post(D.attach, { noticeId, fileId: file.id, kind: 'Other' });
    expect(again.statusCode).toBe(422);
    const refused = await api.post(F.delete, { id: file.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].message).toBe(
      "DRC-06 reply.pdf is a document of notice ZD0711260000001: delete it from the notice's documents instead.",
    );
    // An event of another notice is refused.
    const other = await notice('ZD0711260000002', delhi);
    const foreignEvent = await api.post(D.attach, {
      noticeId,
      fileId: (await uploaded('x.pdf', pdfBytes('x'))).id,
      kind: 'Order',
      eventId: other.events[0]?.id,
    });
    expect(foreignEvent.statusCode).toBe(422);
    expect(foreignEvent.json().errors[0].propertyName).toBe('EventId');

    const deleted = await api.post(D.delete, { id: document.id });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data.items).toEqual([]);
    expect((await download(token, file.id)).statusCode).toBe(404);
    const [row] = await h.ctx.database.db.select().from(storedFiles).where(eq(storedFiles.id, file.id));
    expect(row?.deletedAt).not.toBeNull();
    const after = ((await api.get(N.noticeDetail, { id: noticeId })).json().data as NoticeDetail).events;
    expect(after.at(-1)).toMatchObject({ action: 'DocumentDeleted', note: 'Reply: DRC-06 reply.pdf' });
    const audits = await h.ctx.database.db
      .select({ before: auditTrail.before, after: auditTrail.after })
      .from(auditTrail)
      .where(and(eq(auditTrail.entityType, 'Litigation'), eq(auditTrail.entityKey, String(noticeId)), eq(auditTrail.action, 'Update')));
    expect(audits).toEqual(
      expect.arrayContaining([
        { before: null, after: { document: expect.objectContaining({ id: document.id, kind: 'Reply', fileName: 'DRC-06 reply.pdf' }) } },
        { before: { document: expect.objectContaining({ id: document.id, kind: 'Reply' }) }, after: null },
      ]),
    );
  });

  it('lets only the uploader reach an unattached file, and deletes it on request', async () => {
    const file = await uploaded('draft.pdf', pdfBytes('draft'));
    const colleague = await signInLimitedUser(h, t, ['LitigationManagement', 'LitigationEdit'], [delhi, chennai]);
    expect((await download(colleague.token, file.id)).statusCode).toBe(404);
    expect((await clientOf(h, colleague.token).post(D.attach, { noticeId, fileId: file.id, kind: 'Notice' })).statusCode).toBe(404);
    expect((await clientOf(h, colleague.token).post(F.delete, { id: file.id })).statusCode).toBe(404);
    const res = await api.post(F.delete, { id: file.id });
    expect(res.json().data).toEqual({ affected: 1 });
    expect((await download(token, file.id)).statusCode).toBe(404);
  });

  it("follows the notice's right and reach for an attached file: locations, consultants, the read right", async () => {
    const pdf = pdfBytes('Order in DRC-07');
    const file = await uploaded('DRC-07.pdf', pdf);
    expect((await api.post(D.attach, { noticeId, fileId: file.id, kind: 'Order' })).statusCode).toBe(200);
    // A reader of the notice's location downloads it; one of Chennai only does not (403), nor lists the documents.
    const reader = await signInLimitedUser(h, t, ['LitigationManagement'], [delhi]);
    const readerRes = await download(reader.token, file.id);
    expect(readerRes.statusCode).toBe(200);
    expect(sha(readerRes.rawPayload)).toBe(sha(pdf));
    const elsewhere = await signInLimitedUser(h, t, ['LitigationManagement'], [chennai]);
    expect((await download(elsewhere.token, file.id)).statusCode).toBe(404);
    expect((await clientOf(h, elsewhere.token).get(D.list, { noticeId })).statusCode).toBe(403);
    // A reader cannot attach or delete: that is LitigationEdit.
    expect((await clientOf(h, reader.token).post(D.delete, { id: 1 })).statusCode).toBe(403);
    // Without the read right the file is out of reach even at the location.
    const noRight = await signInLimitedUser(h, t, ['EntityView'], [delhi]);
    expect((await download(noRight.token, file.id)).statusCode).toBe(404);
    // A consultant reaches the documents of its own notices only.
    const adviser = await signInLimitedUser(h, t, ['LitigationManagement', 'LitigationEdit'], [delhi, chennai]);
    const [row] = await h.ctx.database.db
      .insert(consultants)
      .values({ subscriberId: t.subscriberId, userId: adviser.userId, profession: 'Advocate', firmName: 'Iyer & Co' })
      .returning({ id: consultants.id });
    const adviserApi = clientOf(h, adviser.token);
    expect((await download(adviser.token, file.id)).statusCode).toBe(404);
    expect((await adviserApi.get(D.list, { noticeId })).statusCode).toBe(404);
    const current = (await api.get(N.noticeDetail, { id: noticeId })).json().data as NoticeDetail;
    const assigned = await api.post(N.noticeSave, {
      id: noticeId,
      entityId: delhi,
      form: current.form,
      referenceNumber: current.referenceNumber,
      issuedOn: current.issuedOn,
      section: current.section,
      demand: current.demand,
      consultantIds: [row?.id],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect((await download(adviser.token, file.id)).statusCode).toBe(200);
    expect(((await adviserApi.get(D.list, { noticeId })).json().data.items as NoticeDocument[]).map((d) => d.file.id)).toContain(file.id);
  });

  it("answers another subscriber's user 404 for the files and documents, and keeps them", async () => {
    const file = await uploaded('DRC-01A.pdf', pdfBytes('Intimation'));
    const document = (await api.post(D.attach, { noticeId, fileId: file.id, kind: 'Notice' })).json().data as NoticeDocument;
    const other = await createTenant(h);
    const otherToken = await signIn(h.app, other);
    const otherApi = clientOf(h, otherToken);
    expect((await download(otherToken, file.id)).statusCode).toBe(404);
    expect((await otherApi.post(F.delete, { id: file.id })).statusCode).toBe(404);
    expect((await otherApi.get(D.list, { noticeId })).statusCode).toBe(404);
    expect((await otherApi.post(D.delete, { id: document.id })).statusCode).toBe(404);
    const theirs = (await uploadAs(otherToken, 'theirs.pdf', pdfBytes('theirs'))).json().data as StoredFile;
    expect((await otherApi.post(D.attach, { noticeId, fileId: theirs.id, kind: 'Notice' })).statusCode).toBe(404);
    expect((await api.post(D.attach, { noticeId, fileId: theirs.id, kind: 'Notice' })).statusCode).toBe(404);
    expect(sha((await download(token, file.id)).rawPayload)).toBe(file.sha256);
    expect(((await api.get(D.list, { noticeId })).json().data.items as NoticeDocument[]).map((d) => d.id)).toContain(document.id);
  });
});
