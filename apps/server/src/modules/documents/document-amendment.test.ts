// Documents a filed return reported (documents.filed_return_id): locked in their period, changed only as amendments
// (Section 37(3) CGST Act), through the document screen and through a re-import.
import { DOCUMENT_API as D, type DocumentDetail } from '@opengst/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema';
import { saleRequest } from '../../test-support/document-fixtures';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { csvOf, CUSTOMER_GSTIN, headerOf, importFile, saleRow } from '../../test-support/import-fixtures';
import { clientOf } from '../../test-support/org-fixtures';

describe.each(ENGINES)('amendments of filed documents on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let token: string;
  let api: ReturnType<typeof clientOf>;
  let delhi: number;

  beforeAll(async () => {
    h = await startHarness(engine);
    t = await createTenant(h);
    token = await signIn(h.app, t);
    api = clientOf(h, token);
    delhi = t.entityIds[1] ?? 0;
  });
  afterAll(async () => {
    await h.close();
  });

  /** What filing does to a document (modules/returns): locked with the number and date it was reported with. */
  const markFiled = async (id: number) => {
    const [row] = await h.ctx.database.db
      .update(documents)
      .set({ status: 'Completed', filedReturnId: 4242, filedNumber: documents.documentNumber, filedDate: documents.documentDate })
      .where(eq(documents.id, id))
      .returning();
    return row;
  };
  const stored = async (id: number) => (await h.ctx.database.db.select().from(documents).where(eq(documents.id, id)))[0];

  it('saving a filed document records an amendment: same period, the filed number kept, audited as an amendment', async () => {
    const created = await api.post(
      D.save,
      saleRequest(delhi, {
        documentNumber: 'AMD/1',
        counterpartyGstin: CUSTOMER_GSTIN,
        counterpartyName: 'Bharat Traders',
        placeOfSupply: '33',
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json().data as DocumentDetail).id;
    await markFiled(id);
    const before = (await api.get(D.saleDetail, { id })).json().data as DocumentDetail;
    expect(before.filed).toEqual({ returnId: 4242, documentNumber: 'AMD/1', documentDate: '2026-10-15', amendableUntil: '2027-11-30' });
    expect(before.amendmentPending).toBe(false);

    // Renumbered and moved to the next month of the same financial year: the period stays October's.
    const res = await api.post(D.save, {
      ...saleRequest(delhi, {
        documentNumber: 'AMD/1-R',
        documentDate: '2026-11-02',
        counterpartyGstin: CUSTOMER_GSTIN,
        counterpartyName: 'Bharat Traders',
        placeOfSupply: '33',
      }),
      id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(id)).toMatchObject({
      documentNumber: 'AMD/1-R',
      documentDate: '2026-11-02',
      returnPeriod: '102026',
      amendmentPending: true,
      filedNumber: 'AMD/1',
      filedDate: '2026-10-15',
      status: 'Completed',
    });
    const after = (await api.get(D.saleDetail, { id })).json().data as DocumentDetail;
    expect(after).toMatchObject({ amendmentPending: true, filed: { documentNumber: 'AMD/1', documentDate: '2026-10-15' } });

    // Not into another financial year, and never deleted: a credit note undoes a filed invoice.
    const otherYear = await api.post(D.save, { ...saleRequest(delhi, { documentNumber: 'AMD/1-R', documentDate: '2027-04-02' }), id });
    expect(otherYear.statusCode).toBe(422);
    expect(otherYear.body).toContain('keeps its date within that financial year');
    const del = await api.post(D.delete, { ids: [id] });
    expect(del.statusCode).toBe(422);
    expect((await stored(id))?.documentNumber).toBe('AMD/1-R');
  });

  it('refuses an amendment after 30 November following the financial year (s.37(3))', async () => {
    const created = await api.post(D.save, saleRequest(delhi, { documentNumber: 'OLD/1', documentDate: '2024-05-10' }));
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json().data as DocumentDetail).id;
    await markFiled(id);
    const res = await api.post(D.save, {
      ...saleRequest(delhi, {
        documentNumber: 'OLD/1',
        documentDate: '2024-05-10',
        items: [
          {
            hsn: '84713010',
            description: 'Laptop',
            uqc: 'NOS',
            quantity: 1000,
            rate: 18000,
            taxable: 200000,
            igst: 0,
            cgst: 18000,
            sgst: 18000,
            cess: 0,
          },
        ],
      }),
      id,
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('could be amended until 30-11-2025');
    expect(await stored(id)).toMatchObject({ taxable: 100050, amendmentPending: false });
  });

  it('a re-import marks a filed document amended only when it changed, and keeps its period', async () => {
    const file = (taxable: string, igst: string) =>
      csvOf([headerOf(), saleRow({ documentNumber: 'IMP/AMD/1', documentDate: '15-10-2026', taxable, igst })]);
    const first = await importFile(h, token, 'a.csv', file('1000.50', '180.09'));
    expect(first.progress.status).toBe('Success');
    const [doc] = await h.ctx.database.db.select().from(documents).where(eq(documents.documentNumber, 'IMP/AMD/1'));
    expect(doc).toBeDefined();
    const id = doc?.id ?? 0;
    await markFiled(id);

    expect((await importFile(h, token, 'same.csv', file('1000.50', '180.09'))).progress.status).toBe('Success');
    expect(await stored(id)).toMatchObject({ amendmentPending: false, returnPeriod: '102026', status: 'Completed' });

    expect((await importFile(h, token, 'changed.csv', file('2000.00', '360.00'))).progress.status).toBe('Success');
    expect(await stored(id)).toMatchObject({
      amendmentPending: true,
      taxable: 200000,
      igst: 36000,
      returnPeriod: '102026',
      filedNumber: 'IMP/AMD/1',
    });
  });
});
