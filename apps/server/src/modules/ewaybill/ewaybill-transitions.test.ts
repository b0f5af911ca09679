// Golden test of the e-way bill statuses of spec core §4 (issue 22 "every status transition, including the refused
// ones"), on both engines, through the mounted e-way bill sandbox with the server's clock moved: one row per transition,
// each on a document of its own, from YetNotGenerated to the status it reaches or to the refusal with its reason.
// Not in the product: Delivered and Discarded (NIC's API has no action that delivers or discards an e-way bill; the
// domain keeps them as terminal states), InProgress (e-way bills are generated one at a time, in the request).
import { EWAYBILL_API as E, type EwaybillDetail, type EwaybillStatus } from '@opengst/contracts';
import { gstinCheckCharacter } from '@opengst/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessPartners, documentItems, documents, entities, ewaybills } from '../../db/schema';
import { EWB_SANDBOX_VERIFY_PATH } from '../../portal/ewb/mount';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { clientOf, type ApiClient } from '../../test-support/org-fixtures';

const gstinOf = (first14: string) => first14 + gstinCheckCharacter(first14);
const BUYER = gstinOf('27AABCT3518Q1Z');
const HOUR = 3_600_000;

type Res = { statusCode: number; body: string; json: () => unknown };
/** What a step ends in: the status the e-way bill shows, or a refusal whose message contains the text. */
type Outcome = { status: EwaybillStatus } | { refused: string; stays: EwaybillStatus | null };

describe.each(ENGINES)('e-way bill status transitions on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let api: ApiClient;
  let delhi: number;
  let chennai: number;
  let chennaiGstin: string;
  let offset = 0;
  let serial = 0;

  let signedIn: ApiClient;
  /** Moves the server's (and the sandbox's) clock forward; signs in again there, the session having aged too. */
  const moveClock = async (ms: number) => {
    h.advanceClock(ms);
    offset += ms;
    api = clientOf(h, await signIn(h.app, t));
  };
  /** Back to the present, with the session signed in there. */
  const resetClock = () => {
    h.advanceClock(-offset);
    offset = 0;
    api = signedIn;
  };
  const istDate = (daysAgo: number) => new Date(Date.now() + offset + 330 * 60_000 - daysAgo * 24 * HOUR).toISOString().slice(0, 10);

  /** A fresh invoice of Delhi with one line of 100 NOS; to Mumbai, or to the Chennai location (a branch transfer). */
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
        documentNumber: `EWT/${serial}`,
        documentDate: istDate(1),
        supplyType: 'B2B',
        counterpartyGstin: BUYER,
        counterpartyName: 'Tata Consultancy Services Limited',
        counterpartyState: '27',
        placeOfSupply: '27',
        taxable: 10_000_000,
        igst: 1_800_000,
        documentValue: 11_800_000,
        source: 'Manual',
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

  const generate = (documentId: number, extra: Record<string, unknown> = {}) =>
    api.post(E.ewaybillGenerate, { documentId, distanceKm: 300, transportMode: '1', vehicleNumber: 'DL01AB1234', ...extra });
  const detail = async (documentId: number) => (await api.get(E.ewaybillDetail, { documentId })).json().data as EwaybillDetail;
  const generated = async (documentId: number, extra: Record<string, unknown> = {}) => {
    const res = await generate(documentId, extra);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: EwaybillDetail }).data;
  };
  const vehicle = (documentId: number) =>
    api.post(E.ewaybillUpdateVehicle, {
      documentId,
      transportMode: '1',
      vehicleNumber: 'HR26DK8337',
      fromPlace: 'Gurugram',
      fromState: '06',
      reasonCode: '1',
      remark: 'Breakdown',
    });
  const cancel = (documentId: number) => api.post(E.ewaybillCancel, { documentId, reasonCode: '2', remark: 'Order cancelled' });
  const extend = (documentId: number) =>
    api.post(E.ewaybillExtend, {
      documentId,
      reasonCode: '5',
      remark: 'Accident',
      remainingDistanceKm: 100,
      fromPlace: 'Agra',
      fromState: '09',
      fromPincode: '282001',
      consignmentStatus: 'M',
      transportMode: '1',
      vehicleNumber: 'DL01AB1234',
    });
  const startMulti = (documentId: number, totalQuantity = 100) =>
    api.post(E.ewaybillMultiVehicleStart, {
      documentId,
      fromPlace: 'Agra',
      fromState: '09',
      toPlace: 'Mumbai',
      toState: '27',
      transportMode: '1',
      totalQuantity,
      reasonCode: '2',
      remark: 'Transhipment',
    });
  const addVehicle = (documentId: number, vehicleNumber: string, quantity: number) =>
    api.post(E.ewaybillMultiVehicleAdd, { documentId, groupNumber: 1, vehicleNumber, quantity });
  const reject = (ewbNumber: string) => api.post(E.ewaybillReject, { entityId: chennai, ewbNumber });
  const toChennai = { counterpartyGstin: '', counterpartyState: '33', placeOfSupply: '33', counterpartyName: 'Chennai branch' };

  /** Each transition: what is done (after a generation unless `from` says otherwise) and what it ends in. */
  const TRANSITIONS: { name: string; run: (documentId: number) => Promise<Res>; outcome: Outcome; document?: () => Promise<number> }[] = [
    { name: 'YetNotGenerated → Generated', run: (id) => generate(id), outcome: { status: 'Generated' } },
    {
      name: 'YetNotGenerated → Error: the system’s refusal kept on the document (604, its e-way bill lost here)',
      run: async (id) => {
        await generated(id);
        await h.ctx.database.db.delete(ewaybills).where(eq(ewaybills.documentId, id));
        return generate(id);
      },
      outcome: { refused: '604', stays: 'Error' },
    },
    {
      name: 'YetNotGenerated: a document older than 180 days refused before sending',
      document: () => sale({ documentDate: istDate(200) }),
      run: (id) => generate(id),
      outcome: { refused: '180 days', stays: 'YetNotGenerated' },
    },
    {
      name: 'Generated → VehicleDetailUpdated (Part B, reason Due to Break Down)',
      run: async (id) => (await generated(id), vehicle(id)),
      outcome: { status: 'VehicleDetailUpdated' },
    },
    {
      name: 'Generated → TransporterUpdated',
      run: async (id) => (await generated(id), api.post(E.ewaybillUpdateTransporter, { documentId: id, transporterId: BUYER })),
      outcome: { status: 'TransporterUpdated' },
    },
    {
      name: 'Generated → TransportDetailsUpdated (carried in a consolidated e-way bill)',
      run: async (id) => {
        await generated(id);
        return api.post(E.consolidatedGenerate, {
          documentIds: [id],
          transportMode: '1',
          vehicleNumber: 'DL01LX0001',
          fromPlace: 'New Delhi',
          fromState: '07',
        });
      },
      outcome: { status: 'TransportDetailsUpdated' },
    },
    {
      name: 'Generated → MultiVehicleInitiated',
      run: async (id) => (await generated(id), startMulti(id)),
      outcome: { status: 'MultiVehicleInitiated' },
    },
    {
      name: 'MultiVehicleInitiated → MultiVehicleAdded (60 of 100 NOS)',
      run: async (id) => (await generated(id), await startMulti(id), addVehicle(id, 'MH12AB0001', 60)),
      outcome: { status: 'MultiVehicleAdded' },
    },
    {
      name: 'MultiVehicleAdded: a vehicle beyond the declared quantity refused',
      run: async (id) => (
        await generated(id),
        await startMulti(id),
        await addVehicle(id, 'MH12AB0001', 60),
        addVehicle(id, 'MH12AB0002', 41)
      ),
      outcome: { refused: 'at most 40 more', stays: 'MultiVehicleAdded' },
    },
    {
      name: 'MultiVehicleAdded → MultiVehicleUpdated (a vehicle of the group changed)',
      run: async (id) => {
        await generated(id);
        await startMulti(id);
        await addVehicle(id, 'MH12AB0001', 60);
        return api.post(E.ewaybillMultiVehicleChange, {
          documentId: id,
          groupNumber: 1,
          oldVehicleNumber: 'MH12AB0001',
          newVehicleNumber: 'MH12AB0009',
          fromPlace: 'Nashik',
          fromState: '27',
          reasonCode: '1',
          remark: 'Breakdown',
        });
      },
      outcome: { status: 'MultiVehicleUpdated' },
    },
    {
      name: 'MultiVehicleInitiated: Part B of the e-way bill refused by the system (412)',
      run: async (id) => (await generated(id), await startMulti(id), vehicle(id)),
      outcome: { refused: '412', stays: 'MultiVehicleInitiated' },
    },
    {
      name: 'Generated → Cancelled within 24 hours',
      run: async (id) => (await generated(id), cancel(id)),
      outcome: { status: 'Cancelled' },
    },
    {
      name: 'Cancelled: every action refused with the reason',
      run: async (id) => (await generated(id), await cancel(id), vehicle(id)),
      outcome: { refused: 'The e-way bill is cancelled.', stays: 'Cancelled' },
    },
    {
      name: 'Generated: cancel refused by the system once an officer verified it in movement (316, Rule 138B)',
      run: async (id) => {
        const d = await generated(id);
        await h.app.inject({ method: 'POST', url: EWB_SANDBOX_VERIFY_PATH, payload: { ewbNo: d.ewbNumber } });
        return cancel(id);
      },
      outcome: { refused: '316', stays: 'Generated' },
    },
    {
      name: 'Generated: cancel refused after 24 hours',
      run: async (id) => (await generated(id), await moveClock(25 * HOUR), cancel(id)),
      outcome: { refused: 'may be cancelled within 24 hours of generation', stays: 'Generated' },
    },
    {
      name: 'Generated: extension refused outside its window (more than eight hours before the end)',
      run: async (id) => (await generated(id), extend(id)),
      outcome: { refused: 'eight hours either side of its end', stays: 'Generated' },
    },
    {
      name: 'Generated → ValidityExtended inside the window (two hours before the end)',
      run: async (id) => {
        const d = await generated(id);
        await moveClock(new Date(d.validUntil!).getTime() - 2 * HOUR - (Date.now() + offset));
        return extend(id);
      },
      outcome: { status: 'ValidityExtended' },
    },
    {
      name: 'Generated → Expired once its validity has passed (shown from the validity, not stored)',
      run: async (id) => {
        const d = await generated(id);
        await moveClock(new Date(d.validUntil!).getTime() + HOUR - (Date.now() + offset));
        return api.get(E.ewaybillDetail, { documentId: id });
      },
      outcome: { status: 'Expired' },
    },
    {
      name: 'Expired: extension refused more than eight hours after the end',
      run: async (id) => {
        const d = await generated(id);
        await moveClock(new Date(d.validUntil!).getTime() + 9 * HOUR - (Date.now() + offset));
        return extend(id);
      },
      outcome: { refused: 'eight hours either side of its end', stays: 'Expired' },
    },
    {
      name: 'Generated → Rejected by the other party within 72 hours',
      document: () => sale({ ...toChennai, counterpartyGstin: chennaiGstin }),
      run: async (id) => reject((await generated(id, { toPincode: '600001', toPlace: 'Chennai', distanceKm: 2200 })).ewbNumber!),
      outcome: { status: 'Rejected' },
    },
    {
      name: 'Generated: rejection refused after 72 hours (deemed accepted)',
      document: () => sale({ ...toChennai, counterpartyGstin: chennaiGstin }),
      run: async (id) => {
        const d = await generated(id, { toPincode: '600001', toPlace: 'Chennai', distanceKm: 2200 });
        await moveClock(73 * HOUR);
        return reject(d.ewbNumber!);
      },
      outcome: { refused: 'within 72 hours', stays: 'Generated' },
    },
  ];

  beforeAll(async () => {
    h = await startHarness(engine, { env: { PORTAL_SANDBOX_CLOCK_CONTROL: 'true' } });
    t = await createTenant(h);
    signedIn = clientOf(h, await signIn(h.app, t));
    api = signedIn;
    [delhi, chennai] = [t.entityIds[1] ?? 0, t.entityIds[2] ?? 0];
    const { db } = h.ctx.database;
    await db
      .update(entities)
      .set({ legalName: 'Bharat Components Private Limited', address: '14, Okhla Phase II, New Delhi', pincode: '110020' })
      .where(eq(entities.id, delhi));
    const [location] = await db.select({ gstin: entities.gstin }).from(entities).where(eq(entities.id, chennai));
    chennaiGstin = location?.gstin ?? '';
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
        const id = await (transition.document ?? (() => sale()))();
        const res = await transition.run(id);
        const { outcome } = transition;
        if ('status' in outcome) {
          expect(res.statusCode, res.body).toBe(200);
          const d = await detail(id);
          expect(d.status).toBe(outcome.status);
          // The list shows the same status, and its filter finds it.
          const page = (
            await api.post(E.ewaybillSearch, {
              start: 0,
              size: 5,
              filters: { documentNumbers: [d.documentNumber], pushStatuses: [outcome.status] },
            })
          ).json() as {
            data: { totalRecords: number };
          };
          expect(page.data.totalRecords).toBe(1);
        } else {
          expect(res.statusCode, res.body).toBe(422);
          const messages = (res.json() as { errors: { message: string }[] }).errors.map((e) => e.message).join(' | ');
          expect(messages).toContain(outcome.refused);
          const d = await detail(id);
          expect(d.status).toBe(outcome.stays ?? 'YetNotGenerated');
        }
      } finally {
        resetClock();
      }
    });

  it('names the reasons in the history and keeps the multi-vehicle group with its vehicles', async () => {
    const id = await sale();
    await generated(id);
    expect((await vehicle(id)).statusCode).toBe(200);
    const d = await detail(id);
    expect(d.events.at(-1)).toMatchObject({ action: 'VEHEWB', reasonCode: '1', reasonName: 'Due to Break Down' });

    const other = await sale();
    await generated(other);
    await startMulti(other, 100);
    await addVehicle(other, 'MH12AB0001', 60);
    await addVehicle(other, 'MH12AB0002', 40);
    const multi = await detail(other);
    expect(multi.multiVehicleGroups).toEqual([
      {
        groupNumber: 1,
        fromPlace: 'Agra',
        toPlace: 'Mumbai',
        transportMode: '1',
        totalQuantity: 100,
        unitCode: 'NOS',
        vehicles: [
          { vehicleNumber: 'MH12AB0001', transportDocumentNumber: null, quantity: 60 },
          { vehicleNumber: 'MH12AB0002', transportDocumentNumber: null, quantity: 40 },
        ],
      },
    ]);
    expect(multi.events.map((e) => [e.action, e.vehicleNumber, e.reasonName])).toEqual([
      ['GENEWAYBILL', 'DL01AB1234', null],
      ['MULTIVEHMOVINT', 'DL01AB1234', 'Due to Transhipment'],
      ['MULTIVEHADD', 'MH12AB0001', null],
      ['MULTIVEHADD', 'MH12AB0002', null],
    ]);
  });
});
