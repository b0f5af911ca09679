// GSTR-3B at the sandbox (/returns/gstr3b, the actions India Compliance calls in production): RETSAVE (structure, net
// ITC, the hard-locked auto-populated liability), RETSUM (the return with its tax payable, tx_pmt), AUTOLIAB (the
// system-generated 3B), RETSUBMIT (posts the liability and the ITC to the ledgers), RETOFFSET (credit and cash
// utilisation: sections 49(4), 49(5), 49A, 49B, Rule 88A; the ledgers' balances), RETFILE with EVC, and the credit
// reversal and re-claimed statement (CLOSINGBAL) and the RCM liability/ITC statement (RCMCLOSINGBAL).
// The portal's rules: no 3B before the period's GSTR-1 (s.39(10)), no return three years after its due date (s.39(11)).
import { addDays, dueDate, parseReturnPeriod, setOffProblem, type Heads, type TaxHead, type Utilisation } from '@opengst/domain';
import type { FastifyInstance } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { clearOtpRequest, otpRequested, sessionOf, type Session } from './auth';
import { IST_MS, longDate } from './calendar';
import { hmacOf, sameText } from './crypto';
import { FAULTS } from './faults';
import { newArn, returnOf } from './gstr1';
import { gstr3bStructureProblem, type SaveProblem } from './gstr3b-structure';
import { autoLiabilityAnswer, lockedChanges, systemGstr3b } from './gstr3b-system';
import {
  LIABILITY_DESCRIPTIONS,
  LIABILITY_IDS,
  balanceOf,
  entriesOf,
  postEntries,
  type LedgerEntry,
  type LedgerName,
  type LiabilityKind,
} from './ledgers';
import { HEADS, MINOR_HEADS, grandTotal, noAmounts, paiseOf, rupees, type Head, type HeadAmounts, type MinorHead } from './money';
import type { Sandbox } from './sandbox';
import type { SandboxSql } from './sql';
import { bodyOf, headerOf, openWrite, queryOf, sealed, type Json } from './wire';

const FORM = 'GSTR3B';
const EVC_PURPOSE = 'EVC:R3B';

/**
 * Section 39(11) (Finance Act 2023, in force 1 Oct 2023, Notification 28/2023-CT): no return after three years from its
 * due date. The portal enforces it from the July 2025 tax period's filings (GSTN advisory of 7 Jun 2025): from
 * 1 August 2025 (IST) here.
 */
const TIME_BAR_ENFORCED_FROM = new Date(Date.UTC(2025, 7, 1) - IST_MS);

const periodOf = (value: string | undefined): string => {
  if (!value || !parseReturnPeriod(value)) throw FAULTS.badRequest('ret_period must be MMYYYY');
  return value;
};

/** Refuses a return of a period whose due date (monthly filer, 20th of the next month) is three years past. */
const refuseTimeBarred = (period: string, now: Date): void => {
  const due = dueDate('GSTR3B', period);
  const anniversary = `${Number(due.slice(0, 4)) + 3}${due.slice(4)}`;
  const barredFrom = new Date(Date.parse(`${addDays(anniversary, 1)}T00:00:00Z`) - IST_MS);
  if (now >= TIME_BAR_ENFORCED_FROM && now >= barredFrom)
    throw FAULTS.timeBarred(period, longDate(new Date(Date.parse(`${due}T00:00:00Z`))));
};

/** Section 39(10): a return of a period only once the period's GSTR-1 is filed. */
const refuseBeforeGstr1 = async (sql: SandboxSql, gstin: string, period: string): Promise<void> => {
  if ((await returnOf(sql, gstin, 'GSTR1', period))?.status !== 'FILED') throw FAULTS.gstr1NotFiledFor3b(period);
};

const statusOf = async (sql: SandboxSql, gstin: string, period: string): Promise<string> =>
  (
    await sql.query<{ status: string }>('SELECT status FROM portal_sandbox.returns WHERE gstin = $1 AND form = $2 AND period = $3', [
      gstin,
      FORM,
      period,
    ])
  )[0]?.status ?? 'NOT_FILED';

const setStatus = async (sql: SandboxSql, gstin: string, period: string, status: string, at: Date, arn: string | null = null) => {
  await sql.query(
    `INSERT INTO portal_sandbox.returns (gstin, form, period, status) VALUES ($1, $2, $3, 'NOT_FILED') ON CONFLICT DO NOTHING`,
    [gstin, FORM, period],
  );
  await sql.query(
    `UPDATE portal_sandbox.returns SET status = $4, submitted_at = CASE WHEN $4 = 'SUBMITTED' THEN $5::timestamptz ELSE submitted_at END,
       filed_at = CASE WHEN $4 = 'FILED' THEN $5::timestamptz ELSE filed_at END, arn = COALESCE($6, arn)
     WHERE gstin = $1 AND form = $2 AND period = $3`,
    [gstin, FORM, period, status, at.toISOString(), arn],
  );
};

type Saved = { data: Json; offsets: Offset[] };

const savedOf = async (sql: SandboxSql, gstin: string, period: string): Promise<Saved | null> =>
  (await sql.query<Saved>('SELECT data, offsets FROM portal_sandbox.gstr3b WHERE gstin = $1 AND period = $2', [gstin, period]))[0] ?? null;

const referenceId = (gstin: string): string => `${gstin.slice(0, 2)}${randomBytes(12).toString('hex')}`;

// ---- The figures of a saved return, in paise ----

const num = (json: unknown, ...path: string[]): number => {
  const v = path.reduce<unknown>((o, k) => (typeof o === 'object' && o !== null ? (o as Json)[k] : undefined), json);
  return typeof v === 'number' ? Math.round(v * 100) : 0;
};
const typedRow = (json: Json, list: string, ty: string): Json =>
  ((((json['itc_elg'] as Json | undefined)?.[list] ?? []) as Json[]).find((r) => r['ty'] === ty) ?? {}) as Json;
const WIRE_KEYS: Record<Head, string> = { igst: 'iamt', cgst: 'camt', sgst: 'samt', cess: 'csamt' };
const taxOf = (row: unknown): Record<Head, number> =>
  Object.fromEntries(HEADS.map((h) => [h, num(row, WIRE_KEYS[h])])) as Record<Head, number>;

/** What a saved return declares: its two liabilities, its net ITC, and its statements' entries. */
const declaredBy = (data: Json) => {
  const sup = (data['sup_details'] ?? {}) as Json;
  const eco = (data['eco_dtls'] ?? {}) as Json;
  const itc = (data['itc_elg'] ?? {}) as Json;
  const fees = (data['intr_ltfee'] ?? {}) as Json;
  const outward = taxOf(sup['osup_det']);
  const zeroRated = taxOf(sup['osup_zero']);
  const net = taxOf(itc['itc_net']);
  const interest = taxOf(fees['intr_details']);
  const lateFee = taxOf(fees['ltfee_details']);
  const reverseCharge = taxOf(sup['isup_rev']);
  const operator = taxOf(eco['eco_sup']);
  const oth = noAmounts();
  const rc = noAmounts();
  const credit = noAmounts();
  for (const h of HEADS) {
    // Net ITC below zero is tax to pay (rule 37(2)); above zero it joins the credit ledger (the domain's table 6.1).
    oth[h].tx = outward[h] + zeroRated[h] + Math.max(0, -net[h]);
    oth[h].intr = interest[h];
    oth[h].fee = lateFee[h];
    // Reverse charge and the operator's s.9(5) tax: cash only (s.49(4)).
    rc[h].tx = reverseCharge[h] + operator[h];
    credit[h].tx = Math.max(0, net[h]);
  }
  const taxRows = (list: string, ...tys: string[]): HeadAmounts => {
    const out = noAmounts();
    for (const ty of tys) for (const h of HEADS) out[h].tx += taxOf(typedRow(data, list, ty))[h];
    return out;
  };
  const rcmLiability = noAmounts();
  for (const h of HEADS) rcmLiability[h].tx = reverseCharge[h];
  return {
    liabilities: { OTH: oth, RC: rc } as Record<LiabilityKind, HeadAmounts>,
    credit,
    // Credit reversal and re-claimed statement: 4B(2) reversals add, 4D(1) reclaims take out (GST-RULES-DETAIL §1.5).
    reversed: taxRows('itc_rev', 'OTH'),
    reclaimed: taxRows('itc_inelg', 'RUL'),
    // RCM liability/ITC statement: 3.1(d) adds, the reverse-charge ITC of 4A(2) and 4A(3) takes out.
    rcmLiability,
    rcmCredit: taxRows('itc_avl', 'IMPS', 'ISRC'),
  };
};

// ---- RETSAVE ----

const saveProblem = async (
  sandbox: Sandbox,
  sql: SandboxSql,
  gstin: string,
  period: string,
  payload: unknown,
): Promise<SaveProblem | null> => {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return { code: 'RET191103', message: 'The payload is not a GSTR-3B JSON object' };
  const json = payload as Json;
  if (String(json['gstin'] ?? '').toUpperCase() !== gstin)
    return { code: 'RET191104', message: 'The GSTIN of the payload differs from the GSTIN of the request' };
  if (json['ret_period'] !== period)
    return { code: 'RET191105', message: 'The ret_period of the payload differs from the ret_period of the request' };
  const structure = gstr3bStructureProblem(json);
  if (structure) return structure;
  const changed = lockedChanges(period, json, (await systemGstr3b(sql, gstin, period, sandbox.now())).json);
  if (changed.length > 0)
    return {
      code: 'RET191123',
      message: `Table ${changed.join(', ')} is auto-populated from GSTR-1/IFF/1A and cannot be edited for this period (GSTN advisory of 7 Jun 2025): correct it through GSTR-1A`,
    };
  return null;
};

// ---- RETOFFSET ----

type Offset = { credit: Utilisation[]; cash: Record<LiabilityKind, HeadAmounts> };

const HEAD_CODES: Record<string, TaxHead> = { i: 'igst', c: 'cgst', s: 'sgst', cs: 'cess' };
const TRANS_TYPES: Record<number, LiabilityKind> = { [LIABILITY_IDS.OTH.tranCd]: 'OTH', [LIABILITY_IDS.RC.tranCd]: 'RC' };
/** pdcash's keys: tax paid (ipd ...), interest (i_intrpd ...), late fee (c_lfeepd, s_lfeepd). */
const CASH_KEYS: readonly (readonly [key: string, head: Head, minor: MinorHead])[] = [
  ...HEADS.map((h) => [`${h === 'cess' ? 'cs' : h.charAt(0)}pd`, h, 'tx'] as const),
  ...HEADS.map((h) => [`${h === 'cess' ? 'cs' : h.charAt(0)}_intrpd`, h, 'intr'] as const),
  ['c_lfeepd', 'cgst', 'fee'],
  ['s_lfeepd', 'sgst', 'fee'],
];

/** The offset request `{pdcash: [{trans_typ, ipd, ...}], pditc: {i_pdi, i_pdc, ...}}` in paise. */
const offsetOf = (data: Json): Offset => {
  const credit: Utilisation[] = [];
  const pditc = (data['pditc'] ?? {}) as Json;
  for (const [key, value] of Object.entries(pditc)) {
    if (key === 'liab_ldg_id' || key === 'trans_typ') continue;
    const m = /^(i|c|s|cs)_pd(i|c|s|cs)$/.exec(key);
    if (!m) throw FAULTS.badRequest(`pditc.${key} is not a credit utilisation`);
    const amount = paiseOf(value, `pditc.${key}`);
    if (amount > 0) credit.push({ from: HEAD_CODES[m[1]!]!, to: HEAD_CODES[m[2]!]!, amount });
  }
  if (pditc['trans_typ'] !== undefined && TRANS_TYPES[Number(pditc['trans_typ'])] !== 'OTH')
    throw FAULTS.unlawfulOffset('reverse-charge tax is paid in cash only (section 49(4))');
  const cash = { OTH: noAmounts(), RC: noAmounts() };
  const pdcash = Array.isArray(data['pdcash']) ? (data['pdcash'] as Json[]) : [];
  pdcash.forEach((row, i) => {
    const kind = TRANS_TYPES[Number(row['trans_typ'])];
    if (!kind) throw FAULTS.badRequest(`pdcash[${i}].trans_typ must be ${LIABILITY_IDS.OTH.tranCd} or ${LIABILITY_IDS.RC.tranCd}`);
    for (const [key, head, minor] of CASH_KEYS) cash[kind][head][minor] += paiseOf(row[key], `pdcash[${i}].${key}`);
  });
  return { credit, cash };
};

const LABEL: Record<Head, string> = { igst: 'IGST', cgst: 'CGST', sgst: 'SGST', cess: 'cess' };
const MINOR_LABEL: Record<MinorHead, string> = { tx: 'tax', intr: 'interest', pen: 'penalty', fee: 'fee', oth: 'others' };

/** Checks the offset against the law and the ledgers, then posts it: credit and cash ledgers Dr, liability ledger Cr. */
const applyOffset = async (sql: SandboxSql, gstin: string, period: string, offset: Offset, at: Date): Promise<void> => {
  const outstanding = {
    OTH: await balanceOf(sql, gstin, 'LIABILITY', { period, kind: 'OTH' }),
    RC: await balanceOf(sql, gstin, 'LIABILITY', { period, kind: 'RC' }),
  };
  const creditBalance = await balanceOf(sql, gstin, 'CREDIT');
  const tax = (a: HeadAmounts): Heads => ({ igst: a.igst.tx, cgst: a.cgst.tx, sgst: a.sgst.tx, cess: a.cess.tx });
  const problem = setOffProblem(tax(outstanding.OTH), tax(creditBalance), offset.credit);
  if (problem) throw FAULTS.unlawfulOffset(problem);

  const cashBalance = await balanceOf(sql, gstin, 'CASH');
  for (const h of HEADS)
    for (const m of MINOR_HEADS) {
      const needed = offset.cash.OTH[h][m] + offset.cash.RC[h][m];
      if (needed > cashBalance[h][m])
        throw FAULTS.insufficientBalance(
          `the cash ledger holds ₹${rupees(cashBalance[h][m])} of ${LABEL[h]} ${MINOR_LABEL[m]}, the offset needs ₹${rupees(needed)}`,
        );
    }
  const creditPaid = noAmounts();
  for (const u of offset.credit) creditPaid[u.to].tx += u.amount;
  for (const kind of ['OTH', 'RC'] as const)
    for (const h of HEADS)
      for (const m of MINOR_HEADS) {
        const paid = offset.cash[kind][h][m] + (kind === 'OTH' ? creditPaid[h][m] : 0);
        if (paid > outstanding[kind][h][m])
          throw FAULTS.unlawfulOffset(
            `more ${LABEL[h]} ${MINOR_LABEL[m]} is paid than the ${LIABILITY_DESCRIPTIONS[kind].toLowerCase()} liability`,
          );
      }

  const creditUsed = noAmounts();
  for (const u of offset.credit) creditUsed[u.from].tx += u.amount;
  const ref = `DI${referenceId(gstin).slice(2, 14).toUpperCase()}`;
  const entry = (ledger: LedgerName, trTyp: 'Cr' | 'Dr', amounts: HeadAmounts, rest: Partial<LedgerEntry> = {}): LedgerEntry => ({
    gstin,
    ledger,
    period,
    kind: null,
    at,
    trTyp,
    description: 'Set off of liability of GSTR-3B',
    refNo: ref,
    discharge: null,
    amounts,
    ...rest,
  });
  await postEntries(sql, [
    entry('CREDIT', 'Dr', creditUsed, { description: LIABILITY_DESCRIPTIONS.OTH }),
    entry('LIABILITY', 'Cr', creditPaid, { kind: 'OTH', discharge: 'credit', description: LIABILITY_DESCRIPTIONS.OTH }),
    ...(['OTH', 'RC'] as const).flatMap((kind) => [
      entry('CASH', 'Dr', offset.cash[kind], { description: LIABILITY_DESCRIPTIONS[kind] }),
      entry('LIABILITY', 'Cr', offset.cash[kind], { kind, discharge: 'cash', description: LIABILITY_DESCRIPTIONS[kind] }),
    ]),
  ]);
};

// ---- RETSUM ----

const txPyOf = (kind: LiabilityKind, a: HeadAmounts): Json => ({
  trans_typ: LIABILITY_IDS[kind].tranCd,
  tran_desc: LIABILITY_DESCRIPTIONS[kind],
  liab_ldg_id: LIABILITY_IDS[kind].liabId,
  igst: { tx: rupees(a.igst.tx), intr: rupees(a.igst.intr) },
  cgst: { tx: rupees(a.cgst.tx), intr: rupees(a.cgst.intr), fee: rupees(a.cgst.fee) },
  sgst: { tx: rupees(a.sgst.tx), intr: rupees(a.sgst.intr), fee: rupees(a.sgst.fee) },
  cess: { tx: rupees(a.cess.tx), intr: rupees(a.cess.intr) },
});

const CODE_OF: Record<TaxHead, string> = { igst: 'i', cgst: 'c', sgst: 's', cess: 'cs' };

/** RETSUM: the saved return, its tax payable and what the offsets paid (tx_pmt), and the checksum the filing signs. */
const summaryOf = async (sql: SandboxSql, gstin: string, period: string): Promise<Json> => {
  const saved = await savedOf(sql, gstin, period);
  const declared = declaredBy(saved?.data ?? {});
  const pditc: Json = {};
  const pdcash = { OTH: noAmounts(), RC: noAmounts() };
  for (const offset of saved?.offsets ?? []) {
    for (const u of offset.credit) {
      const key = `${CODE_OF[u.from]}_pd${CODE_OF[u.to]}`;
      pditc[key] = Number(pditc[key] ?? 0) + u.amount;
    }
    for (const kind of ['OTH', 'RC'] as const)
      for (const h of HEADS) for (const m of MINOR_HEADS) pdcash[kind][h][m] += offset.cash[kind][h][m];
  }
  const txPmt = {
    tx_py: (['OTH', 'RC'] as const).map((kind) => txPyOf(kind, declared.liabilities[kind])),
    pdcash: (['OTH', 'RC'] as const).map((kind) => ({
      liab_ldg_id: LIABILITY_IDS[kind].liabId,
      trans_typ: LIABILITY_IDS[kind].tranCd,
      ...Object.fromEntries(CASH_KEYS.map(([key, head, minor]) => [key, rupees(pdcash[kind][head][minor])])),
    })),
    pditc: {
      liab_ldg_id: LIABILITY_IDS.OTH.liabId,
      trans_typ: LIABILITY_IDS.OTH.tranCd,
      ...Object.fromEntries(Object.entries(pditc).map(([k, v]) => [k, rupees(Number(v))])),
    },
  };
  const body = { ...(saved?.data ?? {}), gstin, ret_period: period, tx_pmt: txPmt };
  return { ...body, chksum: createHash('sha256').update(JSON.stringify(body)).digest('hex') };
};

// ---- Statements ----

/** CLOSINGBAL / RCMCLOSINGBAL: the statement's entries and closing balance (README.md: the sandbox's layout). */
const statementOf = async (sql: SandboxSql, gstin: string, ledger: 'REVERSAL' | 'RCM'): Promise<Json> => {
  const entries = await entriesOf(sql, gstin, ledger);
  const wire = (a: HeadAmounts): Json => ({
    iamt: rupees(a.igst.tx),
    camt: rupees(a.cgst.tx),
    samt: rupees(a.sgst.tx),
    csamt: rupees(a.cess.tx),
  });
  const balance = noAmounts();
  const tr = entries.map((e) => {
    for (const h of HEADS) balance[h].tx += (e.trTyp === 'Cr' ? 1 : -1) * e.amounts[h].tx;
    return {
      ret_period: e.period,
      dt: longDate(e.at),
      desc: e.description,
      ref_no: e.refNo,
      tr_typ: e.trTyp,
      ...wire(e.amounts),
      bal: wire(balance),
    };
  });
  return { gstin, tr, clsbal: wire(balance) };
};

export const gstr3bRoutes = (app: FastifyInstance, sandbox: Sandbox): void => {
  const PATH = '/taxpayerapi/:version/returns/gstr3b';

  app.put(PATH, async (request) => {
    const session = await sessionOf(sandbox, request);
    const body = bodyOf(request);
    const period = periodOf(headerOf(request, 'ret_period'));
    const action = String(body['action'] ?? '');
    if (action !== 'RETSAVE' && action !== 'RETOFFSET') throw FAULTS.invalidAction(action);
    const { json } = openWrite(session, body);
    refuseTimeBarred(period, sandbox.now());
    return sandbox.sql.transaction(async (sql) => {
      await sql.query('SELECT pg_advisory_xact_lock(724683, hashtext($1::text))', [session.gstin]);
      const status = await statusOf(sql, session.gstin, period);
      if (status === 'FILED') throw FAULTS.alreadyFiled();
      if (action === 'RETOFFSET') {
        if (status !== 'SUBMITTED') throw FAULTS.notSubmitted3b();
        const offset = offsetOf((json ?? {}) as Json);
        await applyOffset(sql, session.gstin, period, offset, sandbox.now());
        await sql.query('UPDATE portal_sandbox.gstr3b SET offsets = offsets || $3::jsonb WHERE gstin = $1 AND period = $2', [
          session.gstin,
          period,
          JSON.stringify([offset]),
        ]);
        return sealed(session, { reference_id: referenceId(session.gstin) });
      }
      if (status === 'SUBMITTED') throw FAULTS.alreadySubmitted();
      const problem = await saveProblem(sandbox, sql, session.gstin, period, json);
      if (!problem)
        await sql.query(
          `INSERT INTO portal_sandbox.gstr3b (gstin, period, data, saved_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (gstin, period) DO UPDATE SET data = EXCLUDED.data, saved_at = EXCLUDED.saved_at`,
          [session.gstin, period, JSON.stringify(json), sandbox.now().toISOString()],
        );
      const id = referenceId(session.gstin);
      await sql.query(
        'INSERT INTO portal_sandbox.saves (reference_id, gstin, form, period, status, error_report, saved_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [
          id,
          session.gstin,
          FORM,
          period,
          problem ? 'ER' : 'P',
          JSON.stringify(problem ? { error_cd: problem.code, error_msg: problem.message } : {}),
          sandbox.now().toISOString(),
        ],
      );
      return sealed(session, { reference_id: id });
    });
  });

  app.post(PATH, async (request) => {
    const session = await sessionOf(sandbox, request);
    const body = bodyOf(request);
    const period = periodOf(headerOf(request, 'ret_period'));
    const { json, inner } = openWrite(session, body);
    const action = String(body['action'] ?? '');
    if (action !== 'RETSUBMIT' && action !== 'RETFILE') throw FAULTS.invalidAction(action);
    await refuseBeforeGstr1(sandbox.sql, session.gstin, period);
    const now = sandbox.now();
    refuseTimeBarred(period, now);
    if (action === 'RETSUBMIT') {
      const data = (json ?? {}) as Json;
      if (String(data['gstin'] ?? '').toUpperCase() !== session.gstin || data['ret_period'] !== period)
        throw FAULTS.badRequest('gstin and ret_period must be those of the request');
      const id = await sandbox.sql.transaction(async (sql) => {
        await sql.query('SELECT pg_advisory_xact_lock(724683, hashtext($1::text))', [session.gstin]);
        const status = await statusOf(sql, session.gstin, period);
        if (status === 'FILED') throw FAULTS.alreadyFiled();
        if (status === 'SUBMITTED') throw FAULTS.alreadySubmitted();
        const saved = await savedOf(sql, session.gstin, period);
        if (!saved) throw FAULTS.nothingSaved();
        await postDeclared(sql, session.gstin, period, saved.data, now);
        await setStatus(sql, session.gstin, period, 'SUBMITTED', now);
        return referenceId(session.gstin);
      });
      return sealed(session, { reference_id: id });
    }
    return sealed(session, await fileReturn(sandbox, session, period, json, inner, body));
  });

  app.get(PATH, async (request) => {
    const session = await sessionOf(sandbox, request);
    const query = queryOf(request);
    if (query['gstin'] !== undefined && query['gstin'].toUpperCase() !== session.gstin) throw FAULTS.invalidSession();
    const action = query['action'] ?? '';
    if (action === 'CLOSINGBAL') return sealed(session, await statementOf(sandbox.sql, session.gstin, 'REVERSAL'));
    if (action === 'RCMCLOSINGBAL') return sealed(session, await statementOf(sandbox.sql, session.gstin, 'RCM'));
    const period = periodOf(query['ret_period']);
    if (action === 'RETSUM') return sealed(session, await summaryOf(sandbox.sql, session.gstin, period));
    if (action === 'AUTOLIAB') {
      const now = sandbox.now();
      return sealed(session, autoLiabilityAnswer(await systemGstr3b(sandbox.sql, session.gstin, period, now), now));
    }
    throw FAULTS.invalidAction(action);
  });
};

/** At submission the return's liability goes to the liability ledger and its net ITC to the credit ledger. */
const postDeclared = async (sql: SandboxSql, gstin: string, period: string, data: Json, at: Date): Promise<void> => {
  const d = declaredBy(data);
  const ref = `AA${gstin.slice(0, 2)}${period}${randomBytes(3).toString('hex').toUpperCase()}`;
  const base = { gstin, period, at, refNo: ref, discharge: null, kind: null };
  await postEntries(sql, [
    ...(['OTH', 'RC'] as const).map((kind): LedgerEntry => ({
      ...base,
      ledger: 'LIABILITY',
      kind,
      trTyp: 'Dr',
      description: LIABILITY_DESCRIPTIONS[kind],
      amounts: d.liabilities[kind],
    })),
    { ...base, ledger: 'CREDIT', trTyp: 'Cr', description: 'ITC accrued through GSTR-3B', amounts: d.credit },
    { ...base, ledger: 'REVERSAL', trTyp: 'Cr', description: 'ITC reversed in table 4B(2)', amounts: d.reversed },
    { ...base, ledger: 'REVERSAL', trTyp: 'Dr', description: 'ITC re-claimed in table 4D(1)', amounts: d.reclaimed },
    { ...base, ledger: 'RCM', trTyp: 'Cr', description: 'RCM liability in table 3.1(d)', amounts: d.rcmLiability },
    { ...base, ledger: 'RCM', trTyp: 'Dr', description: 'RCM ITC in tables 4A(2) and 4A(3)', amounts: d.rcmCredit },
  ]);
};

/** RETFILE with EVC: the summary filed must be the one held (its chksum), and the liability fully paid. */
const fileReturn = async (sandbox: Sandbox, session: Session, period: string, json: unknown, inner: string, body: Json): Promise<Json> => {
  const status = await statusOf(sandbox.sql, session.gstin, period);
  if (status === 'FILED') throw FAULTS.alreadyFiled();
  if (status !== 'SUBMITTED') throw FAULTS.notSubmitted();
  for (const kind of ['OTH', 'RC'] as const)
    if (grandTotal(await balanceOf(sandbox.sql, session.gstin, 'LIABILITY', { period, kind })) !== 0) throw FAULTS.liabilityOutstanding();
  const [pan, otp] = String(body['sid'] ?? '').split('|');
  const signed = typeof body['sign'] === 'string' && otp !== undefined && sameText(hmacOf(Buffer.from(otp), inner), body['sign']);
  if (
    body['st'] !== 'EVC' ||
    pan?.toUpperCase() !== session.gstin.slice(2, 12) ||
    otp !== sandbox.otp ||
    !signed ||
    !(await otpRequested(sandbox, session.gstin, EVC_PURPOSE))
  )
    throw FAULTS.invalidEvc();
  const summary = await summaryOf(sandbox.sql, session.gstin, period);
  if ((json as Json | null)?.['chksum'] !== summary['chksum']) throw FAULTS.summaryMismatch();
  const arn = await newArn(sandbox, session.gstin);
  await setStatus(sandbox.sql, session.gstin, period, 'FILED', sandbox.now(), arn);
  await clearOtpRequest(sandbox, session.gstin, EVC_PURPOSE);
  return { ack_num: arn };
};
