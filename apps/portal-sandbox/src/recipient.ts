// The recipient's side: GSTR-2A (every filed GSTR-1/1A b2b and cdnr document naming the GSTIN, at once, by the
// supplier's period) and GSTR-2B (documents the suppliers filed in the 2B's window, from the 14th of the next month),
// in the portal's JSON shapes (packages/domain/src/reconcile/readers/fixtures).
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { sessionOf } from './auth';
import { FAULTS } from './faults';
import { parseReturnPeriod } from '@opengst/domain';
import type { Sandbox } from './sandbox';
import type { SandboxSql } from './sql';
import { queryOf, sealed, type Json } from './wire';

type Filed = { supplier: string; period: string; section: string; doc_key: string; body: Json; filed_at: Date | string };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const IST_MS = 330 * 60_000;

const istParts = (at: Date): { day: string; month: number; year: number } => {
  const ist = new Date(at.getTime() + IST_MS);
  return { day: String(ist.getUTCDate()).padStart(2, '0'), month: ist.getUTCMonth(), year: ist.getUTCFullYear() };
};
/** "18-Nov-19": 2A's filing date. */
const shortDate = (at: Date): string => {
  const p = istParts(at);
  return `${p.day}-${MONTHS[p.month]}-${String(p.year % 100).padStart(2, '0')}`;
};
/** "Nov-19": 2A's filing period, from MMYYYY. */
const shortPeriod = (period: string): string => `${MONTHS[Number(period.slice(0, 2)) - 1]}-${period.slice(4)}`;
/** "18-11-2019": 2B's filing date. */
const longDate = (at: Date): string => {
  const p = istParts(at);
  return `${p.day}-${String(p.month + 1).padStart(2, '0')}-${p.year}`;
};

/** 00:00 IST on the 14th of the month after a period MMYYYY (month offset 1), or of the period itself (offset 0). */
const fourteenth = (period: string, offset: number): Date => {
  const month = Number(period.slice(0, 2)) - 1 + offset;
  return new Date(Date.UTC(Number(period.slice(2)), month, 14) - IST_MS);
};

const chksumOf = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('base64').slice(0, 20);

/** Filed documents naming the recipient, the last filing of one document winning (GSTR-1A after GSTR-1). */
const filedFor = async (sql: SandboxSql, recipient: string, where: string, params: unknown[]): Promise<Filed[]> => {
  const rows = await sql.query<Filed>(
    `SELECT d.gstin AS supplier, d.period, d.section, d.doc_key, d.body, r.filed_at
       FROM portal_sandbox.documents d
       JOIN portal_sandbox.returns r ON r.gstin = d.gstin AND r.form = d.form AND r.period = d.period
      WHERE d.ctin = $1 AND r.status = 'FILED' AND d.section IN ('b2b', 'b2ba', 'cdnr', 'cdnra') AND ${where}
      ORDER BY d.gstin, r.filed_at, d.seq`,
    [recipient, ...params],
  );
  const latest = new Map<string, Filed>();
  for (const row of rows) latest.set(`${row.supplier}|${row.period}|${row.section}|${row.doc_key}`, row);
  return [...latest.values()];
};

/** Groups documents by supplier (and the supplier's period and filing) into the portal's supplier entries. */
const bySupplier = (docs: readonly Filed[], head: (d: Filed) => Json, docsKey: string, shape: (d: Filed) => Json): Json[] => {
  const groups = new Map<string, Json>();
  for (const d of docs) {
    const entry = head(d);
    const id = JSON.stringify(entry);
    let group = groups.get(id);
    if (!group) {
      group = { ...entry, [docsKey]: [] };
      groups.set(id, group);
    }
    (group[docsKey] as Json[]).push(shape(d));
  }
  return [...groups.values()];
};

const pick = (body: Json, keys: readonly string[]): Json =>
  Object.fromEntries(keys.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));

// ---- GSTR-2A ----

const head2a = (d: Filed): Json => ({
  ctin: d.supplier,
  cfs: 'Y',
  cfs3b: 'N',
  fldtr1: shortDate(new Date(d.filed_at)),
  flprdr1: shortPeriod(d.period),
});
const invoice2a = (d: Filed): Json => ({
  chksum: chksumOf(d.body),
  ...pick(d.body, ['inum', 'idt', 'val', 'pos', 'rchrg', 'inv_typ', 'oinum', 'oidt', 'itms']),
});
const note2a = (d: Filed): Json => ({
  chksum: chksumOf(d.body),
  ...pick(d.body, ['ntty', 'nt_num', 'nt_dt', 'val', 'pos', 'rchrg', 'inv_typ', 'ont_num', 'ont_dt', 'itms']),
});

const GSTR2A_ACTIONS: Record<string, { key: string; section: string; docsKey: string; shape: (d: Filed) => Json }[]> = {
  B2B: [{ key: 'b2b', section: 'b2b', docsKey: 'inv', shape: invoice2a }],
  B2BA: [{ key: 'b2ba', section: 'b2ba', docsKey: 'inv', shape: invoice2a }],
  CDN: [{ key: 'cdn', section: 'cdnr', docsKey: 'nt', shape: note2a }],
  CDNA: [{ key: 'cdna', section: 'cdnra', docsKey: 'nt', shape: note2a }],
};

// ---- GSTR-2B ----

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
  (d: Filed): Json => ({
    inum: d.body['inum'],
    typ: d.body['inv_typ'],
    dt: d.body['idt'],
    val: d.body['val'],
    pos: d.body['pos'],
    rev: d.body['rchrg'],
    ...itcOf(d.body, recipient),
    diffprcnt: 1,
    ...(d.body['oinum'] !== undefined ? { oinum: d.body['oinum'], oidt: d.body['oidt'] } : {}),
    items: items2b(d.body),
  });

const note2b =
  (recipient: string) =>
  (d: Filed): Json => ({
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
    items: items2b(d.body),
  });

const head2b = (d: Filed): Json => ({ ctin: d.supplier, supfildt: longDate(new Date(d.filed_at)), supprd: d.period });

/** Tax heads of a document, credit notes negative. */
const headsOf = (d: Filed): Heads => {
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
    add((bucket[d.section] ??= { igst: 0, cgst: 0, sgst: 0, cess: 0 }), headsOf(d));
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

const gstr2bOf = async (sandbox: Sandbox, recipient: string, period: string): Promise<Json> => {
  const generatedAt = fourteenth(period, 1);
  if (sandbox.now().getTime() < generatedAt.getTime()) throw FAULTS.gstr2bNotGenerated();
  const docs = await filedFor(sandbox.sql, recipient, 'r.filed_at >= $2 AND r.filed_at < $3', [
    fourteenth(period, 0).toISOString(),
    generatedAt.toISOString(),
  ]);
  const docdata: Json = {};
  const sections = [
    ['b2b', 'inv', invoice2b(recipient)],
    ['b2ba', 'inv', invoice2b(recipient)],
    ['cdnr', 'nt', note2b(recipient)],
    ['cdnra', 'nt', note2b(recipient)],
  ] as const;
  for (const [section, docsKey, shape] of sections) {
    const these = docs.filter((d) => d.section === section);
    if (these.length > 0) docdata[section] = bySupplier(these, head2b, docsKey, shape);
  }
  const data = {
    gstin: recipient,
    rtnprd: period,
    version: '1.0',
    gendt: longDate(generatedAt),
    itcsumm: itcSummary(docs, recipient),
    docdata,
  };
  return { chksum: chksumOf(data), data };
};

const periodOf = (value: string | undefined): string => {
  if (!value || !parseReturnPeriod(value)) throw FAULTS.badRequest('the return period must be MMYYYY');
  return value;
};

export const recipientRoutes = (app: FastifyInstance, sandbox: Sandbox): void => {
  app.get('/taxpayerapi/:version/returns/gstr2a', async (request) => {
    const session = await sessionOf(sandbox, request);
    const query = queryOf(request);
    const period = periodOf(query['ret_period']);
    const parts = GSTR2A_ACTIONS[query['action'] ?? ''];
    if (!parts) throw FAULTS.invalidAction(query['action'] ?? '');
    const out: Json = {};
    for (const part of parts) {
      const docs = await filedFor(sandbox.sql, session.gstin, 'd.period = $2 AND d.section = $3', [period, part.section]);
      if (docs.length > 0) out[part.key] = bySupplier(docs, head2a, part.docsKey, part.shape);
    }
    return sealed(session, out);
  });

  app.get('/taxpayerapi/:version/returns/gstr2b', async (request) => {
    const session = await sessionOf(sandbox, request);
    const query = queryOf(request);
    if (query['action'] !== 'GET2B') throw FAULTS.invalidAction(query['action'] ?? '');
    return sealed(session, await gstr2bOf(sandbox, session.gstin, periodOf(query['rtnprd'])));
  });
};
