// GSTR-2B from IMS (README.md "GSTR-2B"): generated at 00:00 IST on the 14th after its period, and again at the
// recipient's request (GEN2B, its status by reference id with GENSTS2B) until the next period's is generated. A
// generation holds the documents suppliers filed in its window, and the IMS records kept pending in an earlier one
// (carried forward), as IMS says at that instant: accepted or no action (deemed accepted) in docdata, rejected in
// docRejdata, pending absent. RCM records and records whose place of supply makes the ITC unavailable are not in IMS
// and go to docdata as they are. GET2B answers the latest generation (RET2B1018 before the 14th, RET2B1016 when it
// holds no document); generations are stored as they were made, the automatic ones made when first needed (as of
// their 14th).
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { sessionOf } from './auth';
import { fourteenth, longDate, sortable, twoBPeriodOf, windowStart } from './calendar';
import { FAULTS } from './faults';
import { actionsAt, bodyHash, effectiveAction, imsRecords, imsSectionOf, inIms, recordKey, supplierDocs, type ImsRecord } from './ims';
import { bySupplier, chksumOf, filedFor, periodOf, type Filed } from './recipient';
import type { Sandbox } from './sandbox';
import type { SandboxSql } from './sql';
import { bodyOf, openWrite, queryOf, sealed, type Json } from './wire';

type Heads = { igst: number; cgst: number; sgst: number; cess: number };
const paise = (rupees: unknown): number => Math.round((typeof rupees === 'number' ? rupees : 0) * 100);
const rupees = (p: number): number => p / 100 + 0;

const items2b = (body: Json): Json[] =>
  (Array.isArray(body['itms']) ? (body['itms'] as Json[]) : []).map((item) => {
    const det = (item['itm_det'] ?? {}) as Json;
    return {
      num: item['num'],
      rt: det['rt'],
      txval: det['txval'] ?? 0,
      igst: det['iamt'] ?? 0,
      cgst: det['camt'] ?? 0,
      sgst: det['samt'] ?? 0,
      cess: det['csamt'] ?? 0,
    };
  });

/** ITC is not available where the place of supply is another state than the recipient's (the POS rule, reason "P"). */
const itcOf = (body: Json, recipient: string): Json =>
  body['pos'] === recipient.slice(0, 2) ? { itcavl: 'Y' } : { itcavl: 'N', rsn: 'P' };

const invoice2b =
  (recipient: string) =>
  (d: Filed & { ims?: string }): Json => ({
    inum: d.body['inum'],
    typ: d.body['inv_typ'],
    dt: d.body['idt'],
    val: d.body['val'],
    pos: d.body['pos'],
    rev: d.body['rchrg'],
    ...itcOf(d.body, recipient),
    diffprcnt: 1,
    ...(d.body['oinum'] !== undefined ? { oinum: d.body['oinum'], oidt: d.body['oidt'] } : {}),
    ...(d.ims !== undefined ? { imsStatus: d.ims } : {}),
    items: items2b(d.body),
  });

const note2b =
  (recipient: string) =>
  (d: Filed & { ims?: string }): Json => ({
    ntnum: d.body['nt_num'],
    typ: d.body['ntty'],
    suptyp: d.body['inv_typ'],
    dt: d.body['nt_dt'],
    val: d.body['val'],
    pos: d.body['pos'],
    rev: d.body['rchrg'],
    ...itcOf(d.body, recipient),
    diffprcnt: 1,
    ...(d.body['ont_num'] !== undefined ? { ontnum: d.body['ont_num'], ontdt: d.body['ont_dt'] } : {}),
    ...(d.ims !== undefined ? { imsStatus: d.ims } : {}),
    items: items2b(d.body),
  });

const head2b = (d: Filed): Json => ({ ctin: d.supplier, supfildt: longDate(new Date(d.filed_at)), supprd: d.period });

/** Tax heads of a document, credit notes negative. */
const taxHeadsOf = (d: Filed): Heads => {
  const sign = d.body['ntty'] === 'C' ? -1 : 1;
  const heads: Heads = { igst: 0, cgst: 0, sgst: 0, cess: 0 };
  for (const item of items2b(d.body)) {
    heads.igst += sign * paise(item['igst']);
    heads.cgst += sign * paise(item['cgst']);
    heads.sgst += sign * paise(item['sgst']);
    heads.cess += sign * paise(item['cess']);
  }
  return heads;
};

const inRupees = (h: Heads): Json => ({ igst: rupees(h.igst), cgst: rupees(h.cgst), sgst: rupees(h.sgst), cess: rupees(h.cess) });
const add = (a: Heads, b: Heads): void => {
  a.igst += b.igst;
  a.cgst += b.cgst;
  a.sgst += b.sgst;
  a.cess += b.cess;
};

/** itcsumm: ITC available / not available, by reverse charge and section, from the documents themselves. */
const itcSummary = (docs: readonly Filed[], recipient: string): Json => {
  const summary: Record<string, Record<string, Record<string, Heads>>> = {};
  for (const d of docs) {
    const availability = itcOf(d.body, recipient)['itcavl'] === 'Y' ? 'itcavl' : 'itcunavl';
    const supply = d.body['rchrg'] === 'Y' ? 'revsup' : 'nonrevsup';
    const bucket = ((summary[availability] ??= {})[supply] ??= {});
    add((bucket[d.section] ??= { igst: 0, cgst: 0, sgst: 0, cess: 0 }), taxHeadsOf(d));
  }
  const out: Json = {};
  for (const [availability, supplies] of Object.entries(summary)) {
    const block: Json = {};
    for (const [supply, sections] of Object.entries(supplies)) {
      const total: Heads = { igst: 0, cgst: 0, sgst: 0, cess: 0 };
      const entry: Json = {};
      for (const [section, heads] of Object.entries(sections)) {
        add(total, heads);
        entry[section] = inRupees(heads);
      }
      block[supply] = { ...inRupees(total), ...entry };
    }
    out[availability] = block;
  }
  return out;
};

const SECTIONS = [
  ['b2b', 'inv'],
  ['b2ba', 'inv'],
  ['cdnr', 'nt'],
  ['cdnra', 'nt'],
] as const;

/** The IMS records included (in docdata or docRejdata) by the latest generation of each earlier period, as of an instant. */
const includedBefore = async (sql: SandboxSql, recipient: string, period: string, at: Date): Promise<Set<string>> => {
  const rows = await sql.query<{ period: string; included: string[] }>(
    `SELECT DISTINCT ON (period) period, included FROM portal_sandbox.gstr2b_generations
      WHERE recipient = $1 AND generated_at <= $2 ORDER BY period, generated_at DESC, generation DESC`,
    [recipient, at.toISOString()],
  );
  return new Set(rows.filter((r) => sortable(r.period) < sortable(period)).flatMap((r) => r.included));
};

/** One generation of the 2B of a period as of an instant: its answer and the IMS records it included. */
const generate = async (sql: SandboxSql, recipient: string, period: string, at: Date): Promise<{ answer: Json; included: string[] }> => {
  const start = windowStart(period, 0).toISOString();
  const inWindow = await filedFor(sql, recipient, 'r.filed_at >= $2 AND r.filed_at < $3', [start, windowStart(period, 1).toISOString()]);
  const earlier = await filedFor(sql, recipient, 'r.filed_at < $2', [start]);
  const acted = await actionsAt(sql, recipient, at);
  const listed = imsRecords(await supplierDocs(sql, recipient), recipient, acted, at);
  const done = await includedBefore(sql, recipient, period, at);

  const available: (Filed & { ims?: string })[] = [];
  const rejected: (Filed & { ims?: string })[] = [];
  const included: string[] = [];
  const place = (d: Filed, carried: boolean) => {
    const section = imsSectionOf(d);
    if (!section) return;
    if (!inIms(d.body, recipient)) {
      if (!carried) available.push(d);
      return;
    }
    const key = recordKey(section, d.supplier, d.period, d.doc_key);
    const record = listed.get(key);
    // A pending record is carried until a generation includes it; one an amendment replaced leaves IMS with it.
    if (carried && (done.has(key) || !record)) return;
    const filed: ImsRecord = {
      key,
      section,
      doc: { ...d, status: 'FILED' },
      hash: bodyHash(d.body),
      window: twoBPeriodOf(new Date(d.filed_at)),
      restricted: record?.restricted ?? false,
      heads: record?.heads ?? { txval: 0, iamt: 0, camt: 0, samt: 0, cess: 0 },
    };
    const action = effectiveAction(filed, acted.get(key), at);
    if (action === 'P') return;
    included.push(key);
    (action === 'R' ? rejected : available).push({ ...d, ims: action });
  };
  for (const d of inWindow) place(d, false);
  for (const d of earlier) place(d, true);

  const sectionsOf = (docs: readonly (Filed & { ims?: string })[]): Json => {
    const out: Json = {};
    for (const [section, docsKey] of SECTIONS) {
      const these = docs.filter((d) => d.section === section);
      const shape = docsKey === 'inv' ? invoice2b(recipient) : note2b(recipient);
      if (these.length > 0) out[section] = bySupplier(these, head2b, docsKey, shape);
    }
    return out;
  };
  const data: Json = {
    gstin: recipient,
    rtnprd: period,
    version: '1.0',
    gendt: longDate(at),
    itcsumm: itcSummary(available, recipient),
    docdata: sectionsOf(available),
    ...(rejected.length > 0 ? { docRejdata: sectionsOf(rejected) } : {}),
  };
  return { answer: { chksum: chksumOf(data), data }, included };
};

const store = async (
  sql: SandboxSql,
  recipient: string,
  period: string,
  generation: number,
  referenceId: string | null,
  at: Date,
): Promise<void> => {
  const { answer, included } = await generate(sql, recipient, period, at);
  await sql.query(
    `INSERT INTO portal_sandbox.gstr2b_generations (recipient, period, generation, reference_id, generated_at, data, included)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
    [recipient, period, generation, referenceId, at.toISOString(), JSON.stringify(answer), JSON.stringify(included)],
  );
};

/**
 * Makes the automatic generation (as of its 14th) of the period and of every earlier period holding a filing for the
 * recipient, oldest first, where not made yet: what is carried forward depends on the earlier ones. Called from the
 * period's 14th on (refuseBeforeCutOff).
 */
const ensureGenerated = async (sql: SandboxSql, recipient: string, period: string): Promise<void> => {
  const filings = await sql.query<{ filed_at: Date | string }>(
    `SELECT DISTINCT r.filed_at FROM portal_sandbox.documents d
       JOIN portal_sandbox.returns r ON r.gstin = d.gstin AND r.form = d.form AND r.period = d.period
      WHERE d.ctin = $1 AND r.status = 'FILED' AND d.section IN ('b2b', 'b2ba', 'cdnr', 'cdnra') AND r.filed_at < $2`,
    [recipient, windowStart(period, 0).toISOString()],
  );
  const periods = new Set([period, ...filings.map((f) => twoBPeriodOf(new Date(f.filed_at)))]);
  const made = new Set(
    (
      await sql.query<{ period: string }>('SELECT period FROM portal_sandbox.gstr2b_generations WHERE recipient = $1 AND generation = 1', [
        recipient,
      ])
    ).map((r) => r.period),
  );
  for (const p of [...periods].sort((a, b) => sortable(a).localeCompare(sortable(b)))) {
    if (!made.has(p)) await store(sql, recipient, p, 1, null, fourteenth(p, 1));
  }
};

/** Runs work for one recipient at a time (IMS saves take the same lock). */
const forRecipient = <T>(sandbox: Sandbox, recipient: string, work: (sql: SandboxSql) => Promise<T>): Promise<T> =>
  sandbox.sql.transaction(async (sql) => {
    await sql.query('SELECT pg_advisory_xact_lock(724681, hashtext($1::text))', [recipient]);
    return work(sql);
  });

/**
 * The period's latest GSTR-2B generation as of now, its first made if due (from the 14th of the next month), or null
 * before then. Opens its own transaction: not for a caller inside one (PGlite has one connection).
 */
export const latestGstr2b = async (
  sandbox: Sandbox,
  recipient: string,
  period: string,
): Promise<{ data: Json; generatedAt: Date } | null> => {
  const now = sandbox.now();
  if (now.getTime() < fourteenth(period, 1).getTime()) return null;
  return forRecipient(sandbox, recipient, async (sql) => {
    await ensureGenerated(sql, recipient, period);
    const [latest] = await sql.query<{ data: Json; generated_at: Date | string }>(
      `SELECT data, generated_at FROM portal_sandbox.gstr2b_generations WHERE recipient = $1 AND period = $2 AND generated_at <= $3
        ORDER BY generated_at DESC, generation DESC LIMIT 1`,
      [recipient, period, now.toISOString()],
    );
    return latest ? { data: latest.data, generatedAt: new Date(latest.generated_at) } : null;
  });
};

/** A period's 2B is there from its generation on the 14th of the next month: GET2B and GEN2B before it are refused. */
const refuseBeforeCutOff = (period: string, now: Date): void => {
  const generatedAt = fourteenth(period, 1);
  if (now.getTime() < generatedAt.getTime()) throw FAULTS.gstr2bBeforeCutOff(longDate(generatedAt));
};

/** Whether a stored generation lists any document, available (docdata) or rejected (docRejdata). */
const holdsDocuments = (answer: Json): boolean => {
  const data = (answer['data'] ?? {}) as Json;
  return [data['docdata'], data['docRejdata']].some(
    (sections) => typeof sections === 'object' && sections !== null && Object.keys(sections).length > 0,
  );
};

export const gstr2bRoutes = (app: FastifyInstance, sandbox: Sandbox): void => {
  app.get('/taxpayerapi/:version/returns/gstr2b', async (request) => {
    const session = await sessionOf(sandbox, request);
    const query = queryOf(request);
    if (query['gstin'] !== undefined && query['gstin'].toUpperCase() !== session.gstin) throw FAULTS.invalidSession();
    if (query['action'] === 'GENSTS2B') {
      const [row] = await sandbox.sql.query<{ period: string }>(
        'SELECT period FROM portal_sandbox.gstr2b_generations WHERE recipient = $1 AND reference_id = $2',
        [session.gstin, query['int_tran_id'] ?? ''],
      );
      if (!row) throw FAULTS.unknownReference();
      return sealed(session, { status_cd: 'P' });
    }
    if (query['action'] !== 'GET2B') throw FAULTS.invalidAction(query['action'] ?? '');
    const period = periodOf(query['rtnprd']);
    refuseBeforeCutOff(period, sandbox.now());
    const answer = (await latestGstr2b(sandbox, session.gstin, period))?.data;
    // ensureGenerated made the generation of the 14th; one that holds no document answers no data, as the portal does.
    if (!answer || !holdsDocuments(answer)) throw FAULTS.gstr2bNoDocuments();
    return sealed(session, answer);
  });

  app.put('/taxpayerapi/:version/returns/gstr2b', async (request) => {
    const session = await sessionOf(sandbox, request);
    const body = bodyOf(request);
    if (body['action'] !== 'GEN2B') throw FAULTS.invalidAction(String(body['action'] ?? ''));
    const data = (openWrite(session, body).json ?? {}) as Json;
    if (String(data['rtin'] ?? '').toUpperCase() !== session.gstin) throw FAULTS.badRequest('rtin must be the GSTIN of the request');
    const period = periodOf(typeof data['itcprd'] === 'string' ? data['itcprd'] : undefined);
    const now = sandbox.now();
    refuseBeforeCutOff(period, now);
    // Not tied to the sandbox's GSTR-3B (whose filing ends it on the portal): a period's 2B can be generated again until the next period's is generated.
    if (now.getTime() >= fourteenth(period, 2).getTime()) throw FAULTS.gstr2bClosed();
    const referenceId = `${session.gstin.slice(0, 2)}${randomBytes(12).toString('hex')}`;
    await forRecipient(sandbox, session.gstin, async (sql) => {
      await ensureGenerated(sql, session.gstin, period);
      const [last] = await sql.query<{ n: number | string }>(
        'SELECT max(generation) AS n FROM portal_sandbox.gstr2b_generations WHERE recipient = $1 AND period = $2',
        [session.gstin, period],
      );
      await store(sql, session.gstin, period, Number(last?.n ?? 0) + 1, referenceId, now);
    });
    return sealed(session, { reference_id: referenceId });
  });
};
