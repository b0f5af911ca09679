// Money at the sandbox: integer paise inside (the store, the checks), rupees with at most two decimals on the wire, as
// GSTN sends them. Heads are the taxes (IGST, CGST, SGST/UTGST, cess); minor heads the kinds of a payment (Form GST
// PMT-06 and the electronic cash ledger, Rule 87: tax, interest, penalty, fee, others).
import { FAULTS } from './faults';

export type Head = 'igst' | 'cgst' | 'sgst' | 'cess';
export const HEADS: readonly Head[] = ['igst', 'cgst', 'sgst', 'cess'];
export type MinorHead = 'tx' | 'intr' | 'pen' | 'fee' | 'oth';
export const MINOR_HEADS: readonly MinorHead[] = ['tx', 'intr', 'pen', 'fee', 'oth'];

/** Paise per head and minor head. */
export type HeadAmounts = Record<Head, Record<MinorHead, number>>;

export const noAmounts = (): HeadAmounts => ({
  igst: { tx: 0, intr: 0, pen: 0, fee: 0, oth: 0 },
  cgst: { tx: 0, intr: 0, pen: 0, fee: 0, oth: 0 },
  sgst: { tx: 0, intr: 0, pen: 0, fee: 0, oth: 0 },
  cess: { tx: 0, intr: 0, pen: 0, fee: 0, oth: 0 },
});

export const headTotal = (amounts: HeadAmounts, head: Head): number => MINOR_HEADS.reduce((s, m) => s + amounts[head][m], 0);
export const grandTotal = (amounts: HeadAmounts): number => HEADS.reduce((s, h) => s + headTotal(amounts, h), 0);

/** a + sign × b, head by head. */
export const addAmounts = (a: HeadAmounts, b: HeadAmounts, sign: 1 | -1 = 1): HeadAmounts => {
  const out = noAmounts();
  for (const h of HEADS) for (const m of MINOR_HEADS) out[h][m] = a[h][m] + sign * b[h][m];
  return out;
};

/** Rupees on the wire; `+ 0` turns −0 into 0. */
export const rupees = (paise: number): number => paise / 100 + 0;

/** A wire amount (rupees, at most two decimals, not below zero unless allowed) in paise; RET191100 otherwise. */
export const paiseOf = (value: unknown, path: string, options: { negative?: boolean } = {}): number => {
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw FAULTS.badRequest(`${path} must be a number`);
  const paise = Math.round(value * 100);
  if (Math.abs(value * 100 - paise) > 1e-6) throw FAULTS.badRequest(`${path} has more than two decimals`);
  if (paise < 0 && !options.negative) throw FAULTS.badRequest(`${path} must not be below zero`);
  if (!Number.isSafeInteger(paise)) throw FAULTS.badRequest(`${path} is too large`);
  return paise;
};

type Json = Record<string, unknown>;

/** `{igst: {tx, intr, pen, fee, oth}, ...}` read from the wire (absent heads and minor heads are 0). */
export const headAmountsOf = (json: Json, path: string): HeadAmounts => {
  const out = noAmounts();
  for (const h of HEADS) {
    const head = json[h];
    if (head === undefined || head === null) continue;
    if (typeof head !== 'object' || Array.isArray(head)) throw FAULTS.badRequest(`${path}.${h} must be an object`);
    for (const m of MINOR_HEADS) out[h][m] = paiseOf((head as Json)[m], `${path}.${h}.${m}`);
  }
  return out;
};

/** One head on the wire: its minor heads and `tot`, in rupees. */
export const wireHead = (amounts: HeadAmounts, head: Head): Json => ({
  tx: rupees(amounts[head].tx),
  intr: rupees(amounts[head].intr),
  pen: rupees(amounts[head].pen),
  fee: rupees(amounts[head].fee),
  oth: rupees(amounts[head].oth),
  tot: rupees(headTotal(amounts, head)),
});
