// The project's e-way bill sandbox: a Fastify plugin answering the NIC e-way bill API v1.03 (README.md "E-way bill
// sandbox") beside the GST portal and IRP sandboxes, with its own ewb_* tables in the sandbox's schema. Mounted by the
// server under /ewb-sandbox; its date is the `now` it is given, so tests move it.
import { ewaybillValidityDays } from '@opengst/domain';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { generateKeyPair } from '../crypto';
import type { SandboxSql } from '../sql';
import { ewbAuthRoutes, ewbSessionOf, openData, sealAction, sealGet, type EwbSession } from './auth';
import { BILL_ACTIONS, findBill, otherPartyOf, payloadOf, text, validUntilOf, type BillRow, type Json } from './bills';
import { isoOfNicDate, nicStamp, type EwbSandbox } from './context';
import { EWB_ERRORS, ewbFault, EwbFault } from './faults';
import { ewbNosOf, findTripSheet, MOVEMENT_ACTIONS } from './movement';
import { loadOrCreateEwbKeys, migrateEwbSandbox, type EwbKeyRow } from './store';

export type EwbSandboxOptions = {
  sql: SandboxSql;
  now: () => Date;
  /** Test controls: an officer's verification of an e-way bill in movement (POST /testing/verify). Never for users. */
  testingRoutes?: boolean | undefined;
};

/** The API's version path: <URL> of NIC's pages is https://<host>/ewaybillapi/v1.03. */
export const EWB_API_BASE = '/ewaybillapi/v1.03';
/** Where the sandbox publishes the public key of its authentication (NIC hands its key out through its portal). */
export const EWB_PUBLIC_KEY_PATH = '/keys/public-key';

const ACTIONS = { ...BILL_ACTIONS, ...MOVEMENT_ACTIONS };

/** The e-way bill as GetEwayBill answers it: Part A as generated, its status and validity, and its vehicles' history. */
const detailsOf = async (sandbox: EwbSandbox, bill: BillRow) => {
  const vehicles = await sandbox.sql.query<{
    upd_mode: string;
    vehicle_no: string | null;
    from_place: string | null;
    from_state: number | null;
    trip_sheet_no: string | null;
    user_gstin: string;
    entered_at: Date | string;
    trans_mode: string;
    trans_doc_no: string | null;
    trans_doc_date: string | null;
    group_no: number | null;
  }>(
    `SELECT upd_mode, vehicle_no, from_place, from_state, trip_sheet_no, user_gstin, entered_at, trans_mode, trans_doc_no,
       trans_doc_date, group_no FROM portal_sandbox.ewb_vehicles WHERE ewb_no = $1 ORDER BY id DESC`,
    [bill.ewb_no],
  );
  const validUntil = validUntilOf(bill);
  const payload = payloadOf(bill);
  return {
    ...payload,
    ewbNo: Number(bill.ewb_no),
    ewayBillDate: nicStamp(new Date(bill.generated_at)),
    genMode: 'API',
    userGstin: bill.gstin,
    transporterId: bill.transporter_id ?? '',
    transporterName: bill.transporter_name ?? '',
    status: bill.status,
    actualDist: bill.distance_km,
    // Days of validity for the distance (Rule 138(10)); 0 for a Part-A slip.
    noValidDays: validUntil === null ? 0 : ewaybillValidityDays(bill.distance_km, bill.vehicle_type === 'O'),
    validUpto: validUntil === null ? null : nicStamp(validUntil),
    extendedTimes: Number(bill.extended_times),
    rejectStatus: bill.rejected_at === null ? 'N' : 'Y',
    vehicleType: bill.vehicle_type,
    VehiclListDetails: vehicles.map((v) => ({
      updMode: v.upd_mode,
      vehicleNo: v.vehicle_no ?? '',
      fromPlace: v.from_place ?? '',
      fromState: v.from_state ?? 0,
      tripshtNo: v.trip_sheet_no === null ? 0 : Number(v.trip_sheet_no),
      userGSTINTransin: v.user_gstin,
      enteredDate: nicStamp(new Date(v.entered_at)),
      transMode: v.trans_mode,
      transDocNo: v.trans_doc_no ?? '',
      transDocDate: v.trans_doc_date ?? '',
      groupNo: String(v.group_no ?? 0),
    })),
  };
};

/** Whom an e-way bill concerns: its generator, supplier, recipient and transporter may read it. */
const concerns = (bill: BillRow, gstin: string): boolean =>
  [bill.gstin, bill.from_gstin, bill.to_gstin, bill.transporter_id].includes(gstin) || otherPartyOf(bill) === gstin;

const listEntry = (bill: BillRow) => {
  const payload = payloadOf(bill);
  const validUntil = validUntilOf(bill);
  return {
    ewbNo: Number(bill.ewb_no),
    ewbDate: nicStamp(new Date(bill.generated_at)),
    status: bill.status,
    genGstin: bill.gstin,
    docNo: bill.doc_no,
    docDate: bill.doc_date,
    delPinCode: payload['toPincode'] ?? null,
    delStateCode: payload['actToStateCode'] ?? null,
    delPlace: payload['toPlace'] ?? '',
    validUpto: validUntil === null ? null : nicStamp(validUntil),
    extendedTimes: Number(bill.extended_times),
    rejectStatus: bill.rejected_at === null ? 'N' : 'Y',
  };
};

const once = <T>(make: () => Promise<T>): (() => Promise<T>) => {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= make().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
};

export const ewbSandbox = async (app: FastifyInstance, options: EwbSandboxOptions): Promise<void> => {
  await migrateEwbSandbox(options.sql);
  const sandbox: EwbSandbox = {
    sql: options.sql,
    now: options.now,
    authKeys: once((): Promise<EwbKeyRow> => loadOrCreateEwbKeys(options.sql, generateKeyPair, options.now())),
  };

  // The API is public (its own authtoken guards it): the server's access table must see that declared.
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), access: { public: true } } as typeof route.config;
    route.schema = { ...(route.schema ?? {}), hide: true } as typeof route.schema;
  });

  app.setErrorHandler((error: FastifyError | EwbFault, request, reply) => {
    if (error instanceof EwbFault)
      return reply.status(200).send({
        status: '0',
        error: { errorCodes: error.codes.join(',') },
        ...(error.info === null ? {} : { info: error.info }),
      });
    const status = 'statusCode' in error && typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'e-way bill sandbox failure');
    return reply.status(status).send({ status: '0', error: { errorCodes: status === 500 ? '240' : '100' } });
  });

  const base = EWB_API_BASE;
  app.get(EWB_PUBLIC_KEY_PATH, async (_request, reply) => reply.type('application/x-pem-file').send((await sandbox.authKeys()).public_pem));
  ewbAuthRoutes(app, sandbox, base);

  const act = async (request: { body: unknown }, session: EwbSession) => {
    const body = (request.body ?? {}) as Json;
    const action = ACTIONS[text(body['action']).toUpperCase()];
    if (!action) throw ewbFault('239');
    return sealAction(session, await action(sandbox, session, openData(session, body['data'] ?? body['Data']) as Json));
  };
  for (const path of [`${base}/ewayapi`, `${base}/ewayapi/`])
    app.post(path, async (request) => act(request, await ewbSessionOf(sandbox, request)));

  const query = (request: { query: unknown }): Record<string, string> =>
    Object.fromEntries(Object.entries((request.query ?? {}) as Record<string, unknown>).map(([k, v]) => [k.toLowerCase(), text(v)]));

  app.get(`${base}/ewayapi/GetEwayBill`, async (request) => {
    const session = await ewbSessionOf(sandbox, request);
    const ewbNo = query(request)['ewbno'] ?? '';
    if (!/^\d{12}$/.test(ewbNo)) throw ewbFault('301');
    const bill = await findBill(sandbox.sql, ewbNo);
    if (!bill || !concerns(bill, session.gstin)) throw ewbFault('325');
    return sealGet(session, await detailsOf(sandbox, bill));
  });

  // The e-way bills the user generated on a day (date dd/mm/yyyy, India's calendar).
  app.get(`${base}/ewayapi/GetEwayBillsByDate`, async (request) => {
    const session = await ewbSessionOf(sandbox, request);
    const day = isoOfNicDate(query(request)['date']);
    if (day === null) throw ewbFault('325');
    const from = new Date(`${day}T00:00:00+05:30`);
    const bills = await sandbox.sql.query<BillRow>(
      `SELECT * FROM portal_sandbox.ewb_bills WHERE gstin = $1 AND generated_at >= $2 AND generated_at < $3 ORDER BY ewb_no`,
      [session.gstin, from.toISOString(), new Date(from.getTime() + 86_400_000).toISOString()],
    );
    return sealGet(session, bills.map(listEntry));
  });

  // The e-way bills others generated naming the user as the other party, on a day (GetEwayBillsofOtherParty), and those
  // assigned to the user as transporter (GetEwayBillsForTransporter), by their generation date.
  const byDay = (where: string) => async (request: FastifyRequest) => {
    const session = await ewbSessionOf(sandbox, request);
    const day = isoOfNicDate(query(request)['date']);
    if (day === null) throw ewbFault('325');
    const from = new Date(`${day}T00:00:00+05:30`);
    const bills = await sandbox.sql.query<BillRow>(
      `SELECT * FROM portal_sandbox.ewb_bills WHERE ${where} AND gstin <> $1 AND generated_at >= $2 AND generated_at < $3 ORDER BY ewb_no`,
      [session.gstin, from.toISOString(), new Date(from.getTime() + 86_400_000).toISOString()],
    );
    return sealGet(session, bills.map(listEntry));
  };
  app.get(`${base}/ewayapi/GetEwayBillsofOtherParty`, byDay("(CASE WHEN supply_type = 'O' THEN to_gstin ELSE from_gstin END) = $1"));
  app.get(`${base}/ewayapi/GetEwayBillsForTransporter`, byDay('transporter_id = $1'));

  // The e-way bill of a document: the consignor's own, or one that names the user as the other party or transporter.
  app.get(`${base}/ewayapi/GetEwayBillGeneratedByConsigner`, async (request) => {
    const session = await ewbSessionOf(sandbox, request);
    const q = query(request);
    const bills = await sandbox.sql.query<BillRow>(
      `SELECT * FROM portal_sandbox.ewb_bills WHERE doc_type = $1 AND upper(doc_no) = upper($2) ORDER BY generated_at DESC`,
      [q['doctype'] ?? '', q['docno'] ?? ''],
    );
    const bill = bills.find((b) => b.status === 'ACT' && concerns(b, session.gstin)) ?? bills.find((b) => concerns(b, session.gstin));
    if (!bill) throw ewbFault('325');
    return sealGet(session, await detailsOf(sandbox, bill));
  });

  app.get(`${base}/ewayapi/GetTripSheet`, async (request) => {
    const session = await ewbSessionOf(sandbox, request);
    const sheet = await findTripSheet(sandbox, query(request)['tripsheetno'] ?? '');
    if (!sheet || sheet.gstin !== session.gstin) throw ewbFault('387');
    const bills = [];
    for (const ewbNo of ewbNosOf(sheet)) {
      const bill = await findBill(sandbox.sql, ewbNo);
      if (bill) bills.push(listEntry(bill));
    }
    return sealGet(session, {
      tripSheetNo: Number(sheet.trip_sheet_no),
      tripSheetStatus: sheet.status,
      regeneratedAs: sheet.regenerated_as === null ? null : Number(sheet.regenerated_as),
      userGstin: sheet.gstin,
      enteredDate: nicStamp(new Date(sheet.created_at)),
      fromPlace: sheet.from_place,
      fromState: Number(sheet.from_state),
      vehicleNo: sheet.vehicle_no ?? '',
      transMode: sheet.trans_mode,
      transDocNo: sheet.trans_doc_no ?? '',
      transDocDate: sheet.trans_doc_date ?? '',
      tripSheetEwbBills: bills,
    });
  });

  // A test's control (testingRoutes): an officer verifies an e-way bill in movement (Form EWB-03's Part A), body {ewbNo}.
  if (options.testingRoutes === true)
    app.post('/testing/verify', async (request) => {
      const ewbNo = text(((request.body ?? {}) as Json)['ewbNo']);
      const [done] = await sandbox.sql.query<{ ewb_no: string }>(
        "UPDATE portal_sandbox.ewb_bills SET verified_at = $2 WHERE ewb_no = $1 AND status = 'ACT' RETURNING ewb_no",
        [ewbNo, sandbox.now().toISOString()],
      );
      if (!done) throw ewbFault('301');
      return { ewbNo: Number(done.ewb_no), verifiedAt: nicStamp(sandbox.now()) };
    });

  app.get(`${base}/Master/GetErrorList`, async (request) => {
    const session = await ewbSessionOf(sandbox, request);
    return sealGet(
      session,
      Object.entries(EWB_ERRORS).map(([errorCode, errorDesc]) => ({ errorCode, errorDesc })),
    );
  });
};
