// The system-generated GSTR-3B (GST-RULES-DETAIL §1.3): table 3.1 (but (d)), 3.1.1 and 3.2 from the period's filed
// GSTR-1 and GSTR-1A, table 4 and 3.1(d) from the GSTR-2B the sandbox holds, computed with the domain's buildGstr3b and
// written with gstr3bJsonOf; AUTOLIAB answers it in the API's r3bautopop shape, and the hard locks compare a save with it.
import {
  buildGstr3b,
  gstr3bJsonOf,
  locksOf,
  parseGstr1,
  parseGstr2b,
  type Gstr1Json,
  type Gstr3bJson,
  type Gstr3bPortalRecord,
  type ImsAction,
} from '@opengst/domain';
import { longDate } from './calendar';
import { returnOf, type Form } from './gstr1';
import { assembleGstr1 } from './sections';
import type { SandboxSql } from './sql';
import type { Json } from './wire';

export type SystemGstr3b = {
  json: Gstr3bJson;
  gstr1FiledAt: Date | null;
  gstr1aFiledAt: Date | null;
  gstr2bGeneratedAt: Date | null;
};

const IMS_ACTIONS: Record<string, ImsAction> = { A: 'Accepted', R: 'Rejected', P: 'Pending', N: 'NoAction' };

/**
 * The period's outward documents as filed: GSTR-1, each document filed again in GSTR-1A replacing its GSTR-1 version
 * (as the sandbox's 2A does).
 */
const filedOutward = async (sql: SandboxSql, gstin: string, period: string) => {
  const rows = new Map<string, { section: string; grp: Json; body: Json }>();
  const filedAt: Partial<Record<Form, Date>> = {};
  for (const form of ['GSTR1', 'GSTR1A'] as const) {
    const filed = await returnOf(sql, gstin, form, period);
    if (filed?.status !== 'FILED' || !filed.filed_at) continue;
    filedAt[form] = new Date(filed.filed_at);
    const docs = await sql.query<{ section: string; doc_key: string; grp: Json; body: Json }>(
      'SELECT section, doc_key, grp, body FROM portal_sandbox.documents WHERE gstin = $1 AND form = $2 AND period = $3 ORDER BY seq',
      [gstin, form, period],
    );
    for (const d of docs) rows.set(`${d.section}|${d.doc_key}`, d);
  }
  return { rows: [...rows.values()], filedAt };
};

/** A GSTR-2B answer's records, read with the domain's parseGstr2b, as buildGstr3b takes them. */
const gstr2bRecords = (data: Json, period: string): Gstr3bPortalRecord[] => {
  const read = parseGstr2b(data);
  if (!read.ok) return [];
  return read.records.map((r, i) => ({
    id: i + 1,
    returnPeriod: period,
    section: r.section,
    listing: r.listing,
    documentType: r.documentType,
    documentNumber: r.documentNumber,
    supplierGstin: r.supplierGstin,
    isReverseCharge: r.isReverseCharge ?? null,
    itcAvailability: r.itcAvailability,
    itcUnavailableReason: r.itcUnavailableReason,
    imsAction: r.imsStatus === null ? null : (IMS_ACTIONS[r.imsStatus] ?? null),
    taxable: r.taxable,
    igst: r.igst,
    cgst: r.cgst,
    sgst: r.sgst,
    cess: r.cess,
  }));
};

/**
 * The system-generated GSTR-3B of a monthly filer's period: its outward side from the filed GSTR-1/1A, its ITC from
 * `gstr2b` (latestGstr2b's; null: none, as the hard-lock checks need only the outward side).
 */
export const systemGstr3b = async (
  sql: SandboxSql,
  gstin: string,
  period: string,
  gstr2b: { data: Json; generatedAt: Date } | null,
): Promise<SystemGstr3b> => {
  const outward = await filedOutward(sql, gstin, period);
  const parsed = parseGstr1({ gstin, fp: period, ...assembleGstr1(outward.rows) } as Gstr1Json);
  const result = buildGstr3b({
    gstin,
    period,
    frequency: 'monthly',
    outward: {
      documents: parsed.documents.map((d, i) => ({ ...d, id: i + 1 })),
      summaries: parsed.summaries.map((s, i) => ({ ...s, id: i + 1 })),
    },
    inward: { gstr2b: gstr2b ? gstr2bRecords(gstr2b.data, period) : [] },
  });
  return {
    json: gstr3bJsonOf(result),
    gstr1FiledAt: outward.filedAt.GSTR1 ?? null,
    gstr1aFiledAt: outward.filedAt.GSTR1A ?? null,
    gstr2bGeneratedAt: gstr2b?.generatedAt ?? null,
  };
};

const rowOf = (rows: readonly { ty: string }[], ty: string): Json => {
  const { ty: _ty, ...amounts } = (rows.find((r) => r.ty === ty) ?? { ty }) as Json & { ty: string };
  return amounts;
};

/**
 * AUTOLIAB: {r3bautopop: {r1fildt, r1afildt, r2bgendt, r3bgendt, liabitc: {gstin, ret_period, sup_details, eco_dtls,
 * inter_sup, elgitc}}}, each figure as a `subtotal` (the API's key; its `det`, the GSTR-1 and 2B tables behind a figure,
 * is left out: README.md).
 */
export const autoLiabilityAnswer = (system: SystemGstr3b, now: Date): Json => {
  const j = system.json;
  const s = j.sup_details;
  const avl = j.itc_elg.itc_avl;
  const sub = (value: unknown): Json => ({ subtotal: value });
  return {
    r3bautopop: {
      ...(system.gstr1FiledAt ? { r1fildt: longDate(system.gstr1FiledAt) } : {}),
      ...(system.gstr1aFiledAt ? { r1afildt: longDate(system.gstr1aFiledAt) } : {}),
      ...(system.gstr2bGeneratedAt ? { r2bgendt: longDate(system.gstr2bGeneratedAt) } : {}),
      r3bgendt: longDate(now),
      liabitc: {
        gstin: j.gstin,
        ret_period: j.ret_period,
        sup_details: {
          osup_3_1a: sub(s.osup_det),
          osup_3_1b: sub(s.osup_zero),
          osup_3_1c: sub(s.osup_nil_exmp),
          isup_3_1d: sub(s.isup_rev),
          osup_3_1e: sub(s.osup_nongst),
        },
        eco_dtls: { eco_sup: sub(j.eco_dtls.eco_sup), eco_reg_sup: sub(j.eco_dtls.eco_reg_sup) },
        inter_sup: {
          osup_unreg_3_2: sub(j.inter_sup.unreg_details),
          osup_comp_3_2: sub(j.inter_sup.comp_details),
          osup_uin_3_2: sub(j.inter_sup.uin_details),
        },
        elgitc: {
          itc4a1: sub(rowOf(avl, 'IMPG')),
          itc4a3: sub(rowOf(avl, 'ISRC')),
          itc4a4: sub(rowOf(avl, 'ISD')),
          itc4a5: sub(rowOf(avl, 'OTH')),
          itc4b2: sub(rowOf(j.itc_elg.itc_rev, 'OTH')),
          itc4d2: sub(rowOf(j.itc_elg.itc_inelg, 'OTH')),
        },
      },
    },
  };
};

const paise = (v: unknown): number => (typeof v === 'number' ? Math.round(v * 100) : 0);
const at = (json: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((o, k) => (typeof o === 'object' && o !== null ? (o as Json)[k] : undefined), json);

/** The auto-populated figures the hard lock keeps: table 3.1 but (d), and 3.1.1 (locks.ts OUTWARD_LOCKED_FROM). */
const OUTWARD_LOCKED: readonly (readonly [label: string, path: readonly string[], keys: readonly string[]])[] = [
  ['3.1(a)', ['sup_details', 'osup_det'], ['txval', 'iamt', 'camt', 'samt', 'csamt']],
  ['3.1(b)', ['sup_details', 'osup_zero'], ['txval', 'iamt', 'csamt']],
  ['3.1(c)', ['sup_details', 'osup_nil_exmp'], ['txval']],
  ['3.1(e)', ['sup_details', 'osup_nongst'], ['txval']],
  ['3.1.1(i)', ['eco_dtls', 'eco_sup'], ['txval', 'iamt', 'camt', 'samt', 'csamt']],
  ['3.1.1(ii)', ['eco_dtls', 'eco_reg_sup'], ['txval']],
];
const INTER_STATE = ['unreg_details', 'comp_details', 'uin_details'] as const;

const placesOf = (rows: unknown): string =>
  (Array.isArray(rows) ? (rows as Json[]) : [])
    .filter((r) => paise(r['txval']) !== 0 || paise(r['iamt']) !== 0)
    .map((r) => `${String(r['pos'])}:${paise(r['txval'])}:${paise(r['iamt'])}`)
    .sort()
    .join(',');

/**
 * The locked tables a save changes (GSTN advisory of 7 Jun 2025: outward liability from the July 2025 period; table 3.2
 * from November 2025, locks.ts), or [] when it keeps them as auto-populated.
 */
export const lockedChanges = (period: string, saved: Json, system: Gstr3bJson): string[] => {
  const locks = locksOf(period);
  const changed: string[] = [];
  if (locks.outward) {
    for (const [label, path, keys] of OUTWARD_LOCKED)
      if (keys.some((k) => paise(at(saved, ...path, k)) !== paise(at(system, ...path, k)))) changed.push(label);
  }
  if (locks.interState && INTER_STATE.some((k) => placesOf(at(saved, 'inter_sup', k)) !== placesOf(at(system, 'inter_sup', k))))
    changed.push('3.2');
  return changed;
};
