// GSTR-3B from the database (issue 19): a month of sales, purchases and GSTR-2B records computed into 3.1(a), 3.1(d)
// and 4A(5) in paise, the drill-down listing exactly a figure's documents, the user's figures (a locked one refused,
// an open one saved and audited), the reconciliation's IMS action applied, the set-off, the JSON against the portal's
// structure, and the refusals: another tenant's location, a user without the right.
import { GSTR3B_API, type Gstr3bDetail, type Gstr3bFigureDocumentsResponse, type Gstr3bRow, type Gstr3bSetOff } from '@opengst/contracts';
import { gstr3bJsonProblems } from '@opengst/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, entities } from '../../db/schema';
import { createTenant, ENGINES, signIn, type Harness, type Tenant } from '../../test-support/harness';
import { computeGstr3b, GSTR3B_PERIOD as PERIOD, insertDecidedRow, insertGstr3bMonth } from '../../test-support/gstr3b-fixtures';
import { clientOf, openSignedIn, signInLimitedUser, type ApiClient } from '../../test-support/org-fixtures';

const rowOf = (d: Gstr3bDetail, figure: Gstr3bRow['figure'], placeOfSupply: string | null = null): Gstr3bRow => {
  const row = d.rows.find((r) => r.figure === figure && r.placeOfSupply === placeOfSupply);
  if (!row) throw new Error(`no row ${figure} ${placeOfSupply ?? ''}`);
  return row;
};

describe.each(ENGINES)('GSTR-3B from the database on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let api: ApiClient;
  let delhi: number;
  let gstin: string;
  let month: Awaited<ReturnType<typeof insertGstr3bMonth>>;

  beforeAll(async () => {
    ({ h, t, api } = await openSignedIn(engine));
    delhi = t.entityIds[1]!;
    const [row] = await h.ctx.database.db.select({ gstin: entities.gstin }).from(entities).where(eq(entities.id, delhi));
    gstin = row!.gstin!;
    month = await insertGstr3bMonth(h, t, delhi, gstin);
  });
  afterAll(async () => h?.close());

  const compute = (): Promise<Gstr3bDetail> => computeGstr3b(api, { entityId: delhi, returnPeriod: PERIOD });

  it('computes 3.1(a), 3.1(d), 3.2 and 4A(5) in paise from the month', async () => {
    const d = await compute();
    expect(d.gstin).toBe(gstin);
    expect(d.dueDate).toBe('2025-09-20');
    expect(rowOf(d, '3.1a').system).toEqual({ taxable: 1_400_000, igst: 90_000, cgst: 81_000, sgst: 81_000, cess: 0 });
    expect(rowOf(d, '3.1a').sources).toEqual({ documents: 3, gstr2b: 0, summaries: 0 });
    expect(rowOf(d, '3.2unregistered', '33').system).toEqual({ taxable: 500_000, igst: 90_000, cgst: 0, sgst: 0, cess: 0 });
    expect(rowOf(d, '3.1d').system).toEqual({ taxable: 100_000, igst: 0, cgst: 2_500, sgst: 2_500, cess: 0 });
    expect(rowOf(d, '4A5').system).toEqual({ taxable: 0, igst: 360_000, cgst: 40_000, sgst: 40_000, cess: 0 });
    expect(rowOf(d, '4A5').sources).toEqual({ documents: 0, gstr2b: 3, summaries: 0 });
    // From the July 2025 period outward liability is locked (GSTN advisory of 7 June 2025); 3.1(d) is not.
    expect(rowOf(d, '3.1a').lock?.code).toBe('outwardAutoPopulated');
    expect(rowOf(d, '3.1d').lock).toBeNull();
    expect(rowOf(d, '4C').lock?.code).toBe('computed');
    expect(d.locks).toEqual({ outward: true, interState: false });
    expect(d.gstr1Filed).toBe(false);
  });

  it('drills 4A(5) down to exactly its GSTR-2B records, and 3.1(a) to its sales documents', async () => {
    const res = await api.post(GSTR3B_API.figureDocuments, { entityId: delhi, returnPeriod: PERIOD, figure: '4A5' });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data as Gstr3bFigureDocumentsResponse;
    expect(page.totalRecords).toBe(3);
    expect(page.items.map((i) => i.id).sort((a, b) => a - b)).toEqual(month.portal.slice(0, 3));
    expect(page.items.every((i) => i.kind === 'gstr2b')).toBe(true);
    expect(page.items.find((i) => i.documentNumber === 'SB-CN-1')).toMatchObject({ documentType: 'CRN', cgst: 10_000 });

    const sales = (await api.post(GSTR3B_API.figureDocuments, { entityId: delhi, returnPeriod: PERIOD, figure: '3.1a', size: 2 })).json()
      .data as Gstr3bFigureDocumentsResponse;
    expect(sales.totalRecords).toBe(3);
    expect(sales.items).toHaveLength(2);
    const rest = (await api.post(GSTR3B_API.figureDocuments, { entityId: delhi, returnPeriod: PERIOD, figure: '3.1a', start: 2 })).json()
      .data as Gstr3bFigureDocumentsResponse;
    expect([...sales.items, ...rest.items].map((i) => i.id).sort((a, b) => a - b)).toEqual(month.sales);
    expect(rest.items.every((i) => i.kind === 'sales')).toBe(true);

    const past = (await api.post(GSTR3B_API.figureDocuments, { entityId: delhi, returnPeriod: PERIOD, figure: '4A5', start: 10 })).json()
      .data as Gstr3bFigureDocumentsResponse;
    expect(past).toEqual({ items: [], totalRecords: 3 });
    const rcm = (await api.post(GSTR3B_API.figureDocuments, { entityId: delhi, returnPeriod: PERIOD, figure: '3.1d' })).json()
      .data as Gstr3bFigureDocumentsResponse;
    expect(rcm.items.map((i) => [i.kind, i.id])).toEqual([['purchase', month.rcmPurchase]]);
    const onlySales = (
      await api.post(GSTR3B_API.figureDocuments, { entityId: delhi, returnPeriod: PERIOD, figure: '3.1d', kinds: ['sales'] })
    ).json().data as Gstr3bFigureDocumentsResponse;
    expect(onlySales.totalRecords).toBe(0);
  });

  it('refuses a locked figure with the reason, saves an open one with an audit row', async () => {
    const locked = await api.post(GSTR3B_API.saveFigures, {
      entityId: delhi,
      returnPeriod: PERIOD,
      figures: [{ figure: '3.1a', amounts: { taxable: 1_500_000, igst: 90_000, cgst: 81_000, sgst: 81_000 } }],
    });
    expect(locked.statusCode).toBe(422);
    const error = locked.json().errors[0] as { code: string; message: string; propertyName: string };
    expect(error.code).toBe('RET0018');
    expect(error.message).toContain('GSTN advisory of 7 June 2025');
    expect(error.propertyName).toBe('figures[0].amounts');

    const saved = await api.post(GSTR3B_API.saveFigures, {
      entityId: delhi,
      returnPeriod: PERIOD,
      figures: [{ figure: '3.1d', amounts: { taxable: 120_000, cgst: 3_000, sgst: 3_000, igst: 999 } }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const d = saved.json().data as Gstr3bDetail;
    // 3.1(d) has every head; the difference is user − system.
    expect(rowOf(d, '3.1d').user).toEqual({ taxable: 120_000, igst: 999, cgst: 3_000, sgst: 3_000, cess: 0 });
    expect(rowOf(d, '3.1d').difference).toEqual({ taxable: 20_000, igst: 999, cgst: 500, sgst: 500, cess: 0 });
    const audits = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entityType, 'Gstr3b'), eq(auditTrail.entityKey, String(d.id))));
    const save = audits.find((a) => (a.after as { userFigures?: unknown[] } | null)?.userFigures?.length === 1);
    expect(save?.userId).toBe(t.adminUserId);

    // A new computation keeps the user's figure.
    const again = await compute();
    expect(rowOf(again, '3.1d').user?.cgst).toBe(3_000);
  });

  it('proposes the set-off over the figures as they stand and exports JSON the portal structure accepts', async () => {
    const res = await api.get(GSTR3B_API.setOff, { entityId: delhi, returnPeriod: PERIOD });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data as Gstr3bSetOff;
    // 4C: IGST ₹3,600, CGST and SGST ₹400 (+ ₹25 RCM ITC of 4A(3)); liability IGST ₹900, CGST and SGST ₹810.
    expect(s.payable.otherThanReverseCharge).toEqual({ igst: 90_000, cgst: 81_000, sgst: 81_000, cess: 0 });
    expect(s.payable.reverseCharge).toEqual({ igst: 999, cgst: 3_000, sgst: 3_000, cess: 0 });
    expect(s.creditLedger.known).toBe(false);
    expect(s.cashToDeposit).toBeNull();
    // IGST credit pays IGST first, then CGST and SGST (s.49(5)(a), Rule 88A): no cash for tax at all.
    expect(s.utilisation[0]).toMatchObject({ from: 'igst', to: 'igst', amount: 90_000 });
    expect(s.cash.tax).toEqual({ igst: 0, cgst: 0, sgst: 0, cess: 0 });
    expect(s.cash.reverseCharge).toEqual(s.payable.reverseCharge);

    const file = await api.get(GSTR3B_API.download, { entityId: delhi, returnPeriod: PERIOD });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(`GSTR3B_${gstin}_${PERIOD}.json`);
    const json = JSON.parse(file.body) as { sup_details: { osup_det: { txval: number }; isup_rev: { camt: number } } };
    expect(gstr3bJsonProblems(json)).toEqual([]);
    expect(json.sup_details.osup_det.txval).toBe(14_000);
    expect(json.sup_details.isup_rev.camt).toBe(30);
  });

  it("applies the reconciliation's IMS action: a rejected 2B record leaves 4A(5)", async () => {
    await insertDecidedRow(h, t, delhi, gstin, { purchaseIds: [month.purchase], portalIds: [month.portal[0]!], action: 'Reject' });
    const d = await compute();
    expect(rowOf(d, '4A5').system).toEqual({ taxable: 0, igst: 0, cgst: 40_000, sgst: 40_000, cess: 0 });
    expect(d.excluded.find((e) => e.code === 'REJECTED_IN_IMS')?.count).toBe(1);
    const timeline = (await api.get(GSTR3B_API.timeline, { entityId: delhi, returnPeriod: PERIOD })).json().data as {
      events: { action: string }[];
    };
    expect(timeline.events.map((e) => e.action)).toEqual(['Compute', 'SaveFigures', 'Compute', 'Compute']);
  });

  it('defers ITC the reconciliation claims in a later period: in 4A(5) and reversed in 4B(2) (Circular 170/02/2022-GST)', async () => {
    // A newer run: its decisions replace the older run's (the IMS rejection above).
    await insertDecidedRow(h, t, delhi, gstin, { purchaseIds: [month.purchase], portalIds: [month.portal[0]!], claimPeriod: '102025' });
    const d = await compute();
    expect(rowOf(d, '4A5').system).toEqual({ taxable: 0, igst: 360_000, cgst: 40_000, sgst: 40_000, cess: 0 });
    expect(rowOf(d, '4B2').system).toEqual({ taxable: 0, igst: 360_000, cgst: 0, sgst: 0, cess: 0 });
    expect(rowOf(d, '4C').system.igst).toBe(0);
  });

  it('takes the quarter for a QRMP return (Rule 61A): its last month only, with the three months of sales', async () => {
    const early = await api.post(GSTR3B_API.compute, { entityId: delhi, returnPeriod: PERIOD, frequency: 'quarterly' });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors[0].propertyName).toBe('returnPeriod');
    const d = await computeGstr3b(api, { entityId: delhi, returnPeriod: '092025', frequency: 'quarterly' });
    expect(d.periods).toEqual(['072025', '082025', '092025']);
    // Delhi is a group B State for QRMP: the 24th (Rule 61(5) proviso, Notification 82/2020-CT).
    expect(d.dueDate).toBe('2025-10-24');
    expect(rowOf(d, '3.1a').system.taxable).toBe(1_400_000 + 700_000);
    expect(rowOf(d, '3.1a').sources.documents).toBe(4);
  });

  it("refuses another tenant's location and a user without a GSTR-3B right", async () => {
    const other = await createTenant(h);
    const otherApi = clientOf(h, await signIn(h.app, other));
    const foreign = await otherApi.get(GSTR3B_API.detail, { entityId: delhi, returnPeriod: PERIOD });
    expect(foreign.statusCode).toBe(404);
    expect(JSON.stringify(foreign.json())).not.toContain(gstin);
    expect((await otherApi.post(GSTR3B_API.compute, { entityId: delhi, returnPeriod: PERIOD })).statusCode).toBe(404);

    const viewer = await signInLimitedUser(h, t, ['ReturnsView'], [delhi]);
    const noRight = clientOf(h, viewer.token);
    expect((await noRight.get(GSTR3B_API.detail, { entityId: delhi, returnPeriod: PERIOD })).statusCode).toBe(403);
    expect((await noRight.post(GSTR3B_API.compute, { entityId: delhi, returnPeriod: PERIOD })).statusCode).toBe(403);

    const filer = clientOf(h, (await signInLimitedUser(h, t, ['Gstr3bFile'], [delhi])).token);
    expect((await filer.get(GSTR3B_API.detail, { entityId: delhi, returnPeriod: PERIOD })).statusCode).toBe(200);
    const save = await filer.post(GSTR3B_API.saveFigures, {
      entityId: delhi,
      returnPeriod: PERIOD,
      figures: [{ figure: '3.1d', amounts: null }],
    });
    expect(save.statusCode).toBe(403);
  });
});
