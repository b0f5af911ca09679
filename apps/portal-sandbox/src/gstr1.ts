// GSTR-1 and GSTR-1A at the sandbox: RETSAVE (schema + the portal's rules, per-document errors), RETSTATUS, RETSUM,
// RETSUBMIT, EVC RETFILE, RETTRACK and the section downloads.
import { financialYearOf, parseReturnPeriod, summarizeGstr1, type Gstr1Json } from '@opengst/domain';
import type { FastifyInstance } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { otpRequested, clearOtpRequest, sessionOf, type Session } from './auth';
import { hmacOf, sameText } from './crypto';
import { refuseWhileUnanswered } from './drc01';
import { FAULTS, PortalFault } from './faults';
import { fileDetails } from './queued';
import { checkRow, isoOf, RULE_CODES } from './rules';
import type { Sandbox } from './sandbox';
import { assembleGstr1, DOWNLOAD_ACTIONS, errorReportOf, reportEntry, splitGstr1, type SectionRow } from './sections';
import type { SandboxSql } from './sql';
import { refuseTimeBarred } from './time-bar';
import { bodyOf, headerOf, openWrite, queryOf, sealed, type Json } from './wire';

export type Form = 'GSTR1' | 'GSTR1A';
export const FORMS: Record<string, Form> = { gstr1: 'GSTR1', gstr1a: 'GSTR1A' };
/** The API's form types (RETSTATUS form_typ, EVCOTP form_type); GSTR-3B is gstr3b.ts's. */
const FORM_CODE: Record<Form | 'GSTR3B', string> = { GSTR1: 'R1', GSTR1A: 'R1A', GSTR3B: 'R3B' };
const AMENDMENT_SECTIONS = new Set(['b2ba', 'b2cla', 'expa', 'cdnra', 'cdnura']);

type ReturnRow = { gstin: string; form: Form; period: string; status: string; arn: string | null; filed_at: Date | string | null };

const periodOf = (value: string | undefined): string => {
  if (!value || !parseReturnPeriod(value)) throw FAULTS.badRequest('ret_period must be MMYYYY');
  return value;
};

export const returnOf = async (sql: SandboxSql, gstin: string, form: Form, period: string): Promise<ReturnRow | null> => {
  const [row] = await sql.query<ReturnRow>(
    'SELECT gstin, form, period, status, arn, filed_at FROM portal_sandbox.returns WHERE gstin = $1 AND form = $2 AND period = $3',
    [gstin, form, period],
  );
  return row ?? null;
};

const ensureReturn = async (sql: SandboxSql, gstin: string, form: Form, period: string): Promise<void> => {
  await sql.query(
    "INSERT INTO portal_sandbox.returns (gstin, form, period, status) VALUES ($1, $2, $3, 'NOT_FILED') ON CONFLICT DO NOTHING",
    [gstin, form, period],
  );
};

/** A period's saved rows in the order they were first saved. */
export const savedRows = async (sql: SandboxSql, gstin: string, form: Form, period: string, sections?: readonly string[]) =>
  sql.query<{ section: string; grp: Json; body: Json }>(
    `SELECT section, grp, body FROM portal_sandbox.documents WHERE gstin = $1 AND form = $2 AND period = $3
     ${sections ? 'AND section = ANY($4)' : ''} ORDER BY seq`,
    sections ? [gstin, form, period, [...sections]] : [gstin, form, period],
  );

const rupees = (paise: number): number => paise / 100 + 0;

/** RETSUM: the section summary (domain's summarizeGstr1) of what the period holds, with a checksum the filing signs. */
export const summaryOf = async (sql: SandboxSql, gstin: string, form: Form, period: string): Promise<Json> => {
  const json = { gstin, fp: period, ...assembleGstr1(await savedRows(sql, gstin, form, period)) } as Gstr1Json;
  const sections = summarizeGstr1(json)
    .filter((s) => s.records !== 0)
    .map((s) => ({
      sec_nm: s.section.toUpperCase(),
      ttl_rec: s.records,
      ttl_tax: rupees(s.taxable),
      ttl_igst: rupees(s.igst),
      ttl_cgst: rupees(s.cgst),
      ttl_sgst: rupees(s.sgst),
      ttl_cess: rupees(s.cess),
    }));
  const chksum = createHash('sha256').update(JSON.stringify(sections)).digest('hex');
  return { gstin, ret_period: period, summ_typ: 'L', chksum, sec_sum: sections };
};

type NumberUse = { form: string; period: string; section: string; doc_key: string };

/** Where the supplier already used each of these numbers: "kind|fy|NUMBER" → its documents. */
const numberUses = async (sql: SandboxSql, gstin: string, numbers: readonly string[]): Promise<Map<string, NumberUse[]>> => {
  const uses = new Map<string, NumberUse[]>();
  if (numbers.length === 0) return uses;
  const rows = await sql.query<NumberUse & { id: string }>(
    `SELECT number_kind || '|' || fy || '|' || upper(doc_number) AS id, form, period, section, doc_key
       FROM portal_sandbox.documents WHERE gstin = $1 AND fy IS NOT NULL AND upper(doc_number) = ANY($2)`,
    [gstin, [...numbers]],
  );
  for (const row of rows) (uses.get(row.id) ?? uses.set(row.id, []).get(row.id)!).push(row);
  return uses;
};

type SaveOutcome = { status: 'P' | 'PE' | 'ER'; report: Json };

const wholeError = (code: string, message: string): SaveOutcome => ({ status: 'ER', report: { error_cd: code, error_msg: message } });

/** Rows written per statement. */
const BATCH = 500;

/** Applies one save: refused documents go to the report, the others replace or join the period's data. */
const applySave = async (
  sandbox: Sandbox,
  sql: SandboxSql,
  gstin: string,
  form: Form,
  period: string,
  payload: unknown,
): Promise<SaveOutcome> => {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return wholeError('RET191103', 'The payload is not a GSTR-1 JSON object');
  const json = payload as Json;
  if (String(json['gstin'] ?? '').toUpperCase() !== gstin)
    return wholeError('RET191104', 'The GSTIN of the payload differs from the GSTIN of the request');
  if (json['fp'] !== period)
    return wholeError('RET191105', 'The return period (fp) of the payload differs from the ret_period of the request');
  const schemaErrors = sandbox.checkSchema?.(json) ?? [];
  if (schemaErrors.length > 0) return wholeError('RET191103', `Schema validation failed: ${schemaErrors.slice(0, 10).join('; ')}`);

  const rows = splitGstr1(json).map((row) => {
    const iso = row.docDate ? isoOf(row.docDate) : null;
    // Amendments repeat the numbers they amend: only original documents take part in the duplicate check.
    const fy = row.numberKind !== null && iso && !AMENDMENT_SECTIONS.has(row.section) ? financialYearOf(iso) : null;
    return { row, fy, numberId: fy === null ? null : `${row.numberKind}|${fy}|${(row.docNumber ?? '').toUpperCase()}` };
  });
  const uses = await numberUses(sql, gstin, [
    ...new Set(rows.filter((r) => r.fy !== null).map((r) => (r.row.docNumber ?? '').toUpperCase())),
  ]);
  const usedElsewhere = (row: SectionRow, numberId: string): boolean =>
    (uses.get(numberId) ?? []).some(
      (u) =>
        !(u.form === form && u.period === period && u.section === row.section && u.doc_key === row.key) &&
        !(form === 'GSTR1A' && u.form === 'GSTR1' && u.period === period),
    );

  const entries: ReturnType<typeof reportEntry>[] = [];
  const seen = new Set<string>();
  const upserts = new Map<string, Json>();
  for (const { row, fy, numberId } of rows) {
    let error = checkRow(row, gstin, period);
    if (!error && numberId !== null) {
      if (seen.has(numberId) || usedElsewhere(row, numberId)) {
        error = {
          code: RULE_CODES.duplicate,
          message: `Document number ${row.docNumber ?? ''} is already used in financial year ${fy ?? ''}`,
        };
      }
      seen.add(numberId);
    }
    if (error) {
      entries.push(reportEntry(row, error.code, error.message));
      continue;
    }
    upserts.set(`${row.section}|${row.key}`, {
      section: row.section,
      doc_key: row.key,
      grp: row.grp,
      body: row.body,
      doc_number: row.docNumber,
      number_kind: row.numberKind,
      ctin: row.ctin,
      fy,
    });
  }
  const written = [...upserts.values()];
  for (let i = 0; i < written.length; i += BATCH) {
    await sql.query(
      `INSERT INTO portal_sandbox.documents (gstin, form, period, section, doc_key, grp, body, doc_number, number_kind, ctin, fy)
       SELECT $1, $2, $3, x.section, x.doc_key, x.grp, x.body, x.doc_number, x.number_kind, x.ctin, x.fy
         FROM jsonb_to_recordset($4::jsonb) AS x(section text, doc_key text, grp jsonb, body jsonb, doc_number text, number_kind text, ctin text, fy text)
       ON CONFLICT (gstin, form, period, section, doc_key) DO UPDATE SET grp = EXCLUDED.grp, body = EXCLUDED.body,
         doc_number = EXCLUDED.doc_number, number_kind = EXCLUDED.number_kind, ctin = EXCLUDED.ctin, fy = EXCLUDED.fy`,
      [gstin, form, period, JSON.stringify(written.slice(i, i + BATCH))],
    );
  }
  return { status: entries.length === 0 ? 'P' : 'PE', report: errorReportOf(entries) };
};

/** Saves, submits and files only on an open return; GSTR-1A only once GSTR-1 of the period is filed. */
const assertOpen = async (sql: SandboxSql, gstin: string, form: Form, period: string): Promise<void> => {
  if (form === 'GSTR1A' && (await returnOf(sql, gstin, 'GSTR1', period))?.status !== 'FILED') throw FAULTS.gstr1NotFiled();
  const current = await returnOf(sql, gstin, form, period);
  if (current?.status === 'FILED') throw FAULTS.alreadyFiled();
  if (current?.status === 'SUBMITTED') throw FAULTS.alreadySubmitted();
};

export const newArn = async (sandbox: Sandbox, gstin: string): Promise<string> => {
  const now = sandbox.now();
  const [count] = await sandbox.sql.query<{ n: number | string }>(
    "SELECT count(*) AS n FROM portal_sandbox.returns WHERE status = 'FILED'",
  );
  const sequence = String(Number(count?.n ?? 0) + 1).padStart(6, '0');
  const stamp = `${String(now.getUTCMonth() + 1).padStart(2, '0')}${String(now.getUTCFullYear() % 100).padStart(2, '0')}`;
  return `AA${gstin.slice(0, 2)}${stamp}${sequence}${'ABCDEFGHJKLMNPQRSTUVWXYZ'.charAt(randomBytes(1)[0]! % 24)}`;
};

const ddmmyyyy = (date: Date): string => {
  const ist = new Date(date.getTime() + 330 * 60_000);
  return `${String(ist.getUTCDate()).padStart(2, '0')}-${String(ist.getUTCMonth() + 1).padStart(2, '0')}-${ist.getUTCFullYear()}`;
};

const requestPeriod = (session: Session, query: Record<string, string>): string => {
  if (query['gstin'] !== undefined && query['gstin'].toUpperCase() !== session.gstin) throw FAULTS.invalidSession();
  return periodOf(query['ret_period']);
};

export const gstr1Routes = (app: FastifyInstance, sandbox: Sandbox): void => {
  const formOf = (params: unknown): Form => {
    const form = FORMS[(params as { form?: string }).form ?? ''];
    if (!form) throw new PortalFault('RET191102', 'Unknown return form', 404);
    return form;
  };

  app.put('/taxpayerapi/:version/returns/:form', async (request) => {
    const form = formOf(request.params);
    const session = await sessionOf(sandbox, request);
    const body = bodyOf(request);
    if (body['action'] !== 'RETSAVE') throw FAULTS.invalidAction(String(body['action'] ?? ''));
    const period = periodOf(headerOf(request, 'ret_period'));
    if (form === 'GSTR1') refuseTimeBarred('GSTR1', period, sandbox.now());
    const { json } = openWrite(session, body);
    const referenceId = await sandbox.sql.transaction(async (sql) => {
      await assertOpen(sql, session.gstin, form, period);
      await ensureReturn(sql, session.gstin, form, period);
      const outcome = await applySave(sandbox, sql, session.gstin, form, period, json);
      const id = `${session.gstin.slice(0, 2)}${randomBytes(12).toString('hex')}`;
      await sql.query(
        'INSERT INTO portal_sandbox.saves (reference_id, gstin, form, period, status, error_report, saved_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [id, session.gstin, form, period, outcome.status, JSON.stringify(outcome.report), sandbox.now().toISOString()],
      );
      return id;
    });
    return sealed(session, { reference_id: referenceId });
  });

  app.post('/taxpayerapi/:version/returns/:form', async (request) => {
    const form = formOf(request.params);
    const session = await sessionOf(sandbox, request);
    const body = bodyOf(request);
    const period = periodOf(headerOf(request, 'ret_period'));
    if (form === 'GSTR1') refuseTimeBarred('GSTR1', period, sandbox.now());
    const { json, inner } = openWrite(session, body);
    if (body['action'] === 'RETSUBMIT') {
      const data = (json ?? {}) as Json;
      if (String(data['gstin'] ?? '').toUpperCase() !== session.gstin || data['ret_period'] !== period)
        throw FAULTS.badRequest('gstin and ret_period must be those of the request');
      const referenceId = await sandbox.sql.transaction(async (sql) => {
        await assertOpen(sql, session.gstin, form, period);
        if (form === 'GSTR1') await refuseWhileUnanswered(sql, session.gstin, period);
        await ensureReturn(sql, session.gstin, form, period);
        await sql.query(
          "UPDATE portal_sandbox.returns SET status = 'SUBMITTED', submitted_at = $4 WHERE gstin = $1 AND form = $2 AND period = $3",
          [session.gstin, form, period, sandbox.now().toISOString()],
        );
        return `${session.gstin.slice(0, 2)}${randomBytes(12).toString('hex')}`;
      });
      return sealed(session, { reference_id: referenceId });
    }
    if (body['action'] === 'RETFILE') {
      const current = await returnOf(sandbox.sql, session.gstin, form, period);
      if (current?.status === 'FILED') throw FAULTS.alreadyFiled();
      if (current?.status !== 'SUBMITTED') throw FAULTS.notSubmitted();
      if (form === 'GSTR1') await refuseWhileUnanswered(sandbox.sql, session.gstin, period);
      const [pan, otp] = String(body['sid'] ?? '').split('|');
      const purpose = `EVC:${FORM_CODE[form]}`;
      const signed = typeof body['sign'] === 'string' && otp !== undefined && sameText(hmacOf(Buffer.from(otp), inner), body['sign']);
      if (
        body['st'] !== 'EVC' ||
        pan?.toUpperCase() !== session.gstin.slice(2, 12) ||
        otp !== sandbox.otp ||
        !signed ||
        !(await otpRequested(sandbox, session.gstin, purpose))
      ) {
        throw FAULTS.invalidEvc();
      }
      const summary = await summaryOf(sandbox.sql, session.gstin, form, period);
      if ((json as Json | null)?.['chksum'] !== summary['chksum']) throw FAULTS.summaryMismatch();
      const arn = await newArn(sandbox, session.gstin);
      await sandbox.sql.query(
        "UPDATE portal_sandbox.returns SET status = 'FILED', filed_at = $4, arn = $5 WHERE gstin = $1 AND form = $2 AND period = $3",
        [session.gstin, form, period, sandbox.now().toISOString(), arn],
      );
      await clearOtpRequest(sandbox, session.gstin, purpose);
      return sealed(session, { ack_num: arn });
    }
    throw FAULTS.invalidAction(String(body['action'] ?? ''));
  });

  app.get('/taxpayerapi/:version/returns/:form', async (request) => {
    const form = formOf(request.params);
    const session = await sessionOf(sandbox, request);
    const query = queryOf(request);
    const period = requestPeriod(session, query);
    const action = query['action'] ?? '';
    if (action === 'RETSUM') return sealed(session, await summaryOf(sandbox.sql, session.gstin, form, period));
    const sections = DOWNLOAD_ACTIONS[action];
    if (!sections) throw FAULTS.invalidAction(action);
    return sealed(session, assembleGstr1(await savedRows(sandbox.sql, session.gstin, form, period, sections)));
  });

  app.get('/taxpayerapi/:version/returns', async (request) => {
    const session = await sessionOf(sandbox, request);
    const query = queryOf(request);
    const period = requestPeriod(session, query);
    if (query['action'] === 'RETSTATUS') {
      const [save] = await sandbox.sql.query<{ form: Form | 'GSTR3B'; status: string; error_report: Json }>(
        'SELECT form, status, error_report FROM portal_sandbox.saves WHERE reference_id = $1 AND gstin = $2 AND period = $3',
        [query['ref_id'] ?? '', session.gstin, period],
      );
      if (!save) throw FAULTS.unknownReference();
      return sealed(session, { status_cd: save.status, form_typ: FORM_CODE[save.form], action: 'SAVE', error_report: save.error_report });
    }
    if (query['action'] === 'FILEDET') return fileDetails(sandbox, session, null, query['token'] ?? '');
    if (query['action'] === 'RETTRACK') {
      const rows = await sandbox.sql.query<ReturnRow>(
        "SELECT gstin, form, period, status, arn, filed_at FROM portal_sandbox.returns WHERE gstin = $1 AND period = $2 AND status <> 'NOT_FILED' ORDER BY form",
        [session.gstin, period],
      );
      const list = rows
        .filter((r) => !query['type'] || r.form === query['type'])
        .map((r) => ({
          valid: 'Y',
          mof: 'ONLINE',
          dof: r.filed_at ? ddmmyyyy(new Date(r.filed_at)) : null,
          ret_prd: r.period,
          rtntype: r.form,
          arn: r.arn,
          status: r.status === 'FILED' ? 'Filed' : 'Submitted',
        }));
      return sealed(session, { EFiledlist: list });
    }
    throw FAULTS.invalidAction(query['action'] ?? '');
  });
};
