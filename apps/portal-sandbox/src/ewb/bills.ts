// The e-way bill's actions (docs.ewaybillgst.gov.in/apidocs/version1.03): POST <URL>/ewayapi/ {action, data} with
// GENEWAYBILL, VEHEWB, UPDATETRANSPORTER, EXTENDVALIDITY, CANEWB and REJEWB, each checked as the e-way bill system
// checks it (its validations and error codes, ./faults.ts) on the sandbox's clock. The rules of the law come from the
// domain (packages/domain/src/ewaybill/validity.ts): validity by Rule 138(10), the extension window, the 360-day cap
// and the 180-day document age (GSTN advisory of 10 December 2024).
import {
  checkEwaybillExtension,
  cappedValidity,
  ewaybillValidUntil,
  isDocumentTooOldForEwaybill,
  isEwaybillVehicleNumber,
  isPlaceOfSupplyNumber,
  normalizeVehicleNumber,
  validateGstin,
  EWB_MAX_DISTANCE_KM,
  EWB_SAME_PIN_MAX_KM,
} from '@opengst/domain';
import type { SandboxSql } from '../sql';
import type { EwbSession } from './auth';
import { istStamp } from '../irp/context';
import { isoOfNicDate, nicDate, nicStamp, type EwbSandbox } from './context';
import { ewbFault, EwbFault, type EwbErrorCode } from './faults';

export type Json = Record<string, unknown>;

export const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
/** A whole number given as a number or as digits; null otherwise. */
export const whole = (v: unknown): number | null => {
  const t = text(v);
  return /^\d{1,12}$/.test(t) ? Number(t) : null;
};
const paiseOf = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? Math.round(n * 100) : null;
};

const HOUR_MS = 3_600_000;
/** Rule 138(9): cancellation within 24 hours of generation. */
export const EWB_CANCEL_HOURS = 24;
/** Rule 138(12): the other party may reject within 72 hours of the details being made available to it. */
export const EWB_REJECT_HOURS = 72;

const DOC_NO = /^[a-zA-Z0-9/-]{1,16}$/;
const TRANS_DOC_NO = /^[a-zA-Z0-9/-]{1,15}$/;
const TRANSPORTER_ID = /^[0-9]{2}[0-9A-Z]{13}$/;
const EWB_NO = /^\d{12}$/;
const DOC_TYPES = new Set(['INV', 'BIL', 'BOE', 'CHL', 'OTH']);
/** transMode of generation and Part B: 1 Road, 2 Rail, 3 Air, 4 Ship; 5 In Transit only when extending. */
const MODES = new Set(['1', '2', '3', '4']);
const VEHICLE_REASONS = new Set(['1', '2', '3', '4']);
const CANCEL_REASONS = new Set(['1', '2', '3', '4']);
const EXTEND_REASONS = new Set(['1', '2', '4', '5', '99']);
const REMARKS_MAX = 50;

export type BillRow = {
  ewb_no: string;
  gstin: string;
  supply_type: string;
  doc_type: string;
  doc_no: string;
  doc_date: string;
  from_gstin: string;
  to_gstin: string;
  generated_at: Date | string;
  valid_until: Date | string | null;
  distance_km: number;
  vehicle_type: string;
  transporter_id: string | null;
  transporter_name: string | null;
  transporter_part_b: boolean;
  status: 'ACT' | 'CNL';
  cancelled_at: Date | string | null;
  rejected_at: Date | string | null;
  rejected_by: string | null;
  extended_times: number;
  multi_vehicle: boolean;
  verified_at: Date | string | null;
  payload: Json | string;
};

export const BILL_COLUMNS = `ewb_no, gstin, supply_type, doc_type, doc_no, doc_date, from_gstin, to_gstin, generated_at, valid_until,
  distance_km, vehicle_type, transporter_id, transporter_name, transporter_part_b, status, cancelled_at, rejected_at, rejected_by,
  extended_times, multi_vehicle, verified_at, payload`;

export const findBill = async (sql: SandboxSql, ewbNo: string): Promise<BillRow | undefined> =>
  (await sql.query<BillRow>(`SELECT ${BILL_COLUMNS} FROM portal_sandbox.ewb_bills WHERE ewb_no = $1`, [ewbNo]))[0];

export const payloadOf = (bill: BillRow): Json => (typeof bill.payload === 'string' ? (JSON.parse(bill.payload) as Json) : bill.payload);

/** The bill an action names: a 12-digit number (301) of an e-way bill that exists and is not cancelled (312). */
export const activeBill = async (sql: SandboxSql, ewbNo: unknown, cancelled: EwbErrorCode = '312'): Promise<BillRow> => {
  const number = text(ewbNo);
  if (!EWB_NO.test(number)) throw ewbFault('301');
  const bill = await findBill(sql, number);
  if (!bill) throw ewbFault('312');
  if (bill.status !== 'ACT') throw ewbFault(cancelled);
  return bill;
};

export const validUntilOf = (bill: BillRow): Date | null => (bill.valid_until === null ? null : new Date(bill.valid_until));
export const expired = (bill: BillRow, now: Date): boolean => {
  const until = validUntilOf(bill);
  return until !== null && now.getTime() > until.getTime();
};

/**
 * Who may enter Part B (and move the goods in several vehicles, or consolidate): the transporter assigned, or the
 * generator until that transporter has entered Part B itself (635 / 645 / 649 after; 636 / 646 / 650 for anyone else).
 */
export const checkTransportRight = (bill: BillRow, gstin: string, afterTransporter: EwbErrorCode, notAssigned: EwbErrorCode): void => {
  if (bill.transporter_id === gstin) return;
  if (bill.gstin !== gstin) throw ewbFault(notAssigned);
  if (bill.transporter_id && bill.transporter_part_b) throw ewbFault(afterTransporter);
};

/** A vehicle number as NIC's formats take it (225 at generation, 304 on updates), normalized. */
export const vehicleOf = (value: unknown, invalid: EwbErrorCode): string => {
  const v = normalizeVehicleNumber(text(value));
  if (!isEwaybillVehicleNumber(v)) throw ewbFault(invalid);
  return v;
};

export const stateOf = (value: unknown, invalid: EwbErrorCode, allowOtherCountry = false): number => {
  const n = whole(value);
  if (n === null || !(isPlaceOfSupplyNumber(n) || (allowOtherCountry && n === 99))) throw ewbFault(invalid);
  return n;
};

export type PartB = { transMode: string; vehicleNo: string | null; transDocNo: string | null; transDocDate: string | null };

/** Part B of an update: road needs a vehicle (303 / 304), rail, air and ship a transport document (385). */
export const partBOf = (data: Json): PartB => {
  const transMode = text(data['transMode']);
  if (!MODES.has(transMode)) throw ewbFault('302');
  const transDocNo = text(data['transDocNo']) || null;
  const transDocDate = text(data['transDocDate']) || null;
  if (transDocNo !== null && !TRANS_DOC_NO.test(transDocNo)) throw ewbFault('223');
  if (transDocDate !== null && isoOfNicDate(transDocDate) === null) throw ewbFault('224');
  if (transMode === '1') {
    if (text(data['vehicleNo']) === '') throw ewbFault('303');
    return { transMode, vehicleNo: vehicleOf(data['vehicleNo'], '304'), transDocNo, transDocDate };
  }
  if (transDocNo === null || transDocDate === null) throw ewbFault('385');
  const vehicle = text(data['vehicleNo']);
  return { transMode, vehicleNo: vehicle === '' ? null : vehicleOf(vehicle, '304'), transDocNo, transDocDate };
};

export const reasonOf = (data: Json, codes: ReadonlySet<string>, codeKey: string, remarkKey: string): { code: string; remarks: string } => {
  const code = text(data[codeKey]);
  const remarks = text(data[remarkKey]);
  if (!codes.has(code)) throw ewbFault('307');
  if (remarks === '' || remarks.length > REMARKS_MAX) throw ewbFault('308');
  return { code, remarks };
};

export const VEHICLE_REASON_CODES = VEHICLE_REASONS;

type VehicleEntry = PartB & {
  ewbNo: string;
  updMode: string;
  fromPlace: string;
  fromState: number;
  userGstin: string;
  at: Date;
  tripSheetNo?: string | null;
  groupNo?: number | null;
  quantity?: number | null;
  reasonCode?: string | null;
  reasonRem?: string | null;
};

export const insertVehicle = async (sql: SandboxSql, v: VehicleEntry): Promise<void> => {
  await sql.query(
    `INSERT INTO portal_sandbox.ewb_vehicles (ewb_no, upd_mode, vehicle_no, trans_doc_no, trans_doc_date, trans_mode, from_place,
       from_state, user_gstin, entered_at, trip_sheet_no, group_no, quantity, reason_code, reason_rem)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [
      v.ewbNo,
      v.updMode,
      v.vehicleNo,
      v.transDocNo,
      v.transDocDate,
      v.transMode,
      v.fromPlace,
      v.fromState,
      v.userGstin,
      v.at.toISOString(),
      v.tripSheetNo ?? null,
      v.groupNo ?? null,
      v.quantity ?? null,
      v.reasonCode ?? null,
      v.reasonRem ?? null,
    ],
  );
};

/**
 * Part B entered for the first time starts the validity (Rule 138(10): counted from the first entry of Part B when
 * it comes after Part A); a later Part B keeps it.
 */
export const validityAfterPartB = (bill: BillRow, at: Date): Date =>
  validUntilOf(bill) ??
  ewaybillValidUntil({ generatedAt: at, distanceKm: bill.distance_km, isOverDimensionalCargo: bill.vehicle_type === 'O' });

/**
 * The e-way bill of an e-invoiced document as the IRP shows it (EwbNo, EwbDt, EwbValidTill of its get by IRN; an IRN
 * with an active e-way bill is not cancelled, 2230): recorded on the IRP sandbox's IRN of the same seller, document
 * number and date when that sandbox shares the database. `ewb` null clears it (the e-way bill cancelled).
 */
export const recordOnIrn = async (
  sql: SandboxSql,
  target: { gstin: string; docNo: string; docDate: string } | { ewbNo: string },
  ewb: { ewbNo: string; at: Date; validUntil: Date | null } | null,
): Promise<void> => {
  const [present] = await sql.query<{ present: boolean }>("SELECT to_regclass('portal_sandbox.irp_invoices') IS NOT NULL AS present");
  if (!present?.present) return;
  const values =
    ewb === null ? [null, null, null] : [ewb.ewbNo, istStamp(ewb.at), ewb.validUntil === null ? null : istStamp(ewb.validUntil)];
  if ('ewbNo' in target)
    await sql.query('UPDATE portal_sandbox.irp_invoices SET ewb_no = $1, ewb_date = $2, ewb_valid_till = $3 WHERE ewb_no = $4', [
      ...values,
      target.ewbNo,
    ]);
  else
    await sql.query(
      `UPDATE portal_sandbox.irp_invoices SET ewb_no = $1, ewb_date = $2, ewb_valid_till = $3
       WHERE gstin = $4 AND doc_type = 'INV' AND upper(doc_no) = upper($5) AND doc_date = $6 AND status = 'ACT'`,
      [...values, target.gstin, target.docNo, target.docDate],
    );
};

export const markPartB = async (sql: SandboxSql, bill: BillRow, gstin: string, validUntil: Date): Promise<void> => {
  await sql.query(`UPDATE portal_sandbox.ewb_bills SET valid_until = $2, transporter_part_b = transporter_part_b OR $3 WHERE ewb_no = $1`, [
    bill.ewb_no,
    validUntil.toISOString(),
    bill.transporter_id === gstin,
  ]);
  await recordOnIrn(sql, { ewbNo: bill.ewb_no }, { ewbNo: bill.ewb_no, at: new Date(bill.generated_at), validUntil });
};

// GENEWAYBILL --------------------------------------------------------------------------------------------------

const gstinOrUrp = (value: unknown, invalid: EwbErrorCode, codes: EwbErrorCode[]): string => {
  const g = text(value).toUpperCase();
  if (g === 'URP') return g;
  const checked = validateGstin(g);
  if (!checked.ok) codes.push(invalid);
  return checked.ok ? checked.gstin : g;
};

const pinOf = (value: unknown): number | null => {
  const n = whole(value);
  return n !== null && n >= 100000 && n <= 999999 ? n : null;
};

const generate = async (sandbox: EwbSandbox, session: EwbSession, data: Json) => {
  const now = sandbox.now();
  // NIC answers every failed check of a request at once (errorCodes "201,202,...").
  const codes: EwbErrorCode[] = [];
  const fail = (code: EwbErrorCode): void => {
    if (!codes.includes(code)) codes.push(code);
  };
  const supplyType = text(data['supplyType']);
  if (supplyType !== 'O' && supplyType !== 'I') fail('201');
  const subSupplyType = whole(data['subSupplyType']);
  if (subSupplyType === null || subSupplyType < 1 || subSupplyType > 12) fail('202');
  const docType = text(data['docType']);
  if (!DOC_TYPES.has(docType)) fail('204');
  const docNo = text(data['docNo']);
  if (!DOC_NO.test(docNo)) fail('206');
  const docDate = isoOfNicDate(data['docDate']);
  if (docDate === null || docDate > isoOfNicDate(nicDate(now))!) fail('207');
  // From 1 January 2025 no e-way bill for a document dated more than 180 days before (GSTN advisory, 10-12-2024).
  else if (isDocumentTooOldForEwaybill(docDate, now)) fail('820');
  const fromGstin = gstinOrUrp(data['fromGstin'], '208', codes);
  const toGstin = gstinOrUrp(data['toGstin'], '212', codes);
  if (fromGstin === 'URP' && toGstin === 'URP') fail('822');
  if (supplyType === 'O' && fromGstin !== session.gstin) fail('359');
  if (supplyType === 'I' && toGstin !== session.gstin) fail('360');
  const fromPincode = pinOf(data['fromPincode']);
  if (fromPincode === null) fail('210');
  const toPincode = pinOf(data['toPincode']);
  if (toPincode === null) fail('214');
  for (const [key, code] of [
    ['fromStateCode', '211'],
    ['actFromStateCode', '211'],
    ['toStateCode', '215'],
    ['actToStateCode', '215'],
  ] as const) {
    try {
      stateOf(data[key], code, true);
    } catch {
      fail(code);
    }
  }
  const transactionType = whole(data['transactionType']);
  if (transactionType === null || transactionType < 1 || transactionType > 4) fail('612');
  const items = Array.isArray(data['itemList']) ? (data['itemList'] as Json[]) : [];
  if (items.length === 0) fail('233');
  for (const item of items) if (!/^(?!0+$)\d{2,8}$/.test(text(item?.['hsnCode']))) fail('216');
  // totInvValue against the parts: NIC refuses a total below their sum (620), beyond a tolerance of ₹2 (the samples' rule).
  const parts = ['totalValue', 'cgstValue', 'sgstValue', 'igstValue', 'cessValue', 'cessNonAdvolValue', 'otherValue'].map(
    (k) => paiseOf(data[k]) ?? 0,
  );
  const total = paiseOf(data['totInvValue']);
  if (total === null || total + 200 < parts.reduce((a, b) => a + b, 0)) fail('620');
  // Distance: a whole number of km up to 4,000 (221); at most 100 km between equal PIN codes (702, with the PINs).
  const distance = whole(data['transDistance']);
  let info: unknown = null;
  if (distance === null || distance > EWB_MAX_DISTANCE_KM) fail('221');
  else if (fromPincode !== null && fromPincode === toPincode && distance > EWB_SAME_PIN_MAX_KM) {
    fail('702');
    info = [{ InfCd: 'EWBPPD', Desc: { fromPincode, toPincode, distance: EWB_SAME_PIN_MAX_KM } }];
  }
  const transMode = text(data['transMode']);
  if (transMode !== '' && !MODES.has(transMode)) fail('220');
  const vehicleText = text(data['vehicleNo']);
  const vehicleNo = vehicleText === '' ? null : normalizeVehicleNumber(vehicleText);
  if (vehicleNo !== null && !isEwaybillVehicleNumber(vehicleNo)) fail('225');
  const vehicleType = text(data['vehicleType']) || 'R';
  if (vehicleType !== 'R' && vehicleType !== 'O') fail('361');
  if (vehicleType === 'O' && transMode !== '' && transMode !== '1') fail('634');
  const transDocNo = text(data['transDocNo']) || null;
  if (transDocNo !== null && !TRANS_DOC_NO.test(transDocNo)) fail('223');
  const transDocDateText = text(data['transDocDate']) || null;
  const transDocDate = transDocDateText === null ? null : isoOfNicDate(transDocDateText);
  if (transDocDateText !== null && transDocDate === null) fail('224');
  if (transDocDate !== null && docDate !== null && transDocDate < docDate) fail('362');
  if (['2', '3', '4'].includes(transMode) && (transDocNo === null || transDocDate === null)) fail('385');
  const transporterId = text(data['transporterId']).toUpperCase() || null;
  if (transporterId !== null && !TRANSPORTER_ID.test(transporterId)) fail('222');
  const hasPartB = transMode === '1' ? vehicleNo !== null : transMode !== '' && transDocNo !== null;
  // Without Part B the e-way bill is a Part-A slip, which names the transporter who will enter it.
  if (!hasPartB && transMode === '' && transporterId === null) fail('619');
  if (codes.length > 0) throw new EwbFault(codes, info);

  const distanceKm = distance!;
  const validUntil = hasPartB ? ewaybillValidUntil({ generatedAt: now, distanceKm, isOverDimensionalCargo: vehicleType === 'O' }) : null;
  const docKey = [session.gstin, docType, docNo.toUpperCase()];
  return sandbox.sql.transaction(async (tx) => {
    const [taken] = await tx.query(
      `SELECT ewb_no FROM portal_sandbox.ewb_bills WHERE gstin = $1 AND doc_type = $2 AND upper(doc_no) = $3 AND status = 'ACT'`,
      docKey,
    );
    if (taken) throw ewbFault('604');
    const [next] = await tx.query<{ n: string }>("SELECT nextval('portal_sandbox.ewb_numbers')::text AS n");
    // 12 digits (core §5): a 1, then the running number.
    const ewbNo = `1${next!.n.padStart(11, '0')}`;
    await tx.query(
      `INSERT INTO portal_sandbox.ewb_bills (ewb_no, gstin, supply_type, doc_type, doc_no, doc_date, from_gstin, to_gstin,
         generated_at, valid_until, distance_km, vehicle_type, transporter_id, transporter_name, status, payload)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'ACT', $15)`,
      [
        ewbNo,
        session.gstin,
        supplyType,
        docType,
        docNo,
        text(data['docDate']),
        fromGstin,
        toGstin,
        now.toISOString(),
        validUntil?.toISOString() ?? null,
        distanceKm,
        vehicleType,
        transporterId,
        text(data['transporterName']) || null,
        JSON.stringify(data),
      ],
    );
    if (hasPartB)
      await insertVehicle(tx, {
        ewbNo,
        updMode: 'API',
        transMode,
        vehicleNo,
        transDocNo,
        transDocDate: transDocDateText,
        fromPlace: text(data['fromPlace']),
        fromState: whole(data['actFromStateCode']) ?? 0,
        userGstin: session.gstin,
        at: now,
      });
    if (supplyType === 'O' && docType === 'INV')
      await recordOnIrn(tx, { gstin: session.gstin, docNo, docDate: text(data['docDate']) }, { ewbNo, at: now, validUntil });
    return {
      ewayBillNo: Number(ewbNo),
      ewayBillDate: nicStamp(now),
      validUpto: validUntil === null ? null : nicStamp(validUntil),
      // The sandbox has no PIN-to-PIN distances: 0 ("let NIC compute it") stays 0 km, one day of validity.
      alert: distanceKm === 0 ? 'The sandbox computes no PIN-to-PIN distance: 0 km taken as given' : '',
    };
  });
};

// VEHEWB, UPDATETRANSPORTER -------------------------------------------------------------------------------------

const updateVehicle = async (sandbox: EwbSandbox, session: EwbSession, data: Json) => {
  const now = sandbox.now();
  const bill = await activeBill(sandbox.sql, data['ewbNo']);
  checkTransportRight(bill, session.gstin, '635', '636');
  if (bill.multi_vehicle) throw ewbFault('412');
  if (expired(bill, now)) throw ewbFault('311');
  const partB = partBOf(data);
  const fromPlace = text(data['fromPlace']);
  if (fromPlace === '') throw ewbFault('305');
  const fromState = stateOf(data['fromState'], '306');
  const reason = reasonOf(data, VEHICLE_REASONS, 'reasonCode', 'reasonRem');
  const validUntil = validityAfterPartB(bill, now);
  await sandbox.sql.transaction(async (tx) => {
    await insertVehicle(tx, {
      ...partB,
      ewbNo: bill.ewb_no,
      updMode: 'API',
      fromPlace,
      fromState,
      userGstin: session.gstin,
      at: now,
      reasonCode: reason.code,
      reasonRem: reason.remarks,
    });
    await markPartB(tx, bill, session.gstin, validUntil);
  });
  return { vehUpdDate: nicStamp(now), validUpto: nicStamp(validUntil) };
};

const updateTransporter = async (sandbox: EwbSandbox, session: EwbSession, data: Json) => {
  const now = sandbox.now();
  const transporterId = text(data['transporterId']).toUpperCase();
  if (!TRANSPORTER_ID.test(transporterId)) throw ewbFault('222');
  const bill = await activeBill(sandbox.sql, data['ewbNo'], '280');
  if (expired(bill, now)) throw ewbFault('281');
  if (bill.transporter_id !== session.gstin) {
    if (bill.gstin !== session.gstin) throw ewbFault('339');
    if (bill.transporter_id && bill.transporter_part_b) throw ewbFault('338');
  }
  await sandbox.sql.query('UPDATE portal_sandbox.ewb_bills SET transporter_id = $2, transporter_part_b = false WHERE ewb_no = $1', [
    bill.ewb_no,
    transporterId,
  ]);
  return { ewayBillNo: Number(bill.ewb_no), transporterId, transUpdateDate: nicStamp(now) };
};

// EXTENDVALIDITY ------------------------------------------------------------------------------------------------

const extend = async (sandbox: EwbSandbox, session: EwbSession, data: Json) => {
  const now = sandbox.now();
  const number = text(data['ewbNo']);
  if (!EWB_NO.test(number)) throw ewbFault('301');
  const bill = await findBill(sandbox.sql, number);
  if (!bill) throw ewbFault('312');
  if (bill.status === 'CNL') throw ewbFault('379');
  // Only the current transporter; the generator when no transporter is assigned.
  if (bill.transporter_id !== session.gstin) {
    if (bill.gstin !== session.gstin) throw ewbFault('700');
    if (bill.transporter_id) throw ewbFault(bill.transporter_part_b ? '637' : '700');
  }
  const validUntil = validUntilOf(bill);
  if (validUntil === null) throw ewbFault('381');
  reasonOf(data, EXTEND_REASONS, 'extnRsnCode', 'extnRemarks');
  const remaining = whole(data['remainingDistance']);
  if (remaining === null || remaining === 0) throw ewbFault('389');
  if (remaining > bill.distance_km) throw ewbFault('390');
  const fromPlace = text(data['fromPlace']);
  if (fromPlace === '') throw ewbFault('305');
  const fromState = stateOf(data['fromState'], '306');
  if (pinOf(data['fromPincode']) === null) throw ewbFault('210');
  // In movement (M): modes 1 to 4 and no transit type; in transit (T): mode 5 with R(oad), W(arehouse) or O(thers).
  const consignment = text(data['consignmentStatus']);
  const transitType = text(data['transitType']);
  let partB: PartB | null = null;
  if (consignment === 'M') {
    if (transitType !== '') throw ewbFault('712');
    partB = partBOf(data);
  } else if (consignment !== 'T' || text(data['transMode']) !== '5' || !['R', 'W', 'O'].includes(transitType)) throw ewbFault('711');
  const window = checkEwaybillExtension({ generatedAt: new Date(bill.generated_at), validUntil, at: now });
  if (!window.allowed) throw ewbFault(window.reason === 'over360Days' ? '821' : '382');
  // The new validity for the remaining distance, counted from the extension, never beyond 360 days from generation.
  const extended = cappedValidity(
    new Date(bill.generated_at),
    ewaybillValidUntil({ generatedAt: now, distanceKm: remaining, isOverDimensionalCargo: bill.vehicle_type === 'O' }),
    now,
  );
  await sandbox.sql.transaction(async (tx) => {
    if (partB)
      await insertVehicle(tx, { ...partB, ewbNo: bill.ewb_no, updMode: 'EXTEND', fromPlace, fromState, userGstin: session.gstin, at: now });
    await tx.query('UPDATE portal_sandbox.ewb_bills SET valid_until = $2, extended_times = extended_times + 1 WHERE ewb_no = $1', [
      bill.ewb_no,
      extended.toISOString(),
    ]);
    await recordOnIrn(tx, { ewbNo: bill.ewb_no }, { ewbNo: bill.ewb_no, at: new Date(bill.generated_at), validUntil: extended });
  });
  return { ewayBillNo: Number(bill.ewb_no), updatedDate: nicStamp(now), validUpto: nicStamp(extended) };
};

// CANEWB, REJEWB ------------------------------------------------------------------------------------------------

const cancel = async (sandbox: EwbSandbox, session: EwbSession, data: Json) => {
  const now = sandbox.now();
  const reason = text(data['cancelRsnCode']);
  const remarks = text(data['cancelRmrk']);
  if (!CANCEL_REASONS.has(reason)) throw ewbFault('307');
  if (remarks.length > REMARKS_MAX) throw ewbFault('308');
  const bill = await activeBill(sandbox.sql, data['ewbNo']);
  // Only its generator cancels it (Rule 138(9)).
  if (bill.gstin !== session.gstin) throw ewbFault('312');
  if (now.getTime() - new Date(bill.generated_at).getTime() > EWB_CANCEL_HOURS * HOUR_MS) throw ewbFault('315');
  // Not once an officer has verified it in movement (Rule 138B; Rule 138(9) proviso).
  if (bill.verified_at !== null) throw ewbFault('316');
  const [done] = await sandbox.sql.query(
    `UPDATE portal_sandbox.ewb_bills SET status = 'CNL', cancel_reason = $2, cancel_remarks = $3, cancelled_at = $4
     WHERE ewb_no = $1 AND status = 'ACT' RETURNING ewb_no`,
    [bill.ewb_no, reason, remarks, now.toISOString()],
  );
  if (!done) throw ewbFault('312');
  await recordOnIrn(sandbox.sql, { ewbNo: bill.ewb_no }, null);
  return { ewayBillNo: Number(bill.ewb_no), cancelDate: nicStamp(now) };
};

/** The other party: the recipient of an outward supply, the supplier of an inward one. */
export const otherPartyOf = (bill: BillRow): string => (bill.supply_type === 'O' ? bill.to_gstin : bill.from_gstin);

const reject = async (sandbox: EwbSandbox, session: EwbSession, data: Json) => {
  const now = sandbox.now();
  const number = text(data['ewbNo']);
  if (!EWB_NO.test(number)) throw ewbFault('301');
  const bill = await findBill(sandbox.sql, number);
  if (!bill) throw ewbFault('347');
  if (bill.gstin === session.gstin) throw ewbFault('341');
  if (otherPartyOf(bill) !== session.gstin) throw ewbFault('342');
  if (bill.status === 'CNL') throw ewbFault('343');
  if (bill.rejected_at !== null) throw ewbFault('347');
  if (now.getTime() - new Date(bill.generated_at).getTime() > EWB_REJECT_HOURS * HOUR_MS) throw ewbFault('346');
  if (expired(bill, now)) throw ewbFault('345');
  await sandbox.sql.query('UPDATE portal_sandbox.ewb_bills SET rejected_at = $2, rejected_by = $3 WHERE ewb_no = $1', [
    bill.ewb_no,
    now.toISOString(),
    session.gstin,
  ]);
  return { ewayBillNo: Number(bill.ewb_no), ewbRejectedDate: nicStamp(now) };
};

export type EwbAction = (sandbox: EwbSandbox, session: EwbSession, data: Json) => Promise<unknown>;

export const BILL_ACTIONS: Record<string, EwbAction> = {
  GENEWAYBILL: generate,
  VEHEWB: updateVehicle,
  UPDATETRANSPORTER: updateTransporter,
  EXTENDVALIDITY: extend,
  CANEWB: cancel,
  REJEWB: reject,
};
