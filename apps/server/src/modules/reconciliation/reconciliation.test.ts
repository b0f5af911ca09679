// Purchase reconciliation end to end on the server (issue 18): a run over planted cases (exact, within tolerance,
// renumbered, amount mismatch, reported against the buyer's other GSTIN, books only, portal only, a March bill the
// supplier reported in April), its lists, the pair view, a manual link that survives a re-run, actions with the
// confirmation rule, the workbooks read back, and the access rules.
import {
  RECONCILIATION_API as API,
  RECONCILIATION_DOCUMENTS_REPORT,
  RECONCILIATION_FILING_REPORT,
  RECONCILIATION_ROWS_REPORT,
  RECONCILIATION_VENDORS_REPORT,
  type ReconciliationRow,
  type RowDetail,
  type Run,
  type RunDetail,
} from '@opengst/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { CHENNAI_GSTIN, DELHI_GSTIN, readXlsx } from '../../test-support/import-fixtures';
import { clientOf, gstinFor, signInLimitedUser, type ApiClient } from '../../test-support/org-fixtures';
import { insertPortal, insertPurchases, waitForRun, type Doc } from '../../test-support/reconciliation-fixtures';
import { saveInstallationSettings } from '../../platform/settings/installation-settings';

const ACME = gstinFor('27', 'AAACA1111A', '1');
const BETA = gstinFor('29', 'AAACB2222B', '1');
const ROWS = RECONCILIATION_ROWS_REPORT.endpoints;

describe.each(ENGINES)('purchase reconciliation on %s', (engine) => {
  let h: Harness;
  let tenant: Tenant;
  let api: ApiClient;
  let delhi: number;
  let chennai: number;
  let runId: number;
  let rows: ReconciliationRow[];
  const byBooks = (n: string) => rows.find((r) => r.booksNumber === n);

  const startAndWait = async (): Promise<RunDetail> => {
    const start = await api.post(API.runStart, { entityIds: [delhi, chennai], fromPeriod: '032025', toPeriod: '032025' });
    expect(start.statusCode, start.body).toBe(200);
    const detail = await waitForRun(api, (start.json().data as Run).id);
    expect(detail.run.status, detail.run.message ?? '').toBe('Completed');
    return detail;
  };
  const listRows = async (filters: Record<string, unknown> = {}) => {
    const res = await api.post(ROWS.search.path, { filters: { runId, ...filters }, size: 500 });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: ReconciliationRow[]; totalRecords: number; totals: Record<string, number> };
  };

  beforeAll(async () => {
    h = await startHarness(engine);
    tenant = await createTenant(h);
    api = clientOf(h, await signIn(h.app, tenant));
    [, delhi = 0, chennai = 0] = tenant.entityIds;
    const { db } = h.ctx.database;
    const books: Doc[] = [
      {
        entityId: delhi,
        supplierGstin: ACME,
        supplierName: 'Acme Steel',
        documentNumber: 'AC-001',
        documentDate: '2025-03-03',
        taxable: 100_000_00,
        igst: 18_000_00,
      },
      {
        entityId: delhi,
        supplierGstin: ACME,
        supplierName: 'Acme Steel',
        documentNumber: 'AC-002',
        documentDate: '2025-03-05',
        taxable: 10_000_00,
        igst: 1_800_00,
      },
      {
        entityId: delhi,
        supplierGstin: ACME,
        supplierName: 'Acme Steel',
        documentNumber: 'INV/0042/24-25',
        documentDate: '2025-03-07',
        taxable: 20_000_00,
        igst: 3_600_00,
      },
      {
        entityId: delhi,
        supplierGstin: ACME,
        supplierName: 'Acme Steel',
        documentNumber: 'AC-010',
        documentDate: '2025-03-09',
        taxable: 50_000_00,
        igst: 9_000_00,
      },
      {
        entityId: delhi,
        supplierGstin: BETA,
        supplierName: 'Beta Tools',
        documentNumber: 'BT-77',
        documentDate: '2025-03-11',
        taxable: 30_000_00,
        igst: 5_400_00,
      },
      {
        entityId: delhi,
        supplierGstin: BETA,
        supplierName: 'Beta Tools',
        documentNumber: 'BT-80',
        documentDate: '2025-03-12',
        taxable: 7_000_00,
        igst: 1_260_00,
      },
      {
        entityId: delhi,
        supplierGstin: BETA,
        supplierName: 'Beta Tools',
        documentNumber: 'BT-90',
        documentDate: '2025-03-28',
        taxable: 40_000_00,
        igst: 7_200_00,
      },
      {
        entityId: delhi,
        supplierGstin: BETA,
        supplierName: 'Beta Tools',
        documentNumber: 'BT-95',
        documentDate: '2025-03-20',
        taxable: 9_000_00,
        igst: 1_620_00,
      },
    ];
    const portal: Doc[] = [
      {
        entityId: delhi,
        supplierGstin: ACME,
        supplierName: 'Acme Steel',
        documentNumber: 'AC-001',
        documentDate: '2025-03-03',
        taxable: 100_000_00,
        igst: 18_000_00,
      },
      // Within ₹1 of the books.
      {
        entityId: delhi,
        supplierGstin: ACME,
        supplierName: 'Acme Steel',
        documentNumber: 'AC-002',
        documentDate: '2025-03-05',
        taxable: 10_000_50,
        igst: 1_800_09,
      },
      {
        entityId: delhi,
        supplierGstin: ACME,
        supplierName: 'Acme Steel',
        documentNumber: 'INV-42',
        documentDate: '2025-03-07',
        taxable: 20_000_00,
        igst: 3_600_00,
      },
      // Less tax than booked.
      {
        entityId: delhi,
        supplierGstin: ACME,
        supplierName: 'Acme Steel',
        documentNumber: 'AC-010',
        documentDate: '2025-03-09',
        taxable: 50_000_00,
        igst: 6_000_00,
      },
      // Reported against the buyer's other GSTIN (Chennai).
      {
        entityId: chennai,
        supplierGstin: BETA,
        supplierName: 'Beta Tools',
        documentNumber: 'BT-77',
        documentDate: '2025-03-11',
        taxable: 30_000_00,
        igst: 5_400_00,
      },
      // In the April 2B: filed by the supplier after the March cut-off.
      {
        entityId: delhi,
        supplierGstin: BETA,
        supplierName: 'Beta Tools',
        documentNumber: 'BT-90',
        documentDate: '2025-03-28',
        returnPeriod: '042025',
        taxable: 40_000_00,
        igst: 7_200_00,
      },
      // Not in the books.
      {
        entityId: delhi,
        supplierGstin: BETA,
        supplierName: 'Beta Tools',
        documentNumber: 'BT-99',
        documentDate: '2025-03-25',
        taxable: 3_000_00,
        igst: 540_00,
      },
      // The supplier's number for BT-95, too different for the engine: linked by hand below.
      {
        entityId: delhi,
        supplierGstin: BETA,
        supplierName: 'Beta Tools',
        documentNumber: 'X9-5',
        documentDate: '2025-03-20',
        taxable: 9_000_00,
        igst: 1_620_00,
      },
    ];
    await insertPurchases(db, tenant.subscriberId, books);
    await insertPortal(db, tenant.subscriberId, (id) => (id === delhi ? DELHI_GSTIN : CHENNAI_GSTIN), portal);
    const detail = await startAndWait();
    runId = detail.run.id;
    rows = (await listRows()).items;
  }, 180_000);
  afterAll(async () => {
    await h.close();
  });

  it('puts each planted case in its status, with the difference', () => {
    expect(byBooks('AC-001')?.status).toBe('Matched');
    expect(byBooks('AC-002')?.status).toBe('Matched due to tolerance');
    expect(byBooks('AC-002')?.taxableDifference).toBe(50);
    expect(byBooks('INV/0042/24-25')).toMatchObject({
      status: 'Matched due to tolerance',
      portalNumber: 'INV-42',
      rule: 'normalised-number',
    });
    expect(byBooks('AC-010')).toMatchObject({ status: 'Mismatched', taxDifference: -3_000_00, itcAtRisk: 3_000_00 });
    expect(byBooks('BT-77')).toMatchObject({ status: 'Recipient GSTIN differs', gstin: DELHI_GSTIN, portalGstin: CHENNAI_GSTIN });
    expect(byBooks('BT-80')).toMatchObject({ status: 'PR only', portalNumber: null, itcAtRisk: 1_260_00 });
    expect(byBooks('BT-90')).toMatchObject({ status: 'Matched', acrossPeriods: true, booksPeriod: '032025', portalPeriod: '042025' });
    expect(rows.find((r) => r.portalNumber === 'BT-99')).toMatchObject({ status: 'GST only', booksNumber: null });
  });

  it('summarises the run by status and by supplier', async () => {
    const detail = (await api.get(API.run, { runId })).json().data as RunDetail;
    const count = Object.fromEntries(detail.byStatus.map((s) => [s.status, s.rows]));
    expect(count).toMatchObject({
      Matched: 2,
      'Matched due to tolerance': 2,
      Mismatched: 1,
      'Recipient GSTIN differs': 1,
      'PR only': 2,
      'GST only': 2,
    });
    expect(detail.run).toMatchObject({ booksDocuments: 8, rows: rows.length, gstins: [DELHI_GSTIN, CHENNAI_GSTIN].sort() });
    const vendors = (await api.post(RECONCILIATION_VENDORS_REPORT.endpoints.search.path, { filters: { runId } })).json().data;
    const beta = vendors.items.find((v: { supplierGstin: string }) => v.supplierGstin === BETA);
    expect(beta).toMatchObject({ recipientDiffers: 1, booksOnly: 2, portalOnly: 2, itcAtRisk: 5_400_00 + 1_260_00 + 1_620_00 });
    expect(vendors.items[0].supplierGstin).toBe(BETA); // sorted by ITC at risk
  });

  it('filters, sorts and totals the rows; refuses a bad sort expression and a bad filter', async () => {
    const mismatched = await listRows({ statuses: ['Mismatched', 'PR only'] });
    expect(mismatched.totalRecords).toBe(3);
    expect(mismatched.totals.itcAtRisk).toBe(3_000_00 + 1_260_00 + 1_620_00);
    expect((await listRows({ documentNumber: '0042' })).items.map((r) => r.booksNumber)).toEqual(['INV/0042/24-25']);
    expect((await listRows({ acrossPeriodsOnly: true })).items.map((r) => r.booksNumber)).toEqual(['BT-90']);
    const sorted = (await api.post(ROWS.search.path, { filters: { runId }, sortExpression: 'itcAtRisk DESC' })).json().data
      .items as ReconciliationRow[];
    expect(sorted[0]?.booksNumber).toBe('BT-77');
    expect((await api.post(ROWS.search.path, { filters: { runId }, sortExpression: 'explanation ASC' })).statusCode).toBe(422);
    expect((await api.post(ROWS.search.path, { filters: { runId, statuses: ['Sort of matched'] } })).statusCode).toBe(422);
    expect((await api.post(ROWS.search.path, { filters: {} })).statusCode).toBe(422);
    const docs = (
      await api.post(RECONCILIATION_DOCUMENTS_REPORT.endpoints.search.path, { filters: { runId, side: 'portal', unpairedOnly: true } })
    ).json().data;
    expect(docs.items.map((d: { documentNumber: string }) => d.documentNumber).sort()).toEqual(['BT-99', 'X9-5']);
    expect(docs.items.every((d: { documentIds: number[] }) => d.documentIds.length === 1)).toBe(true);
    const filing = (await api.post(RECONCILIATION_FILING_REPORT.endpoints.search.path, { filters: { runId } })).json().data;
    expect(filing.items.map((f: { supplierGstin: string; documents: number }) => [f.supplierGstin, f.documents]).sort()).toEqual([
      [ACME, 4],
      [BETA, 3],
    ]);
  });

  it('explains a pair and an unpaired row', async () => {
    const mismatch = (await api.get(API.row, { rowId: byBooks('AC-010')!.id })).json().data as RowDetail;
    expect(mismatch.fields.find((f) => f.field === 'igst')).toMatchObject({
      books: 9_000_00,
      portal: 6_000_00,
      difference: -3_000_00,
      outcome: 'different',
    });
    expect(mismatch.books[0]?.documentNumber).toBe('AC-010');
    expect(mismatch.portal[0]?.documentNumber).toBe('AC-010');
    const matched = (await api.get(API.row, { rowId: byBooks('AC-001')!.id })).json().data as RowDetail;
    expect(matched.fields.find((f) => f.field === 'taxable')?.outcome).toBe('equal');
    const alone = (await api.get(API.row, { rowId: byBooks('BT-95')!.id })).json().data as RowDetail;
    expect(alone.candidates.map((c) => c.documentNumber)).toContain('X9-5');
    const other = (await api.get(API.row, { rowId: byBooks('BT-77')!.id })).json().data as RowDetail;
    expect(other.fields.find((f) => f.field === 'recipientGstin')).toMatchObject({ books: DELHI_GSTIN, portal: CHENNAI_GSTIN });
  });

  it('links a near match by hand, and the link survives a re-run', async () => {
    const portalId = (await api.get(API.row, { rowId: rows.find((r) => r.portalNumber === 'X9-5')!.id })).json().data.portal[0].id;
    const booksId = (await api.get(API.row, { rowId: byBooks('BT-95')!.id })).json().data.books[0].id;
    const link = await api.post(API.link, { runId, purchaseIds: [booksId], portalIds: [portalId], remarks: 'Supplier renumbered' });
    expect(link.statusCode, link.body).toBe(200);
    const linked = (await listRows()).items.find((r) => r.booksNumber === 'BT-95');
    expect(linked).toMatchObject({ status: 'Matched', rule: 'manual', portalNumber: 'X9-5' });

    const again = await startAndWait();
    expect(again.run.id).toBeGreaterThan(runId);
    expect((await api.get(API.run, { runId })).json().data.run.supersededBy).toBe(again.run.id);
    expect((await api.post(ROWS.search.path, { filters: { runId } })).json().data.totalRecords).toBe(0);
    runId = again.run.id;
    rows = (await listRows()).items;
    expect(byBooks('BT-95')).toMatchObject({ rule: 'manual', portalNumber: 'X9-5' });

    // Unlinking the user's link undoes it: the next run leaves them apart again.
    expect((await api.post(API.unlink, { runId, rowId: byBooks('BT-95')!.id })).statusCode).toBe(200);
    rows = (await listRows()).items;
    expect(byBooks('BT-95')?.status).toBe('PR only');
  });

  it('acts on rows by id and by filters, asking to confirm above the warning limit, and keeps actions across runs', async () => {
    const accept = await api.post(API.action, {
      runId,
      selection: { rowIds: [byBooks('AC-001')!.id, byBooks('BT-80')!.id] },
      action: 'Accept',
    });
    expect(accept.json().data, accept.body).toMatchObject({ affected: 1, skipped: 1 });
    const { db } = h.ctx.database;
    await saveInstallationSettings(db, { recordsAffectedWarningLimit: 2 });
    const asked = await api.post(API.action, {
      runId,
      selection: { filters: { statuses: ['Matched', 'Matched due to tolerance'] } },
      action: 'Pending',
    });
    expect(asked.json().data).toMatchObject({ affected: 0, needsConfirmation: 4 });
    const confirmed = await api.post(API.action, {
      runId,
      selection: { filters: { statuses: ['Matched', 'Matched due to tolerance'] }, confirmedCount: 4 },
      action: 'Pending',
      remarks: 'Hold until March 3B',
    });
    expect(confirmed.json().data).toMatchObject({ affected: 4, needsConfirmation: null });
    await saveInstallationSettings(db, { recordsAffectedWarningLimit: 1000 });
    expect((await listRows({ actions: ['Pending'] })).totalRecords).toBe(4);
    const claim = await api.post(API.action, {
      runId,
      selection: { rowIds: [byBooks('BT-80')!.id] },
      action: 'ClaimInPeriod',
      claimPeriod: '042025',
    });
    expect(claim.json().data?.affected, claim.body).toBe(1);
    expect((await api.post(API.action, { runId, selection: { rowIds: [byBooks('BT-80')!.id] }, action: 'ClaimInPeriod' })).statusCode).toBe(
      422,
    );

    const again = await startAndWait();
    runId = again.run.id;
    rows = (await listRows()).items;
    expect(byBooks('AC-001')?.action).toBe('Pending');
    expect(byBooks('BT-80')?.claimPeriod).toBe('042025');
  });

  it('excludes and discards rows, and reinstates them', async () => {
    const exclude = await api.post(API.action, {
      runId,
      selection: { rowIds: [byBooks('BT-80')!.id] },
      action: 'Exclude',
      remarks: 'Blocked credit s.17(5)',
    });
    expect(exclude.statusCode, exclude.body).toBe(200);
    expect((await listRows({ statuses: ['Excluded'] })).items.map((r) => r.booksNumber)).toEqual(['BT-80']);
    const discard = await api.post(API.action, { runId, selection: { filters: { documentNumber: 'BT-99' } }, action: 'Discard' });
    expect(discard.json().data.affected).toBe(1);
    const again = await startAndWait();
    runId = again.run.id;
    const statuses = (await listRows({ statuses: ['Excluded', 'Discarded'] })).items.map((r) => [
      r.status,
      r.booksNumber ?? r.portalNumber,
    ]);
    expect(statuses.sort()).toEqual([
      ['Discarded', 'BT-99'],
      ['Excluded', 'BT-80'],
    ]);
    const back = await api.post(API.action, {
      runId,
      selection: { filters: { statuses: ['Excluded', 'Discarded'] } },
      action: 'Reinstate',
    });
    expect(back.json().data.affected).toBe(2);
    expect((await listRows({ statuses: ['Excluded', 'Discarded'] })).totalRecords).toBe(0);
  });

  it('exports the reconciliation workbook and a vendor workbook', async () => {
    const book = await api.post(API.workbook, { runId });
    expect(book.statusCode).toBe(200);
    const summary = await readXlsx(book.rawPayload, 0);
    expect(summary[0]?.[0]).toBe('Status');
    const byDocument = await readXlsx(book.rawPayload, 2);
    expect(byDocument.length - 1).toBe((await listRows()).totalRecords);
    const vendor = await api.post(API.vendorWorkbook, { runId, supplierGstin: ACME });
    expect(vendor.headers['content-disposition']).toContain(ACME);
    const lines = await readXlsx(vendor.rawPayload, 1);
    const mismatch = lines.find((l) => l.includes('AC-010'));
    expect(mismatch?.at(-1)).toMatch(/amend/);
    expect(lines.every((l, i) => i === 0 || l[1] === ACME)).toBe(true);
  });

  it('refuses users without the right, another tenant, and a location the user cannot see', async () => {
    const noRight = clientOf(h, (await signInLimitedUser(h, tenant, ['ReturnsView'], [delhi, chennai])).token);
    expect((await noRight.get(API.run, { runId })).statusCode).toBe(403);
    expect((await noRight.post(ROWS.search.path, { filters: { runId } })).statusCode).toBe(403);
    const delhiOnly = clientOf(h, (await signInLimitedUser(h, tenant, ['Gstr2aReconciliation'], [delhi])).token);
    expect((await delhiOnly.get(API.run, { runId })).statusCode).toBe(403);
    expect((await delhiOnly.post(API.runList, {})).json().data.totalRecords).toBe(0);
    expect((await api.post(API.runList, { filters: { portalSources: ['IMS'] } })).json().data.totalRecords).toBe(0);
    expect((await api.post(API.runList, { filters: { portalSources: ['GSTR2B'] } })).json().data.totalRecords).toBeGreaterThan(0);
    expect((await delhiOnly.post(API.runStart, { entityIds: [chennai], fromPeriod: '032025', toPeriod: '032025' })).statusCode).toBe(403);
    const other = await createTenant(h);
    const stranger = clientOf(h, await signIn(h.app, other));
    expect((await stranger.get(API.run, { runId })).statusCode).toBe(404);
    expect((await stranger.get(API.row, { rowId: rows[0]!.id })).statusCode).toBe(404);
    expect((await stranger.post(ROWS.search.path, { filters: { runId } })).statusCode).toBe(404);
    expect((await stranger.post(API.action, { runId, selection: { rowIds: [rows[0]!.id] }, action: 'Accept' })).statusCode).toBe(404);
    expect((await stranger.post(API.runStart, { entityIds: [delhi], fromPeriod: '032025', toPeriod: '032025' })).statusCode).toBe(404);
    expect((await api.post(API.runStart, { entityIds: [delhi], fromPeriod: '042025', toPeriod: '032025' })).statusCode).toBe(422);
    expect((await api.post(API.runStart, { entityIds: [tenant.entityIds[0]], fromPeriod: '032025', toPeriod: '032025' })).statusCode).toBe(
      422,
    );
  });
});
