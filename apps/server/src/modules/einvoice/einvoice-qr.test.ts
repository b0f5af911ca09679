// The printed e-invoice and /einvoice-via-pdf-qrcode on both engines against the mounted IRP sandbox (issue 22).
// Golden: the QR read back from the printed PDF (and from a PNG, a JPG, a TXT and another system's PDFs) is the
// signed QR the IRP answered for that IRN, its payload the stored one. The upload route: the payload, the signature
// verified against the sandbox's certificate (and refused when tampered), the IRN known or not (another subscriber's),
// the clear refusals (file type, no QR, not a signed QR, too large), the rights, the locations and the audit row.
import { EINVOICE_API as E, type EinvoiceDetail, type EinvoiceQrRead, type EinvoiceResult } from '@opengst/contracts';
import { decodeSignedQr, gstinCheckCharacter } from '@opengst/domain';
import jpeg from 'jpeg-js';
import PDFDocument from 'pdfkit';
import { PNG } from 'pngjs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, businessPartners, documentItems, documents, einvoices, entities } from '../../db/schema';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { multipartBody } from '../../test-support/import-fixtures';
import { clientOf, signInLimitedUser, type ApiClient } from '../../test-support/org-fixtures';
import { HEADERS } from '@opengst/contracts';
import { qrMatrix, qrPng } from './qr-image';
import { qrFileTypeOf, readSignedQr } from './qr-reader';

const gstinOf = (first14: string) => first14 + gstinCheckCharacter(first14);
const BUYER = gstinOf('27AABCT3518Q1Z');
const DATE = '2026-11-20';

/** A PDF as another system makes it: one page, some text, and the QR as the given image (JPEG or PNG bytes). */
const pdfWithImage = (image: Buffer): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.text('Invoice from another billing system');
    doc.image(image, 300, 100, { width: 200 });
    doc.end();
  });

/** The QR of `text` as RGBA pixels, `scale` pixels a module, dark modules opaque black on a transparent ground. */
const transparentQrPng = (text: string, scale = 4): Buffer => {
  const matrix = qrMatrix(text, 'M');
  const side = (matrix.length + 8) * scale;
  const png = new PNG({ width: side, height: side });
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const dark = matrix[Math.floor(y / scale) - 4]?.[Math.floor(x / scale) - 4] === true;
      png.data.set([0, 0, 0, dark ? 255 : 0], (y * side + x) * 4);
    }
  }
  return PNG.sync.write(png);
};

const jpegOf = (pngBytes: Buffer): Buffer => {
  const png = PNG.sync.read(pngBytes);
  return jpeg.encode({ data: png.data, width: png.width, height: png.height }, 85).data;
};

describe.each(ENGINES)('printed e-invoice and its QR read back on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let api: ApiClient;
  let token: string;
  let delhi: number;
  let chennai: number;
  let generatedId: number;
  let generated: EinvoiceDetail;
  let printed: Buffer;

  const sale = async (documentNumber: string, entityId = delhi): Promise<number> => {
    const taxable = 250_000_00;
    const igst = 45_000_00;
    const [row] = await h.ctx.database.db
      .insert(documents)
      .values({
        subscriberId: t.subscriberId,
        entityId,
        direction: 'Sales',
        financialYear: '2026-27',
        returnPeriod: '112026',
        documentType: 'INV',
        documentNumber,
        documentDate: DATE,
        supplyType: 'B2B',
        counterpartyGstin: BUYER,
        counterpartyName: 'Tata Consultancy Services Limited',
        counterpartyState: '27',
        placeOfSupply: '27',
        taxable,
        igst,
        documentValue: taxable + igst,
        source: 'Manual',
        createdBy: t.adminUserId,
      })
      .returning();
    if (!row) throw new Error('not stored');
    await h.ctx.database.db.insert(documentItems).values({
      documentId: row.id,
      lineNumber: 1,
      hsn: '84713010',
      description: 'Laptop',
      uqc: 'NOS',
      quantity: 5000,
      rate: 18000,
      taxable,
      igst,
    });
    return row.id;
  };

  const upload = (fileName: string, bytes: Buffer, as = token) => {
    const body = multipartBody(fileName, bytes);
    return h.app.inject({
      method: 'POST',
      url: E.einvoiceReadQr,
      payload: body.payload,
      headers: { ...body.headers, [HEADERS.authToken]: as },
    });
  };
  const read = async (fileName: string, bytes: Buffer, as = token) => {
    const res = await upload(fileName, bytes, as);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as EinvoiceQrRead;
  };
  const refusal = async (fileName: string, bytes: Buffer) => {
    const res = await upload(fileName, bytes);
    expect(res.statusCode, res.body).toBe(422);
    const [first] = (res.json() as { errors: { code: string; message: string; propertyName?: string }[] }).errors;
    if (!first) throw new Error('no error item');
    return first;
  };

  beforeAll(async () => {
    h = await startHarness(engine);
    t = await createTenant(h);
    token = await signIn(h.app, t);
    api = clientOf(h, token);
    [delhi, chennai] = [t.entityIds[1] ?? 0, t.entityIds[2] ?? 0];
    const { db } = h.ctx.database;
    await db
      .update(entities)
      .set({ legalName: 'Bharat Components Private Limited', address: '14, Okhla Phase II, New Delhi', pincode: '110020' })
      .where(eq(entities.id, delhi));
    await db.insert(businessPartners).values({
      subscriberId: t.subscriberId,
      gstin: BUYER,
      legalName: 'Tata Consultancy Services Limited',
      stateCode: '27',
      address: '9th Floor, Nirmal Building, Nariman Point',
      city: 'Mumbai',
      pincode: '400021',
    });
    generatedId = await sale('PR/0001');
    const res = await api.post(E.einvoiceGenerate, { documentIds: [generatedId] });
    expect((res.json().data as { results: EinvoiceResult[] }).results[0]?.status).toBe('Generated');
    generated = (await api.get(E.einvoiceDetail, { documentId: generatedId })).json().data as EinvoiceDetail;
    const pdf = await api.get(E.einvoicePrint, { documentId: generatedId });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('e-invoice-PR-0001.pdf');
    printed = pdf.rawPayload;
  });
  afterAll(async () => {
    await h.close();
  });

  it('prints a PDF whose QR reads back to the signed QR the IRP answered for the IRN', async () => {
    expect(printed.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [row] = await h.ctx.database.db.select().from(einvoices).where(eq(einvoices.documentId, generatedId));
    const stored = row?.signedQrCode ?? '';
    expect(stored.split('.')).toHaveLength(3);
    const read = readSignedQr(printed, qrFileTypeOf('e-invoice.pdf', printed) ?? 'TXT');
    expect(read).toBe(stored);
    expect(decodeSignedQr(read ?? '')).toEqual(generated.qrPayload);
    expect(decodeSignedQr(read ?? '')).toMatchObject({ Irn: row?.irn, DocNo: 'PR/0001', TotInvVal: 295000 });
  });

  it('reads the same signed QR from a PNG, a JPG, a TXT and PDFs of other systems (JPEG, and PNG with alpha)', async () => {
    const stored = generated.signedQrCode ?? '';
    const png = qrPng(qrMatrix(stored, 'M'), 4);
    const jpg = jpegOf(png);
    const cases: [string, Buffer][] = [
      ['qr.png', png],
      ['qr.jpg', jpg],
      ['qr.txt', Buffer.from(`\uFEFF${stored}\n`)],
      ['irp-answer.txt', Buffer.from(JSON.stringify({ Irn: generated.irn, SignedQRCode: stored }))],
      ['scan.pdf', await pdfWithImage(jpg)],
      ['alpha.pdf', await pdfWithImage(transparentQrPng(stored))],
    ];
    for (const [name, bytes] of cases) {
      const type = qrFileTypeOf(name, bytes);
      expect(type, name).not.toBeNull();
      expect(readSignedQr(bytes, type ?? 'TXT'), name).toBe(stored);
    }
    expect(qrFileTypeOf('scan.pdf', jpg)).toBe('JPG');
    expect(qrFileTypeOf('notes.docx', Buffer.from('PK\u0003\u0004'))).toBeNull();
  });

  it('refuses to print a document without an IRN, and another location’s document', async () => {
    const waiting = await sale('PR/0002');
    const refused = await api.get(E.einvoicePrint, { documentId: waiting });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({ code: 'EIN0001' });
    const chennaiOnly = await signInLimitedUser(h, t, ['EInvoiceView'], [chennai]);
    const asChennai = clientOf(h, chennaiOnly.token);
    expect((await asChennai.get(E.einvoicePrint, { documentId: generatedId })).statusCode).toBe(404);
    const noRight = await signInLimitedUser(h, t, ['EInvoicePdfQr'], [delhi]);
    expect((await clientOf(h, noRight.token).get(E.einvoicePrint, { documentId: generatedId })).statusCode).toBe(403);
  });

  it('uploads the printed PDF: the payload, the signature verified against the sandbox certificate, the IRN known', async () => {
    const result = await read('e-invoice PR-0001.pdf', printed);
    expect(result).toMatchObject({
      fileName: 'e-invoice PR-0001.pdf',
      fileType: 'PDF',
      signedQrCode: generated.signedQrCode,
      payload: generated.qrPayload,
      signatureStatus: 'Verified',
      certificateSource: 'Sandbox',
      knownDocument: { documentId: generatedId, documentNumber: 'PR/0001', status: 'Generated', isCancelled: false },
    });
    const audits = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.entityType, 'EInvoiceQr')));
    expect(audits.map((a) => [a.entityKey, a.action, (a.after as { signatureStatus: string }).signatureStatus])).toContainEqual([
      generated.irn,
      'Import',
      'Verified',
    ]);
  });

  it('says when the signature fails, and does not name another subscriber’s or another location’s document', async () => {
    const [header, payload, signature] = (generated.signedQrCode ?? '').split('.');
    // One character of the signature changed: the payload still reads, the signature does not verify.
    const flipped = `${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`;
    const tampered = await read('qr.txt', Buffer.from(`${header}.${payload}.${flipped}`));
    expect(tampered.signatureStatus).toBe('Failed');
    expect(tampered.payload.Irn).toBe(generated.irn);

    const other = await createTenant(h);
    const seen = await read('qr.txt', Buffer.from(generated.signedQrCode ?? ''), await signIn(h.app, other));
    expect(seen).toMatchObject({ signatureStatus: 'Verified', knownDocument: null });
    const chennaiOnly = await signInLimitedUser(h, t, ['EInvoicePdfQr'], [chennai]);
    expect((await read('qr.txt', Buffer.from(generated.signedQrCode ?? ''), chennaiOnly.token)).knownDocument).toBeNull();
  });

  it('refuses a file type not allowed, a file without a QR, a QR that is not a signed e-invoice QR, a file too large', async () => {
    expect(await refusal('notes.docx', Buffer.from('PK\u0003\u0004 not a QR'))).toMatchObject({ code: 'EIN0002', propertyName: 'file' });
    expect((await refusal('renamed.pdf', Buffer.from('plain text'))).code).toBe('EIN0002');
    const blank = new PNG({ width: 64, height: 64 });
    blank.data.fill(255);
    expect((await refusal('blank.png', PNG.sync.write(blank))).code).toBe('EIN0003');
    expect((await refusal('other.png', qrPng(qrMatrix('https://example.com/not-an-invoice', 'M'), 4))).code).toBe('EIN0004');
    expect((await refusal('big.txt', Buffer.alloc(5 * 1024 * 1024 + 1, 0x41))).code).toBe('EIN0005');
    const noRight = await signInLimitedUser(h, t, ['EInvoiceView'], [delhi]);
    expect((await upload('qr.txt', Buffer.from(generated.signedQrCode ?? ''), noRight.token)).statusCode).toBe(403);
  });
});
