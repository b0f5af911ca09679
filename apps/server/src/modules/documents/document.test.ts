import {
  DOCUMENT_API as D,
  ORGANIZATION_API as O,
  type DocumentDetail,
  type DocumentIssue,
  type DocumentSaveInput,
} from '@opengst/contracts';
import { istDateOf } from '@opengst/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, documentItems, documents, documentSummaries, hsnCodes } from '../../db/schema';
import { saleRequest } from '../../test-support/document-fixtures';
import { createTenant, ENGINES, setSubscriberSettings, signIn, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { CUSTOMER_GSTIN, SUPPLIER_GSTIN } from '../../test-support/import-fixtures';
import { clientOf, signInLimitedUser } from '../../test-support/org-fixtures';

describe.each(ENGINES)('documents: detail, save, drafts, validation and HSN lookup on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let api: ReturnType<typeof clientOf>;
  let delhi: number;
  let chennai: number;

  beforeAll(async () => {
    h = await startHarness(engine);
    t = await createTenant(h);
    api = clientOf(h, await signIn(h.app, t));
    [delhi, chennai] = [t.entityIds[1] ?? 0, t.entityIds[2] ?? 0];
  });
  afterAll(async () => {
    await h.close();
  });

  const stored = async (id: number) => {
    const [row] = await h.ctx.database.db.select().from(documents).where(eq(documents.id, id));
    const items = await h.ctx.database.db
      .select()
      .from(documentItems)
      .where(eq(documentItems.documentId, id))
      .orderBy(documentItems.lineNumber);
    return { row, items };
  };

  it('creates a final sales invoice to an unregistered customer: CGST and SGST computed, totals, period and source set, audited', async () => {
    // The client sends wrong tax heads: auto-compute (on by default) replaces them.
    const res = await api.post(
      D.save,
      saleRequest(delhi, {
        documentNumber: 'MAN/B2C/1',
        items: [
          { hsn: '8471 30', description: 'Laptop', uqc: 'nos', quantity: 2500, rate: 18000, taxable: 100050, igst: 500, cgst: 1, sgst: 1 },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data as DocumentDetail;
    const { row, items } = await stored(detail.id);
    expect(row).toMatchObject({
      direction: 'Sales',
      entityId: delhi,
      financialYear: '2026-27',
      returnPeriod: '102026',
      status: 'YetNotGenerated',
      isDraftDocument: false,
      source: 'Manual',
      supplyType: 'B2C',
      counterpartyGstin: '',
      taxable: 100050,
      igst: 0,
      cgst: 9005,
      sgst: 9005,
      documentValue: 118060,
      createdBy: t.adminUserId,
    });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      lineNumber: 1,
      hsn: '847130',
      uqc: 'NOS',
      quantity: 2500,
      rate: 18000,
      taxable: 100050,
      igst: 0,
      cgst: 9005,
      sgst: 9005,
    });
    const [audit] = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entityType, 'Document'), eq(auditTrail.entityKey, String(detail.id))));
    expect(audit).toMatchObject({ action: 'Create', userId: t.adminUserId });
    expect((audit?.after as { documentValue: number }).documentValue).toBe(118060);

    const read = (await api.get(D.saleDetail, { id: detail.id })).json().data as DocumentDetail;
    expect(read).toMatchObject({
      documentNumber: 'MAN/B2C/1',
      entityName: 'Delhi',
      createdByName: expect.any(String),
      documentValue: 118060,
    });
    expect(read.items[0]).toMatchObject({ quantity: 2500, description: 'Laptop' });
    // The purchase detail does not answer a sales id.
    expect((await api.get(D.purchaseDetail, { id: detail.id })).statusCode).toBe(404);
  });

  it('computes IGST on a B2B inter-State sale (Delhi to Tamil Nadu) and on a purchase from Maharashtra', async () => {
    const sale = await api.post(
      D.save,
      saleRequest(delhi, {
        documentNumber: 'MAN/B2B/1',
        counterpartyGstin: CUSTOMER_GSTIN.toLowerCase(),
        counterpartyName: 'Bharat Traders',
        placeOfSupply: '33',
      }),
    );
    expect(sale.statusCode, sale.body).toBe(200);
    expect((await stored(sale.json().data.id)).row).toMatchObject({
      supplyType: 'B2B',
      counterpartyGstin: CUSTOMER_GSTIN,
      counterpartyState: '33',
      igst: 18009,
      cgst: 0,
      sgst: 0,
    });

    const purchase = await api.post(
      D.save,
      saleRequest(delhi, {
        direction: 'Purchase',
        documentNumber: 'SUP/77',
        counterpartyGstin: SUPPLIER_GSTIN,
        placeOfSupply: '07',
        items: [{ hsn: '84713010', quantity: 1000, rate: 18000, taxable: 200000, itcEligibility: 'Capital goods' }],
      }),
    );
    expect(purchase.statusCode, purchase.body).toBe(200);
    const detail = (await api.get(D.purchaseDetail, { id: purchase.json().data.id })).json().data as DocumentDetail;
    expect(detail).toMatchObject({ direction: 'Purchase', igst: 36000, cgst: 0, counterpartyGstin: SUPPLIER_GSTIN });
    expect(detail.items[0]?.itcEligibility).toBe('Capital goods');
  });

  it('records a freight bill from an unregistered GTA under reverse charge (s.9(3)), and refuses its tax without reverse charge', async () => {
    const gta = (number: string, values: Partial<DocumentSaveInput>) =>
      api.post(
        D.save,
        saleRequest(delhi, {
          direction: 'Purchase',
          documentNumber: number,
          counterpartyName: 'Yamuna Roadways',
          placeOfSupply: '07',
          isReverseCharge: true,
          items: [{ hsn: '996511', uqc: 'NA', quantity: 0, rate: 5000, taxable: 1_000_000, itcEligibility: 'Input services' }],
          ...values,
        }),
      );
    for (const [number, counterpartyGstin] of [
      ['GTA/1', ''],
      ['GTA/2', 'urp'],
    ]) {
      const res = await gta(number!, { counterpartyGstin });
      expect(res.statusCode, res.body).toBe(200);
      const detail = (await api.get(D.purchaseDetail, { id: res.json().data.id })).json().data as DocumentDetail;
      // Intra-State in Delhi (the supplier's State is taken as the location's): CGST and SGST at 2.5% each.
      expect(detail).toMatchObject({ counterpartyGstin: '', isReverseCharge: true, cgst: 25_000, sgst: 25_000, igst: 0 });
    }
    const refused = await gta('GTA/3', { counterpartyGstin: 'URP', isReverseCharge: false });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.map((e: { code: string }) => e.code)).toEqual(['VAL0047']);
  });

  it("refuses a number longer than 16 characters with the Rule 46(b) reason (never cut), and HSN digits below the location's turnover rule", async () => {
    const long = await api.post(D.save, saleRequest(delhi, { documentNumber: 'BLR/26-27/0299-EXTRA-LONG' }));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual([expect.objectContaining({ code: 'VAL0065', propertyName: 'DocumentNumber' })]);
    expect(long.json().errors[0].message).toContain('Rule 46(b)');
    const draft = await api.post(D.save, saleRequest(delhi, { documentNumber: 'BLR/26-27/0299-EXTRA-LONG', isDraftDocument: true }));
    expect(draft.json().errors.map((e: { code: string }) => e.code)).toEqual(['VAL0065']);

    // A B2B sale of 15-10-2026: the location's turnover of 2025-26 decides (none recorded: 4 digits, above 5 crore: 6).
    const b2b = (number: string, hsn: string) =>
      api.post(
        D.save,
        saleRequest(delhi, {
          documentNumber: number,
          counterpartyGstin: CUSTOMER_GSTIN,
          placeOfSupply: '33',
          items: [{ hsn, quantity: 1000, rate: 18000, taxable: 100000 }],
        }),
      );
    const codesOf = async (res: Awaited<ReturnType<typeof b2b>>) =>
      res.statusCode === 200 ? [] : (res.json().errors as { code: string }[]).map((e) => e.code);
    expect(await codesOf(await b2b('HSN/1', '84'))).toEqual(['VAL0025']);
    expect(await codesOf(await b2b('HSN/2', '8471'))).toEqual([]);
    expect(
      (await api.post(O.entitySetGstinTurnover, { entityId: delhi, financialYear: '2025-26', turnover: '6,00,00,000' })).statusCode,
    ).toBe(200);
    expect(await codesOf(await b2b('HSN/3', '8471'))).toEqual(['VAL0025']);
    expect(await codesOf(await b2b('HSN/4', '847130'))).toEqual([]);
  });

  it('asks to confirm a final document worth more than the setting (₹1 crore by default) and saves it once confirmed', async () => {
    // ₹1,45,67,90,11,03,456.72 typed for ₹1,45,679.11: a slip of the keyboard.
    const huge = (values: Partial<DocumentSaveInput> = {}) =>
      saleRequest(delhi, {
        documentNumber: 'BIG/1',
        items: [{ hsn: '84713010', quantity: 1000, rate: 18000, taxable: 12_345_670_341_554_85 }],
        ...values,
      });
    const asked = await api.post(D.save, huge());
    expect(asked.statusCode).toBe(422);
    expect(asked.json().errors).toEqual([expect.objectContaining({ propertyName: 'ConfirmHighValue' })]);
    expect(asked.json().errors[0].message).toContain('more than ₹1,00,00,000.00');
    expect(await h.ctx.database.db.select().from(documents).where(eq(documents.documentNumber, 'BIG/1'))).toEqual([]);
    // A draft is not asked; a confirmed save goes through.
    const draft = await api.post(D.save, huge({ documentNumber: 'BIG/DRAFT', isDraftDocument: true }));
    expect(draft.statusCode).toBe(200);
    expect((await api.post(D.delete, { ids: [draft.json().data.id] })).statusCode).toBe(200);
    const confirmed = await api.post(D.save, huge({ confirmHighValue: true }));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The limit is the subscriber's: 0 never asks.
    await setSubscriberSettings(h, t.subscriberId, { autoCompute: { computeTax: true, confirmDocumentValueAbove: 0 } });
    try {
      expect((await api.post(D.save, huge({ documentNumber: 'BIG/2' }))).statusCode).toBe(200);
    } finally {
      await setSubscriberSettings(h, t.subscriberId, { autoCompute: { computeTax: true, confirmDocumentValueAbove: 10_000_000 } });
    }
  });

  it("takes a document dated today in India before 05:30 IST, when UTC's date is still yesterday", async () => {
    // India's date is the taxpayer's (IST, UTC+5:30): between midnight and 05:30 IST a document of today was refused as
    // dated in the future when the server took UTC's date for today.
    const before = h.ctx.now().getTime();
    const day = 86_400_000;
    const nextOneAmIst = Math.ceil((before - 19.5 * 3_600_000) / day) * day + 19.5 * 3_600_000; // 19:30 UTC
    h.advanceClock(nextOneAmIst - before);
    try {
      const today = istDateOf(h.ctx.now());
      expect(today > h.ctx.now().toISOString().slice(0, 10)).toBe(true);
      const fresh = clientOf(h, await signIn(h.app, t));
      const res = await fresh.post(D.save, saleRequest(delhi, { documentNumber: 'MAN/IST/1', documentDate: today }));
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      h.advanceClock(before - nextOneAmIst);
    }
  });

  it('refuses a wrong GSTIN and an invalid rate with the import codes on the field, and stores nothing', async () => {
    const before = await h.ctx.database.db.select({ id: documents.id }).from(documents);
    const wrong = `${CUSTOMER_GSTIN.slice(0, 14)}${CUSTOMER_GSTIN.endsWith('A') ? 'B' : 'A'}`;
    const res = await api.post(
      D.save,
      saleRequest(delhi, {
        documentNumber: 'MAN/BAD/1',
        counterpartyGstin: wrong,
        placeOfSupply: '33',
        items: [{ hsn: '84713010', quantity: 1000, rate: 17000, taxable: 1000 }],
      }),
    );
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as DocumentIssue[];
    expect(errors).toContainEqual(expect.objectContaining({ code: 'VAL0437', propertyName: 'CounterpartyGstin' }));
    expect(errors).toContainEqual(expect.objectContaining({ code: 'VAL0566', propertyName: 'Items[0].Rate' }));
    expect(await h.ctx.database.db.select({ id: documents.id }).from(documents)).toHaveLength(before.length);
  });

  it('validates live without storing: issues per field and the computed totals', async () => {
    const before = await h.ctx.database.db.select({ id: documents.id }).from(documents);
    const res = await api.post(
      D.validate,
      saleRequest(delhi, {
        documentNumber: '000',
        documentDate: '2030-01-01',
        items: [{ hsn: '12', uqc: 'XYZ', quantity: 1000, rate: 5000, taxable: 10000 }],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { errors: DocumentIssue[]; taxable: number; cgst: number; documentValue: number };
    const codes = data.errors.map((e) => `${e.code} ${e.propertyName}`);
    expect(codes).toEqual(expect.arrayContaining(['VAL0065 DocumentNumber', 'VAL0684 DocumentDate', 'VAL0027 Items[0].Uqc']));
    expect(data).toMatchObject({ taxable: 10000, cgst: 250, documentValue: 10500 });
    expect(await h.ctx.database.db.select({ id: documents.id }).from(documents)).toHaveLength(before.length);
  });

  it('checks typed taxes when auto-compute is off (VAL0568 on the head), and keeps correct typed ones', async () => {
    await setSubscriberSettings(h, t.subscriberId, { autoCompute: { computeTax: false } });
    try {
      const wrong = await api.post(
        D.save,
        saleRequest(delhi, {
          documentNumber: 'MAN/TYPED/1',
          items: [{ hsn: '84713010', quantity: 1000, rate: 18000, taxable: 100000, cgst: 8000, sgst: 8000 }],
        }),
      );
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toContainEqual(expect.objectContaining({ code: 'VAL0568', propertyName: 'Items[0].Cgst' }));
      const right = await api.post(
        D.save,
        saleRequest(delhi, {
          documentNumber: 'MAN/TYPED/1',
          items: [{ hsn: '84713010', quantity: 1000, rate: 18000, taxable: 100000, cgst: 9000, sgst: 9000 }],
        }),
      );
      expect(right.statusCode, right.body).toBe(200);
      expect((await stored(right.json().data.id)).row).toMatchObject({ cgst: 9000, sgst: 9000, documentValue: 118000 });
    } finally {
      await setSubscriberSettings(h, t.subscriberId, { autoCompute: { computeTax: true } });
    }
  });

  it('saves an incomplete draft, lists it by id DESC, completes it into a final document', async () => {
    // Half typed: a three-digit HSN is no HSN (VAL0024), which a draft may still carry.
    const halfTyped = [{ hsn: '847', quantity: 0, rate: 18000, taxable: 5000 }];
    const first = await api.post(D.save, saleRequest(delhi, { isDraftDocument: true, documentNumber: 'DRAFT/1', items: halfTyped }));
    expect(first.statusCode, first.body).toBe(200);
    const second = await api.post(D.save, saleRequest(chennai, { isDraftDocument: true, documentNumber: 'DRAFT/2', placeOfSupply: '33' }));
    expect(second.statusCode, second.body).toBe(200);
    const draftId = first.json().data.id as number;
    expect((await stored(draftId)).row).toMatchObject({ status: 'Draft', isDraftDocument: true, cgst: 450, sgst: 450 });

    const list = (await api.post(D.draftSearch, { filters: { direction: 'Sales' } })).json().data as {
      items: { id: number; documentNumber: string; itemCount: number }[];
      totalRecords: number;
    };
    expect(list.totalRecords).toBe(2);
    expect(list.items.map((i) => i.documentNumber)).toEqual(['DRAFT/2', 'DRAFT/1']);
    expect(list.items[1]?.itemCount).toBe(1);
    expect((await api.post(D.draftSearch, { filters: { text: 'draft/1' } })).json().data.items).toHaveLength(1);
    expect((await api.post(D.draftSearch, { sortExpression: 'hacked DESC' })).statusCode).toBe(422);

    // Final needs the full check: the half-typed HSN now blocks.
    const incomplete = await api.post(D.save, saleRequest(delhi, { id: draftId, documentNumber: 'DRAFT/1', items: halfTyped }));
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().errors).toContainEqual(expect.objectContaining({ code: 'VAL0024', propertyName: 'Items[0].Hsn' }));
    const done = await api.post(D.save, saleRequest(delhi, { id: draftId, documentNumber: 'DRAFT/1' }));
    expect(done.statusCode, done.body).toBe(200);
    expect((await stored(draftId)).row).toMatchObject({ status: 'YetNotGenerated', isDraftDocument: false, documentValue: 118060 });
    const [audit] = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entityKey, String(draftId)), eq(auditTrail.action, 'Update')));
    expect((audit?.before as { status: string }).status).toBe('Draft');
    expect((audit?.after as { status: string }).status).toBe('YetNotGenerated');
    expect((await api.post(D.draftSearch, {})).json().data.totalRecords).toBe(1);
    // A saved document does not go back to draft.
    expect((await api.post(D.save, saleRequest(delhi, { id: draftId, documentNumber: 'DRAFT/1', isDraftDocument: true }))).statusCode).toBe(
      422,
    );
  });

  it('refuses a second document with the same key, naming the existing one; another financial year is a new key', async () => {
    const res = await api.post(D.save, saleRequest(delhi, { documentNumber: 'MAN/B2C/1' }));
    expect(res.statusCode).toBe(422);
    const [error] = res.json().errors as DocumentIssue[];
    expect(error?.propertyName).toBe('DocumentNumber');
    expect(error?.message).toMatch(/^INV MAN\/B2C\/1 already exists .* 2026-27 \(dated 15-10-2026, status "[A-Z][a-z ]+"\)\. Use another/);
    const otherYear = await api.post(D.save, saleRequest(delhi, { documentNumber: 'MAN/B2C/1', documentDate: '2026-03-31' }));
    expect(otherYear.statusCode, otherYear.body).toBe(200);
    expect(otherYear.json().data.financialYear).toBe('2025-26');
    // A draft cannot take a used number either, nor carry an unknown document or supply type.
    expect((await api.post(D.save, saleRequest(delhi, { documentNumber: 'MAN/B2C/1', isDraftDocument: true }))).statusCode).toBe(422);
    const unknownType = await api.post(
      D.save,
      saleRequest(delhi, { documentNumber: 'MAN/ODD/1', isDraftDocument: true, documentType: 'XYZ' }),
    );
    expect(unknownType.json().errors).toContainEqual(expect.objectContaining({ code: 'VAL0001', propertyName: 'DocumentType' }));
    const unknownSupply = await api.post(
      D.save,
      saleRequest(delhi, { documentNumber: 'MAN/ODD/2', isDraftDocument: true, supplyType: 'B2X' }),
    );
    expect(unknownSupply.json().errors).toContainEqual(expect.objectContaining({ code: 'GEN0009', propertyName: 'SupplyType' }));
  });

  it('edits an imported document (taxable changed, taxes and totals recomputed) and refuses one with an e-invoice', async () => {
    // As the import stores it (import.test.ts covers the pipeline itself): ₹1,000.50 at 18% IGST, Delhi to Tamil Nadu.
    const [row] = await h.ctx.database.db
      .insert(documents)
      .values({
        subscriberId: t.subscriberId,
        entityId: delhi,
        direction: 'Sales',
        financialYear: '2026-27',
        returnPeriod: '102026',
        documentType: 'INV',
        documentNumber: 'IMP/9',
        documentDate: '2026-10-15',
        supplyType: 'B2B',
        counterpartyGstin: CUSTOMER_GSTIN,
        counterpartyName: 'Bharat Traders',
        counterpartyState: '33',
        placeOfSupply: '33',
        taxable: 100050,
        igst: 18009,
        documentValue: 118059,
        source: 'Import',
        importId: 1,
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
      quantity: 1000,
      rate: 18000,
      taxable: 100050,
      igst: 18009,
    });
    const detail = (await api.get(D.saleDetail, { id: row.id })).json().data as DocumentDetail;
    const {
      id,
      direction,
      entityId,
      isDraftDocument,
      documentType,
      documentNumber,
      documentDate,
      supplyType,
      counterpartyGstin,
      counterpartyName,
      placeOfSupply,
      isReverseCharge,
      items,
    } = detail;
    const edited = await api.post(D.save, {
      id,
      direction,
      entityId,
      isDraftDocument,
      documentType,
      documentNumber,
      documentDate,
      supplyType,
      counterpartyGstin,
      counterpartyName,
      placeOfSupply,
      isReverseCharge,
      items: items.map((it) => ({ ...it, quantity: 3000, taxable: 300000 })),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await stored(row.id);
    expect(after.row).toMatchObject({
      taxable: 300000,
      igst: 54000,
      documentValue: 354000,
      source: 'Import',
      status: 'YetNotGenerated',
      updatedBy: t.adminUserId,
    });
    expect(after.items.map((it) => it.quantity)).toEqual([3000]);

    await h.ctx.database.db.update(documents).set({ status: 'Generated' }).where(eq(documents.id, row.id));
    const locked = await api.post(D.save, {
      id,
      direction,
      entityId,
      isDraftDocument,
      documentType,
      documentNumber,
      documentDate,
      supplyType,
      counterpartyGstin,
      placeOfSupply,
      isReverseCharge,
      items,
    });
    expect(locked.statusCode).toBe(422);
    expect(locked.json().errors[0].message).toMatch(/e-invoice/);
    expect((await stored(row.id)).row?.taxable).toBe(300000);
    const refusedDelete = await api.post(D.delete, { ids: [row.id] });
    expect(refusedDelete.statusCode).toBe(422);
    expect(refusedDelete.json().errors[0].message).toContain('INV IMP/9 (Generated)');
  });

  it('deletes drafts and unreported documents, with an audit row', async () => {
    const draft = (await api.post(D.save, saleRequest(delhi, { isDraftDocument: true, documentNumber: 'DEL/1' }))).json().data.id as number;
    const res = await api.post(D.delete, { ids: [draft] });
    expect(res.json().data).toEqual({ affected: 1 });
    expect((await stored(draft)).row).toBeUndefined();
    expect((await stored(draft)).items).toEqual([]);
    const [audit] = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entityKey, String(draft)), eq(auditTrail.action, 'Delete')));
    expect((audit?.before as { documentNumber: string }).documentNumber).toBe('DEL/1');
  });

  it("applies the rights: a drafter saves drafts only; a location outside the user's is refused with GEN0010", async () => {
    const drafter = clientOf(h, (await signInLimitedUser(h, t, ['DocumentDraft'], [delhi])).token);
    expect((await drafter.post(D.save, saleRequest(delhi, { isDraftDocument: true, documentNumber: 'RIGHTS/1' }))).statusCode).toBe(200);
    const final = await drafter.post(D.save, saleRequest(delhi, { documentNumber: 'RIGHTS/2' }));
    expect(final.statusCode).toBe(403);
    expect(final.json().errors[0].code).toBe('GEN0002');
    const elsewhere = await drafter.post(
      D.save,
      saleRequest(chennai, { isDraftDocument: true, documentNumber: 'RIGHTS/3', placeOfSupply: '33' }),
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().errors[0].code).toBe('GEN0010');
    const chennaiDraft = (
      await api.post(D.save, saleRequest(chennai, { isDraftDocument: true, documentNumber: 'RIGHTS/4', placeOfSupply: '33' }))
    ).json().data.id as number;
    const read = await drafter.get(D.saleDetail, { id: chennaiDraft });
    expect(read.statusCode).toBe(403);
    expect(read.json().errors[0].code).toBe('GEN0010');
    // The drafts list shows only the user's locations.
    expect((await drafter.post(D.draftSearch, {})).json().data.items.map((i: { documentNumber: string }) => i.documentNumber)).toEqual([
      'RIGHTS/1',
    ]);
    expect((await drafter.post(D.delete, { ids: [chennaiDraft] })).statusCode).toBe(403);
    const viewer = clientOf(h, (await signInLimitedUser(h, t, ['PurchaseView'], [delhi, chennai])).token);
    expect((await viewer.get(D.saleDetail, { id: chennaiDraft })).statusCode).toBe(403);
  });

  it('reads a summary row of its direction', async () => {
    const [made] = await h.ctx.database.db
      .insert(documentSummaries)
      .values({
        subscriberId: t.subscriberId,
        entityId: delhi,
        direction: 'Sales',
        financialYear: '2026-27',
        returnPeriod: '102026',
        summaryType: 'B2CS',
        placeOfSupply: '07',
        rate: 18000,
        taxable: 50000,
        cgst: 4500,
        sgst: 4500,
        source: 'Import',
      })
      .returning();
    const res = await api.get(D.saleSummaryDetail, { id: made?.id ?? 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ summaryType: 'B2CS', entityName: 'Delhi', taxable: 50000, cgst: 4500, rate: 18000 });
    expect((await api.get(D.purchaseSummaryDetail, { id: made?.id ?? 0 })).statusCode).toBe(404);
  });

  it("looks HSN/SAC codes up in the subscriber's master, then in the GST portal's directory, 20 at most", async () => {
    const other = await createTenant(h);
    await h.ctx.database.db.insert(hsnCodes).values([
      { subscriberId: t.subscriberId, code: '1006', description: 'Rice', isService: false, rate: 5000, uqc: 'KGS' },
      { subscriberId: t.subscriberId, code: '10063010', description: 'Rice, parboiled', isService: false, rate: 5000, uqc: 'KGS' },
      {
        subscriberId: t.subscriberId,
        code: '998313',
        description: 'Information technology consulting services',
        isService: true,
        rate: 18000,
        uqc: null,
      },
      { subscriberId: t.subscriberId, code: '100_', description: '100% literal', isService: false, rate: null, uqc: null },
      ...Array.from({ length: 25 }, (_, i) => ({
        subscriberId: t.subscriberId,
        code: `8471${String(i).padStart(4, '0')}`,
        description: `Computer part ${i}`,
        isService: false,
      })),
      { subscriberId: other.subscriberId, code: '10069999', description: 'Rice of another subscriber', isService: false },
    ]);
    type Item = { code: string; description: string; rate: number | null; uqc: string | null; isService: boolean; source: string };
    const search = async (text: string) => (await api.get(D.hsnLookup, { text })).json().data.items as Item[];
    const own = (items: Item[]) => items.filter((i) => i.source === 'Subscriber');
    const official = (items: Item[]) => items.filter((i) => i.source === 'Official');

    // The subscriber's own codes first, then the GST portal's directory fills the list (never another subscriber's).
    const rice = await search('1006');
    expect(own(rice).map((i) => i.code)).toEqual(['1006', '10063010']);
    expect(rice.slice(0, 2)).toEqual(own(rice));
    expect(official(rice).length).toBeGreaterThan(0);
    expect(official(rice).every((i) => i.code.startsWith('1006') && i.code !== '1006' && i.code !== '10063010' && i.rate === null)).toBe(
      true,
    );
    expect(rice.some((i) => i.description === 'Rice of another subscriber')).toBe(false);
    const consulting = await search('consulting technology');
    expect(consulting[0]).toEqual({
      code: '998313',
      description: 'Information technology consulting services',
      isService: true,
      rate: 18000,
      uqc: null,
      source: 'Subscriber',
    });
    expect(official(consulting).every((i) => /consulting/i.test(i.description) && /technology/i.test(i.description))).toBe(true);
    expect(own(await search('rice')).map((i) => i.code)).toEqual(['1006', '10063010']);
    // Twenty-five own matches: the list holds twenty, all the subscriber's.
    expect(own(await search('8471'))).toHaveLength(20);
    expect((await search('%'))[0]).toEqual(expect.objectContaining({ code: '100_', source: 'Subscriber' }));
    // A new installation's lookup is not empty: the directory answers when the own list has nothing.
    expect(official(await search('996791'))).toEqual([expect.objectContaining({ code: '996791', isService: true })]);
    expect((await api.get(D.hsnLookup, { text: '' })).statusCode).toBe(422);
  });
});
