// How the sandbox holds a GSTR-1: one row per document (invoice, note) or per aggregate row (B2CS rate line,
// advance, nil line, HSN line, document series, e-commerce operator), keyed the way the portal replaces them on a
// later save (same invoice number replaces), and how it gives them back in the save format's shape.

type Json = Record<string, unknown>;

/** One stored row: `grp` holds the fields of its enclosing group (ctin, pos, exp_typ ...). */
export type SectionRow = {
  section: string;
  key: string;
  grp: Json;
  body: Json;
  /** Invoice or note number for the duplicate check; null for aggregate rows. */
  docNumber: string | null;
  numberKind: 'invoice' | 'note' | null;
  ctin: string | null;
  /** DD-MM-YYYY */
  docDate: string | null;
};

const str = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

/** Grouped document sections: the group array's key, the group's own fields, the documents' array and number field. */
const GROUPED: Record<string, { groupFields: readonly string[]; docs: 'inv' | 'nt'; number: 'inum' | 'nt_num'; kind: 'invoice' | 'note' }> =
  {
    b2b: { groupFields: ['ctin'], docs: 'inv', number: 'inum', kind: 'invoice' },
    b2ba: { groupFields: ['ctin'], docs: 'inv', number: 'inum', kind: 'invoice' },
    b2cl: { groupFields: ['pos'], docs: 'inv', number: 'inum', kind: 'invoice' },
    b2cla: { groupFields: ['pos'], docs: 'inv', number: 'inum', kind: 'invoice' },
    exp: { groupFields: ['exp_typ'], docs: 'inv', number: 'inum', kind: 'invoice' },
    expa: { groupFields: ['exp_typ'], docs: 'inv', number: 'inum', kind: 'invoice' },
    cdnr: { groupFields: ['ctin'], docs: 'nt', number: 'nt_num', kind: 'note' },
    cdnra: { groupFields: ['ctin'], docs: 'nt', number: 'nt_num', kind: 'note' },
  };

/** Flat sections and the fields that identify one of their rows. */
const FLAT: Record<string, readonly string[]> = {
  cdnur: ['nt_num'],
  cdnura: ['nt_num'],
  b2cs: ['sply_ty', 'pos', 'rt', 'typ', 'etin'],
  b2csa: ['omon', 'sply_ty', 'pos', 'typ', 'etin'],
  at: ['pos', 'sply_ty'],
  ata: ['omon', 'pos', 'sply_ty'],
  txpd: ['pos', 'sply_ty'],
  txpda: ['omon', 'pos', 'sply_ty'],
};

/** Sections nested one level down in the save format: nil.inv, hsn.hsn_b2b / hsn_b2c, doc_issue.doc_det, supeco.*. */
const NESTED: readonly { parent: string; child: string; section: string; identity: readonly string[] }[] = [
  { parent: 'nil', child: 'inv', section: 'nil', identity: ['sply_ty'] },
  { parent: 'hsn', child: 'hsn_b2b', section: 'hsn_b2b', identity: ['hsn_sc', 'uqc', 'rt'] },
  { parent: 'hsn', child: 'hsn_b2c', section: 'hsn_b2c', identity: ['hsn_sc', 'uqc', 'rt'] },
  { parent: 'doc_issue', child: 'doc_det', section: 'doc_issue', identity: ['doc_num'] },
  { parent: 'supeco', child: 'clttx', section: 'supeco_clttx', identity: ['etin'] },
  { parent: 'supeco', child: 'paytx', section: 'supeco_paytx', identity: ['etin'] },
];

/** Every section of a save, in rows. The payload's gstin/fp are checked by the caller. */
export const splitGstr1 = (payload: Json): SectionRow[] => {
  const rows: SectionRow[] = [];
  for (const [section, spec] of Object.entries(GROUPED)) {
    for (const group of list(payload[section])) {
      const grp = Object.fromEntries(spec.groupFields.map((f) => [f, group[f]]));
      for (const doc of list(group[spec.docs])) {
        const number = str(doc[spec.number]);
        rows.push({
          section,
          key: number.toUpperCase(),
          grp,
          body: doc,
          docNumber: number,
          numberKind: spec.kind,
          ctin: spec.groupFields[0] === 'ctin' ? str(group['ctin']).toUpperCase() : null,
          docDate: str(doc[spec.kind === 'invoice' ? 'idt' : 'nt_dt']) || null,
        });
      }
    }
  }
  for (const [section, identity] of Object.entries(FLAT)) {
    const isNote = section.startsWith('cdnur');
    for (const row of list(payload[section])) {
      rows.push({
        section,
        key: identity.map((f) => str(row[f]).toUpperCase()).join('|'),
        grp: {},
        body: row,
        docNumber: isNote ? str(row['nt_num']) : null,
        numberKind: isNote ? 'note' : null,
        ctin: null,
        docDate: isNote ? str(row['nt_dt']) || null : null,
      });
    }
  }
  for (const { parent, child, section, identity } of NESTED) {
    const holder = payload[parent];
    if (typeof holder !== 'object' || holder === null) continue;
    for (const row of list((holder as Json)[child])) {
      rows.push({
        section,
        key: identity.map((f) => str(row[f]).toUpperCase()).join('|'),
        grp: {},
        body: row,
        docNumber: null,
        numberKind: null,
        ctin: null,
        docDate: null,
      });
    }
  }
  return rows;
};

/** A refused row as the RETSTATUS error report lists it, inside its section's group shape. */
export const reportEntry = (
  row: SectionRow,
  errorCode: string,
  errorMessage: string,
): { section: string; groupKey: string; grp: Json; docsField: string | null; entry: Json } => {
  const spec = GROUPED[row.section];
  if (spec) {
    return {
      section: row.section,
      groupKey: JSON.stringify(row.grp),
      grp: row.grp,
      docsField: spec.docs,
      entry: { [spec.number]: row.docNumber, error_cd: errorCode, error_msg: errorMessage },
    };
  }
  const identity = FLAT[row.section] ?? NESTED.find((n) => n.section === row.section)?.identity ?? [];
  return {
    section: row.section,
    groupKey: '',
    grp: {},
    docsField: null,
    entry: { ...Object.fromEntries(identity.map((f) => [f, row.body[f]])), error_cd: errorCode, error_msg: errorMessage },
  };
};

/** Groups report entries into the portal's error_report: {b2b: [{ctin, inv: [{inum, error_cd, error_msg}]}], cdnur: [...]}. */
export const errorReportOf = (entries: ReturnType<typeof reportEntry>[]): Json => {
  const report: Record<string, Json[]> = {};
  const groups = new Map<string, Json>();
  for (const e of entries) {
    const section = report[e.section] ?? (report[e.section] = []);
    if (e.docsField === null) {
      section.push(e.entry);
      continue;
    }
    const id = `${e.section}|${e.groupKey}`;
    let group = groups.get(id);
    if (!group) {
      group = { ...e.grp, [e.docsField]: [] };
      groups.set(id, group);
      section.push(group);
    }
    (group[e.docsField] as Json[]).push(e.entry);
  }
  return report;
};

/** Rows back into the save format's sections (only sections holding rows appear). */
export const assembleGstr1 = (rows: readonly { section: string; grp: Json; body: Json }[]): Json => {
  const out: Json = {};
  const groups = new Map<string, Json>();
  for (const row of rows) {
    const spec = GROUPED[row.section];
    if (spec) {
      const id = `${row.section}|${JSON.stringify(row.grp)}`;
      let group = groups.get(id);
      if (!group) {
        group = { ...row.grp, [spec.docs]: [] };
        groups.set(id, group);
        ((out[row.section] ??= []) as Json[]).push(group);
      }
      (group[spec.docs] as Json[]).push(row.body);
      continue;
    }
    if (FLAT[row.section]) {
      ((out[row.section] ??= []) as Json[]).push(row.body);
      continue;
    }
    const nested = NESTED.find((n) => n.section === row.section);
    if (!nested) continue;
    const holder = (out[nested.parent] ??= {}) as Json;
    ((holder[nested.child] ??= []) as Json[]).push(row.body);
  }
  // HSN lines are numbered per table; after merges the numbers restart from 1 in stored order.
  const hsn = out['hsn'] as Record<string, Json[]> | undefined;
  for (const lines of Object.values(hsn ?? {})) lines.forEach((line, i) => (line['num'] = i + 1));
  return out;
};

/** The download actions of the API and the save-format section keys each one answers. */
export const DOWNLOAD_ACTIONS: Record<string, readonly string[]> = {
  B2B: ['b2b'],
  B2BA: ['b2ba'],
  B2CL: ['b2cl'],
  B2CLA: ['b2cla'],
  B2CS: ['b2cs'],
  B2CSA: ['b2csa'],
  CDNR: ['cdnr'],
  CDNRA: ['cdnra'],
  CDNUR: ['cdnur'],
  CDNURA: ['cdnura'],
  EXP: ['exp'],
  EXPA: ['expa'],
  AT: ['at'],
  ATA: ['ata'],
  TXP: ['txpd'],
  TXPA: ['txpda'],
  NIL: ['nil'],
  HSNSUM: ['hsn_b2b', 'hsn_b2c'],
  DOCISS: ['doc_issue'],
  SUPECO: ['supeco_clttx', 'supeco_paytx'],
};
