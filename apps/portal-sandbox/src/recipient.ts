// The recipient's GSTR-2A: every filed GSTR-1/1A b2b and cdnr document (and amendment) naming the GSTIN, at once, by
// the supplier's period, per section as the API serves it (B2B, B2BA, CDN, CDNA), in the portal's JSON shape
// (packages/domain/src/reconcile/readers/fixtures); an answer of more documents than the queue's threshold is a token
// (queued.ts). GSTR-2B is gstr2b.ts.
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { sessionOf } from './auth';
import { shortDate, shortPeriod } from './calendar';
import { FAULTS } from './faults';
import { parseReturnPeriod } from '@opengst/domain';
import { queuedAnswer } from './queued';
import type { Sandbox } from './sandbox';
import type { SandboxSql } from './sql';
import { queryOf, sealed, type Json } from './wire';

export type Filed = {
  supplier: string;
  form: string;
  period: string;
  section: string;
  doc_key: string;
  body: Json;
  filed_at: Date | string;
  /** The supplier filed its GSTR-3B of the period. */
  filed3b: boolean;
};

export const chksumOf = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('base64').slice(0, 20);

/** Filed documents naming the recipient, the last filing of one document winning (GSTR-1A after GSTR-1). */
export const filedFor = async (sql: SandboxSql, recipient: string, where: string, params: unknown[]): Promise<Filed[]> => {
  const rows = await sql.query<Filed>(
    `SELECT d.gstin AS supplier, d.form, d.period, d.section, d.doc_key, d.body, r.filed_at,
            EXISTS (SELECT 1 FROM portal_sandbox.returns r3
                     WHERE r3.gstin = d.gstin AND r3.form = 'GSTR3B' AND r3.period = d.period AND r3.status = 'FILED') AS filed3b
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
export const bySupplier = (docs: readonly Filed[], head: (d: Filed) => Json, docsKey: string, shape: (d: Filed) => Json): Json[] => {
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

export const pick = (body: Json, keys: readonly string[]): Json =>
  Object.fromEntries(keys.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));

// ---- GSTR-2A ----

const head2a = (d: Filed): Json => ({
  ctin: d.supplier,
  cfs: 'Y',
  cfs3b: d.filed3b ? 'Y' : 'N',
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
  // Sections the API serves (ISD credit, imports, TDS/TCS credit, e-commerce operators) of documents the sandbox has
  // none of: answered empty.
  ISD: [],
  IMPG: [],
  IMPGSEZ: [],
  TDS: [],
  TCS: [],
  ECOM: [],
  ECOMA: [],
};

export const periodOf = (value: string | undefined): string => {
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
    return sealed(session, (await queuedAnswer(sandbox, session, 'GSTR2A', period, out)) ?? out);
  });
};
