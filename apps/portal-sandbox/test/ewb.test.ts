// The e-way bill sandbox over HTTP, as a GSP calls NIC's e-way bill API v1.03: authentication with real RSA and AES,
// every action and each of its refusals at its boundary (cancel at 24 hours ± 1 minute, reject at 72 hours, extend
// outside the 8-hour window and beyond 360 days, a document older than 180 days), multi-vehicle movement and a
// consolidated e-way bill of two, on the sandbox's own clock.
import { readdirSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUYER_KA_GSTIN, SELLER_KA_GSTIN, TRANSPORTER_GSTIN } from '../../../packages/domain/src/einvoice/fixtures/einvoice-cases';
import type { SandboxSql } from '../src/sql';
import { ENGINES, EwbClient, startEwb, type Answer, type Clock, type EwbSession } from './ewb-client';

const START = new Date('2026-11-25T10:00:00+05:30');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const after = (ms: number): Date => new Date(START.getTime() + ms);
const ist = (text: string): Date => new Date(`${text}+05:30`);

/** NIC's v1.03 request for an intra-State road movement of 18 km, as the domain builds it (its golden fixture). */
const BASE = JSON.parse(
  readFileSync(new URL('../../../packages/domain/src/ewaybill/fixtures/b2b-intra-road.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

const ok = (answer: Answer): Record<string, unknown> => {
  expect(answer.codes, JSON.stringify(answer.json)).toBeUndefined();
  expect(answer.json['status']).toBe('1');
  return answer.data as Record<string, unknown>;
};

const extension = (ewbNo: unknown, change: Record<string, unknown> = {}) => ({
  ewbNo,
  vehicleNo: 'KA12AB1234',
  fromPlace: 'Hoskote',
  fromState: 29,
  remainingDistance: 10,
  transDocNo: '',
  transDocDate: '',
  transMode: '1',
  extnRsnCode: 1,
  extnRemarks: 'Flood',
  fromPincode: 562114,
  consignmentStatus: 'M',
  transitType: '',
  addressLine1: 'NH 75',
  addressLine2: 'Hoskote',
  addressLine3: 'Bengaluru Rural',
  ...change,
});

describe.each(ENGINES)('the e-way bill sandbox on %s', (engine) => {
  const clock: Clock = { at: START };
  let app: FastifyInstance;
  let sql: SandboxSql;
  let close: () => Promise<void>;
  let client: EwbClient;
  let seller: EwbSession;
  let buyer: EwbSession;
  let transporter: EwbSession;

  /** Moves the sandbox's clock; a token lasts 6 hours, so the three users sign in again at the new time. */
  const at = async (time: Date): Promise<void> => {
    clock.at = time;
    seller = (await client.authenticate(SELLER_KA_GSTIN)).session!;
    buyer = (await client.authenticate(BUYER_KA_GSTIN)).session!;
    transporter = (await client.authenticate(TRANSPORTER_GSTIN)).session!;
  };
  const generate = (docNo: string, change: Record<string, unknown> = {}) =>
    client.act(seller, 'GENEWAYBILL', { ...BASE, docNo, ...change });
  const details = async (ewbNo: unknown, as: EwbSession = seller) =>
    ok(await client.get(as, `/ewayapi/GetEwayBill?ewbNo=${String(ewbNo)}`));

  beforeAll(async () => {
    ({ app, sql, close } = await startEwb(clock, engine));
    client = new EwbClient(app);
    await at(START);
  });
  afterAll(async () => close());

  it('authenticates with the app_key and the SEK; refuses a wrong password (108), a missing secret (110), an unknown token (238) and an expired one (106)', async () => {
    expect(seller.sek).toHaveLength(32);
    expect((await client.authenticate(SELLER_KA_GSTIN, 'bharat_ewb', 'Wrong@123')).codes).toEqual(['108']);
    expect((await client.authenticate(SELLER_KA_GSTIN, 'bharat_ewb', 'Secret@123', '')).codes).toEqual(['110']);
    expect((await client.act({ ...seller, authToken: 'not-a-token' }, 'GENEWAYBILL', BASE)).codes).toEqual(['238']);
    clock.at = after(360 * MINUTE + 1000);
    expect((await client.act(seller, 'GENEWAYBILL', BASE)).codes).toEqual(['106']);
    await at(START);
  });

  it('generates a 12-digit e-way bill valid to the end of the next day for 18 km; the same document again is 604 until it is cancelled', async () => {
    await at(START);
    const made = ok(await generate('AUTH/1'));
    expect(String(made['ewayBillNo'])).toMatch(/^\d{12}$/);
    expect(made['ewayBillDate']).toBe('25/11/2026 10:00:00 AM');
    expect(made['validUpto']).toBe('26/11/2026 11:59:00 PM');
    const got = await details(made['ewayBillNo']);
    expect(got).toMatchObject({ status: 'ACT', docNo: 'AUTH/1', actualDist: 18, noValidDays: 1, rejectStatus: 'N', extendedTimes: 0 });
    expect((got['VehiclListDetails'] as Record<string, unknown>[])[0]).toMatchObject({ vehicleNo: 'KA12AB1234', transMode: '1' });
    // The recipient reads it too; the transporter, not named on it, does not.
    expect((await details(made['ewayBillNo'], buyer))['ewbNo']).toBe(made['ewayBillNo']);
    expect((await client.get(transporter, `/ewayapi/GetEwayBill?ewbNo=${String(made['ewayBillNo'])}`)).codes).toEqual(['325']);

    expect((await generate('auth/1')).codes).toEqual(['604']);
    ok(await client.act(seller, 'CANEWB', { ewbNo: made['ewayBillNo'], cancelRsnCode: 1, cancelRmrk: 'Duplicate' }));
    expect(String(ok(await generate('AUTH/1'))['ewayBillNo'])).not.toBe(String(made['ewayBillNo']));
  });

  it("accepts every request the domain's buildEwaybill writes (its golden GENEWAYBILL fixtures)", async () => {
    await at(START);
    const folder = new URL('../../../packages/domain/src/ewaybill/fixtures/', import.meta.url);
    const requests = readdirSync(folder)
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f, JSON.parse(readFileSync(new URL(f, folder), 'utf8')) as Record<string, unknown>] as const)
      .filter(([, json]) => 'supplyType' in json);
    expect(requests.length).toBeGreaterThanOrEqual(6);
    for (const [file, json] of requests) {
      const answer = await client.act(seller, 'GENEWAYBILL', { ...json, docNo: `GOLD/${requests.findIndex(([f]) => f === file)}` });
      expect(answer.codes, file).toBeUndefined();
    }
  });

  it('refuses a document dated more than 180 days before (820), not one of exactly 180 days', async () => {
    await at(START);
    ok(await generate('AGE/180', { docDate: '29/05/2026' }));
    expect((await generate('AGE/181', { docDate: '28/05/2026' })).codes).toEqual(['820']);
    expect((await generate('AGE/FUT', { docDate: '26/11/2026' })).codes).toEqual(['207']);
  });

  it('checks the request as NIC does, answering every failed check at once', async () => {
    await at(START);
    const refused = await generate('BAD/1', { fromGstin: BUYER_KA_GSTIN, toPincode: 560058, transDistance: '101', vehicleNo: 'K1' });
    expect(refused.codes).toEqual(['359', '702', '225']);
    expect(refused.json['info']).toEqual([{ InfCd: 'EWBPPD', Desc: { fromPincode: 560058, toPincode: 560058, distance: 100 } }]);
    ok(await generate('PIN/100', { toPincode: 560058, transDistance: '100' }));
    expect((await generate('FAR/1', { transDistance: '4001' })).codes).toEqual(['221']);
    expect((await generate('RAIL/1', { transMode: '2', vehicleNo: '' })).codes).toEqual(['385']);
    expect((await generate('ODC/1', { transMode: '3', vehicleType: 'O', transDocNo: 'AWB1', transDocDate: '21/11/2026' })).codes).toEqual([
      '634',
    ]);
    expect((await generate('TOT/1', { totInvValue: 72477.99 })).codes).toEqual(['620']);
    ok(await generate('TOT/2', { totInvValue: 72478 }));
  });

  it('starts the validity of a Part-A slip at its first Part B; the transporter then holds Part B (635 for the generator, 636 for others)', async () => {
    await at(START);
    const partA = { transMode: '', vehicleNo: '', transporterId: TRANSPORTER_GSTIN, transporterName: 'Road Runner' };
    expect((await generate('SLIP/0', { ...partA, transporterId: '' })).codes).toEqual(['619']);
    const slip = ok(await generate('SLIP/1', partA));
    expect(slip['validUpto']).toBeNull();
    await at(after(2 * DAY));
    const vehicle = {
      ewbNo: slip['ewayBillNo'],
      vehicleNo: 'KA-01-AB-1234',
      fromPlace: 'Bengaluru',
      fromState: 29,
      reasonCode: '4',
      reasonRem: 'First time',
      transMode: '1',
      transDocNo: '',
      transDocDate: '',
    };
    expect((await client.act(transporter, 'VEHEWB', { ...vehicle, vehicleNo: 'K1' })).codes).toEqual(['304']);
    expect((await client.act(transporter, 'VEHEWB', { ...vehicle, reasonCode: '9' })).codes).toEqual(['307']);
    const updated = ok(await client.act(transporter, 'VEHEWB', vehicle));
    expect(updated).toEqual({ vehUpdDate: '27/11/2026 10:00:00 AM', validUpto: '28/11/2026 11:59:00 PM' });
    expect((await client.act(seller, 'VEHEWB', { ...vehicle, reasonCode: '1' })).codes).toEqual(['635']);
    expect((await client.act(buyer, 'VEHEWB', { ...vehicle, reasonCode: '1' })).codes).toEqual(['636']);
    const got = await details(slip['ewayBillNo'], transporter);
    expect((got['VehiclListDetails'] as Record<string, unknown>[])[0]).toMatchObject({
      vehicleNo: 'KA01AB1234',
      userGSTINTransin: TRANSPORTER_GSTIN,
    });
    // Once its validity has lapsed, no more Part B (311).
    await at(ist('2026-11-29T00:00:00'));
    expect((await client.act(transporter, 'VEHEWB', { ...vehicle, reasonCode: '1' })).codes).toEqual(['311']);
  });

  it('updates the transporter: the generator may, until that transporter has entered Part B; a stranger may not (339)', async () => {
    await at(START);
    const made = ok(await generate('TRN/1'));
    expect((await client.act(seller, 'UPDATETRANSPORTER', { ewbNo: made['ewayBillNo'], transporterId: 'X1' })).codes).toEqual(['222']);
    expect((await client.act(buyer, 'UPDATETRANSPORTER', { ewbNo: made['ewayBillNo'], transporterId: TRANSPORTER_GSTIN })).codes).toEqual([
      '339',
    ]);
    const done = ok(await client.act(seller, 'UPDATETRANSPORTER', { ewbNo: made['ewayBillNo'], transporterId: TRANSPORTER_GSTIN }));
    expect(done).toEqual({ ewayBillNo: made['ewayBillNo'], transporterId: TRANSPORTER_GSTIN, transUpdateDate: '25/11/2026 10:00:00 AM' });
    expect((await details(made['ewayBillNo']))['transporterId']).toBe(TRANSPORTER_GSTIN);
    await at(ist('2026-11-27T00:00:00'));
    expect((await client.act(seller, 'UPDATETRANSPORTER', { ewbNo: made['ewayBillNo'], transporterId: TRANSPORTER_GSTIN })).codes).toEqual([
      '281',
    ]);
  });

  it('cancels within 24 hours of generation and not a minute after (315); only its generator (312), only once, and never once verified (316)', async () => {
    await at(START);
    const first = ok(await generate('CNL/1'));
    const second = ok(await generate('CNL/2'));
    const body = (ewbNo: unknown) => ({ ewbNo, cancelRsnCode: 2, cancelRmrk: 'Order cancelled' });
    await at(after(DAY - MINUTE));
    expect((await client.act(buyer, 'CANEWB', body(first['ewayBillNo']))).codes).toEqual(['312']);
    expect(ok(await client.act(seller, 'CANEWB', body(first['ewayBillNo'])))).toEqual({
      ewayBillNo: first['ewayBillNo'],
      cancelDate: '26/11/2026 09:59:00 AM',
    });
    expect((await details(first['ewayBillNo']))['status']).toBe('CNL');
    expect((await client.act(seller, 'CANEWB', body(first['ewayBillNo']))).codes).toEqual(['312']);
    await at(after(DAY + MINUTE));
    expect((await client.act(seller, 'CANEWB', body(second['ewayBillNo']))).codes).toEqual(['315']);
    // Verified by an officer in movement: never cancelled after (316), even inside the 24 hours.
    await at(START);
    const verified = ok(await generate('CNL/3'));
    expect(await client.verify(verified['ewayBillNo'])).toBe(200);
    expect((await client.act(seller, 'CANEWB', body(verified['ewayBillNo']))).codes).toEqual(['316']);
  });

  it('lets the recipient reject within 72 hours and not after (346); never the generator (341) nor a third party (342)', async () => {
    await at(START);
    const first = ok(await generate('REJ/1', { transDistance: '800' }));
    const second = ok(await generate('REJ/2', { transDistance: '800' }));
    expect(first['validUpto']).toBe('29/11/2026 11:59:00 PM');
    expect((await client.act(seller, 'REJEWB', { ewbNo: first['ewayBillNo'] })).codes).toEqual(['341']);
    expect((await client.act(transporter, 'REJEWB', { ewbNo: first['ewayBillNo'] })).codes).toEqual(['342']);
    await at(after(72 * HOUR - MINUTE));
    expect(ok(await client.act(buyer, 'REJEWB', { ewbNo: first['ewayBillNo'] }))).toEqual({
      ewayBillNo: first['ewayBillNo'],
      ewbRejectedDate: '28/11/2026 09:59:00 AM',
    });
    expect((await details(first['ewayBillNo']))['rejectStatus']).toBe('Y');
    await at(after(72 * HOUR + MINUTE));
    expect((await client.act(buyer, 'REJEWB', { ewbNo: second['ewayBillNo'] })).codes).toEqual(['346']);
  });

  it('extends only from 8 hours before the expiry to 8 hours after (382), for the remaining distance', async () => {
    await at(START);
    const made = ok(await generate('EXT/1'));
    const ewbNo = made['ewayBillNo'];
    // Valid to 26/11 23:59:59: the window is 26/11 16:00 to 27/11 08:00.
    await at(ist('2026-11-26T15:59:00'));
    expect((await client.act(seller, 'EXTENDVALIDITY', extension(ewbNo))).codes).toEqual(['382']);
    await at(ist('2026-11-26T16:00:00'));
    expect((await client.act(seller, 'EXTENDVALIDITY', extension(ewbNo, { remainingDistance: 19 }))).codes).toEqual(['390']);
    expect((await client.act(seller, 'EXTENDVALIDITY', extension(ewbNo, { transitType: 'R' }))).codes).toEqual(['712']);
    expect((await client.act(buyer, 'EXTENDVALIDITY', extension(ewbNo))).codes).toEqual(['700']);
    const extended = ok(await client.act(seller, 'EXTENDVALIDITY', extension(ewbNo)));
    expect(extended).toEqual({ ewayBillNo: ewbNo, updatedDate: '26/11/2026 04:00:00 PM', validUpto: '27/11/2026 11:59:00 PM' });
    expect((await details(ewbNo))['extendedTimes']).toBe(1);
    // In transit in a warehouse: mode 5 with its transit type.
    await at(ist('2026-11-28T08:00:00'));
    const inTransit = { consignmentStatus: 'T', transMode: '5', transitType: 'W', vehicleNo: '' };
    expect(ok(await client.act(seller, 'EXTENDVALIDITY', extension(ewbNo, inTransit)))['validUpto']).toBe('29/11/2026 11:59:00 PM');
    await at(ist('2026-11-30T08:01:00'));
    expect((await client.act(seller, 'EXTENDVALIDITY', extension(ewbNo))).codes).toEqual(['382']);
  });

  it('never extends an e-way bill generated 360 days before (821), and cuts an extension at that day', async () => {
    await at(START);
    const old = ok(await generate('CAP/1'));
    const young = ok(await generate('CAP/2'));
    const age = (ewbNo: unknown, generatedAt: Date) =>
      sql.query('UPDATE portal_sandbox.ewb_bills SET generated_at = $2, valid_until = $3 WHERE ewb_no = $1', [
        String(ewbNo),
        generatedAt.toISOString(),
        ist('2026-11-25T23:59:59').toISOString(),
      ]);
    // Generated on 29/11/2025: its 360 days ended on 24/11/2026. Generated on 01/12/2025: they end on 26/11/2026.
    await age(old['ewayBillNo'], ist('2025-11-29T10:00:00'));
    await age(young['ewayBillNo'], ist('2025-12-01T10:00:00'));
    await at(ist('2026-11-25T20:00:00'));
    expect((await client.act(seller, 'EXTENDVALIDITY', extension(old['ewayBillNo']))).codes).toEqual(['821']);
    const cut = ok(await client.act(seller, 'EXTENDVALIDITY', extension(young['ewayBillNo'], { remainingDistance: 18 })));
    expect(cut['validUpto']).toBe('26/11/2026 11:59:00 PM');
  });

  it('moves one e-way bill in several vehicles up to the quantity declared (400), changes one (MULTIVEHUPD), and then refuses Part B (412)', async () => {
    await at(START);
    const made = ok(await generate('MV/1'));
    const ewbNo = made['ewayBillNo'];
    const initiation = {
      ewbNo,
      reasonCode: '2',
      reasonRem: 'Transhipment',
      fromPlace: 'Hoskote',
      fromState: 29,
      toPlace: 'Whitefield',
      toState: 29,
      transMode: '1',
      totalQuantity: 2,
      unitCode: 'NOS',
    };
    expect((await client.act(seller, 'MULTIVEHMOVINT', { ...initiation, unitCode: 'KGS' })).codes).toEqual(['399']);
    expect((await client.act(seller, 'MULTIVEHMOVINT', { ...initiation, totalQuantity: 3 })).codes).toEqual(['400']);
    expect((await client.act(buyer, 'MULTIVEHMOVINT', initiation)).codes).toEqual(['646']);
    expect(ok(await client.act(seller, 'MULTIVEHMOVINT', initiation))).toEqual({
      ewbNo,
      groupNo: 1,
      createdDate: '25/11/2026 10:00:00 AM',
    });
    const add = (vehicleNo: string) =>
      client.act(seller, 'MULTIVEHADD', { ewbNo, groupNo: 1, vehicleNo, transDocNo: '', transDocDate: '', quantity: 1 });
    expect((await client.act(seller, 'MULTIVEHADD', { ewbNo, groupNo: 2, vehicleNo: 'KA01AB0001', quantity: 1 })).codes).toEqual(['411']);
    expect(ok(await add('KA01AB0001'))).toEqual({ ewbNo, groupNo: 1, vehAddedDate: '25/11/2026 10:00:00 AM' });
    ok(await add('KA01AB0002'));
    expect((await add('KA01AB0009')).codes).toEqual(['400']);
    const change = {
      ewbNo,
      groupNo: 1,
      oldvehicleNo: 'KA01AB0001',
      newVehicleNo: 'KA01AB0003',
      oldTranNo: '',
      newTranNo: '',
      fromPlace: 'Hoskote',
      fromState: 29,
      reasonCode: '1',
      reasonRem: 'Breakdown',
    };
    expect(ok(await client.act(seller, 'MULTIVEHUPD', change))).toEqual({ ewbNo, groupNo: 1, vehUpdDate: '25/11/2026 10:00:00 AM' });
    expect((await client.act(seller, 'MULTIVEHUPD', change)).codes).toEqual(['405']);
    // The freed quantity takes another vehicle; the group holds two at a time.
    expect((await add('KA01AB0004')).codes).toEqual(['400']);
    const vehicle = {
      ewbNo,
      vehicleNo: 'KA01AB0005',
      fromPlace: 'Hoskote',
      fromState: 29,
      reasonCode: '1',
      reasonRem: 'x',
      transMode: '1',
    };
    expect((await client.act(seller, 'VEHEWB', vehicle)).codes).toEqual(['412']);
    const history = (await details(ewbNo))['VehiclListDetails'] as Record<string, unknown>[];
    expect(history.filter((v) => v['groupNo'] === '1').map((v) => v['vehicleNo'])).toEqual(['KA01AB0003', 'KA01AB0002', 'KA01AB0001']);
  });

  it('consolidates two e-way bills in a trip sheet, regenerates it with another vehicle, and refuses a cancelled one (653) or one moving in several vehicles (648)', async () => {
    await at(START);
    const first = ok(await generate('CW/1'));
    const slip = ok(await generate('CW/2', { transMode: '', vehicleNo: '', transporterId: TRANSPORTER_GSTIN }));
    const trip = {
      fromPlace: 'Bengaluru',
      fromState: 29,
      vehicleNo: 'KA12AB9999',
      transMode: '1',
      transDocNo: '',
      transDocDate: '',
      tripSheetEwbBills: [{ ewbNo: first['ewayBillNo'] }, { ewbNo: slip['ewayBillNo'] }],
    };
    expect((await client.act(buyer, 'GENCEWB', trip)).codes).toEqual(['650']);
    const made = ok(await client.act(seller, 'GENCEWB', trip));
    expect(String(made['cEwbNo'])).toMatch(/^\d{10}$/);
    expect(made['cEWBDate']).toBe('25/11/2026 10:00:00 AM');
    // The slip got its Part B, and its validity, from the trip sheet.
    const slipNow = await details(slip['ewayBillNo']);
    expect(slipNow['validUpto']).toBe('26/11/2026 11:59:00 PM');
    expect((slipNow['VehiclListDetails'] as Record<string, unknown>[])[0]).toMatchObject({
      vehicleNo: 'KA12AB9999',
      tripshtNo: made['cEwbNo'],
    });
    const sheet = ok(await client.get(seller, `/ewayapi/GetTripSheet?tripSheetNo=${String(made['cEwbNo'])}`));
    expect((sheet['tripSheetEwbBills'] as Record<string, unknown>[]).map((b) => b['ewbNo'])).toEqual([
      first['ewayBillNo'],
      slip['ewayBillNo'],
    ]);

    await at(after(2 * HOUR));
    const regen = {
      tripSheetNo: made['cEwbNo'],
      vehicleNo: 'KA12AB8888',
      fromPlace: 'Tumakuru',
      fromState: 29,
      transDocNo: '',
      transDocDate: '',
      transMode: '1',
      reasonCode: 1,
      reasonRem: 'Breakdown',
    };
    const again = ok(await client.act(seller, 'REGENTRIPSHEET', regen));
    expect(again['cEwbNo']).not.toBe(made['cEwbNo']);
    expect(again['cEwbDate']).toBe('25/11/2026 12:00:00 PM');
    expect((await client.act(seller, 'REGENTRIPSHEET', regen)).codes).toEqual(['392']);
    expect(((await details(first['ewayBillNo']))['VehiclListDetails'] as Record<string, unknown>[])[0]).toMatchObject({
      vehicleNo: 'KA12AB8888',
      tripshtNo: again['cEwbNo'],
    });

    const cancelled = ok(await generate('CW/3'));
    ok(await client.act(seller, 'CANEWB', { ewbNo: cancelled['ewayBillNo'], cancelRsnCode: 3, cancelRmrk: 'Mistake' }));
    expect((await client.act(seller, 'GENCEWB', { ...trip, tripSheetEwbBills: [{ ewbNo: cancelled['ewayBillNo'] }] })).codes).toEqual([
      '653',
    ]);
    const multi = ok(await generate('CW/4'));
    ok(
      await client.act(seller, 'MULTIVEHMOVINT', {
        ewbNo: multi['ewayBillNo'],
        reasonCode: '2',
        reasonRem: 'Transhipment',
        fromPlace: 'Hoskote',
        fromState: 29,
        toPlace: 'Whitefield',
        toState: 29,
        transMode: '1',
        totalQuantity: 1,
        unitCode: 'UNT',
      }),
    );
    expect((await client.act(seller, 'GENCEWB', { ...trip, tripSheetEwbBills: [{ ewbNo: multi['ewayBillNo'] }] })).codes).toEqual(['648']);
  });

  it("lists the day's e-way bills, finds one by its document, and answers NIC's error list", async () => {
    await at(ist('2026-12-02T09:00:00'));
    const made = ok(await generate('DAY/1'));
    const listed = ok(await client.get(seller, '/ewayapi/GetEwayBillsByDate?date=02/12/2026')) as unknown as Record<string, unknown>[];
    expect(listed.map((b) => b['ewbNo'])).toEqual([made['ewayBillNo']]);
    expect(listed[0]).toMatchObject({ status: 'ACT', docNo: 'DAY/1', delPinCode: 560066, rejectStatus: 'N' });
    const slip = ok(await generate('DAY/2', { transMode: '', vehicleNo: '', transporterId: TRANSPORTER_GSTIN }));
    const ofOthers = ok(await client.get(buyer, '/ewayapi/GetEwayBillsofOtherParty?date=02/12/2026')) as unknown as { ewbNo: unknown }[];
    expect(ofOthers.map((b) => b.ewbNo)).toEqual([made['ewayBillNo'], slip['ewayBillNo']]);
    expect(ok(await client.get(buyer, '/ewayapi/GetEwayBillsofOtherParty?date=01/12/2026'))).toEqual([]);
    const assigned = ok(await client.get(transporter, '/ewayapi/GetEwayBillsForTransporter?date=02/12/2026')) as unknown as {
      ewbNo: unknown;
    }[];
    expect(assigned.map((b) => b.ewbNo)).toEqual([slip['ewayBillNo']]);
    const found = ok(await client.get(buyer, '/ewayapi/GetEwayBillGeneratedByConsigner?docType=INV&docNo=day/1'));
    expect(found['ewbNo']).toBe(made['ewayBillNo']);
    const errors = ok(await client.get(seller, '/Master/GetErrorList')) as unknown as { errorCode: string; errorDesc: string }[];
    expect(errors).toContainEqual({ errorCode: '315', errorDesc: 'Validity period lapsed, you cannot cancel this eway bill' });
    expect((await client.act(seller, 'NOSUCH', {})).codes).toEqual(['239']);
  });
});
