// IMS, the Invoice Management System (README.md "IMS"): every B2B invoice, debit note, credit note and amendment a
// supplier SAVED or FILED in GSTR-1/1A naming a recipient is in the recipient's IMS at once (RCM records and records
// whose place of supply makes the ITC unavailable are not: they go to GSTR-2B directly). The recipient accepts,
// rejects or keeps them pending (SAVE), resets its action (RESETIMS) and reads the outcome by reference id (REQSTS).
// Actions are rows of ims_actions, so GSTR-2B can read the state of any instant.
import type { FastifyInstance } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { sessionOf, type Session } from './auth';
import { dayAfter, fourteenth, sortable, twoBPeriodOf } from './calendar';
import { FAULTS } from './faults';
import { fileDetails, queuedAnswer } from './queued';
import type { Sandbox } from './sandbox';
import type { SandboxSql } from './sql';
import { bodyOf, openWrite, queryOf, sealed, type Json } from './wire';

export const IMS_SECTIONS = ['b2b', 'b2ba', 'b2bcn', 'b2bcna', 'b2bdn', 'b2bdna'] as const;
export type ImsSection = (typeof IMS_SECTIONS)[number];

/** GETINV's section parameter (as GSPs send it) → the key of the answer and of SAVE's invdata. */
const SECTION_PARAMS: Record<string, ImsSection> = {
  B2B: 'b2b',
  B2BA: 'b2ba',
  CN: 'b2bcn',
  CNA: 'b2bcna',
  DN: 'b2bdn',
  DNA: 'b2bdna',
};

/** The records of the October 2025 rules (pending for one tax period, remarks, ITC reduction) are those of periods from then. */
const OCTOBER_2025 = '202510';

/** One document a supplier saved or filed naming the recipient: its latest version (GSTR-1A over GSTR-1). */
export type SupplierDoc = {
  supplier: string;
  form: string;
  period: string;
  section: string;
  doc_key: string;
  body: Json;
  status: string;
  filed_at: Date | string | null;
};

export type Heads = { txval: number; iamt: number; camt: number; samt: number; cess: number };

export type ImsRecord = {
  /** section|supplier|supplier period|number: what an action is kept by. */
  key: string;
  section: ImsSection;
  doc: SupplierDoc;
  /** SHA-256 of the document as the supplier holds it: an action taken on another version does not hold. */
  hash: string;
  /** The GSTR-2B (period) whose window holds the filing; null while the document is only saved. */
  window: string | null;
  /** Pending is limited (credit notes and the amendments the rules name); on accepting, ITC reduction may be declared. */
  restricted: boolean;
  heads: Heads;
};

/** An action as ims_actions keeps it (N: reset). */
export type Acted = {
  action: string;
  remarks: string | null;
  itc_red_req: string | null;
  declared: Json | null;
  record_hash: string;
};

const paise = (value: unknown): number => Math.round((typeof value === 'number' ? value : 0) * 100);
const rupees = (p: number): number => p / 100 + 0;
const isNote = (section: string): boolean => section.startsWith('cdnr');
const upper = (value: unknown): string => (typeof value === 'string' ? value.toUpperCase() : '');

export const headsOf = (body: Json): Heads => {
  const heads: Heads = { txval: 0, iamt: 0, camt: 0, samt: 0, cess: 0 };
  for (const item of Array.isArray(body['itms']) ? (body['itms'] as Json[]) : []) {
    const det = (item['itm_det'] ?? {}) as Json;
    heads.txval += paise(det['txval']);
    heads.iamt += paise(det['iamt']);
    heads.camt += paise(det['camt']);
    heads.samt += paise(det['samt']);
    heads.cess += paise(det['csamt']);
  }
  return heads;
};
const taxOf = (h: Heads): number => h.iamt + h.camt + h.samt + h.cess;

/** The IMS section of a supplier's document: notes by their type. */
export const imsSectionOf = (doc: { section: string; body: Json }): ImsSection | null => {
  const credit = doc.body['ntty'] === 'C';
  switch (doc.section) {
    case 'b2b':
      return 'b2b';
    case 'b2ba':
      return 'b2ba';
    case 'cdnr':
      return credit ? 'b2bcn' : 'b2bdn';
    case 'cdnra':
      return credit ? 'b2bcna' : 'b2bdna';
    default:
      return null;
  }
};

/** RCM records and records whose place of supply is not the recipient's state (ITC not available) are not in IMS. */
export const inIms = (body: Json, recipient: string): boolean => body['rchrg'] !== 'Y' && body['pos'] === recipient.slice(0, 2);

export const recordKey = (section: string, supplier: string, period: string, docKey: string): string =>
  `${section}|${supplier}|${period}|${docKey}`;

export const bodyHash = (body: Json): string => createHash('sha256').update(JSON.stringify(body)).digest('hex');

/** Every b2b/cdnr document (and amendment) saved or filed naming the recipient, GSTR-1A's version over GSTR-1's. */
export const supplierDocs = async (sql: SandboxSql, recipient: string): Promise<SupplierDoc[]> => {
  const rows = await sql.query<SupplierDoc>(
    `SELECT d.gstin AS supplier, d.form, d.period, d.section, d.doc_key, d.body, r.status, r.filed_at
       FROM portal_sandbox.documents d
       JOIN portal_sandbox.returns r ON r.gstin = d.gstin AND r.form = d.form AND r.period = d.period
      WHERE d.ctin = $1 AND d.section IN ('b2b', 'b2ba', 'cdnr', 'cdnra')
      ORDER BY d.gstin, d.period, d.form, d.seq`,
    [recipient],
  );
  const latest = new Map<string, SupplierDoc>();
  for (const row of rows) latest.set(`${row.supplier}|${row.period}|${row.section}|${row.doc_key}`, row);
  return [...latest.values()];
};

/** The actions standing at an instant: the last row of each record up to then. */
export const actionsAt = async (sql: SandboxSql, recipient: string, at: Date): Promise<Map<string, Acted>> => {
  const rows = await sql.query<Acted & { section: string; supplier: string; supplier_period: string; doc_key: string }>(
    `SELECT DISTINCT ON (section, supplier, supplier_period, doc_key)
            section, supplier, supplier_period, doc_key, action, remarks, itc_red_req, declared, record_hash
       FROM portal_sandbox.ims_actions WHERE recipient = $1 AND acted_at <= $2
      ORDER BY section, supplier, supplier_period, doc_key, acted_at DESC, seq DESC`,
    [recipient, at.toISOString()],
  );
  return new Map(rows.map((r) => [recordKey(r.section, r.supplier, r.supplier_period, r.doc_key), r]));
};

/** The last moment Pending holds for a record of the October 2025 rules: the GSTR-3B due date (20th) of its 2B's next period. */
const pendingDeadline = (window: string): Date => dayAfter(window, 2, 21);

const fromOctober2025 = (record: ImsRecord): boolean => sortable(record.doc.period) >= OCTOBER_2025;

/** Whether Pending is refused for the record at an instant. */
export const pendingBlocked = (record: ImsRecord, at: Date): boolean => {
  if (!record.restricted) return false;
  if (!fromOctober2025(record)) return true;
  return record.window !== null && at.getTime() >= pendingDeadline(record.window).getTime();
};

/** The action in force for a record at an instant: none, one taken on another version of it, or an expired Pending is N. */
export const effectiveAction = (record: ImsRecord, acted: Acted | undefined, at: Date): string => {
  if (!acted || acted.record_hash !== record.hash) return 'N';
  if (acted.action === 'P' && pendingBlocked(record, at)) return 'N';
  return acted.action;
};

/**
 * The recipient's IMS at an instant: the records in IMS (an amended document gives way to its amendment), by key. The
 * pending limit needs the action on an amendment's original, read from `acted`.
 */
export const imsRecords = (
  docs: readonly SupplierDoc[],
  recipient: string,
  acted: Map<string, Acted>,
  at: Date,
  only?: ImsSection,
): Map<string, ImsRecord> => {
  const originals = new Map<string, SupplierDoc>();
  const replaced = new Set<string>();
  for (const doc of docs) {
    if (doc.section === 'b2b' || doc.section === 'cdnr') originals.set(`${doc.section}|${doc.supplier}|${doc.doc_key}`, doc);
    if (doc.section === 'b2ba') replaced.add(`b2b|${doc.supplier}|${upper(doc.body['oinum'])}`);
    if (doc.section === 'cdnra') replaced.add(`cdnr|${doc.supplier}|${upper(doc.body['ont_num'])}`);
  }
  const build = (doc: SupplierDoc, section: ImsSection): ImsRecord => ({
    key: recordKey(section, doc.supplier, doc.period, doc.doc_key),
    section,
    doc,
    hash: bodyHash(doc.body),
    window: doc.status === 'FILED' && doc.filed_at ? twoBPeriodOf(new Date(doc.filed_at)) : null,
    restricted: false,
    heads: headsOf(doc.body),
  });
  const records = new Map<string, ImsRecord>();
  for (const doc of docs) {
    const section = imsSectionOf(doc);
    if (!section || (only !== undefined && section !== only) || !inIms(doc.body, recipient)) continue;
    if (replaced.has(`${doc.section}|${doc.supplier}|${doc.doc_key}`)) continue;
    const record = build(doc, section);
    if (section !== 'b2b' && section !== 'b2bdn') {
      // An amendment is upward or downward against its original's tax; a missing original counts as upward.
      const originalDoc =
        section === 'b2bcn'
          ? undefined
          : originals.get(
              section === 'b2ba' ? `b2b|${doc.supplier}|${upper(doc.body['oinum'])}` : `cdnr|${doc.supplier}|${upper(doc.body['ont_num'])}`,
            );
      const original = originalDoc ? build(originalDoc, imsSectionOf(originalDoc) ?? section) : undefined;
      const delta = original ? taxOf(record.heads) - taxOf(original.heads) : 1;
      const originalAction = original ? effectiveAction(original, acted.get(original.key), at) : 'N';
      // Deemed accepted: no action when its GSTR-2B was generated.
      const originalAccepted =
        originalAction === 'A' ||
        (originalAction === 'N' && original?.window != null && at.getTime() >= fourteenth(original.window, 1).getTime());
      if (section === 'b2bcn') record.restricted = true;
      else if (section === 'b2bcna')
        record.restricted = delta > 0 || (fromOctober2025(record) ? originalAction === 'R' && delta < 0 : false);
      else record.restricted = delta < 0 && (fromOctober2025(record) ? originalAccepted : true);
    }
    records.set(record.key, record);
  }
  return records;
};

/** The recipient's IMS now (one section of it, or all), with the actions in force. */
export const imsNow = async (sandbox: Sandbox, recipient: string, only?: ImsSection) => {
  const now = sandbox.now();
  const acted = await actionsAt(sandbox.sql, recipient, now);
  const records = imsRecords(await supplierDocs(sandbox.sql, recipient), recipient, acted, now, only);
  return { now, acted, records };
};

const yn = (flag: boolean): 'Y' | 'N' => (flag ? 'Y' : 'N');

/** A record as GETINV answers it (the field names of the IMS API). */
export const recordJson = (record: ImsRecord, acted: Acted | undefined, now: Date): Json => {
  const { doc, heads } = record;
  const body = doc.body;
  const action = effectiveAction(record, acted, now);
  const standing = acted && action === acted.action && action !== 'N' ? acted : undefined;
  const october = fromOctober2025(record);
  const number = isNote(doc.section)
    ? {
        nt_num: body['nt_num'],
        nt_dt: body['nt_dt'],
        ...(doc.section === 'cdnra' ? { ont_num: body['ont_num'], ont_dt: body['ont_dt'] } : {}),
      }
    : { inum: body['inum'], idt: body['idt'], ...(doc.section === 'b2ba' ? { oinum: body['oinum'], oidt: body['oidt'] } : {}) };
  return {
    stin: doc.supplier,
    ...number,
    inv_typ: body['inv_typ'],
    srcform: doc.form === 'GSTR1A' ? 'R1A' : 'R1',
    rtnprd: doc.period,
    srcfilstatus: doc.status === 'FILED' ? 'Filed' : 'Not Filed',
    val: body['val'],
    pos: body['pos'],
    txval: rupees(heads.txval),
    iamt: rupees(heads.iamt),
    camt: rupees(heads.camt),
    samt: rupees(heads.samt),
    cess: rupees(heads.cess),
    action,
    ispendactblocked: yn(pendingBlocked(record, now)),
    isRemarksBlocked: yn(!october),
    isItcRedReqBlocked: yn(!(october && record.restricted)),
    ...(standing?.remarks ? { remarks: standing.remarks } : {}),
    ...(standing?.itc_red_req ? { itcRedReq: standing.itc_red_req } : {}),
    ...(standing?.declared ?? {}),
    hash: record.hash,
  };
};

// ---- SAVE / RESETIMS ----

type RecordError = { section: string; stin: string; id: Json; code: string; message: string };

const IMS_FAULTS = {
  notInIms: ['IMS1001', "The record is not in the recipient's IMS"],
  badAction: ['IMS1002', 'The action must be A (accept), R (reject) or P (pending)'],
  changed: ['IMS1003', 'The action on the record is no longer the one given as prev_status'],
  pendingBlocked: ['IMS1004', 'Pending is not allowed for this record'],
  remarksBlocked: ['IMS1005', 'Remarks are not allowed for this record'],
  itcBlocked: [
    'IMS1006',
    'An ITC reduction can be declared only on accepting a credit note or an amendment the rules name, of a period from October 2025',
  ],
  itcAmount: ['IMS1007', 'A declared ITC reduction must be between 0 and the tax of the document, per head'],
  remarksRequired: ['IMS1008', 'Remarks are mandatory when the ITC reduction declared is partial or nil'],
} as const;

const DECLARED = [
  ['declIgst', 'iamt'],
  ['declCgst', 'camt'],
  ['declSgst', 'samt'],
  ['declCess', 'cess'],
] as const;

type Outcome = { status: 'P' | 'PE' | 'ER'; processed: number; errors: RecordError[]; error: { code: string; message: string } | null };

/** Checks one record of a SAVE; answers the error, or the row to log. */
const checkSave = (record: ImsRecord, entry: Json, now: Date): readonly [string, string] | Omit<Acted, 'record_hash'> => {
  const action = entry['action'];
  if (action !== 'A' && action !== 'R' && action !== 'P') return IMS_FAULTS.badAction;
  const remarks = typeof entry['remarks'] === 'string' && entry['remarks'].trim() !== '' ? entry['remarks'].trim() : null;
  const october = fromOctober2025(record);
  if (action === 'P' && pendingBlocked(record, now)) return IMS_FAULTS.pendingBlocked;
  if (remarks !== null && !october) return IMS_FAULTS.remarksBlocked;
  const itcRedReq = entry['itcRedReq'];
  const declaredGiven = DECLARED.some(([field]) => entry[field] !== undefined && entry[field] !== null);
  if (itcRedReq === undefined && !declaredGiven) return { action, remarks, itc_red_req: null, declared: null };
  if (action !== 'A' || !october || !record.restricted || (itcRedReq !== 'Y' && itcRedReq !== 'N')) return IMS_FAULTS.itcBlocked;
  if (itcRedReq === 'N') {
    if (declaredGiven) return IMS_FAULTS.itcBlocked;
    return remarks === null ? IMS_FAULTS.remarksRequired : { action, remarks, itc_red_req: 'N', declared: null };
  }
  if (!declaredGiven) return { action, remarks, itc_red_req: 'Y', declared: null };
  const declared: Json = {};
  let partial = false;
  for (const [field, head] of DECLARED) {
    const value = entry[field] ?? 0;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || paise(value) > record.heads[head]) return IMS_FAULTS.itcAmount;
    declared[field] = value;
    if (paise(value) !== record.heads[head]) partial = true;
  }
  if (partial && remarks === null) return IMS_FAULTS.remarksRequired;
  return { action, remarks, itc_red_req: 'Y', declared };
};

const processRequest = async (
  sandbox: Sandbox,
  sql: SandboxSql,
  session: Session,
  kind: 'SAVE' | 'RESET',
  payload: unknown,
  referenceId: string,
): Promise<Outcome> => {
  const whole = (code: string, message: string): Outcome => ({ status: 'ER', processed: 0, errors: [], error: { code, message } });
  const data = (typeof payload === 'object' && payload !== null ? payload : {}) as Json;
  if (String(data['rtin'] ?? '').toUpperCase() !== session.gstin) return whole('IMS1010', 'rtin must be the GSTIN of the request');
  if (data['reqtyp'] !== kind) return whole('IMS1010', `reqtyp must be ${kind} for this action`);
  const invdata = data['invdata'];
  if (typeof invdata !== 'object' || invdata === null || Array.isArray(invdata)) return whole('IMS1010', 'invdata must be an object');
  const unknown = Object.keys(invdata).find((k) => !(IMS_SECTIONS as readonly string[]).includes(k));
  if (unknown !== undefined) return whole('IMS1010', `Unknown section ${unknown}`);

  const now = sandbox.now();
  const acted = await actionsAt(sql, session.gstin, now);
  const records = imsRecords(await supplierDocs(sql, session.gstin), session.gstin, acted, now);
  const byId = new Map<string, ImsRecord>();
  for (const record of records.values()) {
    const number = upper(record.doc.body[isNote(record.doc.section) ? 'nt_num' : 'inum']);
    byId.set(`${record.section}|${record.doc.supplier}|${record.doc.period}|${number}`, record);
  }
  const errors: RecordError[] = [];
  let processed = 0;
  for (const section of IMS_SECTIONS) {
    const entries = (invdata as Json)[section];
    if (entries === undefined) continue;
    for (const entry of Array.isArray(entries) ? (entries as Json[]) : []) {
      const numberField = section === 'b2b' || section === 'b2ba' ? 'inum' : 'nt_num';
      const stin = upper(entry['stin']);
      const id = { [numberField]: entry[numberField], rtnprd: entry['rtnprd'] };
      const fail = ([code, message]: readonly [string, string]) => errors.push({ section, stin, id, code, message });
      const record = byId.get(`${section}|${stin}|${String(entry['rtnprd'] ?? '')}|${upper(entry[numberField])}`);
      if (!record) {
        fail(IMS_FAULTS.notInIms);
        continue;
      }
      const current = effectiveAction(record, acted.get(record.key), now);
      if (entry['prev_status'] !== undefined && entry['prev_status'] !== null && entry['prev_status'] !== current) {
        fail(IMS_FAULTS.changed);
        continue;
      }
      const row = kind === 'RESET' ? { action: 'N', remarks: null, itc_red_req: null, declared: null } : checkSave(record, entry, now);
      if (Array.isArray(row)) {
        fail(row as readonly [string, string]);
        continue;
      }
      const logged = row as Omit<Acted, 'record_hash'>;
      await sql.query(
        `INSERT INTO portal_sandbox.ims_actions (recipient, section, supplier, supplier_period, doc_key, action, remarks, itc_red_req,
           declared, record_hash, reference_id, acted_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          session.gstin,
          record.section,
          record.doc.supplier,
          record.doc.period,
          record.doc.doc_key,
          logged.action,
          logged.remarks,
          logged.itc_red_req,
          logged.declared === null ? null : JSON.stringify(logged.declared),
          record.hash,
          referenceId,
          now.toISOString(),
        ],
      );
      acted.set(record.key, { ...logged, record_hash: record.hash });
      processed += 1;
    }
  }
  return { status: errors.length === 0 ? 'P' : 'PE', processed, errors, error: null };
};

/** The error report of REQSTS: per section, the refused records grouped by supplier and error. */
const errorReportOf = (errors: readonly RecordError[]): Json => {
  const report: Record<string, Json[]> = {};
  const groups = new Map<string, Json>();
  for (const e of errors) {
    const id = `${e.section}|${e.stin}|${e.code}|${e.message}`;
    let group = groups.get(id);
    if (!group) {
      group = { stin: e.stin, error_cd: e.code, error_msg: e.message, inv: [] };
      groups.set(id, group);
      (report[e.section] ??= []).push(group);
    }
    (group['inv'] as Json[]).push(e.id);
  }
  return report;
};

export const imsRoutes = (app: FastifyInstance, sandbox: Sandbox): void => {
  app.get('/taxpayerapi/:version/returns/ims', async (request) => {
    const session = await sessionOf(sandbox, request);
    const query = queryOf(request);
    if (query['gstin'] !== undefined && query['gstin'].toUpperCase() !== session.gstin) throw FAULTS.invalidSession();
    switch (query['action']) {
      case 'GETINV': {
        const section = SECTION_PARAMS[(query['section'] ?? '').toUpperCase()];
        if (!section) throw FAULTS.badRequest('section must be one of B2B, B2BA, CN, CNA, DN, DNA');
        const status = query['status'];
        if (status !== undefined && !['A', 'R', 'P', 'N'].includes(status)) throw FAULTS.badRequest('status must be A, R, P or N');
        const { now, acted, records } = await imsNow(sandbox, session.gstin, section);
        const list = [...records.values()]
          .filter((r) => r.section === section)
          .map((r) => recordJson(r, acted.get(r.key), now))
          .filter((r) => status === undefined || r['action'] === status);
        const answer: Json = list.length > 0 ? { [section]: list } : {};
        return sealed(session, (await queuedAnswer(sandbox, session, 'IMS', null, answer)) ?? answer);
      }
      case 'REQSTS': {
        const [row] = await sandbox.sql.query<{
          kind: string;
          status: string;
          processed: number;
          failed: number;
          error: { code: string; message: string } | null;
          error_report: Json;
        }>(
          'SELECT kind, status, processed, failed, error, error_report FROM portal_sandbox.ims_requests WHERE reference_id = $1 AND gstin = $2',
          [query['int_tran_id'] ?? '', session.gstin],
        );
        if (!row) throw FAULTS.unknownReference();
        return sealed(session, {
          status_cd: row.status,
          transTypCd: row.kind === 'SAVE' ? 'SAV' : 'RST',
          proc_cnt: String(row.processed),
          err_cnt: String(row.failed),
          ...(row.error ? { err_cd: row.error.code, err_msg: row.error.message } : {}),
          error_report: row.error_report,
        });
      }
      case 'FILEDET':
        return fileDetails(sandbox, session, 'IMS', query['token'] ?? '');
      default:
        throw FAULTS.invalidAction(query['action'] ?? '');
    }
  });

  app.put('/taxpayerapi/:version/returns/ims', async (request) => {
    const session = await sessionOf(sandbox, request);
    const body = bodyOf(request);
    const kind = body['action'] === 'SAVE' ? 'SAVE' : body['action'] === 'RESETIMS' ? 'RESET' : null;
    if (!kind) throw FAULTS.invalidAction(String(body['action'] ?? ''));
    const { json } = openWrite(session, body);
    const referenceId = `${session.gstin.slice(0, 2)}${randomBytes(12).toString('hex')}`;
    await sandbox.sql.transaction(async (sql) => {
      // One recipient's actions are applied one request at a time.
      await sql.query('SELECT pg_advisory_xact_lock(724681, hashtext($1::text))', [session.gstin]);
      const outcome = await processRequest(sandbox, sql, session, kind, json, referenceId);
      await sql.query(
        `INSERT INTO portal_sandbox.ims_requests (reference_id, gstin, kind, status, processed, failed, error, error_report, requested_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          referenceId,
          session.gstin,
          kind,
          outcome.status,
          outcome.processed,
          outcome.errors.length,
          outcome.error === null ? null : JSON.stringify(outcome.error),
          JSON.stringify(errorReportOf(outcome.errors)),
          sandbox.now().toISOString(),
        ],
      );
    });
    return sealed(session, { reference_id: referenceId });
  });
};
