// /e-invoice on both engines against the mounted IRP sandbox (issue 22): the list of documents that need an IRN with
// the spec's filters, sort and status counts; generate one (IRN by the official rule, Ack No and date, signed QR
// verified and readable), a refusal predicted before sending (2182 with the field) and one the IRP answers, the
// duplicate answer 2150 recovered, bulk generate as a background job with progress, cancel within 24 hours and
// refused after (2270), the statuses of core §4 by name, the audit rows, the rights and the locations.
import { DOCUMENT_API, EINVOICE_API as E, type EinvoiceDetail, type EinvoiceItem, type EinvoiceResult } from '@opengst/contracts';
import { decodeSignedQr, gstinCheckCharacter, irnOf } from '@opengst/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, businessPartners, documentItems, documents, einvoices, entities, entityTurnovers, irpSessions } from '../../db/schema';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { clientOf, signInLimitedUser, type ApiClient } from '../../test-support/org-fixtures';

const gstinOf = (first14: string) => first14 + gstinCheckCharacter(first14);
const BUYER = gstinOf('27AABCT3518Q1Z');
const OTHER_BUYER = gstinOf('27AAACR4849R1Z');
const DATE = '2026-11-20';

const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
  // Polls the job's outcome as the screen does; the job runner polls every half second in tests.
  for (let i = 0; i < 120; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the background generation did not finish');
};

describe.each(ENGINES)('e-invoices on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let api: ApiClient;
  let delhi: number;
  let chennai: number;
  let delhiGstin: string;

  /** A sales document of Delhi to the Maharashtra buyer: one line of `taxable` paise at 18% IGST. */
  const sale = async (
    documentNumber: string,
    values: Partial<typeof documents.$inferInsert> = {},
    taxable = 100_000,
    entityId = delhi,
  ): Promise<number> => {
    const igst = Math.round(taxable * 0.18);
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
        ...values,
      })
      .returning();
    if (!row) throw new Error('not stored');
    await h.ctx.database.db.insert(documentItems).values({
      documentId: row.id,
      lineNumber: 1,
      hsn: '84713010',
      description: 'Laptop',
      uqc: 'NOS',
      quantity: 1000,
      rate: 18000,
      taxable,
      igst,
    });
    return row.id;
  };

  const list = async (filters: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => {
    const res = await api.post(E.einvoiceSearch, { start: 0, size: 50, filters, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: EinvoiceItem[]; totalRecords: number };
  };
  const generate = async (documentIds: number[]) => {
    const res = await api.post(E.einvoiceGenerate, { documentIds });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { isQueued: boolean; results: EinvoiceResult[] };
  };
  const cancel = async (documentIds: number[], reasonCode = '2', remark = 'Wrong rate') => {
    const res = await api.post(E.einvoiceCancel, { documentIds, reasonCode, remark });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { results: EinvoiceResult[] }).results;
  };
  const detail = async (documentId: number) => {
    const res = await api.get(E.einvoiceDetail, { documentId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as EinvoiceDetail;
  };

  beforeAll(async () => {
    h = await startHarness(engine);
    t = await createTenant(h);
    api = clientOf(h, await signIn(h.app, t));
    [delhi, chennai] = [t.entityIds[1] ?? 0, t.entityIds[2] ?? 0];
    const { db } = h.ctx.database;
    await db
      .update(entities)
      .set({ legalName: 'Bharat Components Private Limited', address: '14, Okhla Phase II, New Delhi', pincode: '110020' })
      .where(eq(entities.id, delhi));
    const [location] = await db.select().from(entities).where(eq(entities.id, delhi));
    delhiGstin = location?.gstin ?? '';
    await db.insert(businessPartners).values({
      subscriberId: t.subscriberId,
      gstin: BUYER,
      legalName: 'Tata Consultancy Services Limited',
      stateCode: '27',
      address: '9th Floor, Nirmal Building, Nariman Point',
      city: 'Mumbai',
      pincode: '400021',
    });
    await db.insert(businessPartners).values({
      subscriberId: t.subscriberId,
      gstin: OTHER_BUYER,
      legalName: 'Reliance Retail Limited',
      stateCode: '27',
      address: '3rd Floor, Court House, Lokmanya Tilak Marg',
      city: 'Mumbai',
      pincode: '400002',
    });
  });
  afterAll(async () => {
    await h.close();
  });

  it('generates an IRN with its acknowledgement and a signed QR code the detail reads back and draws', async () => {
    const id = await sale('EI/0001');
    const before = await list({ documentNumbers: ['EI/0001'] });
    expect(before.items.map((i) => [i.id, i.status, i.irn])).toEqual([[id, 'YetNotGenerated', null]]);

    const { isQueued, results } = await generate([id]);
    const irn = irnOf({ sellerGstin: delhiGstin, documentType: 'INV', documentNumber: 'EI/0001', documentDate: DATE });
    expect(isQueued).toBe(false);
    expect(results).toEqual([{ documentId: id, documentNumber: 'EI/0001', status: 'Generated', irn, errorCode: null, message: null }]);

    const [row] = await list({ documentNumbers: ['EI/0001'] }).then((l) => l.items);
    expect(row?.status).toBe('Generated');
    expect(row?.ackNo).toMatch(/^\d{15}$/);
    expect(row?.ackDate).not.toBeNull();

    const d = await detail(id);
    expect(d.isSandbox).toBe(true);
    expect(d.isSignatureVerified).toBe(true);
    expect(d.qrPayload).toMatchObject({
      SellerGstin: delhiGstin,
      BuyerGstin: BUYER,
      DocNo: 'EI/0001',
      DocTyp: 'INV',
      Irn: irn,
      TotInvVal: 1180,
    });
    expect(decodeSignedQr(d.signedQrCode ?? '')).toEqual(d.qrPayload);
    expect(d.qrImage).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);

    // Asked again: the IRN it has, not a second request to the IRP.
    expect((await generate([id])).results[0]).toMatchObject({ status: 'Generated', irn });
    // The document itself is Generated now: it is not deleted (nor edited) while its IRN stands.
    const statusOf = async (documentId: number) =>
      (await h.ctx.database.db.select({ status: documents.status }).from(documents).where(eq(documents.id, documentId)))[0]?.status;
    expect(await statusOf(id)).toBe('Generated');
    const refused = await api.post(DOCUMENT_API.delete, { ids: [id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('(Generated)');
    const audits = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.entityType, 'EInvoice'), eq(auditTrail.entityKey, String(id))));
    expect(audits.map((a) => [a.action, (a.after as { status: string }).status])).toEqual([['Create', 'Generated']]);
  });

  it('refuses before sending what the IRP would refuse, names the field, and regenerates once corrected', async () => {
    // Σ item taxable (₹1,000) is not the document's value less tax: the IRP answers 2189 (invoice value), predicted here.
    const id = await sale('EI/0002', { documentValue: 150_000 });
    const [result] = (await generate([id])).results;
    expect(result).toMatchObject({ status: 'ERROR', irn: null, errorCode: '2189' });
    const d = await detail(id);
    expect(d.errors[0]).toMatchObject({ code: '2189' });
    expect(d.errors[0]?.field).toMatch(/ValDtls/);
    // Nothing reached the IRP: no IRN is registered for that number.
    await h.ctx.database.db.update(documents).set({ documentValue: 118_000 }).where(eq(documents.id, id));
    expect((await generate([id])).results[0]).toMatchObject({ status: 'Regenerated', errorCode: null });
  });

  it('says where the buyer’s address is missing: the business partners master', async () => {
    const stranger = gstinOf('27AAECS1234K1Z');
    const id = await sale('EI/0003', { counterpartyGstin: stranger });
    const [result] = (await generate([id])).results;
    expect(result?.status).toBe('ERROR');
    expect(result?.message).toContain(`The buyer ${stranger} is not in the business partners master`);
  });

  it('stores the IRP’s own refusal with its code and message', async () => {
    // A document date in the future: the sandbox answers 2163 (the product does not predict it).
    const id = await sale('EI/0004', { documentDate: '2027-01-15', returnPeriod: '012027' });
    const [result] = (await generate([id])).results;
    expect(result?.status).toBe('ERROR');
    expect(result?.errorCode).toBe('2163');
    expect(result?.message).toMatch(/^2163: /);
    const [row] = await h.ctx.database.db.select().from(einvoices).where(eq(einvoices.documentId, id));
    expect(row?.errorMessage).toBe(result?.message);
  });

  it('refuses before sending a document past the 30-day reporting window of a supplier of ₹10 crore or more', async () => {
    // 35 days before today (IST), and an AATO of ₹20 crore recorded on the Chennai location of the same PAN.
    const day = new Date(Date.now() + 330 * 60_000 - 35 * 86_400_000).toISOString().slice(0, 10);
    const id = await sale('EI/LATE', { documentDate: day, returnPeriod: `${day.slice(5, 7)}${day.slice(0, 4)}` });
    await h.ctx.database.db
      .insert(entityTurnovers)
      .values({ entityId: chennai, financialYear: '2025-26', turnover: 20 * 10_000_000 * 100 });
    try {
      const [late] = (await generate([id])).results;
      expect(late).toMatchObject({ status: 'ERROR', errorCode: 'VAL0037', irn: null });
      expect(late?.message).toContain('older than 30 days');
      // Below the limit (₹5 crore) the window does not apply: the IRP registers it.
      await h.ctx.database.db
        .update(entityTurnovers)
        .set({ turnover: 5 * 10_000_000 * 100 })
        .where(eq(entityTurnovers.entityId, chennai));
      expect((await generate([id])).results[0]).toMatchObject({ status: 'Regenerated', errorCode: null });
    } finally {
      await h.ctx.database.db.delete(entityTurnovers).where(eq(entityTurnovers.entityId, chennai));
    }
  });

  it('recovers an IRN the IRP already holds for the document (2150) and refuses another document’s', async () => {
    const id = await sale('EI/0005');
    expect((await generate([id])).results[0]?.status).toBe('Generated');
    const irn = (await detail(id)).irn;
    // The e-invoice row lost (as if the answer never arrived): the IRP answers 2150, the product fetches the IRN.
    await h.ctx.database.db.delete(einvoices).where(eq(einvoices.documentId, id));
    expect((await generate([id])).results[0]).toMatchObject({ status: 'Generated', irn });
    expect((await detail(id)).isSignatureVerified).toBe(true);

    // The document now names another buyer: the IRN registered under its number is another document's, not linked.
    await h.ctx.database.db.delete(einvoices).where(eq(einvoices.documentId, id));
    await h.ctx.database.db.update(documents).set({ counterpartyGstin: OTHER_BUYER }).where(eq(documents.id, id));
    const [other] = (await generate([id])).results;
    expect(other).toMatchObject({ status: 'ERROR', errorCode: '2150', irn: null });
    expect(other?.message).toContain('not this document');
  });

  it('generates many documents as a background job, with progress, then cancels within 24 hours and not after', async () => {
    const ids = [await sale('EI/0101'), await sale('EI/0102'), await sale('EI/0103', { documentValue: 1 })];
    const { isQueued, results } = await generate(ids);
    expect(isQueued).toBe(true);
    expect(results).toEqual([]);
    const rows = await list({ documentNumbers: ['EI/0101', 'EI/0102', 'EI/0103'] });
    expect(rows.items.every((i) => i.status === 'InProgress' || i.status === 'Generated' || i.status === 'ERROR')).toBe(true);
    const progress = await waitFor(
      async () =>
        (await api.post(E.einvoiceProgress, { documentIds: ids })).json().data as {
          total: number;
          inProgress: number;
          generated: number;
          failed: number;
        },
      (p) => p.inProgress === 0,
    );
    expect(progress).toEqual({ total: 3, inProgress: 0, generated: 2, failed: 1 });

    const [first, second] = ids as [number, number];
    const firstIrn = (await detail(first)).irn;
    const cancelled = await cancel([first], '2', 'Wrong rate');
    expect(cancelled).toEqual([
      { documentId: first, documentNumber: 'EI/0101', status: 'YetNotGenerated', irn: null, errorCode: null, message: null },
    ]);
    const d = await detail(first);
    expect(d).toMatchObject({
      status: 'YetNotGenerated',
      cancelledIrn: firstIrn,
      cancelReasonCode: '2',
      cancelRemark: 'Wrong rate',
      irn: null,
    });
    // The document has no IRN any more: it may be corrected (or deleted) again; the other keeps its IRN and its lock.
    const statuses = await h.ctx.database.db
      .select({ id: documents.id, status: documents.status })
      .from(documents)
      .where(and(eq(documents.subscriberId, t.subscriberId), eq(documents.id, first)));
    expect(statuses).toEqual([{ id: first, status: 'YetNotGenerated' }]);
    expect((await h.ctx.database.db.select({ status: documents.status }).from(documents).where(eq(documents.id, second)))[0]?.status).toBe(
      'Generated',
    );
    // The number stays taken at the IRP: generating it again is refused with the reason.
    const [again] = (await generate([first])).results;
    expect(again).toMatchObject({ status: 'ERROR', errorCode: '2150' });
    expect(again?.message).toContain('was cancelled');

    // 25 hours later (signed in again: the session has ended too) the IRP refuses the cancellation (2270); the IRN stays.
    h.advanceClock(25 * 3600_000);
    const signedIn = api;
    try {
      api = clientOf(h, await signIn(h.app, t));
      const [late] = await cancel([second], '4', 'Too late');
      expect(late?.status).toBe('Generated');
      expect(late?.errorCode).toBe('2270');
      expect(late?.message).toContain('within 24 hours of its acknowledgement');
      expect((await detail(second)).irn).not.toBeNull();
    } finally {
      h.advanceClock(-25 * 3600_000);
      api = signedIn;
    }
  });

  it('lists only documents that need an IRN, with the spec’s filters, sort id DESC and status counts', async () => {
    const b2c = await sale('EI/B2C', { supplyType: 'B2C', counterpartyGstin: '' });
    const draft = await sale('EI/DRAFT', { isDraftDocument: true });
    const note = await sale('EI/CRN1', { documentType: 'CRN' });
    const chennaiDoc = await sale('EI/CHN', {}, 100_000, chennai);
    const all = await list();
    const ids = all.items.map((i) => i.id);
    expect(ids).not.toContain(b2c);
    expect(ids).not.toContain(draft);
    expect(ids).toContain(note);
    expect(ids).toContain(chennaiDoc);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await list({ documentTypes: ['CRN'] })).items.map((i) => i.id)).toEqual([note]);
    expect((await list({ entityIds: [chennai] })).items.map((i) => i.id)).toEqual([chennaiDoc]);
    expect((await list({ statuses: ['ERROR'] })).items.every((i) => i.status === 'ERROR')).toBe(true);
    expect((await list({}, { sortExpression: 'documentNumber ASC', size: 2 })).items.map((i) => i.documentNumber)).toEqual([
      'EI/0001',
      'EI/0002',
    ]);
    const counts = await api.post(E.einvoiceStatusCount, { filters: { statuses: ['Generated'] } });
    const data = counts.json().data as { items: { status: string; count: number }[]; total: number };
    expect(data.items.map((i) => i.status)).toEqual(['YetNotGenerated', 'Generated', 'InProgress', 'ERROR', 'Regenerated']);
    expect(data.total).toBe(all.totalRecords);
    expect(data.items.find((i) => i.status === 'Regenerated')?.count).toBe(2);
  });

  it('needs EInvoiceGenerate to generate, and keeps a user to their locations', async () => {
    const id = await sale('EI/RIGHTS');
    const viewer = await signInLimitedUser(h, t, ['EInvoiceView'], [delhi]);
    const asViewer = clientOf(h, viewer.token);
    expect((await asViewer.post(E.einvoiceGenerate, { documentIds: [id] })).statusCode).toBe(403);
    expect(
      (await asViewer.post(E.einvoiceSearch, { start: 0, size: 5, filters: { documentNumbers: ['EI/RIGHTS'] } })).json().data.totalRecords,
    ).toBe(1);

    const chennaiOnly = await signInLimitedUser(h, t, ['EInvoiceView', 'EInvoiceGenerate'], [chennai]);
    const asChennai = clientOf(h, chennaiOnly.token);
    expect((await asChennai.post(E.einvoiceGenerate, { documentIds: [id] })).statusCode).toBe(404);
    expect((await asChennai.get(E.einvoiceDetail, { documentId: id })).statusCode).toBe(404);
    expect(
      (await asChennai.post(E.einvoiceSearch, { start: 0, size: 5, filters: { documentNumbers: ['EI/RIGHTS'] } })).json().data.totalRecords,
    ).toBe(0);
    expect((await asChennai.post(E.einvoiceSearch, { start: 0, size: 5, filters: { entityIds: [delhi] } })).statusCode).toBe(403);
    const [row] = await h.ctx.database.db.select().from(einvoices).where(eq(einvoices.documentId, id));
    expect(row).toBeUndefined();
  });

  it('records a location’s e-invoice API user, sealed, and signs in to the IRP with it next', async () => {
    const saved = await api.post(E.einvoiceIrpUserSave, { entityId: delhi, userName: 'second_user', password: 'Other@123' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ entityId: delhi, gstin: delhiGstin, userName: 'second_user' });
    const [row] = await h.ctx.database.db.select().from(irpSessions).where(eq(irpSessions.entityId, delhi));
    expect(row?.password.startsWith('v1.')).toBe(true);
    expect(row?.password).not.toContain('Other@123');
    expect(row?.session).toBeNull();
    const [audit] = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entityType, 'EInvoiceIrpUser'), eq(auditTrail.entityKey, String(delhi))));
    expect(JSON.stringify(audit?.after)).not.toContain('Other@123');

    // The sandbox fixed the GSTIN's user at its first sign-in (opengst_api): another is refused (1017), as the IRP does.
    const id = await sale('EI/USER');
    const [refused] = (await generate([id])).results;
    expect(refused).toMatchObject({ status: 'ERROR', errorCode: '1017' });
    await api.post(E.einvoiceIrpUserSave, { entityId: delhi, userName: 'opengst_api', password: 'Sandbox@123' });
    expect((await generate([id])).results[0]).toMatchObject({ status: 'Regenerated', errorCode: null });
  });
});
