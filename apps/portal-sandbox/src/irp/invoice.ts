// The NIC e-invoice API's IRN calls (API sandbox, v1.03): generate (POST /eicore/v1.03/Invoice), get by IRN
// (GET .../Invoice/irn/{irn}), get by document details (GET .../Invoice/irnbydocdetails?doctype=&docnum=&docdate=)
// and cancel (POST .../Invoice/Cancel). Requests carry {Data} AES-256-ECB-encrypted with the session's SEK; answers
// are {Status: 1, Data} with Data encrypted the same way, or the error envelope (faults.ts).
import {
  daysBetween,
  EINVOICE_REPORTING_DAYS,
  financialYearOf,
  EINVOICE_REPORTING_LIMITS,
  EINVOICE_VALUE_TOLERANCE_PAISE,
  irnOf,
  isoOfDocumentDate,
  thresholdOn,
  type EinvoiceDocumentType,
} from '@opengst/domain';
import type { FastifyInstance } from 'fastify';
import { istDate, istStamp, type IrpSandbox } from './context';
import { signJws } from './crypto';
import { irpSessionOf, openData, sealData, type IrpSession } from './auth';
import { IRP_FAULTS, IrpFault } from './faults';

/** Cancellation within 24 hours of generation (Rule 48(4) read with the IRP's API: CGST notification 13/2020). */
const CANCEL_HOURS = 24;
/** Get by IRN answers for IRNs generated in the last 2 days (error 2283 after). */
const GET_DAYS = 2;
/** CnlRsn: 1 duplicate, 2 data entry mistake, 3 order cancelled, 4 others; CnlRem up to 100 characters. */
const CANCEL_REASONS = new Set(['1', '2', '3', '4']);
const CANCEL_REMARKS_MAX = 100;

type InvoiceRow = {
  irn: string;
  gstin: string;
  doc_type: string;
  doc_no: string;
  doc_date: string;
  ack_no: string;
  ack_at: Date | string;
  status: string;
  signed_invoice: string;
  signed_qr: string;
  ewb_no: string | null;
  ewb_date: string | null;
  ewb_valid_till: string | null;
  cancelled_at: Date | string | null;
};

const COLUMNS =
  'irn, gstin, doc_type, doc_no, doc_date, ack_no, ack_at, status, signed_invoice, signed_qr, ewb_no, ewb_date, ewb_valid_till, cancelled_at';

type Json = Record<string, unknown>;
const objectAt = (json: Json, key: string): Json => {
  const value = json[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
};
const paise = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) : 0);
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** The answer of a generated or fetched IRN, as generate answers it. */
const answerOf = (row: InvoiceRow) => ({
  AckNo: Number(row.ack_no),
  AckDt: istStamp(new Date(row.ack_at)),
  Irn: row.irn,
  SignedInvoice: row.signed_invoice,
  SignedQRCode: row.signed_qr,
  Status: row.status,
  EwbNo: row.ewb_no === null ? null : Number(row.ewb_no),
  EwbDt: row.ewb_date,
  EwbValidTill: row.ewb_valid_till,
  Remarks: null,
});

const sealed = (session: IrpSession, json: unknown) => ({ Status: 1, Data: sealData(session, json), ErrorDetails: null, InfoDtls: null });

/**
 * The value rules the IRP applies to a schema-valid INV-01 (its errors 2193, 2182, 2189, 2172), in paise; the domain's
 * buildEinvoice predicts the same ones before sending.
 */
const valueFaults = (invoice: Json): IrpFault | null => {
  const items = Array.isArray(invoice['ItemList']) ? (invoice['ItemList'] as Json[]) : [];
  for (const item of items) {
    // 2193: an item's assessable amount is its gross amount less its discount.
    if (paise(item['AssAmt']) !== paise(item['TotAmt']) - paise(item['Discount']))
      return IRP_FAULTS.itemAssessableMismatch(text(item['HsnCd']), text(item['SlNo']));
  }
  const val = objectAt(invoice, 'ValDtls');
  // 2182: the total assessable value is the sum of the items' assessable amounts.
  if (items.reduce((sum, item) => sum + paise(item['AssAmt']), 0) !== paise(val['AssVal'])) return IRP_FAULTS.assessableTotalMismatch();
  // 2189: the invoice value is the assessable value, taxes and cess, other charges, less the discount, plus the
  // round-off, within ±₹1.
  const parts =
    paise(val['AssVal']) +
    paise(val['CgstVal']) +
    paise(val['SgstVal']) +
    paise(val['IgstVal']) +
    paise(val['CesVal']) +
    paise(val['StCesVal']) +
    paise(val['OthChrg']) -
    paise(val['Discount']) +
    paise(val['RndOffAmt']);
  if (Math.abs(paise(val['TotInvVal']) - parts) > EINVOICE_VALUE_TOLERANCE_PAISE) return IRP_FAULTS.invoiceValueMismatch();
  // 2172: IGST on a B2B supply within one State needs IgstOnIntra = Y (IGST Act s.7(5)(c) cases).
  const tran = objectAt(invoice, 'TranDtls');
  const intraState = text(objectAt(invoice, 'SellerDtls')['Stcd']) === text(objectAt(invoice, 'BuyerDtls')['Pos']);
  if (tran['SupTyp'] === 'B2B' && intraState && paise(val['IgstVal']) !== 0 && tran['IgstOnIntra'] !== 'Y')
    return IRP_FAULTS.igstOnIntraState();
  return null;
};

/** The QR's payload (NIC: the signed QR code's data); the main HSN is the item of the highest assessable value. */
const qrPayloadOf = (invoice: Json, irn: string, ackDt: string) => {
  const items = Array.isArray(invoice['ItemList']) ? (invoice['ItemList'] as Json[]) : [];
  const main = items.reduce<Json | undefined>(
    (best, item) => (best === undefined || paise(item['AssAmt']) > paise(best['AssAmt']) ? item : best),
    undefined,
  );
  const doc = objectAt(invoice, 'DocDtls');
  return {
    SellerGstin: text(objectAt(invoice, 'SellerDtls')['Gstin']),
    BuyerGstin: text(objectAt(invoice, 'BuyerDtls')['Gstin']),
    DocNo: text(doc['No']),
    DocTyp: text(doc['Typ']),
    DocDt: text(doc['Dt']),
    TotInvVal: paise(objectAt(invoice, 'ValDtls')['TotInvVal']) / 100,
    ItemCnt: items.length,
    MainHsnCode: text(main?.['HsnCd']),
    Irn: irn,
    IrnDt: ackDt,
  };
};

/** AckNo: 15 digits, the year of generation (2 digits) after a 1, then a running number of 12 digits. */
const ackNoOf = (sequence: string, at: Date): string => `1${istDate(at).slice(2, 4)}${sequence.padStart(12, '0')}`;

const findByIrn = async (sandbox: Pick<IrpSandbox, 'sql'>, irn: string): Promise<InvoiceRow | undefined> =>
  (await sandbox.sql.query<InvoiceRow>(`SELECT ${COLUMNS} FROM portal_sandbox.irp_invoices WHERE irn = $1`, [irn]))[0];

const generate = async (sandbox: IrpSandbox, session: IrpSession, invoice: unknown) => {
  const problems = sandbox.checkSchema(invoice);
  if (problems.length > 0) throw IRP_FAULTS.notValidated(problems);
  const json = invoice as Json;
  const seller = text(objectAt(json, 'SellerDtls')['Gstin']).toUpperCase();
  if (seller !== session.gstin) throw IRP_FAULTS.notUsersInvoice();
  const doc = objectAt(json, 'DocDtls');
  const now = sandbox.now();
  let documentDate: string;
  try {
    documentDate = isoOfDocumentDate(text(doc['Dt']));
  } catch {
    throw IRP_FAULTS.notValidated([`DocDtls.Dt ${text(doc['Dt'])} is not a date`]);
  }
  if (documentDate > istDate(now)) throw IRP_FAULTS.futureDocumentDate();
  // The 30-day reporting limit (GSTN advisories of 13-09-2023 and 05-11-2024): a taxpayer whose AATO is at or above
  // the limit in force cannot report a document older than 30 days; the sandbox knows an AATO only when a test set it.
  const [user] = await sandbox.sql.query<{ aato_paise: string | null }>(
    'SELECT aato_paise FROM portal_sandbox.irp_users WHERE gstin = $1',
    [session.gstin],
  );
  const limit = thresholdOn(EINVOICE_REPORTING_LIMITS, documentDate);
  if (
    user?.aato_paise != null &&
    limit >= 0 &&
    Number(user.aato_paise) > limit &&
    daysBetween(documentDate, istDate(now)) > EINVOICE_REPORTING_DAYS
  )
    throw IRP_FAULTS.reportingWindowOver(EINVOICE_REPORTING_DAYS);
  const fault = valueFaults(json);
  if (fault) throw fault;

  const irn = irnOf({
    sellerGstin: seller,
    documentType: text(doc['Typ']) as EinvoiceDocumentType,
    documentNumber: text(doc['No']),
    documentDate,
  });
  const duplicateOf = (row: InvoiceRow): never => {
    throw IRP_FAULTS.duplicateIrn({ AckNo: Number(row.ack_no), AckDt: istStamp(new Date(row.ack_at)), Irn: row.irn });
  };
  const duplicate = async (): Promise<never> => {
    const row = await findByIrn(sandbox, irn);
    if (!row) throw new Error('IRN conflict without a row');
    return duplicateOf(row);
  };
  if (await findByIrn(sandbox, irn)) return duplicate();
  // From 01-06-2025 the IRP reads document numbers without regard to case (GSTN advisory): "inv/1" after "INV/1" of
  // the same type and financial year is a duplicate, though its IRN by the rule differs.
  const fy = financialYearOf(documentDate);
  const sameNumber = await sandbox.sql.query<InvoiceRow>(
    `SELECT ${COLUMNS} FROM portal_sandbox.irp_invoices WHERE gstin = $1 AND doc_type = $2 AND upper(doc_no) = upper($3)`,
    [seller, text(doc['Typ']), text(doc['No'])],
  );
  const taken = sameNumber.find((row) => financialYearOf(isoOfDocumentDate(row.doc_date)) === fy);
  if (taken) return duplicateOf(taken);

  const [next] = await sandbox.sql.query<{ n: string }>("SELECT nextval('portal_sandbox.irp_ack_numbers')::text AS n");
  const ackNo = ackNoOf(next!.n, now);
  const ackDt = istStamp(now);
  const { private_pem: signingKey } = await sandbox.signKeys();
  const signedInvoice = signJws(signingKey, { AckNo: Number(ackNo), AckDt: ackDt, Irn: irn, ...json });
  const signedQr = signJws(signingKey, qrPayloadOf(json, irn, ackDt));
  // Two requests of one document at once: the second finds the row the first inserted (2150, as the IRP answers).
  const inserted = await sandbox.sql.query<InvoiceRow>(
    `INSERT INTO portal_sandbox.irp_invoices (irn, gstin, doc_type, doc_no, doc_date, ack_no, ack_at, status, signed_invoice, signed_qr, payload)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'ACT', $8, $9, $10) ON CONFLICT (irn) DO NOTHING RETURNING ${COLUMNS}`,
    [
      irn,
      seller,
      text(doc['Typ']),
      text(doc['No']),
      text(doc['Dt']),
      ackNo,
      now.toISOString(),
      signedInvoice,
      signedQr,
      JSON.stringify(json),
    ],
  );
  if (!inserted[0]) return duplicate();
  return answerOf(inserted[0]);
};

/** Cancel of an IRN of the GSTIN: by the API (Invoice/Cancel) and by the e-invoicing portal's screen (portal.ts). */
export const cancelIrn = async (sandbox: Pick<IrpSandbox, 'sql' | 'now'>, session: Pick<IrpSession, 'gstin'>, request: unknown) => {
  const body = (request && typeof request === 'object' ? request : {}) as Json;
  const irn = text(body['Irn']);
  const reason = text(body['CnlRsn']);
  const remarks = text(body['CnlRem']);
  if (!/^[0-9a-f]{64}$/.test(irn) || !CANCEL_REASONS.has(reason) || remarks.trim() === '' || remarks.length > CANCEL_REMARKS_MAX)
    throw IRP_FAULTS.incompleteRequest();
  const row = await findByIrn(sandbox, irn);
  if (!row) throw IRP_FAULTS.irnNotAvailable();
  if (row.gstin !== session.gstin) throw IRP_FAULTS.notUsersInvoice();
  if (row.status !== 'ACT') throw IRP_FAULTS.notActive();
  // An e-way bill generated on the IRN must be cancelled first.
  if (row.ewb_no !== null) throw IRP_FAULTS.activeEwaybill();
  const now = sandbox.now();
  if (now.getTime() - new Date(row.ack_at).getTime() > CANCEL_HOURS * 3_600_000) throw IRP_FAULTS.cancelWindowOver();
  const [done] = await sandbox.sql.query<{ cancelled_at: Date | string }>(
    `UPDATE portal_sandbox.irp_invoices SET status = 'CNL', cancel_reason = $2, cancel_remarks = $3, cancelled_at = $4
     WHERE irn = $1 AND status = 'ACT' RETURNING cancelled_at`,
    [irn, reason, remarks, now.toISOString()],
  );
  if (!done) throw IRP_FAULTS.notActive();
  return { Irn: irn, CancelDate: istStamp(new Date(done.cancelled_at)) };
};

/** An IRN of the user's GSTIN, fetched within 2 days of its generation. */
const fetched = (sandbox: IrpSandbox, session: IrpSession, row: InvoiceRow | undefined, notFound: () => IrpFault) => {
  if (!row) throw notFound();
  if (row.gstin !== session.gstin) throw IRP_FAULTS.notUsersInvoice();
  if (sandbox.now().getTime() - new Date(row.ack_at).getTime() > GET_DAYS * 86_400_000) throw IRP_FAULTS.getWindowOver();
  return answerOf(row);
};

export const irpInvoiceRoutes = (app: FastifyInstance, sandbox: IrpSandbox): void => {
  app.post('/eicore/v1.03/Invoice', async (request) => {
    const session = await irpSessionOf(sandbox, request);
    const invoice = openData(session, ((request.body ?? {}) as Json)['Data']);
    return sealed(session, await generate(sandbox, session, invoice));
  });

  app.get('/eicore/v1.03/Invoice/irn/:irn', async (request) => {
    const session = await irpSessionOf(sandbox, request);
    const { irn } = request.params as { irn: string };
    return sealed(session, fetched(sandbox, session, await findByIrn(sandbox, irn), IRP_FAULTS.irnNotAvailable));
  });

  app.get('/eicore/v1.03/Invoice/irnbydocdetails', async (request) => {
    const session = await irpSessionOf(sandbox, request);
    const query = request.query as Record<string, string | undefined>;
    const docType = (query['doctype'] ?? '').trim().toUpperCase();
    const docNum = (query['docnum'] ?? '').trim();
    const docDate = (query['docdate'] ?? '').trim();
    if (!docType || !docNum || !/^\d{2}\/\d{2}\/\d{4}$/.test(docDate)) throw IRP_FAULTS.incompleteRequest();
    // Document numbers are read without regard to case (the IRP's rule from 01-06-2025).
    const [row] = await sandbox.sql.query<InvoiceRow>(
      `SELECT ${COLUMNS} FROM portal_sandbox.irp_invoices
       WHERE gstin = $1 AND doc_type = $2 AND upper(doc_no) = upper($3) AND doc_date = $4 ORDER BY ack_at DESC LIMIT 1`,
      [session.gstin, docType, docNum, docDate],
    );
    return sealed(session, fetched(sandbox, session, row, IRP_FAULTS.irnDetailsNotFound));
  });

  // Sandbox only: the GSTIN's aggregate annual turnover (rupees; null forgets it), which the 30-day limit reads.
  app.put('/eicore/v1.03/sandbox-aato', async (request) => {
    const session = await irpSessionOf(sandbox, request);
    const body = openData(session, ((request.body ?? {}) as Json)['Data']);
    const aato = body && typeof body === 'object' ? (body as Json)['Aato'] : undefined;
    if (aato !== null && (typeof aato !== 'number' || !Number.isFinite(aato) || aato < 0)) throw IRP_FAULTS.incompleteRequest();
    const aatoPaise = aato === null ? null : Math.round(aato * 100);
    await sandbox.sql.query('UPDATE portal_sandbox.irp_users SET aato_paise = $2 WHERE gstin = $1', [session.gstin, aatoPaise]);
    return sealed(session, { Gstin: session.gstin, Aato: aato });
  });

  app.post('/eicore/v1.03/Invoice/Cancel', async (request) => {
    const session = await irpSessionOf(sandbox, request);
    const body = openData(session, ((request.body ?? {}) as Json)['Data']);
    return sealed(session, await cancelIrn(sandbox, session, body));
  });
};
