// Vendor payments on both engines (issue 19): a supplier with a matched and a PR only invoice is paid the value less the
// PR only invoice's tax; once a re-run finds that invoice in the 2B, the GST held on it is releasable and released;
// payments beyond what is outstanding are refused; the export lists the vendors; the right is needed; another tenant's
// invoices and locations are refused.
import {
  RECONCILIATION_API,
  VENDOR_PAYMENT_API as API,
  type Run,
  type VendorInvoice,
  type VendorListResponse,
  type VendorPaymentRecord,
} from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../../db/schema';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { DELHI_GSTIN } from '../../test-support/import-fixtures';
import { clientOf, gstinFor, signInLimitedUser, type ApiClient } from '../../test-support/org-fixtures';
import { insertPortal, insertPurchases, waitForRun, type Doc } from '../../test-support/reconciliation-fixtures';

const ACME = gstinFor('27', 'AAACA1111A', '1');

describe.each(ENGINES)('vendor payments on %s', (engine) => {
  let h: Harness;
  let tenant: Tenant;
  let api: ApiClient;
  let delhi: number;
  let matchedId: number;
  let prOnlyId: number;
  const doc = (documentNumber: string, taxable: number): Doc => ({
    entityId: delhi,
    supplierGstin: ACME,
    supplierName: 'Acme Steel',
    documentNumber,
    documentDate: '2025-03-10',
    taxable,
    igst: taxable * 0.18,
  });
  // ₹1,18,000 matched and ₹59,000 PR only (₹9,000 IGST).
  const matched = () => doc('VP-1', 100_000_00);
  const prOnly = () => doc('VP-2', 50_000_00);

  const reconcile = async () => {
    const start = await api.post(RECONCILIATION_API.runStart, { entityIds: [delhi], fromPeriod: '032025', toPeriod: '032025' });
    expect(start.statusCode, start.body).toBe(200);
    const detail = await waitForRun(api, (start.json().data as Run).id);
    expect(detail.run.status, detail.run.message ?? '').toBe('Completed');
  };
  const vendors = async (filters: Record<string, unknown> = {}) => {
    const res = await api.post(API.vendors, { filters });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as VendorListResponse;
  };
  const invoices = async () => {
    const res = await api.post(API.invoices, { supplierGstins: [ACME] });
    expect(res.statusCode, res.body).toBe(200);
    return new Map((res.json().data.items as VendorInvoice[]).map((i) => [i.documentNumber, i]));
  };

  beforeAll(async () => {
    h = await startHarness(engine);
    tenant = await createTenant(h);
    api = clientOf(h, await signIn(h.app, tenant));
    [, delhi = 0] = tenant.entityIds;
    const { db } = h.ctx.database;
    [matchedId = 0, prOnlyId = 0] = await insertPurchases(db, tenant.subscriberId, [matched(), prOnly()]);
    await insertPortal(db, tenant.subscriberId, () => DELHI_GSTIN, [matched()]);
    await reconcile();
  });
  afterAll(async () => {
    await h.close();
  });

  it("holds the PR only invoice's tax: payable is the value less that tax", async () => {
    const list = await vendors();
    expect(list.totalRecords).toBe(1);
    const [acme] = list.items;
    expect(acme).toMatchObject({
      supplierGstin: ACME,
      supplierName: 'Acme Steel',
      openInvoices: 2,
      invoiceValue: 177_000_00,
      tax: 27_000_00,
      outstanding: 177_000_00,
      payableNow: 168_000_00,
      holdNow: 9_000_00,
      held: 0,
      releasable: 0,
      // Both are past 180 days and unpaid; only the matched one's credit was claimable, so only it is to reverse.
      overdueInvoices: 2,
      itcToReverse: 18_000_00,
    });
    expect(acme?.interest).toBeGreaterThan(0);
    expect(list.totals).toMatchObject({ payableNow: 168_000_00, holdNow: 9_000_00 });
    const byNumber = await invoices();
    expect(byNumber.get('VP-1')).toMatchObject({ reconciliationStatus: 'Matched', holdReason: null, payableNow: 118_000_00 });
    expect(byNumber.get('VP-2')).toMatchObject({
      reconciliationStatus: 'PR only',
      holdReason: 'NotIn2B',
      hold: 9_000_00,
      payableNow: 50_000_00,
    });
    expect((await vendors({ supplierName: 'acme' })).totalRecords).toBe(1);
    expect((await vendors({ supplierGstin: '29AAA' })).totalRecords).toBe(0);
  });

  it('records the payment with its hold, refuses paying more than is outstanding, and releases the hold once matched', async () => {
    const tooMuch = await api.post(API.pay, {
      paymentDate: '2025-04-01',
      reference: 'UTR-OVER',
      lines: [{ documentId: prOnlyId, paid: 59_000_00, held: 1 }],
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors[0]).toMatchObject({ code: 'GEN0009', propertyName: 'lines[0].paid' });
    const noSuchDay = await api.post(API.pay, {
      paymentDate: '2025-02-30',
      reference: 'UTR-DAY',
      lines: [{ documentId: prOnlyId, paid: 1, held: 0 }],
    });
    expect(noSuchDay.statusCode).toBe(422);

    const paid = await api.post(API.pay, {
      paymentDate: '2025-04-01',
      reference: 'UTR-1',
      lines: [
        { documentId: matchedId, paid: 118_000_00, held: 0 },
        { documentId: prOnlyId, paid: 50_000_00, held: 9_000_00 },
      ],
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const record = paid.json().data as VendorPaymentRecord;
    expect(record).toMatchObject({ kind: 'Payment', invoices: 2, paid: 168_000_00, held: 9_000_00, released: 0 });
    const [audit] = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(
        and(
          eq(auditTrail.subscriberId, tenant.subscriberId),
          eq(auditTrail.entityType, 'VendorPayment'),
          eq(auditTrail.entityKey, String(record.id)),
        ),
      );
    expect(audit?.action).toBe('Create');

    // The matched invoice is closed; the PR only one stays with its GST held, not yet releasable.
    let list = await vendors();
    expect(list.items[0]).toMatchObject({ openInvoices: 1, outstanding: 0, payableNow: 0, held: 9_000_00, releasable: 0, itcToReverse: 0 });
    const early = await api.post(API.release, {
      paymentDate: '2025-04-02',
      reference: 'UTR-X',
      lines: [{ documentId: prOnlyId, amount: 9_000_01 }],
    });
    expect(early.statusCode).toBe(422);

    // The supplier reports it; a new run matches it: the held GST is releasable.
    await insertPortal(h.ctx.database.db, tenant.subscriberId, () => DELHI_GSTIN, [prOnly()]);
    await reconcile();
    list = await vendors();
    expect(list.items[0]).toMatchObject({ held: 9_000_00, releasable: 9_000_00 });
    expect((await invoices()).get('VP-2')).toMatchObject({ reconciliationStatus: 'Matched', hold: 0, releasable: 9_000_00 });

    const released = await api.post(API.release, {
      paymentDate: '2025-05-02',
      reference: 'UTR-2',
      lines: [{ documentId: prOnlyId, amount: 9_000_00 }],
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data).toMatchObject({ kind: 'Release', released: 9_000_00 });
    expect((await vendors()).totalRecords).toBe(0);
  });

  it('exports the vendor list as xlsx, audited', async () => {
    const res = await api.post(API.vendorsExport, {});
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('Supplier GSTIN');
    // Everything was paid above: the header alone.
    expect(sheet?.rowCount).toBe(1);
    const audits = await h.ctx.database.db
      .select({ action: auditTrail.action })
      .from(auditTrail)
      .where(and(eq(auditTrail.subscriberId, tenant.subscriberId), eq(auditTrail.entityKey, 'vendors')));
    expect(audits.map((a) => a.action)).toEqual(['Export']);
  });

  it('needs the VendorPayment right, and refuses locations the user may not see', async () => {
    const none = clientOf(h, (await signInLimitedUser(h, tenant, ['EntityView'], [delhi])).token);
    for (const res of [
      await none.post(API.vendors, {}),
      await none.post(API.pay, { paymentDate: '2025-04-01', reference: 'X', lines: [{ documentId: prOnlyId, paid: 1, held: 0 }] }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].code).toBe('GEN0002');
    }
    const chennai = tenant.entityIds[2] ?? 0;
    const elsewhere = clientOf(h, (await signInLimitedUser(h, tenant, ['VendorPayment'], [chennai])).token);
    const refused = await elsewhere.post(API.vendors, { filters: { entityIds: [delhi] } });
    expect(refused.statusCode).toBe(403);
    // Without a location filter, only the user's own locations: Delhi's supplier is not there.
    expect((await elsewhere.post(API.vendors, {})).json().data.totalRecords).toBe(0);
  });

  it("refuses another tenant's invoices and locations", async () => {
    const other = await createTenant(h);
    const otherApi = clientOf(h, await signIn(h.app, other));
    const [theirDoc = 0] = await insertPurchases(h.ctx.database.db, other.subscriberId, [
      { ...doc('OTHER-1', 1_000_00), entityId: other.entityIds[1] ?? 0 },
    ]);
    expect((await otherApi.post(API.vendors, {})).json().data.totalRecords).toBe(1);
    const pay = await api.post(API.pay, {
      paymentDate: '2025-04-01',
      reference: 'STEAL',
      lines: [{ documentId: theirDoc, paid: 1_000_00, held: 0 }],
    });
    expect(pay.statusCode).toBe(404);
    const release = await api.post(API.release, {
      paymentDate: '2025-04-01',
      reference: 'STEAL',
      lines: [{ documentId: theirDoc, amount: 1 }],
    });
    expect(release.statusCode).toBe(404);
    expect((await api.post(API.vendors, { filters: { entityIds: [other.entityIds[1]] } })).statusCode).toBe(404);
    expect((await api.post(API.invoices, { supplierGstins: [ACME], entityIds: [other.entityIds[1]] })).statusCode).toBe(404);
    expect((await otherApi.post(API.vendors, {})).json().data.items[0]).toMatchObject({ outstanding: 1_180_00, held: 0 });
  });
});
