// GSTR-3B contracts (issue 19): the return computed from the books, GSTR-1 and GSTR-2B for a GSTIN (location) and
// period, each figure beside the user's and the difference, the documents behind a figure, the user's figures, the
// set-off proposal of table 6.1 with interest and late fee, and the filing timeline. Money in integer paise.
import { z } from 'zod';
import { paise } from '../amounts';
import { TaskStatusSchema } from '../import/import.schemas';
import { ReturnFilingStatusSchema } from '../returns/returns.schemas';
import { GSTR3B_COLUMNS, Gstr3bFigureKeySchema, Gstr3bLockCodeSchema } from './gstr3b.figures';
import { HeadMinorAmountsSchema, MINOR_HEAD_KEYS } from '../payments/payments.schemas';

const id = z.number().int().positive();
/** MMYYYY; for a quarterly (QRMP) return the quarter's last month (Rule 61(2), 61A). */
const returnPeriod = z.string().regex(/^(0[1-9]|1[0-2])\d{4}$/, 'A return period is MMYYYY.');
/** Two-digit place of supply code (96: outside India). */
const placeOfSupply = z.string().regex(/^\d{2}$/, 'A place of supply is a two-digit state code.');

export const Gstr3bFrequencySchema = z.enum(['monthly', 'quarterly']);
export type Gstr3bFrequency = z.infer<typeof Gstr3bFrequencySchema>;

export const Gstr3bTaxHeadSchema = z.enum(['igst', 'cgst', 'sgst', 'cess']);
export type Gstr3bTaxHead = z.infer<typeof Gstr3bTaxHeadSchema>;
/** An amount per head, paise. */
export const Gstr3bHeadsSchema = z.object({ igst: paise, cgst: paise, sgst: paise, cess: paise });
export type Gstr3bHeads = z.infer<typeof Gstr3bHeadsSchema>;
/** A figure's value and tax, paise; a column the row does not have is 0. */
export const Gstr3bAmountsSchema = Gstr3bHeadsSchema.extend({ taxable: paise });
export type Gstr3bAmounts = z.infer<typeof Gstr3bAmountsSchema>;

export const Gstr3bKeySchema = z.object({ entityId: id, returnPeriod });
export type Gstr3bKey = z.infer<typeof Gstr3bKeySchema>;
export const Gstr3bKeyQuerySchema = z.object({ entityId: z.coerce.number().int().positive(), returnPeriod });
export type Gstr3bKeyQuery = z.input<typeof Gstr3bKeyQuerySchema>;

export const Gstr3bComputeRequestSchema = Gstr3bKeySchema.extend({
  /** QRMP (quarterly) takes the quarter's three months of GSTR-1/IFF, purchases and GSTR-2B. Default monthly. */
  frequency: Gstr3bFrequencySchema.default('monthly'),
});
export type Gstr3bComputeRequest = z.input<typeof Gstr3bComputeRequestSchema>;

// The return and its rows -----------------------------------------------------------------------------------------

export const Gstr3bLockSchema = z.object({ code: Gstr3bLockCodeSchema, reason: z.string() });
export type Gstr3bLock = z.infer<typeof Gstr3bLockSchema>;

/** The rows behind a figure, by kind. */
export const Gstr3bSourceCountSchema = z.object({
  /** Sales and purchase documents of the books. */
  documents: z.number().int(),
  /** GSTR-2B records. */
  gstr2b: z.number().int(),
  /** GSTR-1 summary rows (B2CS, advances, nil/exempt/non-GST). */
  summaries: z.number().int(),
});
export type Gstr3bSourceCount = z.infer<typeof Gstr3bSourceCountSchema>;

/** One row of the return as the screen shows it. */
export const Gstr3bRowSchema = z.object({
  figure: Gstr3bFigureKeySchema,
  /** Table 3.2 only: the row's place of supply. */
  placeOfSupply: z.string().nullable(),
  columns: z.array(z.enum(GSTR3B_COLUMNS)),
  /** As computed from the books, GSTR-1 and GSTR-2B. */
  system: Gstr3bAmountsSchema,
  /** As the user entered it; null: the system's figure stands. */
  user: Gstr3bAmountsSchema.nullable(),
  /** user − system; null when the user entered nothing. */
  difference: Gstr3bAmountsSchema.nullable(),
  /** The part of a net below zero the system's figure does not show (populated as zero, as the portal does). */
  notPopulated: Gstr3bAmountsSchema.nullable(),
  lock: Gstr3bLockSchema.nullable(),
  sources: Gstr3bSourceCountSchema,
});
export type Gstr3bRow = z.infer<typeof Gstr3bRowSchema>;

export const Gstr3bIssueSchema = z.object({
  code: z.string(),
  message: z.string(),
  documentId: z.number().int().nullable(),
  portalId: z.number().int().nullable(),
});
export type Gstr3bIssue = z.infer<typeof Gstr3bIssueSchema>;

/** Rows in no figure, by the reason (the domain's exclusion codes: OUTSIDE_PERIOD, REJECTED_IN_IMS, DEFERRED ...). */
export const Gstr3bExcludedSchema = z.object({ code: z.string(), reason: z.string(), count: z.number().int() });

/**
 * Where the return stands at the GST portal (spec core §4: Save, Submit, Offset, File): the reference and the portal's
 * answer to the last save (P processed, PE with errors, ER refused, IP in progress), when each action was done, the
 * ARN once filed and the portal's message of the last refused action.
 */
export const Gstr3bPortalStateSchema = z.object({
  referenceId: z.string().nullable(),
  saveStatus: z.enum(['P', 'PE', 'ER', 'IP']).nullable(),
  savedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  offsetAt: z.string().nullable(),
  filedAt: z.string().nullable(),
  arn: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type Gstr3bPortalState = z.infer<typeof Gstr3bPortalStateSchema>;

/** What the background computation is doing: queued, reading each kind of row, building the return, storing it. */
export const Gstr3bComputeStageSchema = z.enum(['queued', 'sales', 'purchases', 'gstr2b', 'compute', 'store']);
export type Gstr3bComputeStage = z.infer<typeof Gstr3bComputeStageSchema>;

/** The last computation asked for: its state, and while it runs, its stage and the rows read of about `total`. */
export const Gstr3bComputeStateSchema = z.object({
  status: TaskStatusSchema,
  stage: Gstr3bComputeStageSchema.nullable(),
  done: z.number().int().min(0),
  /** The period's documents and GSTR-2B records counted when it started (0 before). */
  total: z.number().int().min(0),
  /** Why it failed. */
  message: z.string().nullable(),
});
export type Gstr3bComputeState = z.infer<typeof Gstr3bComputeStateSchema>;

export const Gstr3bDetailSchema = z.object({
  /** Null while never computed. */
  id: z.number().int().nullable(),
  entityId: z.number().int(),
  entityName: z.string(),
  gstin: z.string(),
  returnPeriod: z.string(),
  frequency: Gstr3bFrequencySchema,
  /** The months the return takes (three for a quarter). */
  periods: z.array(z.string()),
  financialYear: z.string(),
  /** YYYY-MM-DD (s.39(1), Rule 61(5); QRMP by state group). */
  dueDate: z.string(),
  status: ReturnFilingStatusSchema,
  computedAt: z.string().nullable(),
  computedBy: z.string().nullable(),
  /** The computation running in the background or the last one's outcome; `rows` hold the last one completed. */
  compute: Gstr3bComputeStateSchema,
  /** When the user's figures were last saved. */
  userSavedAt: z.string().nullable(),
  /** Every figure in the form's order; 3.2 one row per place of supply. Empty while never computed. */
  rows: z.array(Gstr3bRowSchema),
  /** Whether the portal locks the auto-populated outward figures (3.1, 3.1.1) and 3.2 for this period. */
  locks: z.object({ outward: z.boolean(), interState: z.boolean() }),
  issues: z.array(Gstr3bIssueSchema),
  excluded: z.array(Gstr3bExcludedSchema),
  /**
   * The GSTR-1 of each month taken is filed in the product: GSTR-3B cannot be filed before it (s.39(10), from
   * 1 October 2022).
   */
  gstr1Filed: z.boolean(),
  portal: Gstr3bPortalStateSchema,
});
export type Gstr3bDetail = z.infer<typeof Gstr3bDetailSchema>;

// The documents behind a figure -----------------------------------------------------------------------------------

export const Gstr3bSourceKindSchema = z.enum(['sales', 'purchase', 'gstr2b', 'summary']);
export type Gstr3bSourceKind = z.infer<typeof Gstr3bSourceKindSchema>;

export const Gstr3bFigureDocumentsRequestSchema = Gstr3bKeySchema.extend({
  figure: Gstr3bFigureKeySchema,
  /** Table 3.2 rows: which place of supply. */
  placeOfSupply: placeOfSupply.nullish(),
  kinds: z.array(Gstr3bSourceKindSchema).max(4).nullish(),
  start: z.number().int().min(0).default(0),
  size: z.number().int().min(1).max(1000).nullish(),
});
export type Gstr3bFigureDocumentsRequest = z.input<typeof Gstr3bFigureDocumentsRequestSchema>;

/** A document (or GSTR-2B record, or summary row) behind a figure; money in paise, a credit note's amounts positive. */
export const Gstr3bFigureDocumentSchema = z.object({
  kind: Gstr3bSourceKindSchema,
  /** The row's id in its own table (documents, portal_documents, document_summaries). */
  id: z.number().int(),
  documentType: z.string(),
  /** Summary rows: the summary's type (B2CS, AT, NIL ...). */
  documentNumber: z.string(),
  /** YYYY-MM-DD; summary rows: null. */
  documentDate: z.string().nullable(),
  returnPeriod: z.string().nullable(),
  counterpartyGstin: z.string().nullable(),
  counterpartyName: z.string().nullable(),
  placeOfSupply: z.string().nullable(),
  taxable: paise,
  igst: paise,
  cgst: paise,
  sgst: paise,
  cess: paise,
});
export type Gstr3bFigureDocument = z.infer<typeof Gstr3bFigureDocumentSchema>;
export const Gstr3bFigureDocumentsResponseSchema = z.object({
  items: z.array(Gstr3bFigureDocumentSchema),
  totalRecords: z.number().int(),
});
export type Gstr3bFigureDocumentsResponse = z.infer<typeof Gstr3bFigureDocumentsResponseSchema>;

// The user's figures ---------------------------------------------------------------------------------------------

/** A figure as the user enters it, in the row's columns (others 0); amounts null: back to the system's figure. */
export const Gstr3bUserFigureSchema = z.object({
  figure: Gstr3bFigureKeySchema,
  placeOfSupply: placeOfSupply.nullish(),
  amounts: z
    .object({
      taxable: paise.default(0),
      igst: paise.default(0),
      cgst: paise.default(0),
      sgst: paise.default(0),
      cess: paise.default(0),
    })
    .nullable(),
});
export type Gstr3bUserFigure = z.input<typeof Gstr3bUserFigureSchema>;
export const Gstr3bSaveRequestSchema = Gstr3bKeySchema.extend({ figures: z.array(Gstr3bUserFigureSchema).min(1).max(500) });
export type Gstr3bSaveRequest = z.input<typeof Gstr3bSaveRequestSchema>;

// Set-off (table 6.1), interest and late fee (5.1) -----------------------------------------------------------------

/** A ledger balance the set-off used; `known` false: not read from the portal yet, zero (or unknown) used. */
export const Gstr3bLedgerSchema = z.object({ balance: Gstr3bHeadsSchema.nullable(), known: z.boolean(), asOf: z.string().nullable() });

export const Gstr3bUtilisationSchema = z.object({
  from: Gstr3bTaxHeadSchema,
  to: Gstr3bTaxHeadSchema,
  amount: paise,
  /** "₹ 1,200.00 of IGST credit pays CGST (section 49(5)(a), Rule 88A)". */
  explanation: z.string(),
});
export type Gstr3bUtilisation = z.infer<typeof Gstr3bUtilisationSchema>;

export const Gstr3bInterestLineSchema = z.object({
  head: Gstr3bTaxHeadSchema,
  amount: paise,
  base: paise,
  days: z.number().int(),
  /** YYYY-MM-DD, the first day of delay. */
  from: z.string(),
  explanation: z.string(),
});

/** One cell of cash a return needs: due, what the cash ledger covers, what a challan must bring (whole rupees). */
export const Gstr3bCashLineSchema = z.object({
  head: Gstr3bTaxHeadSchema,
  minor: z.enum(MINOR_HEAD_KEYS),
  due: paise,
  fromLedger: paise,
  challan: paise,
  explanation: z.string(),
});
export const Gstr3bCashNeededSchema = z.object({
  due: HeadMinorAmountsSchema,
  fromLedger: HeadMinorAmountsSchema,
  challan: HeadMinorAmountsSchema,
  /** The challan's total, paise (0: the cash ledger holds enough). */
  total: paise,
  lines: z.array(Gstr3bCashLineSchema),
});
export type Gstr3bCashNeeded = z.infer<typeof Gstr3bCashNeededSchema>;

/** A credit utilisation as sent (from head, to head, paise). */
export const Gstr3bCreditUseSchema = z.object({ from: Gstr3bTaxHeadSchema, to: Gstr3bTaxHeadSchema, amount: z.number().int().positive() });
export type Gstr3bCreditUse = z.infer<typeof Gstr3bCreditUseSchema>;

/** The offset sent with RETOFFSET: credit by head, and cash by liability (reverse charge only in cash, s.49(4)). */
export const Gstr3bOffsetSentSchema = z.object({
  credit: z.array(Gstr3bCreditUseSchema),
  cash: z.object({
    tax: Gstr3bHeadsSchema,
    reverseCharge: Gstr3bHeadsSchema,
    interest: Gstr3bHeadsSchema,
    lateFee: Gstr3bHeadsSchema,
  }),
  at: z.string(),
});
export type Gstr3bOffsetSent = z.infer<typeof Gstr3bOffsetSentSchema>;

export const Gstr3bSetOffSchema = z.object({
  entityId: z.number().int(),
  returnPeriod: z.string(),
  dueDate: z.string(),
  /** The day interest and late fee are counted to (today: the return filed now). */
  asOf: z.string(),
  /** Tax payable per head: what credit may pay (3.1(a), 3.1(b), net ITC below zero) and what only cash pays. */
  payable: z.object({
    otherThanReverseCharge: Gstr3bHeadsSchema,
    reverseCharge: Gstr3bHeadsSchema,
    interest: Gstr3bHeadsSchema,
    lateFee: Gstr3bHeadsSchema,
  }),
  creditLedger: Gstr3bLedgerSchema,
  cashLedger: Gstr3bLedgerSchema,
  /** 4C of this return (may be below zero). */
  netItc: Gstr3bHeadsSchema,
  /** The credit ledger's balance plus 4C where above zero. */
  creditAvailable: Gstr3bHeadsSchema,
  utilisation: z.array(Gstr3bUtilisationSchema),
  creditLeft: Gstr3bHeadsSchema,
  cash: z.object({
    tax: Gstr3bHeadsSchema,
    reverseCharge: Gstr3bHeadsSchema,
    interest: Gstr3bHeadsSchema,
    lateFee: Gstr3bHeadsSchema,
    total: Gstr3bHeadsSchema,
  }),
  /** Cash to deposit (PMT-06) beyond the cash ledger; null while the cash ledger is unknown. */
  cashToDeposit: Gstr3bHeadsSchema.nullable(),
  /**
   * The ledgers as the GST portal answered them (ledgerBalance) when a portal session is active: the cash ledger by
   * major and minor head (Rule 87(1)), and whether the credit ledger already holds this return's net ITC (posted at
   * submission, so it is not added again). Null: no portal session, the balances are unknown.
   */
  portalLedgers: z.object({ cash: HeadMinorAmountsSchema, credit: Gstr3bHeadsSchema, creditHoldsReturnItc: z.boolean() }).nullable(),
  /** The deposit the cash still needs, cell by cell (the domain's cashNeededFor); null while the cash ledger is unknown. */
  cashNeeded: Gstr3bCashNeededSchema.nullable(),
  /** The offset sent to the portal (RETOFFSET), once done. */
  offset: Gstr3bOffsetSentSchema.nullable(),
  /** Section 50(1) on the cash-paid tax, Rule 88B(1). */
  interest: z.object({
    amount: Gstr3bHeadsSchema,
    days: z.number().int(),
    lines: z.array(Gstr3bInterestLineSchema),
    explanation: z.string(),
  }),
  /** Section 47, Notification 19/2021-CT caps. */
  lateFee: z.object({
    cgst: paise,
    sgst: paise,
    days: z.number().int(),
    perDay: paise,
    cap: paise,
    /** The preceding financial year's aggregate turnover the cap was chosen by; null: unknown, the highest cap used. */
    aggregateTurnover: paise.nullable(),
    explanation: z.string(),
  }),
});
export type Gstr3bSetOff = z.infer<typeof Gstr3bSetOffSchema>;

// Filing timeline -------------------------------------------------------------------------------------------------

export const Gstr3bEventSchema = z.object({
  id: z.number().int(),
  /** Compute, SaveFigures, and the portal actions of spec core §4 (Save, Submit, Offset, File ...). */
  action: z.string(),
  fromStatus: ReturnFilingStatusSchema.nullable(),
  toStatus: ReturnFilingStatusSchema.nullable(),
  message: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type Gstr3bEvent = z.infer<typeof Gstr3bEventSchema>;

export const Gstr3bTimelineSchema = z.object({
  id: z.number().int().nullable(),
  status: ReturnFilingStatusSchema,
  dueDate: z.string(),
  filedAt: z.string().nullable(),
  arn: z.string().nullable(),
  /** Each month's GSTR-1 in the product (s.39(10): GSTR-3B only after it). */
  gstr1: z.array(z.object({ returnPeriod: z.string(), status: ReturnFilingStatusSchema.nullable(), filedAt: z.string().nullable() })),
  events: z.array(Gstr3bEventSchema),
});
export type Gstr3bTimeline = z.infer<typeof Gstr3bTimelineSchema>;

// The GST portal actions ------------------------------------------------------------------------------------------

/** Offset: the set-off the server proposes, or the user's own utilisation of credit (checked: s.49, 49A, Rule 88A). */
export const Gstr3bOffsetRequestSchema = Gstr3bKeySchema.extend({ credit: z.array(Gstr3bCreditUseSchema).max(20).nullish() });
export type Gstr3bOffsetRequest = z.input<typeof Gstr3bOffsetRequestSchema>;
export const Gstr3bFileRequestSchema = Gstr3bKeySchema.extend({ otp: z.string().regex(/^\d{6}$/, 'The OTP has 6 digits.') });
export type Gstr3bFileRequest = z.input<typeof Gstr3bFileRequestSchema>;
export const Gstr3bFileOtpResponseSchema = z.object({ sent: z.literal(true) });
