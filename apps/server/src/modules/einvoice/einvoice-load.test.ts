// What the generation of one IRN reads (loadForEinvoice, on both engines): the document with its location and its
// e-invoice row in one query, its lines in order and the buyer's master record; scoped by the subscriber. The bench irn
// measures this path: three statements in two round trips instead of six one after the other.
import { gstinCheckCharacter } from '@opengst/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessPartners, documentItems, documents, einvoices } from '../../db/schema';
import { createTenant, ENGINES, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { loadForEinvoice } from './einvoice.repo';

const gstinOf = (first14: string) => first14 + gstinCheckCharacter(first14);
const BUYER = gstinOf('27AABCT3518Q1Z');
const STRANGER = gstinOf('27AAECS1234K1Z');

describe.each(ENGINES)('loadForEinvoice on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let other: Tenant;

  const sale = async (tenant: Tenant, documentNumber: string, counterpartyGstin: string): Promise<number> => {
    const [row] = await h.ctx.database.db
      .insert(documents)
      .values({
        subscriberId: tenant.subscriberId,
        entityId: tenant.entityIds[1] ?? 0,
        direction: 'Sales',
        financialYear: '2026-27',
        returnPeriod: '112026',
        documentType: 'INV',
        documentNumber,
        documentDate: '2026-11-20',
        supplyType: 'B2B',
        counterpartyGstin,
        placeOfSupply: '27',
        taxable: 300_000,
        igst: 54_000,
        documentValue: 354_000,
        source: 'Manual',
        createdBy: tenant.adminUserId,
      })
      .returning();
    if (!row) throw new Error('not stored');
    // Stored out of order: the lines come back by line number.
    await h.ctx.database.db.insert(documentItems).values([
      { documentId: row.id, lineNumber: 2, hsn: '84713010', description: 'Laptop', taxable: 200_000, igst: 36_000 },
      { documentId: row.id, lineNumber: 1, hsn: '84716060', description: 'Mouse', taxable: 100_000, igst: 18_000 },
    ]);
    return row.id;
  };

  beforeAll(async () => {
    h = await startHarness(engine);
    t = await createTenant(h);
    other = await createTenant(h);
    const { db } = h.ctx.database;
    await db.insert(businessPartners).values([
      { subscriberId: t.subscriberId, gstin: BUYER, legalName: 'Tata Consultancy Services Limited', city: 'Mumbai', pincode: '400021' },
      // Another subscriber's record of the same GSTIN is not this one's buyer.
      { subscriberId: other.subscriberId, gstin: STRANGER, legalName: 'Someone Else Limited', city: 'Pune', pincode: '411001' },
    ]);
  });
  afterAll(async () => {
    await h.close();
  });

  it('reads the document, its location, its lines in order, the buyer and the e-invoice row', async () => {
    const id = await sale(t, 'LD/0001', BUYER);
    const first = await loadForEinvoice(h.ctx.database.db, t.subscriberId, id);
    expect(first?.document).toMatchObject({ id, documentNumber: 'LD/0001', subscriberId: t.subscriberId });
    expect(first?.location.id).toBe(t.entityIds[1]);
    expect(first?.items.map((i) => [i.lineNumber, i.description])).toEqual([
      [1, 'Mouse'],
      [2, 'Laptop'],
    ]);
    expect(first?.buyer).toMatchObject({ gstin: BUYER, legalName: 'Tata Consultancy Services Limited', city: 'Mumbai' });
    expect(first?.einvoice).toBeNull();

    await h.ctx.database.db.insert(einvoices).values({
      subscriberId: t.subscriberId,
      entityId: t.entityIds[1] ?? 0,
      documentId: id,
      status: 'ERROR',
      errorCode: '2189',
      createdBy: t.adminUserId,
      updatedBy: t.adminUserId,
    });
    const again = await loadForEinvoice(h.ctx.database.db, t.subscriberId, id);
    expect(again?.einvoice).toMatchObject({ documentId: id, status: 'ERROR', errorCode: '2189' });
  });

  it('has no buyer for a GSTIN outside the subscriber’s master, and no document of another subscriber', async () => {
    const id = await sale(t, 'LD/0002', STRANGER);
    const loaded = await loadForEinvoice(h.ctx.database.db, t.subscriberId, id);
    expect(loaded?.document.id).toBe(id);
    expect(loaded?.buyer).toBeNull();
    expect(await loadForEinvoice(h.ctx.database.db, other.subscriberId, id)).toBeNull();
    const theirs = await sale(other, 'LD/0003', STRANGER);
    expect(await loadForEinvoice(h.ctx.database.db, t.subscriberId, theirs)).toBeNull();
    expect((await loadForEinvoice(h.ctx.database.db, other.subscriberId, theirs))?.buyer).toMatchObject({
      legalName: 'Someone Else Limited',
    });
  });
});
