// The server's e-way bill client against the e-way bill sandbox mounted in a server on each engine (through inject
// with the sandbox gate's secret, its clock moved by the testing path) and standalone over HTTP: every action, NIC's
// refusals as EwbError in the product's shape (codes, fields, NIC's texts), and the product statuses read back.
import { PGlite } from '@electric-sql/pglite';
import { ewbSandbox, sandboxSqlOfPglite } from '@opengst/portal-sandbox';
import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUYER_KA_GSTIN, SELLER_KA_GSTIN, TRANSPORTER_GSTIN } from '../../../../../packages/domain/src/einvoice/fixtures/einvoice-cases';
import type { EwaybillJson } from '@opengst/domain';
import type { AppContext } from '../../platform/context';
import { ENGINES } from '../../test-support/harness';
import { createSandboxGate } from '../index';
import {
  createConfiguredEwbClient,
  EWB_API_PATH,
  EWB_STATUS_AFTER,
  EwbError,
  ewbInstant,
  ewbStatusOf,
  ewbValidUntil,
  type Ewb,
} from './ewb-client';
import { SANDBOX_GATE_HEADER } from '../sandbox-mount';
import { EWB_SANDBOX_CLOCK_PATH, EWB_SANDBOX_PREFIX, mountEwbSandbox } from './mount';

const NOW = new Date('2026-11-25T10:00:00+05:30');
/** NIC's v1.03 request for an intra-State road movement of 18 km (the domain's golden GENEWAYBILL). */
const BASE = JSON.parse(
  readFileSync(new URL('../../../../../packages/domain/src/ewaybill/fixtures/b2b-intra-road.json', import.meta.url), 'utf8'),
) as EwaybillJson;
const request = (docNo: string, change: Partial<EwaybillJson> = {}): EwaybillJson => ({ ...BASE, docNo, ...change });
const refusalOf = async (work: Promise<unknown>): Promise<EwbError> => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EwbError);
  return error as EwbError;
};

/** The flow every transport runs: generate, Part B, transporter, consolidate two, cancel, reject, and refusals. */
const flow = async (ewb: Ewb, move: (at: Date) => Promise<void>) => {
  const user = { userName: 'opengst_ewb', password: 'Sandbox@123' };
  const signIn = async () => ({
    seller: await ewb.authenticate(SELLER_KA_GSTIN, user.userName, user.password),
    buyer: await ewb.authenticate(BUYER_KA_GSTIN, user.userName, user.password),
    transporter: await ewb.authenticate(TRANSPORTER_GSTIN, user.userName, user.password),
  });
  let { seller, buyer, transporter } = await signIn();
  const wrong = await refusalOf(ewb.authenticate(SELLER_KA_GSTIN, user.userName, 'Wrong@123'));
  expect(wrong.problems).toEqual([{ code: '108', field: '', message: 'Invalid login credentials.' }]);

  const made = await ewb.generate(seller, request('CL/1'));
  expect(String(made.ewayBillNo)).toMatch(/^\d{12}$/);
  expect(made).toMatchObject({ ewayBillDate: '25/11/2026 10:00:00 AM', validUpto: '26/11/2026 11:59:00 PM' });
  expect(ewbValidUntil(made.validUpto)?.toISOString()).toBe(new Date('2026-11-26T23:59:59+05:30').toISOString());
  expect(ewbStatusOf(await ewb.byNumber(seller, made.ewayBillNo), NOW)).toBe(EWB_STATUS_AFTER.GENEWAYBILL);

  // NIC's codes, each with its text from NIC's list and the field it is about.
  const duplicate = await refusalOf(ewb.generate(seller, request('CL/1')));
  expect(duplicate.problems).toEqual([
    {
      code: '604',
      field: '',
      message: 'E-way bill(s) are already generated for the same document number, you cannot generate again on same document number',
    },
  ]);
  const old = await refusalOf(ewb.generate(seller, request('CL/OLD', { docDate: '28/05/2026', vehicleNo: 'K1' })));
  expect(old.problems.map((p) => [p.code, p.field])).toEqual([
    ['820', 'docDate'],
    ['225', 'vehicleNo'],
  ]);
  expect(old.message).toBe(
    '820: You cannot generate e-Waybill with document date earlier than 180 days; 225: Invalid Vehicle Number Format',
  );

  // A Part-A slip for the transporter, who enters Part B the next day: the validity starts then. The first one is
  // handed to the same transporter.
  const slip = await ewb.generate(
    seller,
    request('CL/2', { transMode: undefined, vehicleNo: undefined, transporterId: TRANSPORTER_GSTIN }),
  );
  expect(slip.validUpto).toBeNull();
  const handed = await ewb.updateTransporter(seller, made.ewayBillNo, TRANSPORTER_GSTIN);
  expect(handed).toEqual({ ewayBillNo: made.ewayBillNo, transporterId: TRANSPORTER_GSTIN, transUpdateDate: '25/11/2026 10:00:00 AM' });
  await move(new Date(NOW.getTime() + 86_400_000));
  ({ seller, buyer, transporter } = await signIn());
  const partB = await ewb.updateVehicle(transporter, {
    ewbNo: slip.ewayBillNo,
    vehicleNo: 'KA01AB1234',
    fromPlace: 'Bengaluru',
    fromState: 29,
    reasonCode: '4',
    reasonRem: 'First time',
    transMode: '1',
  });
  expect(partB).toEqual({ vehUpdDate: '26/11/2026 10:00:00 AM', validUpto: '27/11/2026 11:59:00 PM' });

  // A consolidated e-way bill (trip sheet) of the two by their transporter, then regenerated with another vehicle.
  const consolidation = {
    fromPlace: 'Bengaluru',
    fromState: 29,
    vehicleNo: 'KA12AB9999',
    transMode: '1' as const,
    tripSheetEwbBills: [{ ewbNo: made.ewayBillNo }, { ewbNo: slip.ewayBillNo }],
  };
  expect((await refusalOf(ewb.consolidate(buyer, consolidation))).problems).toEqual([
    { code: '650', field: '', message: 'You are not assigned to generate consolidated ewaybill' },
  ]);
  const trip = await ewb.consolidate(transporter, consolidation);
  expect(String(trip.cEwbNo)).toMatch(/^\d{10}$/);
  expect((await ewb.tripSheet(transporter, trip.cEwbNo)).tripSheetEwbBills.map((b) => b.ewbNo)).toEqual([made.ewayBillNo, slip.ewayBillNo]);
  const again = await ewb.regenerateTripSheet(transporter, {
    tripSheetNo: trip.cEwbNo,
    vehicleNo: 'KA12AB8888',
    fromPlace: 'Tumakuru',
    fromState: 29,
    transMode: '1',
    reasonCode: '1',
    reasonRem: 'Breakdown',
  });
  expect(again.cEwbNo).not.toBe(trip.cEwbNo);
  const carried = await ewb.byNumber(transporter, slip.ewayBillNo);
  expect(carried.VehiclListDetails[0]).toMatchObject({ vehicleNo: 'KA12AB8888', tripshtNo: again.cEwbNo, updMode: 'CEWB' });
  expect(ewbStatusOf(carried, ewbInstant(partB.vehUpdDate)!)).toBe(EWB_STATUS_AFTER.GENCEWB);

  const rejected = await ewb.reject(buyer, made.ewayBillNo);
  expect(rejected.ewbRejectedDate).toBe('26/11/2026 10:00:00 AM');
  expect(ewbStatusOf(await ewb.byNumber(seller, made.ewayBillNo), NOW)).toBe('Rejected');

  // Cancel inside 24 hours of generation only.
  const fresh = await ewb.generate(seller, request('CL/3'));
  await move(new Date(NOW.getTime() + 2 * 86_400_000 + 60_000));
  ({ seller, buyer, transporter } = await signIn());
  expect((await refusalOf(ewb.cancel(seller, fresh.ewayBillNo, 2, 'Order cancelled'))).problems).toEqual([
    { code: '315', field: '', message: 'Validity period lapsed, you cannot cancel this eway bill' },
  ]);
  const late = await ewb.generate(seller, request('CL/4'));
  expect(await ewb.cancel(seller, late.ewayBillNo, 3, 'Data entry mistake')).toEqual({
    ewayBillNo: late.ewayBillNo,
    cancelDate: '27/11/2026 10:01:00 AM',
  });
  expect(ewbStatusOf(await ewb.byNumber(seller, late.ewayBillNo), NOW)).toBe('Cancelled');
  expect((await ewb.byDate(seller, '27/11/2026')).map((b) => [b.ewbNo, b.status])).toEqual([[late.ewayBillNo, 'CNL']]);
  expect((await ewb.byConsigner(seller, 'INV', 'CL/3')).ewbNo).toBe(fresh.ewayBillNo);
  expect((await ewb.ofOtherParty(buyer, '25/11/2026')).map((b) => b.ewbNo)).toEqual([made.ewayBillNo, slip.ewayBillNo]);
  expect((await ewb.forTransporter(transporter, '25/11/2026')).map((b) => b.ewbNo)).toEqual([made.ewayBillNo, slip.ewayBillNo]);
  // Its 18 km ran out at the end of the day after its generation.
  const freshNow = await ewb.byNumber(seller, fresh.ewayBillNo);
  expect(ewbStatusOf(freshNow, new Date('2026-11-27T23:59:59+05:30'))).toBe('Generated');
  expect(ewbStatusOf(freshNow, new Date('2026-11-28T00:00:00+05:30'))).toBe('Expired');
};

const startEngine = async (engine: 'pglite' | 'postgres') => {
  if (engine === 'pglite') {
    const pg = new PGlite();
    await pg.waitReady;
    return { client: pg as PGlite | postgres.Sql, close: () => pg.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const name = `ewb_client_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = postgres(url.toString(), { max: 3, onnotice: () => {} });
  return {
    client: client as PGlite | postgres.Sql,
    close: async () => {
      await client.end({ timeout: 5 });
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end({ timeout: 5 });
    },
  };
};

describe.each(ENGINES)('the e-way bill client against the sandbox mounted on %s', (engine) => {
  let app: FastifyInstance;
  let closeDb: () => Promise<void>;
  const gate = createSandboxGate();
  beforeAll(async () => {
    const db = await startEngine(engine);
    closeDb = db.close;
    app = Fastify({ logger: false });
    const ctx = {
      config: { ewb: {}, gstPortal: { sandboxClockControl: true } },
      database: { db: { $client: db.client } },
      now: () => NOW,
    } as unknown as AppContext;
    await mountEwbSandbox(app, ctx, gate);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await closeDb();
  });

  it('runs every action through the gate, on the clock the testing path moves', async () => {
    const ewb = createConfiguredEwbClient({}, () => app, gate);
    expect(ewb.isSandbox).toBe(true);
    const move = async (at: Date) => {
      const moved = await app.inject({ method: 'POST', url: EWB_SANDBOX_CLOCK_PATH, payload: { at: at.toISOString() } });
      expect(moved.json()).toEqual({ now: at.toISOString() });
    };
    await flow(ewb, move);
  });

  it('is "not found" without the gate’s secret', async () => {
    const outsider = createConfiguredEwbClient({}, () => app, createSandboxGate());
    await expect(outsider.authenticate(SELLER_KA_GSTIN, 'opengst_ewb', 'Sandbox@123')).rejects.toThrow(
      /public key could not be fetched \(HTTP 404\)/,
    );
    const answer = await app.inject({
      method: 'POST',
      url: `${EWB_SANDBOX_PREFIX}${EWB_API_PATH}/ewayapi/`,
      headers: { [SANDBOX_GATE_HEADER]: 'guessed' },
      payload: {},
    });
    expect(answer.statusCode).toBe(404);
  });
});

describe('the e-way bill client against a standalone sandbox over HTTP', () => {
  let app: FastifyInstance;
  let pg: PGlite;
  let url: string;
  const clock = { at: NOW };
  beforeAll(async () => {
    pg = new PGlite();
    await pg.waitReady;
    app = Fastify({ logger: false });
    await app.register(ewbSandbox, { prefix: '/ewb-sandbox', sql: sandboxSqlOfPglite(pg), now: () => clock.at });
    url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/ewb-sandbox${EWB_API_PATH}`;
  });
  afterAll(async () => {
    await app.close();
    await pg.close();
  });

  it('runs the same flow with EWB_URL set, its public key fetched beside the API', async () => {
    const ewb = createConfiguredEwbClient({ url, clientId: 'gsp-client', clientSecret: 'gsp-secret' }, () => app, createSandboxGate());
    expect(ewb.isSandbox).toBe(false);
    await flow(ewb, async (at) => {
      clock.at = at;
    });
  });

  it('refuses to start with EWB_URL but without the GSP credentials', () => {
    expect(() => createConfiguredEwbClient({ url }, () => app, createSandboxGate())).toThrow(
      'EWB_URL needs EWB_CLIENT_ID and EWB_CLIENT_SECRET',
    );
  });
});
