// Golden test of the e-invoice statuses of spec core §4 (issue 22 "every status transition, including the refused
// ones"), on both engines, through the mounted IRP sandbox with the server's clock moved: one row per transition, each
// on a document of its own. YetNotGenerated → InProgress (bulk, a background job) → Generated; → ERROR (the IRP's
// refusal stored and shown); ERROR → Regenerated (the IRN obtained after a refusal); Generated → cancelled within 24
// hours (the document is YetNotGenerated again, the cancelled IRN kept beside it); cancel refused after 24 hours (2270)
// and while an e-way bill of the document is live (2230), both foreseen before calling the IRP; a cancelled number
// refused for ever (2150).
import { EINVOICE_API as E, EWAYBILL_API as W, type EinvoiceDetail, type EinvoiceResult, type EinvoiceStatus } from '@opengst/contracts';
import { gstinCheckCharacter } from '@opengst/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, businessPartners, documentItems, documents, entities } from '../../db/schema';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { clientOf, type ApiClient } from '../../test-support/org-fixtures';

const gstinOf = (first14: string) => first14 + gstinCheckCharacter(first14);
const BUYER = gstinOf('27AABCT3518Q1Z');
const HOUR = 3_600_000;
const DATE = '2026-11-20';

/** What a transition ends in: the detail's status, and the answer's error code and message when refused. */
type Outcome = { status: EinvoiceStatus; errorCode?: string; message?: string; cancelledIrn?: boolean };

describe.each(ENGINES)('e-invoice status transitions on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let api: ApiClient;
  let signedIn: ApiClient;
  let delhi: number;
  let offset = 0;
  let serial = 0;

  const moveClock = async (ms: number) => {
    h.advanceClock(ms);
    offset += ms;
    api = clientOf(h, await signIn(h.app, t));
  };
  const resetClock = () => {
    h.advanceClock(-offset);
    offset = 0;
    api = signedIn;
  };

  const sale = async (values: Partial<typeof documents.$inferInsert> = {}) => {
    serial += 1;
    const [row] = await h.ctx.database.db
      .insert(documents)
      .values({
        subscriberId: t.subscriberId,
        entityId: delhi,
        direction: 'Sales',
        financialYear: '2026-27',
        returnPeriod: '112026',
        documentType: 'INV',
        documentNumber: `EIT/${serial}`,
        documentDate: DATE,
        supplyType: 'B2B',
        counterpartyGstin: BUYER,
        counterpartyName: 'Tata Consultancy Services Limited',
        counterpartyState: '27',
        placeOfSupply: '27',
        taxable: 10_000_000,
        igst: 1_800_000,
        documentValue: 11_800_000,
        source: 'Manual',
        createdBy: t.adminUserId,
        ...values,
      })
      .returning();
    await h.ctx.database.db.insert(documentItems).values({
      documentId: row!.id,
      lineNumber: 1,
      hsn: '84713010',
      description: 'Laptop',
      uqc: 'NOS',
      quantity: 100_000,
      rate: 18000,
      taxable: 10_000_000,
      igst: 1_800_000,
    });
    return row!.id;
  };

  const generate = async (documentIds: number[]) => {
    const res = await api.post(E.einvoiceGenerate, { documentIds });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { isQueued: boolean; results: EinvoiceResult[] };
  };
  const generateOne = async (id: number) => (await generate([id])).results[0]!;
  const cancel = async (id: number) => {
    const res = await api.post(E.einvoiceCancel, { documentIds: [id], reasonCode: '2', remark: 'Data entry mistake' });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { results: EinvoiceResult[] }).results[0]!;
  };
  const detail = async (id: number) => (await api.get(E.einvoiceDetail, { documentId: id })).json().data as EinvoiceDetail;

  const TRANSITIONS: { name: string; run: (id: number) => Promise<EinvoiceResult>; outcome: Outcome }[] = [
    { name: 'YetNotGenerated → Generated', run: generateOne, outcome: { status: 'Generated' } },
    {
      name: 'YetNotGenerated → ERROR: the IRP’s refusal stored with its code and shown',
      run: async (id) => {
        await h.ctx.database.db.update(documents).set({ documentDate: '2027-01-15', returnPeriod: '012027' }).where(eq(documents.id, id));
        return generateOne(id);
      },
      outcome: { status: 'ERROR', errorCode: '2163', message: '2163: ' },
    },
    {
      name: 'ERROR → Regenerated once corrected',
      run: async (id) => {
        await h.ctx.database.db.update(documents).set({ documentValue: 1 }).where(eq(documents.id, id));
        expect((await generateOne(id)).status).toBe('ERROR');
        await h.ctx.database.db.update(documents).set({ documentValue: 11_800_000 }).where(eq(documents.id, id));
        return generateOne(id);
      },
      outcome: { status: 'Regenerated' },
    },
    {
      name: 'Generated → cancelled within 24 hours: YetNotGenerated, the cancelled IRN kept',
      run: async (id) => (await generateOne(id), cancel(id)),
      outcome: { status: 'YetNotGenerated', cancelledIrn: true },
    },
    {
      name: 'cancelled: the number is never registered again (2150)',
      run: async (id) => (await generateOne(id), await cancel(id), generateOne(id)),
      outcome: { status: 'ERROR', errorCode: '2150', message: 'was cancelled' },
    },
    {
      name: 'Generated: cancel refused after 24 hours (2270), foreseen before the IRP',
      run: async (id) => (await generateOne(id), await moveClock(25 * HOUR), cancel(id)),
      outcome: { status: 'Generated', errorCode: '2270', message: 'within 24 hours of its acknowledgement' },
    },
    {
      name: 'Generated: cancel refused while its e-way bill is live (2230), accepted once that is cancelled',
      run: async (id) => {
        await generateOne(id);
        const ewb = await api.post(W.ewaybillGenerate, {
          documentId: id,
          distanceKm: 300,
          transportMode: '1',
          vehicleNumber: 'DL01AB1234',
        });
        expect(ewb.statusCode, ewb.body).toBe(200);
        const refused = await cancel(id);
        expect(refused).toMatchObject({ status: 'Generated', errorCode: '2230' });
        expect(refused.message).toContain('cancel the e-way bill first');
        expect((await api.post(W.ewaybillCancel, { documentId: id, reasonCode: '2', remark: 'Order cancelled' })).statusCode).toBe(200);
        return cancel(id);
      },
      outcome: { status: 'YetNotGenerated', cancelledIrn: true },
    },
  ];

  beforeAll(async () => {
    h = await startHarness(engine);
    t = await createTenant(h);
    signedIn = clientOf(h, await signIn(h.app, t));
    api = signedIn;
    delhi = t.entityIds[1] ?? 0;
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
  });
  afterAll(async () => {
    await h.close();
  });

  for (const transition of TRANSITIONS)
    it(transition.name, async () => {
      try {
        const id = await sale();
        const result = await transition.run(id);
        const { outcome } = transition;
        expect(result.status).toBe(outcome.status);
        expect(result.errorCode).toBe(outcome.errorCode ?? null);
        if (outcome.message) expect(result.message).toContain(outcome.message);
        const d = await detail(id);
        expect(d.status).toBe(outcome.status);
        if (outcome.status === 'ERROR') expect(d.errors[0]?.code ?? d.errorCode).toBe(outcome.errorCode);
        if (outcome.status === 'Generated' || outcome.status === 'Regenerated') expect(d.irn).toMatch(/^[0-9a-f]{64}$/);
        if (outcome.cancelledIrn) expect(d).toMatchObject({ irn: null, cancelReasonCode: '2', cancelRemark: 'Data entry mistake' });
        if (outcome.cancelledIrn) expect(d.cancelledIrn).toMatch(/^[0-9a-f]{64}$/);
      } finally {
        resetClock();
      }
    });

  it('YetNotGenerated → InProgress → Generated: several documents go through a background job', async () => {
    const ids = [await sale(), await sale()];
    const { isQueued } = await generate(ids);
    expect(isQueued).toBe(true);
    // The request marks them InProgress (its audit row) before the job takes them.
    const queued = await h.ctx.database.db
      .select({ after: auditTrail.after })
      .from(auditTrail)
      .where(and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.entityType, 'EInvoice'), eq(auditTrail.entityKey, 'generate')));
    expect(queued.map((q) => q.after)).toEqual([{ status: 'InProgress', documentIds: ids }]);
    for (let i = 0; i < 120; i++) {
      const statuses = await Promise.all(ids.map(async (id) => (await detail(id)).status));
      if (statuses.every((s) => s !== 'InProgress')) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await Promise.all(ids.map(async (id) => (await detail(id)).status))).toEqual(['Generated', 'Generated']);
  });
});
