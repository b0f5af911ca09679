// DRC-01B (Rule 88C) and DRC-01C (Rule 88D) at the sandbox (README.md "DRC-01B and DRC-01C"): the intimations raised
// when a GSTR-3B is filed (drc01-figures.ts), listed and read (GET /returns/drc01 LIST, DETAIL); the Part B reply within
// 7 days (POST REPLY, signed with an EVC OTP of form type DRC01B / DRC01C): a reason from the form's list with its
// explanation, a DRC-03 payment debiting the electronic cash ledger, or both; and Rule 59(6): while an intimation is
// not answered, GSTR-1/IFF of a later period cannot be submitted or filed (saves stay allowed, as the portal's Rule
// 59(6) check runs at submission: GSTN advisory of 26-08-2021). The thresholds a test sets per GSTIN
// (PUT /returns/drc01/sandbox-threshold) are the sandbox's control hook; the GST portal has no such call.
import {
  DRC01B_REASONS,
  DRC01C_REASONS,
  TAX_HEADS,
  checkThreshold,
  indiaDateOf,
  replyProblems,
  type Heads,
  type MismatchThreshold,
} from '@opengst/domain';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { clearOtpRequest, otpRequested, sessionOf, type Session } from './auth';
import { slashDate } from './calendar';
import { hmacOf, sameText } from './crypto';
import { FAULTS } from './faults';
import { balanceOf, postEntries } from './ledgers';
import { noAmounts, paiseOf, rupees } from './money';
import type { Sandbox } from './sandbox';
import type { SandboxSql } from './sql';
import { bodyOf, openWrite, queryOf, sealed, type Json } from './wire';

export type DrcForm = 'DRC01B' | 'DRC01C';
export const DRC_FORMS: readonly DrcForm[] = ['DRC01B', 'DRC01C'];

type Figures = {
  reported: Heads;
  baseline: Heads;
  difference: Heads;
  excess: Heads;
  totalExcess: number;
  percentBasisPoints: number | null;
  threshold: MismatchThreshold | null;
  explanation: string;
};
type Reply = {
  reason: { code: string; explanation: string } | null;
  drc03: { arn: string; paidOn: string; tax: Heads; interest: Heads } | null;
  ackNo: string;
};
type IntimationRow = {
  ref_no: string;
  gstin: string;
  form: DrcForm;
  period: string;
  issued_at: Date | string;
  due_date: string;
  figures: Figures;
  status: 'ISSUED' | 'REPLIED';
  reply: Reply | null;
  replied_at: Date | string | null;
};

const COLUMNS = 'ref_no, gstin, form, period, issued_at, due_date, figures, status, reply, replied_at';
const REASONS: Record<DrcForm, Record<string, string>> = { DRC01B: DRC01B_REASONS, DRC01C: DRC01C_REASONS };

const wireHeads = (h: Heads): Json => ({ iamt: rupees(h.igst), camt: rupees(h.cgst), samt: rupees(h.sgst), csamt: rupees(h.cess) });
const headsOfWire = (json: unknown, path: string): Heads => {
  const o = (typeof json === 'object' && json !== null ? json : {}) as Json;
  return {
    igst: paiseOf(o['iamt'], `${path}.iamt`),
    cgst: paiseOf(o['camt'], `${path}.camt`),
    sgst: paiseOf(o['samt'], `${path}.samt`),
    cess: paiseOf(o['csamt'], `${path}.csamt`),
  };
};
const isoSlash = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** An intimation as the API answers it: rupees, DD/MM/YYYY. */
const intimationView = (row: IntimationRow): Json => {
  const f = row.figures;
  return {
    ref_no: row.ref_no,
    form_typ: row.form,
    ret_period: row.period,
    issue_dt: slashDate(new Date(row.issued_at)),
    due_dt: isoSlash(row.due_date),
    status: row.status,
    reported: wireHeads(f.reported),
    baseline: wireHeads(f.baseline),
    difference: wireHeads(f.difference),
    excess: wireHeads(f.excess),
    tot_excess: rupees(f.totalExcess),
    pct_bps: f.percentBasisPoints,
    threshold: f.threshold ? { amt: rupees(f.threshold.amount), pct_bps: f.threshold.percentBasisPoints, rule: f.threshold.rule } : null,
    explanation: f.explanation,
    ...(row.reply
      ? {
          reply: {
            ack_num: row.reply.ackNo,
            reply_dt: row.replied_at ? slashDate(new Date(row.replied_at)) : null,
            reason_cd: row.reply.reason?.code ?? null,
            explanation: row.reply.reason?.explanation ?? null,
            drc03: row.reply.drc03
              ? {
                  arn: row.reply.drc03.arn,
                  paid_dt: isoSlash(row.reply.drc03.paidOn),
                  tax: wireHeads(row.reply.drc03.tax),
                  intr: wireHeads(row.reply.drc03.interest),
                }
              : null,
          },
        }
      : {}),
  };
};

const intimationOf = async (sql: SandboxSql, gstin: string, refNo: string, lock = false): Promise<IntimationRow> => {
  const [row] = await sql.query<IntimationRow>(
    `SELECT ${COLUMNS} FROM portal_sandbox.drc01_intimations WHERE gstin = $1 AND ref_no = $2${lock ? ' FOR UPDATE' : ''}`,
    [gstin, refNo],
  );
  if (!row) throw FAULTS.unknownIntimation();
  return row;
};

/** Rule 59(6): GSTR-1/IFF of a period after an unanswered intimation's period is refused (at submission and filing). */
export const refuseWhileUnanswered = async (sql: SandboxSql, gstin: string, period: string): Promise<void> => {
  const sortable = `${period.slice(2)}${period.slice(0, 2)}`;
  const [open] = await sql.query<{ ref_no: string; form: DrcForm }>(
    `SELECT ref_no, form FROM portal_sandbox.drc01_intimations
      WHERE gstin = $1 AND status = 'ISSUED' AND substr(period, 3) || substr(period, 1, 2) < $2 ORDER BY issued_at LIMIT 1`,
    [gstin, sortable],
  );
  if (open) throw FAULTS.drcUnanswered(open.form === 'DRC01B' ? 'GST DRC-01B' : 'GST DRC-01C', open.ref_no);
};

/** An ARN of the portal's shape: two letters, State code, MMYY, seven characters. */
const arnOf = (prefix: string, gstin: string, at: Date): string => {
  const day = indiaDateOf(at);
  const tail = String(Number.parseInt(randomBytes(4).toString('hex'), 16) % 10_000_000).padStart(7, '0');
  return `${prefix}${gstin.slice(0, 2)}${day.slice(5, 7)}${day.slice(2, 4)}${tail}`;
};

const replyOf = (row: IntimationRow, data: Json): { reason: Reply['reason']; drc03Amounts: { tax: Heads; interest: Heads } | null } => {
  const reasonJson = data['reason'];
  let reason: Reply['reason'] = null;
  if (reasonJson !== undefined && reasonJson !== null) {
    const r = reasonJson as Json;
    const code = String(r['cd'] ?? '');
    if (!(code in REASONS[row.form])) throw FAULTS.invalidReply(`reason cd must be one of ${Object.keys(REASONS[row.form]).join(', ')}`);
    reason = { code, explanation: String(r['explanation'] ?? '') };
  }
  const drc03Json = data['drc03'];
  const drc03Amounts =
    drc03Json === undefined || drc03Json === null
      ? null
      : { tax: headsOfWire((drc03Json as Json)['tax'], 'drc03.tax'), interest: headsOfWire((drc03Json as Json)['intr'], 'drc03.intr') };
  return { reason, drc03Amounts };
};

/** Part B: checked by the domain's replyProblems, the DRC-03 paid from the cash ledger, the intimation closed. */
const answer = async (sandbox: Sandbox, session: Session, data: Json, inner: string, body: Json): Promise<Json> => {
  const refNo = String(data['ref_no'] ?? '');
  const now = sandbox.now();
  const found = await intimationOf(sandbox.sql, session.gstin, refNo);
  const [pan, otp] = String(body['sid'] ?? '').split('|');
  const purpose = `EVC:${found.form}`;
  const signed = typeof body['sign'] === 'string' && otp !== undefined && sameText(hmacOf(Buffer.from(otp), inner), body['sign']);
  if (
    body['st'] !== 'EVC' ||
    pan?.toUpperCase() !== session.gstin.slice(2, 12) ||
    otp !== sandbox.otp ||
    !signed ||
    !(await otpRequested(sandbox, session.gstin, purpose))
  )
    throw FAULTS.invalidEvc();
  const row = await sandbox.sql.transaction(async (sql) => {
    const current = await intimationOf(sql, session.gstin, refNo, true);
    if (current.status !== 'ISSUED') throw FAULTS.intimationAnswered();
    const parsed = replyOf(current, data);
    const paidOn = indiaDateOf(now);
    const drc03 = parsed.drc03Amounts
      ? { arn: arnOf('AD', session.gstin, now), paidOn, tax: parsed.drc03Amounts.tax, interest: parsed.drc03Amounts.interest }
      : null;
    const problems = replyProblems(
      { payments: drc03 ? [drc03] : [], reason: parsed.reason },
      { form: formName(current.form), excess: current.figures.excess },
    );
    if (problems.length > 0) throw FAULTS.invalidReply(problems.map((p) => p.message).join(' '));
    if (drc03) await payDrc03(sql, session.gstin, current, drc03, now);
    const reply: Reply = { reason: parsed.reason, drc03, ackNo: arnOf('ZA', session.gstin, now) };
    const [updated] = await sql.query<IntimationRow>(
      `UPDATE portal_sandbox.drc01_intimations SET status = 'REPLIED', reply = $3, replied_at = $4
        WHERE gstin = $1 AND ref_no = $2 RETURNING ${COLUMNS}`,
      [session.gstin, refNo, JSON.stringify(reply), now.toISOString()],
    );
    return updated ?? current;
  });
  await clearOtpRequest(sandbox, session.gstin, purpose);
  return intimationView(row);
};

const formName = (form: DrcForm): 'DRC-01B' | 'DRC-01C' => (form === 'DRC01B' ? 'DRC-01B' : 'DRC-01C');

/** DRC-03 (Rule 142(2)): tax and interest paid from the electronic cash ledger, head by head; short balance refused. */
const payDrc03 = async (
  sql: SandboxSql,
  gstin: string,
  row: IntimationRow,
  drc03: NonNullable<Reply['drc03']>,
  now: Date,
): Promise<void> => {
  const cash = await balanceOf(sql, gstin, 'CASH');
  const amounts = noAmounts();
  for (const h of TAX_HEADS) {
    amounts[h].tx = drc03.tax[h];
    amounts[h].intr = drc03.interest[h];
    if (cash[h].tx < drc03.tax[h] || cash[h].intr < drc03.interest[h])
      throw FAULTS.insufficientBalance(
        `the cash ledger holds ₹${rupees(cash[h].tx)} tax and ₹${rupees(cash[h].intr)} interest of ${h.toUpperCase()}`,
      );
  }
  await postEntries(sql, [
    {
      gstin,
      ledger: 'CASH',
      period: row.period,
      kind: null,
      at: now,
      trTyp: 'Dr',
      description: `DRC-03 against ${formName(row.form)} ${row.ref_no}`,
      refNo: drc03.arn,
      discharge: null,
      amounts,
    },
  ]);
};

const formOf = (value: unknown): DrcForm => {
  const form = String(value ?? '').toUpperCase() as DrcForm;
  if (!DRC_FORMS.includes(form)) throw FAULTS.badRequest('form_typ must be DRC01B or DRC01C');
  return form;
};

export const drc01Routes = (app: FastifyInstance, sandbox: Sandbox): void => {
  const PATH = '/taxpayerapi/:version/returns/drc01';

  app.get(PATH, async (request) => {
    const session = await sessionOf(sandbox, request);
    const query = queryOf(request);
    if (query['gstin'] !== undefined && query['gstin'].toUpperCase() !== session.gstin) throw FAULTS.invalidSession();
    if (query['action'] === 'DETAIL')
      return sealed(session, intimationView(await intimationOf(sandbox.sql, session.gstin, query['ref_no'] ?? '')));
    if (query['action'] !== 'LIST') throw FAULTS.invalidAction(query['action'] ?? '');
    const form = query['form_typ'] ? formOf(query['form_typ']) : null;
    const rows = await sandbox.sql.query<IntimationRow>(
      `SELECT ${COLUMNS} FROM portal_sandbox.drc01_intimations WHERE gstin = $1 AND ($2::text IS NULL OR form = $2)
        ORDER BY issued_at DESC, ref_no DESC`,
      [session.gstin, form],
    );
    return sealed(session, { gstin: session.gstin, intimations: rows.map(intimationView) });
  });

  app.post(PATH, async (request) => {
    const session = await sessionOf(sandbox, request);
    const body = bodyOf(request);
    if (body['action'] !== 'REPLY') throw FAULTS.invalidAction(String(body['action'] ?? ''));
    const { json, inner } = openWrite(session, body);
    return sealed(session, await answer(sandbox, session, (json ?? {}) as Json, inner, body));
  });

  // Sandbox only: the threshold of the checks for this GSTIN (amount in rupees, percentage in basis points).
  app.put(`${PATH}/sandbox-threshold`, async (request) => {
    const session = await sessionOf(sandbox, request);
    const body = bodyOf(request);
    if (body['action'] !== 'SETTHRESHOLD') throw FAULTS.invalidAction(String(body['action'] ?? ''));
    const data = (openWrite(session, body).json ?? {}) as Json;
    const form = formOf(data['form_typ']);
    const threshold: MismatchThreshold = {
      amount: paiseOf(data['amt'], 'amt'),
      percentBasisPoints: Number(data['pct_bps']),
      rule: data['rule'] === 'amountAndPercent' ? 'amountAndPercent' : 'amountOrPercent',
    };
    try {
      checkThreshold(threshold);
    } catch (error) {
      throw FAULTS.badRequest((error as Error).message);
    }
    await sandbox.sql.query(
      `INSERT INTO portal_sandbox.drc01_thresholds (gstin, form, threshold) VALUES ($1, $2, $3)
       ON CONFLICT (gstin, form) DO UPDATE SET threshold = EXCLUDED.threshold`,
      [session.gstin, form, JSON.stringify(threshold)],
    );
    return sealed(session, { form_typ: form, amt: rupees(threshold.amount), pct_bps: threshold.percentBasisPoints, rule: threshold.rule });
  });
};
