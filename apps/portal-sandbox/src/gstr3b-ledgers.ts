// What a GSTR-3B posts to the electronic ledgers (s.49 CGST Act; Rules 85, 86, 87): at submission its liability (the
// liability ledger) and net ITC (the credit ledger) and the entries of the credit reversal and RCM statements; at an
// offset the credit and cash it uses, checked against the law (sections 49(4), 49(5), 49A, 49B, Rule 88A through the
// domain's setOffProblem) and the ledgers' balances by head and minor head.
import { setOffProblem, type Heads, type TaxHead, type Utilisation } from '@opengst/domain';
import { randomBytes } from 'node:crypto';
import { FAULTS } from './faults';
import {
  LIABILITY_DESCRIPTIONS,
  LIABILITY_IDS,
  balanceOf,
  postEntries,
  type LedgerEntry,
  type LedgerName,
  type LiabilityKind,
} from './ledgers';
import { HEADS, MINOR_HEADS, noAmounts, paiseOf, rupees, type Head, type HeadAmounts, type MinorHead } from './money';
import type { SandboxSql } from './sql';
import type { Json } from './wire';

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
export const declaredBy = (data: Json) => {
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

// ---- RETOFFSET ----

export type Offset = { credit: Utilisation[]; cash: Record<LiabilityKind, HeadAmounts> };

const HEAD_CODES: Record<string, TaxHead> = { i: 'igst', c: 'cgst', s: 'sgst', cs: 'cess' };
const TRANS_TYPES: Record<number, LiabilityKind> = { [LIABILITY_IDS.OTH.tranCd]: 'OTH', [LIABILITY_IDS.RC.tranCd]: 'RC' };
/** pdcash's keys: tax paid (ipd ...), interest (i_intrpd ...), late fee (c_lfeepd, s_lfeepd). */
export const CASH_KEYS: readonly (readonly [key: string, head: Head, minor: MinorHead])[] = [
  ...HEADS.map((h) => [`${h === 'cess' ? 'cs' : h.charAt(0)}pd`, h, 'tx'] as const),
  ...HEADS.map((h) => [`${h === 'cess' ? 'cs' : h.charAt(0)}_intrpd`, h, 'intr'] as const),
  ['c_lfeepd', 'cgst', 'fee'],
  ['s_lfeepd', 'sgst', 'fee'],
];

/** The offset request `{pdcash: [{trans_typ, ipd, ...}], pditc: {i_pdi, i_pdc, ...}}` in paise. */
export const offsetOf = (data: Json): Offset => {
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
export const applyOffset = async (sql: SandboxSql, gstin: string, period: string, offset: Offset, at: Date): Promise<void> => {
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
  const ref = `DI${randomBytes(6).toString('hex').toUpperCase()}`;
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

/** At submission the return's liability goes to the liability ledger and its net ITC to the credit ledger. */
export const postDeclared = async (sql: SandboxSql, gstin: string, period: string, data: Json, at: Date): Promise<void> => {
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
