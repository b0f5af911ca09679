// Form GST PMT-06, the challan that deposits money into the electronic cash ledger (Rule 87 of the CGST Rules).
//
// - Amounts by major head (IGST, CGST, SGST or UTGST by the State of the registration, cess) and minor head (tax,
//   interest, penalty, fee, others), as the form lays them out; whole rupees (s.170: sums payable are rounded to the
//   rupee, and the portal takes no paise).
// - Rule 87(2): a challan is valid for fifteen days; counted from the day after it is generated (General Clauses
//   Act s.9, as Rule 87(5) says of the mandate form, "fifteen days from the date of generation").
// - The portal gives each challan a CPIN (Common Portal Identification Number, 14 digits); the collecting bank gives
//   the payment a CIN (Challan Identification Number, Rule 87(6)): the CPIN followed by the bank's 4-letter code.
import { addDays, isIsoDate } from '../dates/index';
import { stateFromCode, validateGstin } from '../identity/index';
import { formatInr } from '../money/index';
import { TAX_HEADS, type Heads, type TaxHead } from '../gstr3b/set-off';
import { PAYMENT_MODES, otcLimitOn, type OtcExemption, type PaymentMode } from './payment-modes';

export type MinorHead = 'tax' | 'interest' | 'penalty' | 'fee' | 'others';
export const MINOR_HEADS: readonly MinorHead[] = ['tax', 'interest', 'penalty', 'fee', 'others'];
export type MinorHeads = Readonly<Record<MinorHead, number>>;
/** Paise by major head and minor head. */
export type ChallanAmounts = Readonly<Record<TaxHead, MinorHeads>>;
export type ChallanAmountsInput = Partial<Record<TaxHead, Partial<Record<MinorHead, number>>>>;

const NO_MINOR: MinorHeads = { tax: 0, interest: 0, penalty: 0, fee: 0, others: 0 };
export const NO_CHALLAN_AMOUNTS: ChallanAmounts = { igst: NO_MINOR, cgst: NO_MINOR, sgst: NO_MINOR, cess: NO_MINOR };

/** Every cell of `input`, missing ones zero. */
export const challanAmountsOf = (input: ChallanAmountsInput): ChallanAmounts => {
  const cells = (head: TaxHead): MinorHeads => ({ ...NO_MINOR, ...input[head] });
  return { igst: cells('igst'), cgst: cells('cgst'), sgst: cells('sgst'), cess: cells('cess') };
};

export const CHALLAN_VALID_DAYS = 15;
export const challanValidUntil = (generatedOn: string): string => {
  if (!isIsoDate(generatedOn)) throw new RangeError(`generatedOn must be a date YYYY-MM-DD: ${generatedOn}`);
  return addDays(generatedOn, CHALLAN_VALID_DAYS);
};
export const isChallanValidOn = (generatedOn: string, on: string): boolean => {
  if (!isIsoDate(on)) throw new RangeError(`on must be a date YYYY-MM-DD: ${on}`);
  return on >= generatedOn && on <= challanValidUntil(generatedOn);
};

export const isCpin = (value: string): boolean => /^[0-9]{14}$/.test(value);
export const isCin = (value: string): boolean => /^[0-9]{14}[A-Z]{4}$/.test(value);
/** The CPIN inside a CIN, or null when `cin` is not one. */
export const cpinOfCin = (cin: string): string | null => (isCin(cin) ? cin.slice(0, 14) : null);

export type Challan = {
  gstin: string;
  /** The label of the `sgst` head for this registration: UTGST in a Union territory without a legislature. */
  stateTaxLabel: 'SGST' | 'UTGST';
  generatedOn: string;
  validUntil: string;
  mode: PaymentMode;
  amounts: ChallanAmounts;
  byHead: Heads;
  byMinorHead: MinorHeads;
  total: number;
};
export type ChallanProblemCode =
  | 'CHALLAN_GSTIN'
  | 'CHALLAN_DATE'
  | 'CHALLAN_AMOUNT'
  | 'CHALLAN_WHOLE_RUPEES'
  | 'CHALLAN_EMPTY'
  | 'CHALLAN_MODE_NOT_YET'
  | 'CHALLAN_OTC_LIMIT';
export type ChallanProblem = { code: ChallanProblemCode; message: string; propertyName?: string };
export type ChallanResult = { ok: true; challan: Challan } | { ok: false; problems: ChallanProblem[] };

export type ChallanInput = {
  gstin: string;
  generatedOn: string;
  mode: PaymentMode;
  amounts: ChallanAmountsInput;
  otcExemption?: OtcExemption;
  /** Accept sandbox GSTINs (no check character), as the portal sandbox issues them. */
  sandbox?: boolean;
};

/** A PMT-06 challan with its totals, or every reason it cannot be generated. */
export const challanOf = (input: ChallanInput): ChallanResult => {
  const problems: ChallanProblem[] = [];
  const gstin = validateGstin(input.gstin, { sandbox: input.sandbox === true });
  if (!gstin.ok) problems.push({ code: 'CHALLAN_GSTIN', message: gstin.message, propertyName: 'gstin' });
  const hasDate = isIsoDate(input.generatedOn);
  if (!hasDate) problems.push({ code: 'CHALLAN_DATE', message: 'The challan date must be a date.', propertyName: 'generatedOn' });

  const amounts = challanAmountsOf(input.amounts);
  let total = 0;
  for (const head of TAX_HEADS)
    for (const minor of MINOR_HEADS) {
      const paise = amounts[head][minor];
      const propertyName = `amounts.${head}.${minor}`;
      if (!Number.isSafeInteger(paise) || paise < 0)
        problems.push({ code: 'CHALLAN_AMOUNT', message: 'An amount must be whole paise, not negative.', propertyName });
      else if (paise % 100 !== 0)
        problems.push({ code: 'CHALLAN_WHOLE_RUPEES', message: `₹ ${formatInr(paise)} is not whole rupees (s.170).`, propertyName });
      else total += paise;
    }
  if (!Number.isSafeInteger(total)) problems.push({ code: 'CHALLAN_AMOUNT', message: 'The total is too large.', propertyName: 'amounts' });
  if (problems.every((p) => p.code !== 'CHALLAN_AMOUNT' && p.code !== 'CHALLAN_WHOLE_RUPEES') && total === 0)
    problems.push({ code: 'CHALLAN_EMPTY', message: 'A challan needs an amount above zero.', propertyName: 'amounts' });

  const mode = PAYMENT_MODES[input.mode];
  if (hasDate && input.generatedOn < mode.availableFrom)
    problems.push({
      code: 'CHALLAN_MODE_NOT_YET',
      message: `${mode.label} may be used from ${mode.availableFrom} (${mode.source}).`,
      propertyName: 'mode',
    });
  const limit = hasDate ? otcLimitOn(input.generatedOn) : null;
  if (input.mode === 'otc' && input.otcExemption === undefined && limit !== null && total > limit)
    problems.push({
      code: 'CHALLAN_OTC_LIMIT',
      message: `Over the counter, a challan may deposit at most ₹ ${formatInr(limit)} (Rule 87(3)(iv)); this one is ₹ ${formatInr(total)}. Pay by net banking, card, UPI, NEFT/RTGS or IMPS, unless the deposit is exempt (Rule 87(3), proviso).`,
      propertyName: 'mode',
    });
  if (problems.length > 0 || !gstin.ok) return { ok: false, problems };

  const byHead = {} as Record<TaxHead, number>;
  for (const head of TAX_HEADS) byHead[head] = MINOR_HEADS.reduce((sum, minor) => sum + amounts[head][minor], 0);
  const byMinorHead = {} as Record<MinorHead, number>;
  for (const minor of MINOR_HEADS) byMinorHead[minor] = TAX_HEADS.reduce((sum, head) => sum + amounts[head][minor], 0);
  return {
    ok: true,
    challan: {
      gstin: gstin.gstin,
      stateTaxLabel: stateFromCode(gstin.stateCode)?.levies === 'UTGST' ? 'UTGST' : 'SGST',
      generatedOn: input.generatedOn,
      validUntil: challanValidUntil(input.generatedOn),
      mode: input.mode,
      amounts,
      byHead,
      byMinorHead,
      total,
    },
  };
};
