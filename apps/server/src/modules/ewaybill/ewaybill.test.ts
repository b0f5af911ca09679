// /e-way-bill and /consolidated-eway-bill on both engines against the mounted e-way bill sandbox (issue 22): generate
// from a saved document (12-digit number, validity by Rule 138(10)), refusals foreseen before sending with their
// fields, the vehicle updated, two consolidated into a trip sheet and its vehicle changed, cancel within 24 hours and
// refused after, extend refused outside its window and accepted inside, Expired shown past validity, the statuses of
// core §4 by name, the history and audit rows, the rights and the locations, another tenant's ids refused.
import { EWAYBILL_API as E, type ConsolidatedEwaybillItem, type EwaybillDetail, type EwaybillItem } from '@opengst/contracts';
import { gstinCheckCharacter } from '@opengst/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, businessPartners, documentItems, documents, entities, ewaybills, ewbSessions } from '../../db/schema';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { clientOf, signInLimitedUser, type ApiClient } from '../../test-support/org-fixtures';

const gstinOf = (first14: string) => first14 + gstinCheckCharacter(first14);
const BUYER = gstinOf('27AABCT3518Q1Z');
const HOUR = 3_600_000;
/** The IST date `days` before now. */
const istDate = (days: number) => new Date(Date.now() + 330 * 60_000 - days * 24 * HOUR).toISOString().slice(0, 10);

type Errors = { errors: { code: string; message: string; propertyName?: string }[] };

describe.each(ENGINES)('e-way bills on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let api: ApiClient;
  let delhi: number;
  let chennai: number;

  /** A tax invoice of Delhi to the Mumbai buyer: one line of goods, 18% IGST. */
  const sale = async (documentNumber: string, values: Partial<typeof documents.$inferInsert> = {}, entityId = delhi, tenant = t) => {
    const taxable = 10_000_000;
    const igst = 1_800_000;
    const [row] = await h.ctx.database.db
      .insert(documents)
      .values({
        subscriberId: tenant.subscriberId,
        entityId,
        direction: 'Sales',
        financialYear: '2026-27',
        returnPeriod: '112026',
        documentType: 'INV',
        documentNumber,
        documentDate: istDate(1),
        supplyType: 'B2B',
        counterpartyGstin: BUYER,
        counterpartyName: 'Tata Consultancy Services Limited',
        counterpartyState: '27',
        placeOfSupply: '27',
        taxable,
        igst,
        documentValue: taxable + igst,
        source: 'Manual',
        ...values,
      })
      .returning();
    if (!row) throw new Error('not stored');
    await h.ctx.database.db.insert(documentItems).values({
      documentId: row.id,
      lineNumber: 1,
      hsn: '84713010',
      description: 'Laptop',
      uqc: 'NOS',
      quantity: 100_000,
      rate: 18000,
      taxable,
      igst,
    });
    return row.id;
  };

  const ok = async <T>(res: { statusCode: number; body: string; json: () => { data: unknown } }): Promise<T> => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };
  const refused = (res: { statusCode: number; body: string; json: () => unknown }, status = 422) => {
    expect(res.statusCode, res.body).toBe(status);
    return (res.json() as Errors).errors;
  };
  const generate = (documentId: number, extra: Record<string, unknown> = {}) =>
    api.post(E.ewaybillGenerate, { documentId, distanceKm: 1400, transportMode: '1', vehicleNumber: 'DL01AB1234', ...extra });
  const detail = async (documentId: number) => ok<EwaybillDetail>(await api.get(E.ewaybillDetail, { documentId }));
  const list = async (filters: Record<string, unknown> = {}) =>
    ok<{ items: EwaybillItem[]; totalRecords: number }>(await api.post(E.ewaybillSearch, { start: 0, size: 50, filters }));

  beforeAll(async () => {
    h = await startHarness(engine);
    t = await createTenant(h);
    api = clientOf(h, await signIn(h.app, t));
    [delhi, chennai] = [t.entityIds[1] ?? 0, t.entityIds[2] ?? 0];
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

  it('generates an e-way bill from a saved invoice, with its 12-digit number, validity and history', async () => {
    const id = await sale('EWB/1');
    expect((await list({ documentNumbers: ['EWB/1'] })).items[0]).toMatchObject({ status: 'YetNotGenerated', ewbNumber: null });
    const d = await ok<EwaybillDetail>(await generate(id));
    expect(d.status).toBe('Generated');
    expect(d.ewbNumber).toMatch(/^\d{12}$/);
    expect(d.vehicleNumber).toBe('DL01AB1234');
    // Rule 138(10): 1,400 km by road is seven days, each ending at midnight of the day after (so 7 to 8 days of clock).
    const days = (new Date(d.validUntil!).getTime() - new Date(d.generatedAt!).getTime()) / (24 * HOUR);
    expect(days).toBeGreaterThan(7);
    expect(days).toBeLessThanOrEqual(8);
    expect(new Date(new Date(d.validUntil!).getTime() + 330 * 60_000).toISOString().slice(11, 19)).toBe('23:59:59');
    expect(d.events.map((e) => [e.action, e.status])).toEqual([['GENEWAYBILL', 'Generated']]);
    expect(d.actions.cancel).toEqual({ allowed: true, reason: null });
    expect(d.actions.extend.allowed).toBe(false);
    expect(d.actions.extend.reason).toContain('eight hours');
    expect((await list({ pushStatuses: ['Generated'], documentNumbers: ['EWB/1'] })).totalRecords).toBe(1);
    const counts = await ok<{ items: { status: string; count: number }[]; isSandbox: boolean }>(
      await api.post(E.ewaybillStatusCount, { filters: { documentNumbers: ['EWB/1'] } }),
    );
    expect(counts.isSandbox).toBe(true);
    expect(counts.items.find((i) => i.status === 'Generated')?.count).toBe(1);
    const [audit] = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entityType, 'EWayBill'), eq(auditTrail.entityKey, String(id))));
    expect(audit?.action).toBe('Create');
    // A second generate while the first is live is refused.
    expect(refused(await generate(id))[0]?.message).toContain(d.ewbNumber!);
  });

  it('refuses before calling what the system would refuse, naming the field', async () => {
    const old = await sale('EWB/OLD', { documentDate: istDate(200) });
    const tooOld = refused(await generate(old));
    expect(tooOld.map((e) => e.propertyName)).toContain('docDate');
    const badVehicle = await sale('EWB/VEH');
    expect(refused(await generate(badVehicle, { vehicleNumber: 'XYZ' }))[0]?.propertyName).toBe('vehicleNumber');
    const rows = await h.ctx.database.db.select().from(ewaybills).where(eq(ewaybills.documentId, old));
    expect(rows).toEqual([]);
    // A credit note moves no goods: it is not an e-way bill document.
    const note = await sale('EWB/CRN', { documentType: 'CRN' });
    expect(refused(await generate(note), 404)).toHaveLength(1);
  });

  it('updates the vehicle with its reason, and keeps it in the history', async () => {
    const id = await sale('EWB/2');
    await ok(await generate(id));
    const d = await ok<EwaybillDetail>(
      await api.post(E.ewaybillUpdateVehicle, {
        documentId: id,
        transportMode: '1',
        vehicleNumber: 'hr-26-dk-8337',
        fromPlace: 'Gurugram',
        fromState: '06',
        reasonCode: '1',
        remark: 'Breakdown',
      }),
    );
    expect(d).toMatchObject({ status: 'VehicleDetailUpdated', vehicleNumber: 'HR26DK8337', fromPlace: 'Gurugram', fromState: '06' });
    expect(d.events.at(-1)).toMatchObject({ action: 'VEHEWB', reasonCode: '1', remark: 'Breakdown', vehicleNumber: 'HR26DK8337' });
    // Read back from the system: the same vehicle, still live.
    const back = await ok<EwaybillDetail>(await api.post(E.ewaybillRefresh, { documentId: id }));
    expect(back.vehicleNumber).toBe('HR26DK8337');
    expect(back.status).toBe('VehicleDetailUpdated');
  });

  it('consolidates two e-way bills into a trip sheet and regenerates it for another vehicle', async () => {
    const [a, b] = [await sale('EWB/C1'), await sale('EWB/C2')];
    await ok(await generate(a));
    await ok(await generate(b));
    const trip0 = { documentIds: [a, b], transportMode: '1', fromPlace: 'New Delhi', fromState: '07' };
    // A vehicle number the system would refuse (304) is refused here first, with its field.
    expect(refused(await api.post(E.consolidatedGenerate, { ...trip0, vehicleNumber: 'DL1LX0001' }))[0]?.propertyName).toBe(
      'vehicleNumber',
    );
    const trip = await ok<ConsolidatedEwaybillItem>(
      await api.post(E.consolidatedGenerate, {
        documentIds: [a, b],
        transportMode: '1',
        vehicleNumber: 'DL01LX0001',
        fromPlace: 'New Delhi',
        fromState: '07',
      }),
    );
    expect(trip.status).toBe('Generated');
    expect(trip.tripSheetNumber).toMatch(/^\d+$/);
    expect(trip.ewaybills.map((w) => w.documentId)).toEqual([a, b]);
    expect((await detail(a)).status).toBe('TransportDetailsUpdated');
    expect((await detail(b)).vehicleNumber).toBe('DL01LX0001');

    const again = await ok<ConsolidatedEwaybillItem>(
      await api.post(E.consolidatedRegenerate, {
        id: trip.id,
        transportMode: '1',
        vehicleNumber: 'RJ14CA2222',
        fromPlace: 'Jaipur',
        fromState: '08',
        reasonCode: '2',
        remark: 'Transhipment',
      }),
    );
    expect(again.status).toBe('Regenerated');
    expect(again.tripSheetNumber).not.toBe(trip.tripSheetNumber);
    expect((await detail(a)).vehicleNumber).toBe('RJ14CA2222');
    const page = await ok<{ items: ConsolidatedEwaybillItem[] }>(
      await api.post(E.consolidatedSearch, { start: 0, size: 10, filters: { pushStatus: 'Regenerated' } }),
    );
    expect(page.items.map((i) => i.id)).toEqual([trip.id]);
  });

  it('lets the other party reject within 72 hours, and refuses the generator and a second rejection', async () => {
    const { db } = h.ctx.database;
    const [location] = await db.select({ gstin: entities.gstin }).from(entities).where(eq(entities.id, chennai));
    const chennaiGstin = location?.gstin ?? '';
    // Delhi moves goods to the same business's Chennai location (a branch transfer), Chennai being the other party.
    const id = await sale('EWB/R1', {
      counterpartyGstin: chennaiGstin,
      counterpartyState: '33',
      placeOfSupply: '33',
      counterpartyName: 'Chennai branch',
    });
    const d = await ok<EwaybillDetail>(await generate(id, { toPincode: '600001', toPlace: 'Chennai', distanceKm: 2200 }));
    expect(refused(await api.post(E.ewaybillReject, { entityId: delhi, ewbNumber: d.ewbNumber }))[0]?.message).toContain(
      'Only the other party',
    );
    const rejected = await ok<{ status: string; ewbNumber: string }>(
      await api.post(E.ewaybillReject, { entityId: chennai, ewbNumber: d.ewbNumber }),
    );
    expect(rejected).toMatchObject({ status: 'Rejected', ewbNumber: d.ewbNumber });
    const after = await detail(id);
    expect(after.status).toBe('Rejected');
    expect(after.events.at(-1)).toMatchObject({ action: 'REJEWB', status: 'Rejected' });
    expect(after.actions.cancel).toEqual({ allowed: false, reason: 'The e-way bill was rejected by the other party.' });
    expect(refused(await api.post(E.ewaybillReject, { entityId: chennai, ewbNumber: d.ewbNumber }))[0]?.message).toContain('rejected');
    const [audit] = await db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entityType, 'EWayBillReject'), eq(auditTrail.entityKey, d.ewbNumber!)));
    expect(audit?.entityName).toBe(chennaiGstin);
  });

  it('cancels within 24 hours; refuses cancel after 24 hours and extension outside its window, accepts it inside', async () => {
    const first = await sale('EWB/X1');
    const d1 = await ok<EwaybillDetail>(await generate(first));
    const cancelled = await ok<EwaybillDetail>(
      await api.post(E.ewaybillCancel, { documentId: first, reasonCode: '3', remark: 'Wrong rate' }),
    );
    expect(cancelled).toMatchObject({ status: 'Cancelled', cancelReasonCode: '3', cancelRemark: 'Wrong rate' });
    expect((await detail(first)).actions.updateVehicle).toEqual({ allowed: false, reason: 'The e-way bill is cancelled.' });
    expect(refused(await api.post(E.ewaybillCancel, { documentId: first, reasonCode: '3', remark: 'Again' }))[0]?.message).toContain(
      'cancelled',
    );
    // A cancelled e-way bill's document may have a new one.
    const renewed = await ok<EwaybillDetail>(await generate(first));
    expect(renewed.ewbNumber).not.toBe(d1.ewbNumber);

    const second = await sale('EWB/X2');
    const d2 = await ok<EwaybillDetail>(await generate(second, { distanceKm: 300 }));
    const extend = {
      documentId: second,
      reasonCode: '99',
      remark: 'Traffic',
      remainingDistanceKm: 100,
      fromPlace: 'Agra',
      fromState: '09',
    };
    const moving = { ...extend, fromPincode: '282001', consignmentStatus: 'M', transportMode: '1', vehicleNumber: 'DL01AB1234' };
    expect(refused(await api.post(E.ewaybillExtend, moving))[0]?.message).toContain('eight hours either side');

    // Two hours before the end of validity: cancel is past its 24 hours, the extension inside its window.
    const until = new Date(d2.validUntil!).getTime();
    h.advanceClock(until - 2 * HOUR - Date.now());
    api = clientOf(h, await signIn(h.app, t));
    expect(refused(await api.post(E.ewaybillCancel, { documentId: second, reasonCode: '1', remark: 'Late' }))[0]?.message).toContain(
      'within 24 hours',
    );
    const extended = await ok<EwaybillDetail>(await api.post(E.ewaybillExtend, moving));
    expect(extended.status).toBe('ValidityExtended');
    expect(extended.extensionCount).toBe(1);
    expect(new Date(extended.validUntil!).getTime()).toBeGreaterThan(until);
    expect(extended.events.map((e) => e.action)).toEqual(['GENEWAYBILL', 'EXTENDVALIDITY']);

    // Past the first e-way bills' seven days (and the extension's end), those not extended show Expired.
    h.advanceClock(8 * 24 * HOUR);
    api = clientOf(h, await signIn(h.app, t));
    expect((await list({ documentNumbers: ['EWB/1'] })).items[0]?.status).toBe('Expired');
    expect((await list({ pushStatuses: ['Expired'], documentNumbers: ['EWB/1', 'EWB/X1'] })).totalRecords).toBe(2);
    const back = await ok<EwaybillDetail>(await api.post(E.ewaybillRefresh, { documentId: second }));
    expect(back.status).toBe('Expired');
  });

  it('needs EWayBillGenerate to act and ConsolidatedEWayBill for trip sheets, and keeps a user to their locations', async () => {
    const id = await sale('EWB/RIGHTS');
    const viewer = clientOf(h, (await signInLimitedUser(h, t, ['EWayBillView'], [delhi])).token);
    expect((await viewer.post(E.ewaybillGenerate, { documentId: id, distanceKm: 10 })).statusCode).toBe(403);
    expect(
      (
        await viewer.post(E.consolidatedGenerate, {
          documentIds: [id],
          transportMode: '1',
          vehicleNumber: 'DL01AB1234',
          fromPlace: 'Delhi',
          fromState: '07',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await viewer.post(E.ewaybillSearch, { start: 0, size: 5, filters: { documentNumbers: ['EWB/RIGHTS'] } })).json().data.totalRecords,
    ).toBe(1);

    const chennaiOnly = clientOf(h, (await signInLimitedUser(h, t, ['EWayBillView', 'EWayBillGenerate'], [chennai])).token);
    expect((await chennaiOnly.post(E.ewaybillGenerate, { documentId: id, distanceKm: 10 })).statusCode).toBe(404);
    expect((await chennaiOnly.get(E.ewaybillDetail, { documentId: id })).statusCode).toBe(404);
    expect((await chennaiOnly.post(E.ewaybillSearch, { start: 0, size: 5, filters: { entityIds: [delhi] } })).statusCode).toBe(403);

    // Another subscriber's document: not found, and untouched.
    const other = await createTenant(h);
    const theirs = await sale('EWB/THEIRS', {}, other.entityIds[1] ?? 0, other);
    expect((await generate(theirs)).statusCode).toBe(404);
    expect((await api.get(E.ewaybillDetail, { documentId: theirs })).statusCode).toBe(404);
    expect((await api.post(E.ewaybillCancel, { documentId: theirs, reasonCode: '1', remark: 'x' })).statusCode).toBe(404);
    expect(
      (
        await api.post(E.consolidatedGenerate, {
          documentIds: [theirs],
          transportMode: '1',
          vehicleNumber: 'DL01AB1234',
          fromPlace: 'Delhi',
          fromState: '07',
        })
      ).statusCode,
    ).toBe(404);
    expect(await h.ctx.database.db.select().from(ewaybills).where(eq(ewaybills.documentId, theirs))).toEqual([]);
  });

  it('records a location’s e-way bill API user, sealed', async () => {
    const saved = await ok<{ userName: string }>(
      await api.post(E.ewaybillUserSave, { entityId: delhi, userName: 'opengst_ewb', password: 'Sandbox@123' }),
    );
    expect(saved.userName).toBe('opengst_ewb');
    const [row] = await h.ctx.database.db.select().from(ewbSessions).where(eq(ewbSessions.entityId, delhi));
    expect(row?.password).not.toContain('Sandbox@123');
    expect(row?.session).toBeNull();
  });
});
