// Notices and orders at the sandbox (README.md "Notices and orders"): what the GST portal shows a taxpayer under
// Services > User Services > View Additional Notices and Orders (case folders holding ASMT-10, DRC-01, DRC-01A, REG-17,
// ... each with its reference number, date of issue, due date, issuing officer and a PDF). GSTN publishes no API for
// this page, so the JSON here is the project's own, written in the conventions of the portal's other answers (short
// lower-case keys, DD/MM/YYYY dates, rupees with two decimals, tax per head as iamt/camt/samt/csamt):
//   GET  /taxpayerapi/:version/notices?action=LIST&gstin=     → {gstin, notices: [Notice]}, the newest first
//   GET  /taxpayerapi/:version/notices?action=DOWNLOAD&gstin=&ref_id= → {ref_id, doc_name, content: base64 PDF}
//   PUT  /taxpayerapi/:version/notices/sandbox-issue {action: ISSUE} → the notice issued (the sandbox's control hook: on
//        the portal an officer issues notices from the back office, no taxpayer call does).
// All three go through the taxpayer's session and the sealed envelope, as the other return calls.
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { sessionOf } from './auth';
import { slashDate } from './calendar';
import { FAULTS, PortalFault } from './faults';
import { paiseOf, rupees } from './money';
import type { Sandbox } from './sandbox';
import { bodyOf, openWrite, queryOf, sealed, type Json } from './wire';

/** The forms the portal issues through this page (GST-RULES-DETAIL §5): notices, intimations and orders. */
export const NOTICE_FORMS = [
  'ASMT-10',
  'ASMT-12',
  'ADT-01',
  'ADT-02',
  'DRC-01',
  'DRC-01A',
  'DRC-07',
  'DRC-08',
  'REG-03',
  'REG-17',
  'REG-31',
  'RFD-06',
  'RFD-08',
] as const;
const ORDER_FORMS = new Set(['ASMT-12', 'ADT-02', 'DRC-07', 'DRC-08', 'RFD-06']);

type Heads = { iamt: number; camt: number; samt: number; csamt: number };
type NoticeRow = {
  gstin: string;
  ref_id: string;
  case_id: string;
  form: string;
  issued_on: string;
  due_on: string | null;
  section: string;
  fys: string[];
  subject: string;
  officer: { name: string; desig: string; juris: string };
  tax: Heads;
  interest: number;
  penalty: number;
  issued_at: Date | string;
};

const COLUMNS =
  'gstin, ref_id, case_id, form, issued_on::text AS issued_on, due_on::text AS due_on, section, fys, subject, officer, tax, interest, penalty, issued_at';

const isoOfSlash = (value: unknown, path: string, required: boolean): string | null => {
  if ((value === undefined || value === null || value === '') && !required) return null;
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(typeof value === 'string' ? value : '');
  if (!m) throw FAULTS.badRequest(`${path} must be a date DD/MM/YYYY`);
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  if (Number.isNaN(new Date(`${iso}T00:00:00Z`).getTime()) || new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10) !== iso)
    throw FAULTS.badRequest(`${path} is not a date`);
  return iso;
};
const slashOfIso = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const textOf = (value: unknown, path: string, max: number, required = false): string => {
  const text = typeof value === 'string' ? value.trim() : '';
  if (required && text === '') throw FAULTS.badRequest(`${path} is required`);
  if (text.length > max) throw FAULTS.badRequest(`${path} is longer than ${max} characters`);
  return text;
};
const objOf = (value: unknown): Json => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {});

const noticeView = (row: NoticeRow): Json => ({
  case_id: row.case_id,
  ref_id: row.ref_id,
  form_typ: row.form,
  doc_typ: ORDER_FORMS.has(row.form) ? 'ORDER' : 'NOTICE',
  issue_dt: slashOfIso(row.issued_on),
  due_dt: row.due_on ? slashOfIso(row.due_on) : '',
  section: row.section,
  fy: row.fys,
  subject: row.subject,
  issued_by: { name: row.officer.name, desig: row.officer.desig, juris: row.officer.juris },
  amt: {
    tax: { iamt: rupees(row.tax.iamt), camt: rupees(row.tax.camt), samt: rupees(row.tax.samt), csamt: rupees(row.tax.csamt) },
    intr: rupees(row.interest),
    pen: rupees(row.penalty),
  },
  doc_name: `${row.form}_${row.ref_id}.pdf`,
});

/** The case folder's reference, as the portal numbers an ARN: 'AD' + state code + DDMMYY + 7 characters. */
const caseIdOf = (gstin: string, at: Date): string => {
  const d = slashDate(at).replaceAll('/', '');
  return `AD${gstin.slice(0, 2)}${d.slice(0, 4)}${d.slice(6, 8)}${randomBytes(4).toString('hex').slice(0, 7).toUpperCase()}`;
};

/** ISSUE's data: {form_typ, ref_id, issue_dt, due_dt?, section, fy?: [], subject?, issued_by?: {name, desig, juris}, amt?: {tax: {iamt..}, intr, pen}, case_id?}. */
const issue = async (sandbox: Sandbox, gstin: string, data: Json): Promise<NoticeRow> => {
  const form = textOf(data['form_typ'], 'form_typ', 20, true).toUpperCase();
  if (!(NOTICE_FORMS as readonly string[]).includes(form)) throw FAULTS.badRequest(`form_typ must be one of ${NOTICE_FORMS.join(', ')}`);
  const refId = textOf(data['ref_id'], 'ref_id', 60, true);
  const issuedOn = isoOfSlash(data['issue_dt'], 'issue_dt', true) ?? '';
  const dueOn = isoOfSlash(data['due_dt'], 'due_dt', false);
  if (dueOn !== null && dueOn < issuedOn) throw FAULTS.badRequest('due_dt must not be before issue_dt');
  const fys = Array.isArray(data['fy']) ? data['fy'].map((f, i) => textOf(f, `fy[${i}]`, 10, true)) : [];
  const officer = objOf(data['issued_by']);
  const amt = objOf(data['amt']);
  const tax = objOf(amt['tax']);
  const row = {
    case_id: textOf(data['case_id'], 'case_id', 30) || caseIdOf(gstin, sandbox.now()),
    section: textOf(data['section'], 'section', 60),
    subject: textOf(data['subject'], 'subject', 500),
    officer: {
      name: textOf(officer['name'], 'issued_by.name', 100),
      desig: textOf(officer['desig'], 'issued_by.desig', 100),
      juris: textOf(officer['juris'], 'issued_by.juris', 200),
    },
    tax: {
      iamt: paiseOf(tax['iamt'], 'amt.tax.iamt'),
      camt: paiseOf(tax['camt'], 'amt.tax.camt'),
      samt: paiseOf(tax['samt'], 'amt.tax.samt'),
      csamt: paiseOf(tax['csamt'], 'amt.tax.csamt'),
    },
    interest: paiseOf(amt['intr'], 'amt.intr'),
    penalty: paiseOf(amt['pen'], 'amt.pen'),
  };
  const [inserted] = await sandbox.sql.query<NoticeRow>(
    `INSERT INTO portal_sandbox.notices
       (gstin, ref_id, case_id, form, issued_on, due_on, section, fys, subject, officer, tax, interest, penalty, issued_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (gstin, ref_id) DO NOTHING RETURNING ${COLUMNS}`,
    [
      gstin,
      refId,
      row.case_id,
      form,
      issuedOn,
      dueOn,
      row.section,
      JSON.stringify(fys),
      row.subject,
      JSON.stringify(row.officer),
      JSON.stringify(row.tax),
      row.interest,
      row.penalty,
      sandbox.now().toISOString(),
    ],
  );
  if (!inserted) throw new PortalFault('NTC1002', `A notice with reference ${refId} is already issued to this GSTIN`);
  return inserted;
};

/** A one-page PDF 1.4 (Helvetica, no compression) holding the notice's particulars: enough to open and read. */
export const noticePdf = (row: NoticeRow): Buffer => {
  const view = noticeView(row);
  const amt = view['amt'] as { tax: Heads; intr: number; pen: number };
  const lines = [
    `FORM GST ${row.form}`,
    `Reference No.: ${row.ref_id}    Date: ${String(view['issue_dt'])}`,
    `Case ID: ${row.case_id}`,
    `GSTIN: ${row.gstin}`,
    `Section: ${row.section}`,
    `Financial years: ${row.fys.join(', ')}`,
    `Subject: ${row.subject}`,
    `Tax (IGST/CGST/SGST/Cess): ${amt.tax.iamt} / ${amt.tax.camt} / ${amt.tax.samt} / ${amt.tax.csamt}`,
    `Interest: ${amt.intr}    Penalty: ${amt.pen}`,
    `Reply due by: ${String(view['due_dt']) || '-'}`,
    `Issued by: ${row.officer.name}, ${row.officer.desig}, ${row.officer.juris}`,
    'Issued by the OpenGST portal sandbox: not a document of the GST portal.',
  ];
  const escape = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');
  const stream = `BT /F1 11 Tf 50 790 Td 15 TL ${lines.map((l) => `(${escape(l)}) '`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
};

export const noticeRoutes = (app: FastifyInstance, sandbox: Sandbox, testing: boolean): void => {
  const PATH = '/taxpayerapi/:version/notices';

  app.get(PATH, async (request) => {
    const session = await sessionOf(sandbox, request);
    const query = queryOf(request);
    if (query['gstin'] !== undefined && query['gstin'].toUpperCase() !== session.gstin) throw FAULTS.invalidSession();
    if (query['action'] === 'DOWNLOAD') {
      const [row] = await sandbox.sql.query<NoticeRow>(`SELECT ${COLUMNS} FROM portal_sandbox.notices WHERE gstin = $1 AND ref_id = $2`, [
        session.gstin,
        query['ref_id'] ?? '',
      ]);
      if (!row) throw new PortalFault('NTC1001', 'No notice or order with this reference for the GSTIN');
      return sealed(session, { ref_id: row.ref_id, doc_name: noticeView(row)['doc_name'], content: noticePdf(row).toString('base64') });
    }
    if (query['action'] !== 'LIST') throw FAULTS.invalidAction(query['action'] ?? '');
    const rows = await sandbox.sql.query<NoticeRow>(
      `SELECT ${COLUMNS} FROM portal_sandbox.notices WHERE gstin = $1 ORDER BY issued_on DESC, seq DESC`,
      [session.gstin],
    );
    return sealed(session, { gstin: session.gstin, notices: rows.map(noticeView) });
  });

  // Sandbox only: an officer issues a notice or order to the session's GSTIN.
  app.put(`${PATH}/sandbox-issue`, async (request) => {
    const session = await sessionOf(sandbox, request);
    const body = bodyOf(request);
    if (body['action'] !== 'ISSUE') throw FAULTS.invalidAction(String(body['action'] ?? ''));
    const data = objOf(openWrite(session, body).json);
    return sealed(session, noticeView(await issue(sandbox, session.gstin, data)));
  });

  // A test's control (testingRoutes): the same issue without a taxpayer's session, body {gstin, ...ISSUE's data}.
  if (testing)
    app.post('/testing/notices', async (request) => {
      const body = bodyOf(request);
      const gstin = textOf(body['gstin'], 'gstin', 15, true).toUpperCase();
      return noticeView(await issue(sandbox, gstin, body));
    });
};
