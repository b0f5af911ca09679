// What the GST portal answers about payments, in the project's money (integer paise) and dates (ISO): the electronic
// cash, credit and liability ledgers (s.49 CGST Act; Rules 85-87), their balances, challans (Form GST PMT-06), and the
// GSTR-3B offset sent. The API's JSON (rupees, DD/MM/YYYY, apps/portal-sandbox/README.md "GSTR-3B, ledgers and
// challans") is read and written here, once.
import type { Heads, TaxHead, Utilisation } from '@opengst/domain';
import { PortalError } from './gst-portal';

/** The kinds of a payment by head (PMT-06, the cash ledger's minor heads; Rule 87). */
export type MinorHead = 'tax' | 'interest' | 'penalty' | 'fee' | 'others';
/** Paise per head and minor head. */
export type HeadMinorAmounts = Readonly<Record<TaxHead, Readonly<Record<MinorHead, number>>>>;

export type LedgerEntryType = 'Credit' | 'Debit';

export type CashLedgerEntry = {
  /** ISO date of the deposit or debit. */
  date: string;
  description: string;
  /** The CIN of a deposit, the portal's reference of a debit. */
  reference: string;
  /** MMYYYY of the return a debit paid, or null. */
  returnPeriod: string | null;
  type: LedgerEntryType;
  amounts: HeadMinorAmounts;
  total: number;
  /** The balance after the entry. */
  balance: HeadMinorAmounts;
};
export type CashLedger = {
  gstin: string;
  from: string;
  to: string;
  opening: HeadMinorAmounts;
  entries: CashLedgerEntry[];
  closing: HeadMinorAmounts;
};

export type CreditLedgerEntry = {
  date: string;
  description: string;
  reference: string;
  returnPeriod: string | null;
  type: LedgerEntryType;
  amounts: Heads;
  balance: Heads;
};
export type CreditLedger = { gstin: string; from: string; to: string; opening: Heads; entries: CreditLedgerEntry[]; closing: Heads };

export type LiabilityLedgerEntry = {
  date: string;
  description: string;
  reference: string;
  returnPeriod: string | null;
  /** Debit: a liability declared; Credit: a liability discharged. */
  type: LedgerEntryType;
  /** What discharged it: the credit ledger or the cash ledger. */
  discharge: 'credit' | 'cash' | null;
  amounts: HeadMinorAmounts;
  /** What remains to pay after the entry. */
  balance: HeadMinorAmounts;
};
export type LiabilityLedger = {
  gstin: string;
  fromPeriod: string;
  toPeriod: string;
  entries: LiabilityLedgerEntry[];
  closing: HeadMinorAmounts;
};

export type LedgerBalance = { cash: HeadMinorAmounts; credit: Heads; blockedCredit: Heads };

/**
 * The electronic credit reversal and re-claimed statement (4B(2) reversals in, 4D(1) reclaims out) or the RCM
 * liability/ITC statement (3.1(d) in, 4A(2)+4A(3) out): per head, paise; the closing balance is what may be reclaimed
 * or claimed.
 */
export type ItcStatementEntry = {
  returnPeriod: string | null;
  date: string;
  description: string;
  reference: string;
  type: LedgerEntryType;
  amounts: Heads;
  balance: Heads;
};
export type ItcStatement = { gstin: string; entries: ItcStatementEntry[]; closing: Heads };

/** E-payment (net banking, cards), over the counter (at most ₹10,000), NEFT/RTGS: Rule 87(3). */
export type PaymentMode = 'EPY' | 'OTC' | 'NEFT';
export type ChallanRequest = {
  mode: PaymentMode;
  /** The bank's 4-letter code (as its IFSC begins); for NEFT/RTGS the portal's default. */
  bankCode?: string | undefined;
  /** Paise per head and minor head; absent ones are 0. */
  amounts: Partial<Record<TaxHead, Partial<Record<MinorHead, number>>>>;
};
export type ChallanStatus = 'GENERATED' | 'PAID' | 'EXPIRED';
export type Challan = {
  /** The 14-digit Common Portal Identification Number. */
  cpin: string;
  createdOn: string;
  /** The last day it can be paid (valid 15 days, Rule 87(2)). */
  expiresOn: string;
  mode: PaymentMode;
  bankCode: string;
  status: ChallanStatus;
  amounts: HeadMinorAmounts;
  total: number;
  /** Challan Identification Number, given by the bank once paid: CPIN + bank code. */
  cin: string | null;
  /** The bank's reference number. */
  brn: string | null;
  paidOn: string | null;
};

/** Cash paid for one liability of the return, paise. */
export type Gstr3bCashPayment = { tax: Heads; interest: Heads; lateFee: { cgst: number; sgst: number } };
/**
 * RETOFFSET: the credit used (from head, to head: the domain's setOffLiability plan) for the liability other than
 * reverse charge, and the cash for each liability (reverse charge only in cash, s.49(4)). Paise.
 */
export type Gstr3bOffsetRequest = {
  credit: readonly Utilisation[];
  cash: { otherThanReverseCharge: Gstr3bCashPayment; reverseCharge: Gstr3bCashPayment };
};

type Json = Record<string, unknown>;

const HEADS: readonly TaxHead[] = ['igst', 'cgst', 'sgst', 'cess'];
const MINOR_KEYS: Readonly<Record<MinorHead, string>> = { tax: 'tx', interest: 'intr', penalty: 'pen', fee: 'fee', others: 'oth' };
const MINORS = Object.keys(MINOR_KEYS) as MinorHead[];

const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.map(obj) : []);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Rupees on the wire to paise; anything else is a bad answer. */
const paise = (v: unknown): number => {
  if (v === undefined || v === null) return 0;
  const n = typeof v === 'number' ? v : Number.NaN;
  if (!Number.isFinite(n)) throw new PortalError('BAD_ANSWER', 'The GST portal answered an amount that is not a number.');
  return Math.round(n * 100);
};
const rupees = (p: number): number => p / 100 + 0;

/** DD/MM/YYYY or DD-MM-YYYY to ISO; '' stays ''. */
const isoDate = (v: unknown): string => {
  const m = /^(\d{2})[/-](\d{2})[/-](\d{4})$/.exec(text(v));
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
};
/** ISO to the API's DD/MM/YYYY. */
export const slashDateOf = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const headMinors = (json: Json, suffix = ''): HeadMinorAmounts => {
  const out = {} as Record<TaxHead, Record<MinorHead, number>>;
  for (const h of HEADS) {
    const head = obj(json[`${h}${suffix}`]);
    out[h] = Object.fromEntries(MINORS.map((m) => [m, paise(head[MINOR_KEYS[m]])])) as Record<MinorHead, number>;
  }
  return out;
};
const entryType = (v: unknown): LedgerEntryType => (text(v).toUpperCase() === 'DR' ? 'Debit' : 'Credit');

export const cashLedgerOf = (data: Json): CashLedger => ({
  gstin: text(data['gstin']),
  from: isoDate(data['fr_dt']),
  to: isoDate(data['to_dt']),
  opening: headMinors(obj(data['op_bal'])),
  entries: list(data['tr']).map((t) => ({
    date: isoDate(t['dpt_dt']),
    description: text(t['desc']),
    reference: text(t['ref_no']),
    returnPeriod: text(t['ret_period']) || null,
    type: entryType(t['tr_typ']),
    amounts: headMinors(t),
    total: paise(t['tot_tr_amt']),
    balance: headMinors(t, 'bal'),
  })),
  closing: headMinors(obj(data['cl_bal'])),
});

const taxes = (json: Json, suffix: 'Amt' | 'Bal'): Heads => ({
  igst: paise(json[`igstTax${suffix}`]),
  cgst: paise(json[`cgstTax${suffix}`]),
  sgst: paise(json[`sgstTax${suffix}`]),
  cess: paise(json[`cessTax${suffix}`]),
});

export const creditLedgerOf = (answer: Json): CreditLedger => {
  const data = obj(answer['itcLdgDtls']);
  return {
    gstin: text(data['gstin']),
    from: isoDate(data['fr_dt']),
    to: isoDate(data['to_dt']),
    opening: taxes(obj(data['op_bal']), 'Bal'),
    entries: list(data['tr']).map((t) => ({
      date: isoDate(t['dt']),
      description: text(t['desc']),
      reference: text(t['ref_no']),
      returnPeriod: text(t['ret_period']) || null,
      type: entryType(t['tr_typ']),
      amounts: taxes(t, 'Amt'),
      balance: taxes(t, 'Bal'),
    })),
    closing: taxes(obj(data['cl_bal']), 'Bal'),
  };
};

export const liabilityLedgerOf = (data: Json): LiabilityLedger => ({
  gstin: text(data['gstin']),
  fromPeriod: text(data['fr_dt']),
  toPeriod: text(data['to_dt']),
  entries: list(data['tr']).map((t) => {
    const discharge = text(t['dschrg_typ']).toLowerCase();
    return {
      date: isoDate(t['dt']),
      description: text(t['desc']),
      reference: text(t['ref_no']),
      returnPeriod: text(t['ret_period']) || null,
      type: entryType(t['tr_typ']),
      discharge: discharge === 'credit' || discharge === 'cash' ? discharge : null,
      amounts: headMinors(t),
      balance: headMinors(t, 'bal'),
    };
  }),
  closing: headMinors(obj(data['cl_bal']), 'bal'),
});

export const ledgerBalanceOf = (data: Json): LedgerBalance => {
  const itc = obj(data['itc_bal']);
  const blocked = obj(data['itc_blck_bal']);
  const byHead = (json: Json, suffix: string): Heads => ({
    igst: paise(json[`igst${suffix}`]),
    cgst: paise(json[`cgst${suffix}`]),
    sgst: paise(json[`sgst${suffix}`]),
    cess: paise(json[`cess${suffix}`]),
  });
  return { cash: headMinors(obj(data['cash_bal'])), credit: byHead(itc, '_bal'), blockedCredit: byHead(blocked, '_blck_bal') };
};

const wireTaxes = (json: Json): Heads => ({
  igst: paise(json['iamt']),
  cgst: paise(json['camt']),
  sgst: paise(json['samt']),
  cess: paise(json['csamt']),
});

/** CLOSINGBAL / RCMCLOSINGBAL: {gstin, tr: [{ret_period, dt, desc, ref_no, tr_typ, iamt ..., bal}], clsbal}. */
export const itcStatementOf = (data: Json): ItcStatement => ({
  gstin: text(data['gstin']),
  entries: list(data['tr']).map((t) => ({
    returnPeriod: text(t['ret_period']) || null,
    date: isoDate(t['dt']),
    description: text(t['desc']),
    reference: text(t['ref_no']),
    type: entryType(t['tr_typ']),
    amounts: wireTaxes(t),
    balance: wireTaxes(obj(t['bal'])),
  })),
  closing: wireTaxes(obj(data['clsbal'])),
});

const STATUSES: readonly ChallanStatus[] = ['GENERATED', 'PAID', 'EXPIRED'];
const MODES: readonly PaymentMode[] = ['EPY', 'OTC', 'NEFT'];

export const challanOf = (data: Json): Challan => {
  const status = text(data['status']) as ChallanStatus;
  const mode = text(data['pymnt_mode']) as PaymentMode;
  if (!STATUSES.includes(status) || !MODES.includes(mode))
    throw new PortalError('BAD_ANSWER', `The GST portal answered a challan of unknown status "${status}" or mode "${mode}".`);
  return {
    cpin: text(data['cpin']),
    createdOn: isoDate(data['chln_dt']),
    expiresOn: isoDate(data['chln_exp_dt']),
    mode,
    bankCode: text(data['bank_cd']),
    status,
    amounts: headMinors(data),
    total: paise(data['tot_amt']),
    cin: text(data['cin']) || null,
    brn: text(data['brn']) || null,
    paidOn: isoDate(data['pymnt_dt']) || null,
  };
};

export const challanListOf = (data: Json): Challan[] => list(data['chln_list']).map(challanOf);

/** GENERATE's data: {gstin, pymnt_mode, bank_cd, igst: {tx, intr, pen, fee, oth}, ..., tot_amt} in rupees. */
export const challanPayload = (gstin: string, request: ChallanRequest): Json => {
  const heads: Json = {};
  let total = 0;
  for (const h of HEADS) {
    const given = request.amounts[h] ?? {};
    const head: Json = {};
    for (const m of MINORS) {
      const amount = given[m] ?? 0;
      if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`challan ${h}.${m} must be whole paise, not negative`);
      head[MINOR_KEYS[m]] = rupees(amount);
      total += amount;
    }
    heads[h] = head;
  }
  return { gstin, pymnt_mode: request.mode, ...(request.bankCode ? { bank_cd: request.bankCode } : {}), ...heads, tot_amt: rupees(total) };
};

const CODES: Readonly<Record<TaxHead, string>> = { igst: 'i', cgst: 'c', sgst: 's', cess: 'cs' };
/** Liability ledger transaction codes: other than reverse charge, reverse charge. */
const TRANS_TYPES = { otherThanReverseCharge: 30001, reverseCharge: 30002 } as const;

const cashRow = (transType: number, paid: Gstr3bCashPayment): Json => ({
  trans_typ: transType,
  ...Object.fromEntries(HEADS.map((h) => [`${CODES[h]}pd`, rupees(paid.tax[h])])),
  ...Object.fromEntries(HEADS.map((h) => [`${CODES[h]}_intrpd`, rupees(paid.interest[h])])),
  c_lfeepd: rupees(paid.lateFee.cgst),
  s_lfeepd: rupees(paid.lateFee.sgst),
});

/** RETOFFSET's data: {gstin, ret_period, pditc: {i_pdi, ...}, pdcash: [{trans_typ, ipd, ...}]} in rupees. */
export const offsetPayload = (gstin: string, period: string, offset: Gstr3bOffsetRequest): Json => {
  const pditc: Json = { trans_typ: TRANS_TYPES.otherThanReverseCharge };
  for (const u of offset.credit) {
    const key = `${CODES[u.from]}_pd${CODES[u.to]}`;
    pditc[key] = rupees(Math.round(Number(pditc[key] ?? 0) * 100) + u.amount);
  }
  return {
    gstin,
    ret_period: period,
    pditc,
    pdcash: [
      cashRow(TRANS_TYPES.otherThanReverseCharge, offset.cash.otherThanReverseCharge),
      cashRow(TRANS_TYPES.reverseCharge, offset.cash.reverseCharge),
    ],
  };
};
