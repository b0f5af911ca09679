// The filing summary of a run (issue 18), which the job sums from the portal documents it reads: per supplier and period
// of the run's own periods, every stored document of the run's source and GSTINs counts, a record the buyer rejected in
// IMS too (though it is not among the documents reconciled), and none of a widened period read only for pairing, of
// another source or of another GSTIN. The greatest name and filing date, filed when any document says so. Checked
// against the GROUP BY over portal_documents the summary was once made with.
import { RECONCILIATION_API as API, RECONCILIATION_FILING_REPORT, RECONCILIATION_ROWS_REPORT, type Run } from '@opengst/contracts';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { portalDocuments } from '../../db/schema';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { CHENNAI_GSTIN, DELHI_GSTIN } from '../../test-support/import-fixtures';
import { clientOf, gstinFor, type ApiClient } from '../../test-support/org-fixtures';
import { insertPortal, insertPurchases, waitForRun, type Doc } from '../../test-support/reconciliation-fixtures';

const ACME = gstinFor('27', 'AAACA1111A', '1');
const BETA = gstinFor('29', 'AAACB2222B', '1');

type Filing = {
  supplierGstin: string;
  supplierName: string | null;
  returnPeriod: string;
  gstr1Filed: boolean | null;
  gstr1FiledOn: string | null;
  documents: number;
  tax: number;
};

describe.each(ENGINES)('filing summary on %s', (engine) => {
  let h: Harness;
  let tenant: Tenant;
  let api: ApiClient;
  let delhi: number;
  let chennai: number;
  let runId: number;

  beforeAll(async () => {
    h = await startHarness(engine);
    tenant = await createTenant(h);
    api = clientOf(h, await signIn(h.app, tenant));
    [, delhi = 0, chennai = 0] = tenant.entityIds;
    const { db } = h.ctx.database;
    const gstinOf = (id: number) => (id === delhi ? DELHI_GSTIN : CHENNAI_GSTIN);
    const doc = (documentNumber: string, igst: number, patch: Partial<Doc> = {}): Doc => ({
      entityId: delhi,
      supplierGstin: ACME,
      supplierName: 'Acme Steel',
      documentNumber,
      documentDate: '2025-03-10',
      taxable: igst * 5,
      igst,
      ...patch,
    });
    await insertPurchases(db, tenant.subscriberId, [doc('AC-1', 1_800_00)]);
    const [, rejected, , betaNotFiled, betaUnsaid] = await insertPortal(db, tenant.subscriberId, gstinOf, [
      doc('AC-1', 1_800_00),
      doc('AC-2', 900_00, { supplierName: 'Acme Steel Works' }),
      // Read for pairing only (a widened period of the run), not the run's own.
      doc('AC-0', 500_00, { documentDate: '2025-02-10', returnPeriod: '022025', supplierName: 'Acme Steel Zzz' }),
      doc('BT-1', 0, { supplierGstin: BETA, supplierName: 'Beta Tools', cgst: 450_00, sgst: 450_00 }),
      doc('BT-2', 100_00, { supplierGstin: BETA, supplierName: 'Beta Tools' }),
      // The run's other GSTIN is not in its scope.
      doc('AC-9', 700_00, { entityId: chennai }),
    ]);
    // Of the 2A: not the run's source.
    await insertPortal(db, tenant.subscriberId, gstinOf, [doc('AC-5', 300_00)], 'GSTR2A');
    await db
      .update(portalDocuments)
      .set({ listing: 'rejected', supplierFilingDate: '12-04-2025' })
      .where(inArray(portalDocuments.id, [rejected!]));
    await db
      .update(portalDocuments)
      .set({ supplierFiled: false, supplierFilingDate: null })
      .where(inArray(portalDocuments.id, [betaNotFiled!]));
    await db
      .update(portalDocuments)
      .set({ supplierFiled: null, supplierFilingDate: null })
      .where(inArray(portalDocuments.id, [betaUnsaid!]));
    const start = await api.post(API.runStart, { entityIds: [delhi], fromPeriod: '032025', toPeriod: '032025' });
    expect(start.statusCode, start.body).toBe(200);
    const detail = await waitForRun(api, (start.json().data as Run).id);
    expect(detail.run.status, detail.run.message ?? '').toBe('Completed');
    runId = detail.run.id;
  });

  afterAll(async () => {
    await h?.close();
  });

  it("counts every document of the run's own periods, a rejected record too, and none of another period, source or GSTIN", async () => {
    const res = await api.post(RECONCILIATION_FILING_REPORT.endpoints.search.path, { filters: { runId } });
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json().data.items as Filing[]).map(
      ({ supplierGstin, supplierName, returnPeriod, gstr1Filed, gstr1FiledOn, documents, tax }) => ({
        supplierGstin,
        supplierName,
        returnPeriod,
        gstr1Filed,
        gstr1FiledOn,
        documents,
        tax,
      }),
    );
    const expected: Filing[] = [
      {
        supplierGstin: ACME,
        supplierName: 'Acme Steel Works',
        returnPeriod: '032025',
        gstr1Filed: true,
        gstr1FiledOn: '12-04-2025',
        documents: 2,
        tax: 1_800_00 + 900_00,
      },
      {
        supplierGstin: BETA,
        supplierName: 'Beta Tools',
        returnPeriod: '032025',
        gstr1Filed: false,
        gstr1FiledOn: null,
        documents: 2,
        tax: 900_00 + 100_00,
      },
    ];
    const bySupplier = (a: Filing, b: Filing) => (a.supplierGstin < b.supplierGstin ? -1 : 1);
    expect(items.sort(bySupplier)).toEqual(expected);

    // As the GROUP BY over the stored documents makes it.
    const grouped = await rowsOf<Record<string, unknown>>(
      h.ctx.database.db,
      sql`SELECT supplier_gstin, max(supplier_name) AS supplier_name, return_period, bool_or(supplier_filed) AS filed,
            max(supplier_filing_date) AS filed_on, count(*)::int AS documents, sum(igst + cgst + sgst + cess)::bigint AS tax
          FROM portal_documents
          WHERE subscriber_id = ${tenant.subscriberId} AND source = 'GSTR2B' AND entity_id = ${delhi} AND return_period = '032025'
          GROUP BY supplier_gstin, return_period ORDER BY supplier_gstin`,
    );
    expect(
      grouped.map((r) => ({
        supplierGstin: r.supplier_gstin,
        supplierName: r.supplier_name,
        returnPeriod: r.return_period,
        gstr1Filed: r.filed,
        gstr1FiledOn: r.filed_on,
        documents: Number(r.documents),
        tax: Number(r.tax),
      })),
    ).toEqual(expected);
  });

  it('leaves the rejected record out of the reconciled documents', async () => {
    const res = await api.post(RECONCILIATION_ROWS_REPORT.endpoints.search.path, { filters: { runId }, size: 500 });
    expect(res.statusCode, res.body).toBe(200);
    const numbers = (res.json().data.items as { portalNumber: string | null }[]).map((r) => r.portalNumber).sort();
    expect(numbers).toEqual(['AC-1', 'BT-1', 'BT-2']);
  });
});
