// Awaiting 2B on the server (issue 18): in a run against GSTR-2B, a books document that no 2B lists but that its
// supplier reported in the stored GSTR-2A or IMS shows Awaiting 2B in the rows, the run's totals, the vendor row, the
// insights (to claim later, none at risk) and the pair view; a document in neither, another supplier's, an IMS record the
// buyer rejected or a 2A document of a GSTR-1 not filed stay PR only. The rows a user's unlink, exclude and reinstate
// rebuild come out as the job would store them, and a user's link survives a re-run.
import {
  RECONCILIATION_API as API,
  RECONCILIATION_ROWS_REPORT,
  RECONCILIATION_VENDORS_REPORT,
  type Insights,
  type ReconciliationRow,
  type RowDetail,
  type Run,
  type RunDetail,
  type Vendor,
} from '@opengst/contracts';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalDocuments } from '../../db/schema';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { DELHI_GSTIN } from '../../test-support/import-fixtures';
import { clientOf, gstinFor, type ApiClient } from '../../test-support/org-fixtures';
import { insertPortal, insertPurchases, waitForRun, type Doc } from '../../test-support/reconciliation-fixtures';

const ACME = gstinFor('27', 'AAACA1111A', '1');
const BETA = gstinFor('29', 'AAACB2222B', '1');
const ROWS = RECONCILIATION_ROWS_REPORT.endpoints;

describe.each(ENGINES)('Awaiting 2B on %s', (engine) => {
  let h: Harness;
  let tenant: Tenant;
  let api: ApiClient;
  let delhi: number;
  let runId: number;
  let rows: ReconciliationRow[];
  const byBooks = (n: string) => rows.find((r) => r.booksNumber === n);

  const startAndWait = async (portalSource: Run['portalSource'] = 'GSTR2B'): Promise<RunDetail> => {
    const start = await api.post(API.runStart, { entityIds: [delhi], fromPeriod: '032025', toPeriod: '032025', portalSource });
    expect(start.statusCode, start.body).toBe(200);
    const detail = await waitForRun(api, (start.json().data as Run).id);
    expect(detail.run.status, detail.run.message ?? '').toBe('Completed');
    return detail;
  };
  const listRows = async (filters: Record<string, unknown> = {}, id = runId) => {
    const res = await api.post(ROWS.search.path, { filters: { runId: id, ...filters }, size: 500 });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: ReconciliationRow[]; totalRecords: number; totals: Record<string, number> };
  };
  const statusOf = () => Object.fromEntries(rows.map((r) => [r.booksNumber ?? r.portalNumber, r.status]));
  const act = async (rowId: number, action: 'Exclude' | 'Reinstate') => {
    const res = await api.post(API.action, { runId, selection: { rowIds: [rowId] }, action });
    expect(res.statusCode, res.body).toBe(200);
    rows = (await listRows()).items;
  };

  beforeAll(async () => {
    h = await startHarness(engine);
    tenant = await createTenant(h);
    api = clientOf(h, await signIn(h.app, tenant));
    [, delhi = 0] = tenant.entityIds;
    const { db } = h.ctx.database;
    const doc = (documentNumber: string, taxable: number, patch: Partial<Doc> = {}): Doc => ({
      entityId: delhi,
      supplierGstin: ACME,
      supplierName: 'Acme Steel',
      documentNumber,
      documentDate: '2025-03-10',
      taxable,
      igst: taxable * 0.18,
      ...patch,
    });
    const late = doc('AW-1', 10_000_00);
    const inIms = doc('AW-2', 20_000_00);
    const matched = doc('MT-1', 30_000_00);
    const toLink = doc('LK-1', 5_000_00);
    await insertPurchases(db, tenant.subscriberId, [
      late,
      inIms,
      matched,
      toLink,
      doc('PR-1', 1_000_00),
      doc('RJ-1', 1_000_00),
      doc('NF-1', 1_000_00),
      doc('OS-1', 1_000_00),
    ]);
    const gstinOf = () => DELHI_GSTIN;
    await insertPortal(db, tenant.subscriberId, gstinOf, [matched, doc('ZZ-9', 5_000_00)]);
    const [, , , notFiled] = await insertPortal(
      db,
      tenant.subscriberId,
      gstinOf,
      [late, matched, toLink, doc('NF-1', 1_000_00), doc('OS-1', 1_000_00, { supplierGstin: BETA })],
      'GSTR2A',
    );
    const [, rejected] = await insertPortal(db, tenant.subscriberId, gstinOf, [inIms, doc('RJ-1', 1_000_00)], 'IMS');
    await db
      .update(portalDocuments)
      .set({ supplierFiled: false })
      .where(inArray(portalDocuments.id, [notFiled!]));
    await db
      .update(portalDocuments)
      .set({ imsAction: 'Rejected' })
      .where(inArray(portalDocuments.id, [rejected!]));
  }, 180_000);
  afterAll(async () => {
    await h.close();
  });

  it('shows a document the supplier reported only in the 2A or IMS as Awaiting 2B: rows, totals, vendor, insights', async () => {
    const detail = await startAndWait();
    runId = detail.run.id;
    rows = (await listRows()).items;
    expect(statusOf()).toEqual({
      'AW-1': 'Awaiting 2B',
      'AW-2': 'Awaiting 2B',
      'LK-1': 'Awaiting 2B',
      'MT-1': 'Matched',
      'PR-1': 'PR only',
      'RJ-1': 'PR only',
      'NF-1': 'PR only',
      'OS-1': 'PR only',
      'ZZ-9': 'GST only',
    });
    expect(byBooks('AW-1')).toMatchObject({ booksDocuments: 1, portalDocuments: 0, portalNumber: null, itcAtRisk: 0 });

    const awaitingTax = 1_800_00 + 3_600_00 + 900_00;
    const atRisk = 4 * 180_00;
    const awaiting = await listRows({ statuses: ['Awaiting 2B'] });
    expect(awaiting.totalRecords).toBe(3);
    expect(awaiting.totals).toMatchObject({ booksTax: awaitingTax, portalTax: 0, itcAtRisk: 0 });
    expect(detail.byStatus.find((s) => s.status === 'Awaiting 2B')).toMatchObject({ rows: 3, booksDocuments: 3, booksTax: awaitingTax });
    expect(detail.byStatus.map((s) => s.status)).toEqual(['Matched', 'PR only', 'Awaiting 2B', 'GST only']);
    expect(detail.run.itcAtRisk).toBe(atRisk);

    const vendors = (await api.post(RECONCILIATION_VENDORS_REPORT.endpoints.search.path, { filters: { runId } })).json().data
      .items as Vendor[];
    expect(vendors.find((v) => v.supplierGstin === ACME)).toMatchObject({
      matched: 1,
      booksOnly: 4,
      awaiting2b: 3,
      portalOnly: 1,
      itcAtRisk: atRisk,
    });
    const sorted = (
      await api.post(RECONCILIATION_VENDORS_REPORT.endpoints.search.path, { filters: { runId }, sortExpression: 'awaiting2b DESC' })
    ).json().data.items as Vendor[];
    expect(sorted[0]?.awaiting2b).toBe(3);

    const insights = (await api.get(API.insights, { runId })).json().data as Insights;
    expect(insights).toMatchObject({ itcToClaimLater: awaitingTax, itcAtRisk: atRisk });
    expect(insights.byReason.map((r) => r.filters?.statuses)).toEqual([['PR only']]);
  });

  it('says in the pair view where the supplier reported it', async () => {
    const inGstr2a = (await api.get(API.row, { rowId: byBooks('AW-1')!.id })).json().data as RowDetail;
    expect(inGstr2a.reported).toEqual({ source: 'GSTR2A', documentNumber: 'AW-1', documentDate: '2025-03-10', returnPeriod: '032025' });
    expect(inGstr2a.books.map((d) => d.documentNumber)).toEqual(['AW-1']);
    expect(inGstr2a.portal).toEqual([]);
    expect(inGstr2a.candidates.map((c) => c.documentNumber)).toContain('ZZ-9');
    const inIms = (await api.get(API.row, { rowId: byBooks('AW-2')!.id })).json().data as RowDetail;
    expect(inIms.reported).toMatchObject({ source: 'IMS', documentNumber: 'AW-2' });
    expect(((await api.get(API.row, { rowId: byBooks('PR-1')!.id })).json().data as RowDetail).reported).toBeNull();
  });

  it('rebuilds rows as the job stores them: an unlinked pair stays PR only, a reinstated document is Awaiting 2B again', async () => {
    // The 2A's copy of MT-1 is the 2B's document the user just unlinked: not a sign that a 2B is still to come.
    expect((await api.post(API.unlink, { runId, rowId: byBooks('MT-1')!.id })).statusCode).toBe(200);
    rows = (await listRows()).items;
    expect(byBooks('MT-1')?.status).toBe('PR only');

    await act(byBooks('AW-1')!.id, 'Exclude');
    expect(byBooks('AW-1')?.status).toBe('Excluded');
    await act(byBooks('AW-1')!.id, 'Reinstate');
    expect(byBooks('AW-1')?.status).toBe('Awaiting 2B');
    const vendor = (await api.post(RECONCILIATION_VENDORS_REPORT.endpoints.search.path, { filters: { runId } })).json().data
      .items as Vendor[];
    expect(vendor.find((v) => v.supplierGstin === ACME)).toMatchObject({ awaiting2b: 3, booksOnly: 5, matched: 0 });
    expect(((await api.get(API.row, { rowId: byBooks('AW-1')!.id })).json().data as RowDetail).reported?.source).toBe('GSTR2A');
  });

  it("keeps a user's link on a re-run; a run against the 2A has no Awaiting 2B", async () => {
    const booksId = ((await api.get(API.row, { rowId: byBooks('LK-1')!.id })).json().data as RowDetail).books[0]!.id;
    const zz = rows.find((r) => r.portalNumber === 'ZZ-9')!;
    const portalId = ((await api.get(API.row, { rowId: zz.id })).json().data as RowDetail).portal[0]!.id;
    const link = await api.post(API.link, { runId, purchaseIds: [booksId], portalIds: [portalId] });
    expect(link.statusCode, link.body).toBe(200);

    const again = await startAndWait();
    runId = again.run.id;
    rows = (await listRows()).items;
    expect(byBooks('LK-1')).toMatchObject({ status: 'Matched', rule: 'manual', portalNumber: 'ZZ-9' });
    expect(byBooks('MT-1')?.status).toBe('PR only');
    expect(rows.filter((r) => r.status === 'Awaiting 2B').map((r) => r.booksNumber)).toEqual(['AW-1', 'AW-2']);
    expect(again.byStatus.find((s) => s.status === 'Awaiting 2B')?.rows).toBe(2);

    const gstr2a = await startAndWait('GSTR2A');
    const against2a = (await listRows({}, gstr2a.run.id)).items;
    expect(against2a.find((r) => r.booksNumber === 'AW-1')?.status).toBe('Matched');
    expect(against2a.some((r) => r.status === 'Awaiting 2B')).toBe(false);
  });
});
