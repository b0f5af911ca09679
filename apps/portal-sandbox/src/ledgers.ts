// The electronic ledgers (s.49 CGST Act; Rules 85, 86, 87): cash (deposits by challan, payments from it), credit
// (ITC of each GSTR-3B, its utilisation), liability (per return period: what a GSTR-3B declares, what its offset
// discharges), and the two statements beside them (credit reversed and re-claimed, RCM liability and ITC). One row per
// entry, amounts in paise per head and minor head; balances are sums. The API's answers (`GET .../ledgers`, action
// CASH, ITC, TAX, BAL, RETLIAB) are laid out as the published JSON schemas of the GST API (README.md).
import type { FastifyInstance } from 'fastify';
import { sessionOf } from './auth';
import { istTime, slashDate, sortable, startOfSlashDate } from './calendar';
import { FAULTS } from './faults';
import { HEADS, MINOR_HEADS, addAmounts, grandTotal, headTotal, noAmounts, rupees, wireHead, type HeadAmounts } from './money';
import type { Sandbox } from './sandbox';
import type { SandboxSql } from './sql';
import { queryOf, sealed, type Json } from './wire';

export type LedgerName = 'CASH' | 'CREDIT' | 'LIABILITY' | 'REVERSAL' | 'RCM';
/** A liability's kind: other than reverse charge, or reverse charge (and s.9(5)), which only cash pays (s.49(4)). */
export type LiabilityKind = 'OTH' | 'RC';

export type LedgerEntry = {
  gstin: string;
  ledger: LedgerName;
  period: string | null;
  kind: LiabilityKind | null;
  at: Date;
  /** Cr adds to a cash, credit or statement balance and discharges a liability; Dr the reverse. */
  trTyp: 'Cr' | 'Dr';
  description: string;
  refNo: string;
  /** A liability discharged: from the credit ledger or the cash ledger. */
  discharge: 'credit' | 'cash' | null;
  amounts: HeadAmounts;
};

type Row = {
  seq: number | string;
  period: string | null;
  kind: LiabilityKind | null;
  at: Date | string;
  tr_typ: 'Cr' | 'Dr';
  description: string;
  ref_no: string;
  discharge: string | null;
  amounts: HeadAmounts;
};

export type StoredEntry = Omit<LedgerEntry, 'gstin' | 'ledger'> & { seq: number };

/** Writes entries (those of no amount are not entries). */
export const postEntries = async (sql: SandboxSql, entries: readonly LedgerEntry[]): Promise<void> => {
  for (const e of entries) {
    if (grandTotal(e.amounts) === 0) continue;
    await sql.query(
      `INSERT INTO portal_sandbox.ledger_entries (gstin, ledger, period, kind, at, tr_typ, description, ref_no, discharge, amounts)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [e.gstin, e.ledger, e.period, e.kind, e.at.toISOString(), e.trTyp, e.description, e.refNo, e.discharge, JSON.stringify(e.amounts)],
    );
  }
};

export const entriesOf = async (
  sql: SandboxSql,
  gstin: string,
  ledger: LedgerName,
  filter: { period?: string; kind?: LiabilityKind } = {},
): Promise<StoredEntry[]> => {
  const rows = await sql.query<Row>(
    `SELECT seq, period, kind, at, tr_typ, description, ref_no, discharge, amounts FROM portal_sandbox.ledger_entries
      WHERE gstin = $1 AND ledger = $2 AND ($3::text IS NULL OR period = $3) AND ($4::text IS NULL OR kind = $4) ORDER BY seq`,
    [gstin, ledger, filter.period ?? null, filter.kind ?? null],
  );
  return rows.map((r) => ({
    seq: Number(r.seq),
    period: r.period,
    kind: r.kind,
    at: new Date(r.at),
    trTyp: r.tr_typ,
    description: r.description,
    refNo: r.ref_no,
    discharge: r.discharge === 'credit' || r.discharge === 'cash' ? r.discharge : null,
    amounts: r.amounts,
  }));
};

/** The sign of an entry in its ledger's balance: a liability grows with Dr, the others with Cr. */
const signOf = (ledger: LedgerName, trTyp: 'Cr' | 'Dr'): 1 | -1 => ((ledger === 'LIABILITY') === (trTyp === 'Dr') ? 1 : -1);

export const sumEntries = (ledger: LedgerName, entries: readonly StoredEntry[]): HeadAmounts =>
  entries.reduce((sum, e) => addAmounts(sum, e.amounts, signOf(ledger, e.trTyp)), noAmounts());

export const balanceOf = async (
  sql: SandboxSql,
  gstin: string,
  ledger: LedgerName,
  filter: { period?: string; kind?: LiabilityKind } = {},
): Promise<HeadAmounts> => sumEntries(ledger, await entriesOf(sql, gstin, ledger, filter));

const headsWire = (amounts: HeadAmounts, suffix = ''): Json =>
  Object.fromEntries(HEADS.map((h) => [`${h}${suffix}`, wireHead(amounts, h)]));

/** The ledger's entries in a period of dates (DD/MM/YYYY), each with the balance after it, and the balances around. */
const dated = async (sandbox: Sandbox, gstin: string, ledger: LedgerName, query: Record<string, string>) => {
  const from = startOfSlashDate(query['fr_dt'] ?? '');
  const to = startOfSlashDate(query['to_dt'] ?? '', true);
  if (!from || !to || to <= from) throw FAULTS.badRequest('fr_dt and to_dt must be dates DD/MM/YYYY, fr_dt not after to_dt');
  const entries = await entriesOf(sandbox.sql, gstin, ledger);
  const before = entries.filter((e) => e.at < from);
  let balance = sumEntries(ledger, before);
  const opening = balance;
  const rows = entries
    .filter((e) => e.at >= from && e.at < to)
    .map((e) => {
      balance = addAmounts(balance, e.amounts, signOf(ledger, e.trTyp));
      return { entry: e, balance };
    });
  return { from: query['fr_dt'] ?? '', to: query['to_dt'] ?? '', opening, rows, closing: balance };
};

/** CASH: {gstin, fr_dt, to_dt, op_bal, tr: [{dpt_dt, dpt_time, rpt_dt, desc, ref_no, ret_period, tr_typ, ...}], cl_bal}. */
const cashLedger = async (sandbox: Sandbox, gstin: string, query: Record<string, string>): Promise<Json> => {
  const d = await dated(sandbox, gstin, 'CASH', query);
  const balanceWire = (desc: string, b: HeadAmounts): Json => ({ desc, tot_rng_bal: rupees(grandTotal(b)), ...headsWire(b) });
  return {
    gstin,
    fr_dt: d.from,
    to_dt: d.to,
    op_bal: balanceWire('Opening Balance', d.opening),
    tr: d.rows.map(({ entry, balance }) => ({
      dpt_dt: slashDate(entry.at),
      dpt_time: istTime(entry.at),
      rpt_dt: slashDate(entry.at),
      desc: entry.description,
      ref_no: entry.refNo,
      ret_period: entry.period ?? '',
      tr_typ: entry.trTyp,
      tot_tr_amt: rupees(grandTotal(entry.amounts)),
      tot_rng_bal: rupees(grandTotal(balance)),
      ...headsWire(entry.amounts),
      ...headsWire(balance, 'bal'),
    })),
    cl_bal: balanceWire('Closing Balance', d.closing),
  };
};

/** ITC: {itcLdgDtls: {gstin, fr_dt, to_dt, op_bal, tr: [{dt, desc, ref_no, ret_period, tr_typ, igstTaxAmt, igstTaxBal ...}], cl_bal}, provCrdBalList}. */
const creditLedger = async (sandbox: Sandbox, gstin: string, query: Record<string, string>): Promise<Json> => {
  const d = await dated(sandbox, gstin, 'CREDIT', query);
  const taxes = (a: HeadAmounts, suffix: 'Amt' | 'Bal'): Json =>
    Object.fromEntries(HEADS.map((h) => [`${h}Tax${suffix}`, rupees(a[h].tx)]));
  const balanceWire = (desc: string, b: HeadAmounts): Json => ({ desc, tot_rng_bal: rupees(grandTotal(b)), ...taxes(b, 'Bal') });
  return {
    itcLdgDtls: {
      gstin,
      fr_dt: d.from,
      to_dt: d.to,
      op_bal: balanceWire('Opening Balance', d.opening),
      tr: d.rows.map(({ entry, balance }) => ({
        dt: slashDate(entry.at),
        desc: entry.description,
        ref_no: entry.refNo,
        ret_period: entry.period ?? '',
        tr_typ: entry.trTyp,
        tot_tr_amt: rupees(grandTotal(entry.amounts)),
        tot_rng_bal: rupees(grandTotal(balance)),
        ...taxes(entry.amounts, 'Amt'),
        ...taxes(balance, 'Bal'),
      })),
      cl_bal: balanceWire('Closing Balance', d.closing),
    },
    provCrdBalList: { provCrdBal: [] },
  };
};

const periodParam = (value: string | undefined, name: string): string => {
  if (!value || !/^(0[1-9]|1[0-2])\d{4}$/.test(value)) throw FAULTS.badRequest(`${name} must be a return period MMYYYY`);
  return value;
};

export const LIABILITY_DESCRIPTIONS: Record<LiabilityKind, string> = { OTH: 'Other than reverse charge', RC: 'Reverse charge' };

/** TAX: the liability ledger of the return periods fr_dt to to_dt (MMYYYY): {gstin, fr_dt, to_dt, tr: [...], cl_bal}. */
const liabilityLedger = async (sandbox: Sandbox, gstin: string, query: Record<string, string>): Promise<Json> => {
  const from = periodParam(query['fr_dt'], 'fr_dt');
  const to = periodParam(query['to_dt'], 'to_dt');
  const entries = (await entriesOf(sandbox.sql, gstin, 'LIABILITY')).filter(
    (e) => e.period !== null && sortable(e.period) >= sortable(from) && sortable(e.period) <= sortable(to),
  );
  let balance = noAmounts();
  const tr = entries.map((e) => {
    balance = addAmounts(balance, e.amounts, signOf('LIABILITY', e.trTyp));
    return {
      dt: slashDate(e.at),
      ref_no: e.refNo,
      ret_period: e.period,
      desc: e.description,
      tr_typ: e.trTyp,
      dschrg_typ: e.discharge ?? '',
      tot_tr_amt: rupees(grandTotal(e.amounts)),
      tot_rng_bal: rupees(grandTotal(balance)),
      ...headsWire(e.amounts),
      ...headsWire(balance, 'bal'),
    };
  });
  return {
    gstin,
    fr_dt: from,
    to_dt: to,
    tr,
    cl_bal: { desc: 'Closing Balance', tot_rng_bal: rupees(grandTotal(balance)), ...headsWire(balance, 'bal') },
  };
};

/** Liability ledger ids and transaction codes of a return's two liabilities (tran_cd 30001 as GSPs' samples show it). */
export const LIABILITY_IDS: Record<LiabilityKind, { liabId: number; tranCd: number }> = {
  OTH: { liabId: 6001, tranCd: 30001 },
  RC: { liabId: 6002, tranCd: 30002 },
};

/** RETLIAB: what remains to pay of a return, per liability: {gstin, ret_period, ret_type, op_liab: [...]}. */
const returnLiability = async (sandbox: Sandbox, gstin: string, query: Record<string, string>): Promise<Json> => {
  const period = periodParam(query['ret_period'], 'ret_period');
  const opLiab: Json[] = [];
  for (const kind of ['OTH', 'RC'] as const) {
    const outstanding = await balanceOf(sandbox.sql, gstin, 'LIABILITY', { period, kind });
    opLiab.push({
      liab_id: LIABILITY_IDS[kind].liabId,
      tran_desc: LIABILITY_DESCRIPTIONS[kind],
      tran_cd: LIABILITY_IDS[kind].tranCd,
      ...headsWire(outstanding),
    });
  }
  return { gstin, ret_period: period, ret_type: 'R3', op_liab: opLiab };
};

/** BAL: the cash and credit balances now: {gstin, cash_bal: {igst: {...}, igst_tot_bal ...}, itc_bal, itc_blck_bal}. */
const balances = async (sandbox: Sandbox, gstin: string): Promise<Json> => {
  const cash = await balanceOf(sandbox.sql, gstin, 'CASH');
  const credit = await balanceOf(sandbox.sql, gstin, 'CREDIT');
  const cashBal: Json = {};
  for (const h of HEADS) {
    cashBal[h] = Object.fromEntries(MINOR_HEADS.map((m) => [m, rupees(cash[h][m])]));
    cashBal[`${h}_tot_bal`] = rupees(headTotal(cash, h));
  }
  return {
    gstin,
    cash_bal: cashBal,
    itc_bal: Object.fromEntries(HEADS.map((h) => [`${h}_bal`, rupees(credit[h].tx)])),
    // Credit blocked by an officer (Rule 86A): the sandbox has no officer.
    itc_blck_bal: Object.fromEntries(HEADS.map((h) => [`${h}_blck_bal`, 0])),
  };
};

export const ledgerRoutes = (app: FastifyInstance, sandbox: Sandbox): void => {
  app.get('/taxpayerapi/:version/ledgers', async (request) => {
    const session = await sessionOf(sandbox, request);
    const query = queryOf(request);
    if (query['gstin'] !== undefined && query['gstin'].toUpperCase() !== session.gstin) throw FAULTS.invalidSession();
    const action = query['action'] ?? '';
    switch (action) {
      case 'CASH':
        return sealed(session, await cashLedger(sandbox, session.gstin, query));
      case 'ITC':
        return sealed(session, await creditLedger(sandbox, session.gstin, query));
      case 'TAX':
        return sealed(session, await liabilityLedger(sandbox, session.gstin, query));
      case 'BAL':
        return sealed(session, await balances(sandbox, session.gstin));
      case 'RETLIAB':
        return sealed(session, await returnLiability(sandbox, session.gstin, query));
      default:
        throw FAULTS.invalidAction(action);
    }
  });
};
