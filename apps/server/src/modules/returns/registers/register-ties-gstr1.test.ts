// A register ties to its return (issue 17, item 1): for one GSTIN and period, the sales register's totals equal the
// generated GSTR-1's, credit notes counted negative; the grid and the export show a credit note with a minus.
import { DOCUMENT_API as D, REGISTER_API as R, type RegisterSearchResponse, type ReturnDetail } from '@opengst/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../../test-support/harness';
import { readXlsx } from '../../../test-support/import-fixtures';
import { clientOf } from '../../../test-support/org-fixtures';
import { insertDocument } from '../../../test-support/register-fixtures';
import { generate, LOCAL_CUSTOMER, PERIOD, TN_CUSTOMER } from '../../../test-support/return-fixtures';

/** The sections that hold the documents themselves (HSN, documents issued and e-commerce repeat them). */
const DOCUMENT_SECTIONS = new Set(['b2b', 'b2cl', 'exp', 'b2cs', 'nil', 'cdnr', 'cdnur']);
type Head = 'taxable' | 'igst' | 'cgst' | 'sgst' | 'cess';

const gstr1Totals = (detail: ReturnDetail): Record<Head, number> => {
  const sections = detail.summary.filter((s) => DOCUMENT_SECTIONS.has(s.section));
  const sum = (head: Head) => sections.reduce((n, s) => n + s[head], 0);
  return { taxable: sum('taxable'), igst: sum('igst'), cgst: sum('cgst'), sgst: sum('sgst'), cess: sum('cess') };
};

describe.each(ENGINES)('the sales register ties to GSTR-1 on %s', (engine) => {
  let h: Harness;
  let tenant: Tenant;
  let api: ReturnType<typeof clientOf>;
  let delhi: number;

  beforeAll(async () => {
    h = await startHarness(engine);
    tenant = await createTenant(h);
    api = clientOf(h, await signIn(h.app, tenant));
    [, delhi = 0] = tenant.entityIds;
    const chennai = tenant.entityIds[2] ?? 0;
    const sale = (values: Parameters<typeof insertDocument>[3], items?: Parameters<typeof insertDocument>[4]) =>
      insertDocument(h, tenant, delhi, values, items);
    // Twenty invoices, one debit note and two credit notes (₹55,000 and ₹25,000 taxable), as the user's month had.
    for (let n = 1; n <= 20; n++) {
      await sale({ documentNumber: `S/${n}`, documentDate: `2024-08-${String(n).padStart(2, '0')}`, counterpartyGstin: TN_CUSTOMER }, [
        { taxable: 10_000_000 + n * 1_234, igst: 1_800_000 + n * 222, rate: 18_000 },
      ]);
    }
    await sale(
      {
        documentType: 'DBN',
        documentNumber: 'DN/1',
        documentDate: '2024-08-21',
        counterpartyGstin: LOCAL_CUSTOMER,
        placeOfSupply: '07',
        originalDocumentNumber: 'S/1',
        originalDocumentDate: '2024-08-01',
      },
      [{ taxable: 1_000_000, cgst: 90_000, sgst: 90_000, rate: 18_000 }],
    );
    for (const [number, taxable] of [
      ['CN/1', 5_500_000],
      ['CN/2', 2_500_000],
    ] as const) {
      await sale(
        {
          documentType: 'CRN',
          documentNumber: number,
          documentDate: '2024-08-22',
          counterpartyGstin: TN_CUSTOMER,
          originalDocumentNumber: 'S/2',
          originalDocumentDate: '2024-08-02',
        },
        [{ taxable, igst: taxable * 0.18, rate: 18_000 }],
      );
    }
    // Another GSTIN and another month, which neither side may count.
    await insertDocument(h, tenant, chennai, { documentNumber: 'C/1', documentDate: '2024-08-05' });
    await sale({ documentNumber: 'S/JUL', documentDate: '2024-07-31', counterpartyGstin: TN_CUSTOMER });
  }, 120_000);
  afterAll(async () => {
    await h.close();
  });

  const search = async (filters: object): Promise<RegisterSearchResponse> => {
    const res = await api.post(R.salesSearch, { filters, size: 1000 });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it("has the GSTR-1's totals for the GSTIN and period, from the kept totals and from the documents", async () => {
    const detail = await generate(api, delhi);
    expect(detail.generationStatus, detail.generationMessage ?? '').toBe('Completed');
    const expected = gstr1Totals(detail);
    // Invoices and the debit note add, the two credit notes (₹80,000 taxable) come off.
    expect(expected.taxable).toBe(20 * 10_000_000 + 1_234 * 210 + 1_000_000 - 8_000_000);

    const byDimensions = await search({ entityIds: [delhi], returnPeriods: [PERIOD] });
    expect(byDimensions.totalRecords).toBe(23);
    const { documentValue: _value, ...totals } = byDimensions.totals;
    expect(totals).toEqual(expected);
    // The same through the exact query over documents (a date range is not a dimension of register_totals).
    const byDates = await search({ entityIds: [delhi], fromDate: '2024-08-01', toDate: '2024-08-31' });
    expect(byDates.totals).toEqual(byDimensions.totals);
    expect(byDates.totals.documentValue).toBe(expected.taxable + expected.igst + expected.cgst + expected.sgst + expected.cess);
  });

  it('shows a credit note with a minus in the list and in the export, and keeps the document itself positive', async () => {
    const notes = await search({ entityIds: [delhi], documentTypes: ['CRN'] });
    expect(notes.items.map((i) => [i.documentNumber, i.taxable, i.igst])).toEqual([
      ['CN/2', -2_500_000, -450_000],
      ['CN/1', -5_500_000, -990_000],
    ]);
    expect(notes.totals.taxable).toBe(-8_000_000);
    const document = (await api.get(D.saleDetail, { id: notes.items[1]?.id ?? 0 })).json().data;
    expect(document).toMatchObject({ documentType: 'CRN', taxable: 5_500_000 });
    const exported = await api.post(R.salesExport, { filters: { entityIds: [delhi], documentTypes: ['CRN'] }, sortExpression: 'id ASC' });
    const [header = [], ...rows] = await readXlsx(exported.rawPayload);
    const taxable = header.indexOf('Taxable value (₹)');
    const value = header.indexOf('Document value (₹)');
    expect(rows.map((r) => [r[header.indexOf('Document number')], r[taxable], r[value]])).toEqual([
      ['CN/1', '-55000', '-64900'],
      ['CN/2', '-25000', '-29500'],
    ]);
  });
});
