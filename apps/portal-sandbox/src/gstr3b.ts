// GSTR-3B at the sandbox (/returns/gstr3b, the actions India Compliance calls in production): RETSAVE (structure, net
// ITC, the hard-locked auto-populated liability), RETSUM (the return with its tax payable, tx_pmt), AUTOLIAB (the
// system-generated 3B), RETSUBMIT (posts the liability and the ITC to the ledgers), RETOFFSET (credit and cash
// utilisation: sections 49(4), 49(5), 49A, 49B, Rule 88A; the ledgers' balances), RETFILE with EVC, and the credit
// reversal and re-claimed statement (CLOSINGBAL) and the RCM liability/ITC statement (RCMCLOSINGBAL).
// The portal's rules: no 3B before the period's GSTR-1 (s.39(10)), no return three years after its due date (s.39(11)).
import { parseReturnPeriod, type TaxHead } from '@opengst/domain';
import type { FastifyInstance } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { clearOtpRequest, otpRequested, sessionOf, type Session } from './auth';
import { longDate } from './calendar';
import { hmacOf, sameText } from './crypto';
import { FAULTS, PortalFault } from './faults';
import { newArn, returnOf } from './gstr1';
import { latestGstr2b } from './gstr2b';
import { raiseIntimations } from './drc01-figures';
import { CASH_KEYS, applyOffset, declaredBy, offsetOf, postDeclared, type Offset } from './gstr3b-ledgers';
import { gstr3bStructureProblem, type SaveProblem } from './gstr3b-structure';
import { autoLiabilityAnswer, lockedChanges, systemGstr3b } from './gstr3b-system';
import { LIABILITY_DESCRIPTIONS, LIABILITY_IDS, balanceOf, entriesOf, type LiabilityKind } from './ledgers';
import { HEADS, MINOR_HEADS, grandTotal, noAmounts, rupees, type HeadAmounts } from './money';
import type { Sandbox } from './sandbox';
import type { SandboxSql } from './sql';
import { refuseTimeBarred } from './time-bar';
import { bodyOf, headerOf, openWrite, queryOf, sealed, type Json } from './wire';

const FORM = 'GSTR3B';
const EVC_PURPOSE = 'EVC:R3B';

const periodOf = (value: string | undefined): string => {
  if (!value || !parseReturnPeriod(value)) throw FAULTS.badRequest('ret_period must be MMYYYY');
  return value;
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

// ---- RETSAVE ----

const saveProblem = async (sql: SandboxSql, gstin: string, period: string, payload: unknown): Promise<SaveProblem | null> => {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return { code: 'RET191103', message: 'The payload is not a GSTR-3B JSON object' };
  const json = payload as Json;
  if (String(json['gstin'] ?? '').toUpperCase() !== gstin)
    return { code: 'RET191104', message: 'The GSTIN of the payload differs from the GSTIN of the request' };
  if (json['ret_period'] !== period)
    return { code: 'RET191105', message: 'The ret_period of the payload differs from the ret_period of the request' };
  const structure = gstr3bStructureProblem(json);
  if (structure) return structure;
  return lockProblem(sql, gstin, period, json);
};

/** A hard-locked figure that differs from the auto-populated one (GSTN advisory of 7 Jun 2025), or null. */
const lockProblem = async (sql: SandboxSql, gstin: string, period: string, json: Json): Promise<SaveProblem | null> => {
  const changed = lockedChanges(period, json, (await systemGstr3b(sql, gstin, period, null)).json);
  if (changed.length === 0) return null;
  return {
    code: 'RET191123',
    message: `Table ${changed.join(', ')} is auto-populated from GSTR-1/IFF/1A and cannot be edited for this period (GSTN advisory of 7 Jun 2025): correct it through GSTR-1A`,
  };
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
    refuseTimeBarred('GSTR3B', period, sandbox.now());
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
      const problem = await saveProblem(sql, session.gstin, period, json);
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
    refuseTimeBarred('GSTR3B', period, now);
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
        // A GSTR-1A filed after the save changes the auto-populated figures: the saved ones must follow.
        const locked = await lockProblem(sql, session.gstin, period, saved.data);
        if (locked) throw new PortalFault(locked.code, locked.message);
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
      const gstr2b = await latestGstr2b(sandbox, session.gstin, period);
      return sealed(session, autoLiabilityAnswer(await systemGstr3b(sandbox.sql, session.gstin, period, gstr2b), sandbox.now()));
    }
    throw FAULTS.invalidAction(action);
  });
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
  // Rules 88C and 88D: the portal compares the filed return with GSTR-1/1A and GSTR-2B and intimates in Part A.
  await raiseIntimations(sandbox, session.gstin, period, (await savedOf(sandbox.sql, session.gstin, period))?.data ?? {});
  return { ack_num: arn };
};
