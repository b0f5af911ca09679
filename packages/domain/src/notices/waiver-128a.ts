// Section 128A waiver of interest and penalty (CGST Act s.128A, in force 1 Nov 2024 (Finance (No.2) Act 2024);
// Rule 164 (Notif 20/2024-CT, 8 Oct 2024); Notif 21/2024-CT: 31-03-2025 the date by which the full tax is paid;
// Circular 238/32/2024-GST, 15 Oct 2024). Checked 27-11-2026 against Circular 238/32/2024 and Rule 164 as published
// (taxtmi/caclubindia/gstvidhi texts of them) and GST-RULES-DETAIL §5:
// - only demands under section 73 (not 74 or 74A) for FY 2017-18, 2018-19 and 2019-20, and not those of erroneous
//   refunds (s.128A(2)); a demand also covering other years or an erroneous refund needs the full tax of the notice
//   paid (Rule 164(3), (4)): this answers the tax of the whole notice as the tax to pay;
// - the full tax demanded is paid by 31-03-2025 (Notif 21/2024); interest and penalty are then waived;
// - the application is SPL-01 against a notice or statement (Rule 164(1)), SPL-02 against an order or an appellate
//   order (Rule 164(2); an appeal filed is withdrawn, with proof of it in the application), within three months of
//   31-03-2025: by 30-06-2025.
// The first proviso to s.128A(1) (a s.74 notice re-determined under s.73 by an appellate forum, with its own later
// dates) is not modelled: such a notice is to be recorded with its section as 73 and its re-determined order's dates.
import { noticeSections } from './register';
import type { NoticeStage } from './register';
import { splitTax, type PaymentSplit } from './drc03';

export const WAIVER_128A_YEARS = ['2017-18', '2018-19', '2019-20'] as const;
/** Notif 21/2024-CT: the tax is paid in full on or before this date. */
export const WAIVER_128A_PAY_BY = '2025-03-31';
/** Rule 164(1)/(2): the application within three months of the date above. */
export const WAIVER_128A_APPLY_BY = '2025-06-30';

export type Waiver128AInput = {
  /** The notice's section text ('73', '73, 74', '74A'). */
  sections: string;
  /** The financial years it concerns ('2018-19'). */
  financialYears: readonly string[];
  stage: NoticeStage;
  /** The demand by head (paise). */
  demand: PaymentSplit;
  /** The DRC-03 payments made, each with its date and split. */
  payments: readonly { paidOn: string; split: PaymentSplit }[];
  /** Whether the demand is for an erroneous refund (excluded by s.128A(2)). */
  erroneousRefund?: boolean;
  /** YYYY-MM-DD. */
  today: string;
};

export type Waiver128A =
  | { applies: false; reason: 'section' | 'years' | 'erroneousRefund' | 'noTax' }
  | {
      applies: true;
      /** The tax to pay in full, by head (paise). */
      taxToPay: { igst: number; cgst: number; sgst: number; cess: number; total: number };
      /** The tax paid under DRC-03 on or before 31-03-2025, and what of the tax is left to pay. */
      paidInTime: number;
      paidLate: number;
      leftToPay: number;
      payBy: string;
      /** The interest and penalty waived once the tax is paid in full in time (paise). */
      waivesInterest: number;
      waivesPenalty: number;
      form: 'SPL-01' | 'SPL-02';
      /** An appeal filed is withdrawn for the waiver (Rule 164, Circular 238/32/2024). */
      withdrawAppeal: boolean;
      /** The notice also covers years outside 2017-18 to 2019-20: their interest and penalty are not waived (Rule 164(4)). */
      otherYears: string[];
      applyBy: string;
      /** The payment date (31-03-2025) has passed as of today. */
      payWindowClosed: boolean;
      /** The application's last date (30-06-2025) has passed as of today. */
      windowClosed: boolean;
      /** 31-03-2025 has passed with the tax not paid in full by it: no waiver (s.128A(1)). */
      lapsed: boolean;
    };

/** The stages at which an order exists (SPL-02): the order, an appeal against it, or a closed notice. */
const ORDER_STAGES: ReadonlySet<NoticeStage> = new Set(['Order', 'AppealFiled']);

export const section128AWaiver = (input: Waiver128AInput): Waiver128A => {
  // '73(1)', 's.73', 'Section 73' all cite section 73.
  const sections = noticeSections(input.sections).map((s) =>
    s
      .replace(/^(section|sec\.?|s\.?)\s*/i, '')
      .replace(/\(.*$/, '')
      .trim()
      .toUpperCase(),
  );
  // s.128A(1): "demanded under section 73"; a notice also citing 74 or 74A is not a s.73 demand.
  if (!sections.includes('73') || sections.some((s) => s === '74' || s === '74A')) return { applies: false, reason: 'section' };
  if (input.financialYears.length === 0 || !input.financialYears.some((fy) => (WAIVER_128A_YEARS as readonly string[]).includes(fy)))
    return { applies: false, reason: 'years' };
  if (input.erroneousRefund) return { applies: false, reason: 'erroneousRefund' };
  const { demand } = input;
  const total = splitTax(demand);
  if (total === 0) return { applies: false, reason: 'noTax' };
  const paidInTime = input.payments.filter((p) => p.paidOn <= WAIVER_128A_PAY_BY).reduce((sum, p) => sum + splitTax(p.split), 0);
  const paidLate = input.payments.filter((p) => p.paidOn > WAIVER_128A_PAY_BY).reduce((sum, p) => sum + splitTax(p.split), 0);
  const isOrder = ORDER_STAGES.has(input.stage);
  return {
    applies: true,
    taxToPay: { igst: demand.taxIgst, cgst: demand.taxCgst, sgst: demand.taxSgst, cess: demand.taxCess, total },
    paidInTime,
    paidLate,
    leftToPay: Math.max(0, total - paidInTime - paidLate),
    payBy: WAIVER_128A_PAY_BY,
    waivesInterest: demand.interest,
    waivesPenalty: demand.penalty,
    form: isOrder ? 'SPL-02' : 'SPL-01',
    withdrawAppeal: input.stage === 'AppealFiled',
    otherYears: input.financialYears.filter((fy) => !(WAIVER_128A_YEARS as readonly string[]).includes(fy)),
    applyBy: WAIVER_128A_APPLY_BY,
    payWindowClosed: input.today > WAIVER_128A_PAY_BY,
    windowClosed: input.today > WAIVER_128A_APPLY_BY,
    lapsed: input.today > WAIVER_128A_PAY_BY && paidInTime < total,
  };
};
