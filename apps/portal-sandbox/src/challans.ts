// Challans, Form GST PMT-06 (Rule 87): created on the portal with a CPIN, paid at a bank, which answers a CIN and
// credits the electronic cash ledger. A real payment happens at a bank the sandbox cannot reach: its "sandbox bank"
// call (README.md) stands for the bank's report of a payment. The CPIN, challan fields and codes are the sandbox's
// reading where the public documents are silent (README.md "GSTR-3B, ledgers and challans").
import type { FastifyInstance } from 'fastify';
import { randomInt } from 'node:crypto';
import { sessionOf, type Session } from './auth';
import { IST_MS, istTime, slashDate, startOfSlashDate } from './calendar';
import { FAULTS } from './faults';
import { postEntries } from './ledgers';
import { HEADS, grandTotal, headAmountsOf, rupees, wireHead, type HeadAmounts } from './money';
import type { Sandbox } from './sandbox';
import type { SandboxSql } from './sql';
import { bodyOf, openWrite, queryOf, sealed, type Json } from './wire';

/** Rule 87(2): a challan generated is valid for fifteen days. */
export const CHALLAN_VALID_DAYS = 15;
/** Rule 87(3) proviso: over the counter, at most ₹10,000 per challan per tax period. */
const OTC_LIMIT_PAISE = 10_000_00;
/** E-payment (net banking, cards), over the counter, NEFT/RTGS: the modes of Rule 87(3). */
const MODES = new Set(['EPY', 'OTC', 'NEFT']);
/** NEFT/RTGS payments reach the Reserve Bank, the e-FPB for them: the bank part of their CIN. */
const RBI_CODE = 'RBIS';

type ChallanRow = {
  cpin: string;
  gstin: string;
  created_at: Date | string;
  expires_at: Date | string;
  mode: string;
  bank_code: string;
  amounts: HeadAmounts;
  cin: string | null;
  brn: string | null;
  paid_at: Date | string | null;
};

const COLUMNS = 'cpin, gstin, created_at, expires_at, mode, bank_code, amounts, cin, brn, paid_at';

/** A challan as the API answers it. */
const challanView = (row: ChallanRow, now: Date): Json => {
  const created = new Date(row.created_at);
  const expires = new Date(row.expires_at);
  const status = row.cin ? 'PAID' : now >= expires ? 'EXPIRED' : 'GENERATED';
  return {
    cpin: row.cpin,
    gstin: row.gstin,
    chln_dt: slashDate(created),
    chln_tm: istTime(created),
    // The last day it can be paid (IST).
    chln_exp_dt: slashDate(new Date(expires.getTime() - 1)),
    pymnt_mode: row.mode,
    bank_cd: row.bank_code,
    status,
    ...Object.fromEntries(HEADS.map((h) => [h, wireHead(row.amounts, h)])),
    tot_amt: rupees(grandTotal(row.amounts)),
    ...(row.cin ? { cin: row.cin, brn: row.brn, pymnt_dt: slashDate(new Date(row.paid_at ?? row.created_at)) } : {}),
  };
};

/** CPIN: 14 digits, YYMM of creation, the GSTIN's state code and an 8-digit sequence of the month (the sandbox's reading). */
const newCpin = async (sql: SandboxSql, gstin: string, now: Date): Promise<string> => {
  const ist = new Date(now.getTime() + IST_MS);
  const prefix = `${String(ist.getUTCFullYear() % 100).padStart(2, '0')}${String(ist.getUTCMonth() + 1).padStart(2, '0')}${gstin.slice(0, 2)}`;
  const [row] = await sql.query<{ n: number | string }>('SELECT count(*) AS n FROM portal_sandbox.challans WHERE cpin LIKE $1', [
    `${prefix}%`,
  ]);
  return `${prefix}${String(Number(row?.n ?? 0) + 1).padStart(8, '0')}`;
};

const createChallan = async (sandbox: Sandbox, session: Session, data: Json): Promise<Json> => {
  if (String(data['gstin'] ?? '').toUpperCase() !== session.gstin) throw FAULTS.badRequest('gstin must be the GSTIN of the request');
  const mode = String(data['pymnt_mode'] ?? '');
  if (!MODES.has(mode)) throw FAULTS.invalidChallan('pymnt_mode must be EPY, OTC or NEFT');
  const amounts = headAmountsOf(data, 'challan');
  const total = grandTotal(amounts);
  if (total <= 0) throw FAULTS.invalidChallan('the challan amount must be above zero');
  if (data['tot_amt'] !== undefined && Math.round(Number(data['tot_amt']) * 100) !== total)
    throw FAULTS.invalidChallan('tot_amt is not the sum of the amounts by head');
  if (mode === 'OTC' && total > OTC_LIMIT_PAISE) throw FAULTS.invalidChallan('over the counter, a challan is at most ₹10,000 (Rule 87(3))');
  const bank = String(data['bank_cd'] ?? (mode === 'NEFT' ? RBI_CODE : '')).toUpperCase();
  if (!/^[A-Z]{4}$/.test(bank)) throw FAULTS.invalidChallan('bank_cd must be the bank code of 4 letters (as the IFSC begins)');
  const now = sandbox.now();
  const row = await sandbox.sql.transaction(async (sql) => {
    await sql.query('SELECT pg_advisory_xact_lock(724682)');
    const cpin = await newCpin(sql, session.gstin, now);
    const expires = new Date(now.getTime() + CHALLAN_VALID_DAYS * 86_400_000);
    const [created] = await sql.query<ChallanRow>(
      `INSERT INTO portal_sandbox.challans (cpin, gstin, created_at, expires_at, mode, bank_code, amounts)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [cpin, session.gstin, now.toISOString(), expires.toISOString(), mode, bank, JSON.stringify(amounts)],
    );
    return created;
  });
  if (!row) throw new Error('The challan could not be stored.');
  return challanView(row, now);
};

const challanOf = async (sql: SandboxSql, gstin: string, cpin: string, lock = false): Promise<ChallanRow> => {
  const [row] = await sql.query<ChallanRow>(
    `SELECT ${COLUMNS} FROM portal_sandbox.challans WHERE cpin = $1 AND gstin = $2${lock ? ' FOR UPDATE' : ''}`,
    [cpin, gstin],
  );
  if (!row) throw FAULTS.unknownChallan();
  return row;
};

/** The bank's report of a payment: CIN = CPIN + the bank's code; the cash ledger credited with the challan's amounts. */
const payChallan = async (sandbox: Sandbox, session: Session, cpin: string): Promise<Json> => {
  const now = sandbox.now();
  const row = await sandbox.sql.transaction(async (sql) => {
    const challan = await challanOf(sql, session.gstin, cpin, true);
    if (challan.cin) throw FAULTS.challanPaid();
    const expires = new Date(challan.expires_at);
    if (now >= expires) throw FAULTS.challanExpired(slashDate(new Date(expires.getTime() - 1)));
    const cin = `${challan.cpin}${challan.bank_code}`;
    const brn = String(randomInt(1_000_000_000, 10_000_000_000));
    const [paid] = await sql.query<ChallanRow>(
      `UPDATE portal_sandbox.challans SET cin = $2, brn = $3, paid_at = $4 WHERE cpin = $1 RETURNING ${COLUMNS}`,
      [challan.cpin, cin, brn, now.toISOString()],
    );
    await postEntries(sql, [
      {
        gstin: session.gstin,
        ledger: 'CASH',
        period: null,
        kind: null,
        at: now,
        trTyp: 'Cr',
        description: `Deposit against CPIN ${challan.cpin}`,
        refNo: cin,
        discharge: null,
        amounts: challan.amounts,
      },
    ]);
    return paid;
  });
  if (!row) throw FAULTS.unknownChallan();
  return challanView(row, now);
};

/** CHLNHIST: the challans created between two dates (DD/MM/YYYY), the newest first. */
const challanHistory = async (sandbox: Sandbox, gstin: string, query: Record<string, string>): Promise<Json> => {
  const from = startOfSlashDate(query['fr_dt'] ?? '');
  const to = startOfSlashDate(query['to_dt'] ?? '', true);
  if (!from || !to || to <= from) throw FAULTS.badRequest('fr_dt and to_dt must be dates DD/MM/YYYY, fr_dt not after to_dt');
  const rows = await sandbox.sql.query<ChallanRow>(
    `SELECT ${COLUMNS} FROM portal_sandbox.challans WHERE gstin = $1 AND created_at >= $2 AND created_at < $3
      ORDER BY created_at DESC, cpin DESC`,
    [gstin, from.toISOString(), to.toISOString()],
  );
  const now = sandbox.now();
  return { gstin, fr_dt: query['fr_dt'], to_dt: query['to_dt'], chln_list: rows.map((r) => challanView(r, now)) };
};

export const challanRoutes = (app: FastifyInstance, sandbox: Sandbox): void => {
  app.post('/taxpayerapi/:version/payment', async (request) => {
    const session = await sessionOf(sandbox, request);
    const body = bodyOf(request);
    if (body['action'] !== 'GENERATE') throw FAULTS.invalidAction(String(body['action'] ?? ''));
    return sealed(session, await createChallan(sandbox, session, (openWrite(session, body).json ?? {}) as Json));
  });

  app.get('/taxpayerapi/:version/payment', async (request) => {
    const session = await sessionOf(sandbox, request);
    const query = queryOf(request);
    if (query['gstin'] !== undefined && query['gstin'].toUpperCase() !== session.gstin) throw FAULTS.invalidSession();
    if (query['action'] === 'CHLNDTLS')
      return sealed(session, challanView(await challanOf(sandbox.sql, session.gstin, query['cpin'] ?? ''), sandbox.now()));
    if (query['action'] === 'CHLNHIST') return sealed(session, await challanHistory(sandbox, session.gstin, query));
    throw FAULTS.invalidAction(query['action'] ?? '');
  });

  // Sandbox only: no GSTN call; it stands for the bank where the taxpayer pays (README.md).
  app.post('/taxpayerapi/:version/payment/sandbox-bank', async (request) => {
    const session = await sessionOf(sandbox, request);
    const body = bodyOf(request);
    if (body['action'] !== 'PAY') throw FAULTS.invalidAction(String(body['action'] ?? ''));
    const data = (openWrite(session, body).json ?? {}) as Json;
    return sealed(session, await payChallan(sandbox, session, String(data['cpin'] ?? '')));
  });
};
