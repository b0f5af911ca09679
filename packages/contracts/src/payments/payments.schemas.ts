import { z } from 'zod';
import { PAYMENT_MODES, type PaymentMode } from '@opengst/domain';

// GST challans (Form GST PMT-06, Rule 87 of the CGST Rules) and the electronic ledgers (s.49 CGST Act; Rules 85-87)
// as the product answers them (spec core §2 /gst-challans, /gst-challan-payment-process, /gst-challan-pay; modules
// §2.1 /electronic-ledger-report, /electronic-credit-reversal-reclaim-statement). Amounts in integer paise; dates
// YYYY-MM-DD; periods MMYYYY.

const id = z.number().int().positive();
const paise = z.number().int().min(0);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD.');
const period = z.string().regex(/^(0[1-9]|1[0-2])\d{4}$/, 'A return period is MMYYYY.');

export const TAX_HEAD_KEYS = ['igst', 'cgst', 'sgst', 'cess'] as const;
/** PMT-06's minor heads (the cash ledger's too, Rule 87(1)). */
export const MINOR_HEAD_KEYS = ['tax', 'interest', 'penalty', 'fee', 'others'] as const;

export const MinorAmountsSchema = z.object({ tax: paise, interest: paise, penalty: paise, fee: paise, others: paise });
/** Paise by major head and minor head. */
export const HeadMinorAmountsSchema = z.object({
  igst: MinorAmountsSchema,
  cgst: MinorAmountsSchema,
  sgst: MinorAmountsSchema,
  cess: MinorAmountsSchema,
});
export type HeadMinorAmounts = z.infer<typeof HeadMinorAmountsSchema>;
/** Paise by major head (the credit ledger keeps no minor heads). */
export const HeadAmountsSchema = z.object({ igst: paise, cgst: paise, sgst: paise, cess: paise });
export type HeadAmounts = z.infer<typeof HeadAmountsSchema>;

const PartialMinorSchema = z.object({
  tax: paise.optional(),
  interest: paise.optional(),
  penalty: paise.optional(),
  fee: paise.optional(),
  others: paise.optional(),
});
/** What the user typed: absent cells are 0. */
export const ChallanAmountsInputSchema = z.object({
  igst: PartialMinorSchema.optional(),
  cgst: PartialMinorSchema.optional(),
  sgst: PartialMinorSchema.optional(),
  cess: PartialMinorSchema.optional(),
});
export type ChallanAmountsInput = z.infer<typeof ChallanAmountsInputSchema>;

export const ChallanModeSchema = z.enum(Object.keys(PAYMENT_MODES) as [PaymentMode, ...PaymentMode[]]);
export type ChallanMode = z.infer<typeof ChallanModeSchema>;

export const CHALLAN_STATUSES = ['Generated', 'Paid', 'Expired'] as const;
export const ChallanStatusSchema = z.enum(CHALLAN_STATUSES);
export type ChallanStatus = z.infer<typeof ChallanStatusSchema>;

export const ChallanSchema = z.object({
  id,
  entityId: id,
  entityName: z.string(),
  gstin: z.string(),
  /** The 14-digit Common Portal Identification Number. */
  cpin: z.string(),
  mode: ChallanModeSchema,
  /** The collecting bank's 4-letter code. */
  bankCode: z.string(),
  amounts: HeadMinorAmountsSchema,
  total: paise,
  createdOn: isoDate,
  /** The last day it may be paid (Rule 87(2): 15 days). */
  validUntil: isoDate,
  status: ChallanStatusSchema,
  /** Challan Identification Number, given by the bank when paid (Rule 87(6)). */
  cin: z.string().nullable(),
  /** The bank's reference number. */
  brn: z.string().nullable(),
  paidOn: isoDate.nullable(),
  createdBy: z.string().nullable(),
  /** The portal is the project's sandbox: the challan may be paid here, at its simulated bank. */
  sandbox: z.boolean(),
});
export type Challan = z.infer<typeof ChallanSchema>;

export const ChallanFiltersSchema = z.object({
  entityIds: z.array(id).max(1000).optional(),
  statuses: z.array(ChallanStatusSchema).max(3).optional(),
  cpin: z.string().trim().max(14).optional(),
  /** Created on or after, on or before. */
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
});
export type ChallanFilters = z.infer<typeof ChallanFiltersSchema>;

export const CHALLAN_SORT_FIELDS = ['id', 'createdOn', 'validUntil', 'total', 'gstin', 'paidOn'] as const;
export const CHALLAN_DEFAULT_SORT = 'id DESC';

export const ChallanListRequestSchema = z.object({
  start: z.number().int().min(0).default(0),
  size: z.number().int().min(1).max(1000).nullish(),
  sortExpression: z.string().max(100).nullish(),
  filters: ChallanFiltersSchema.optional(),
});
export type ChallanListRequest = z.input<typeof ChallanListRequestSchema>;
export const ChallanListResponseSchema = z.object({ items: z.array(ChallanSchema), totalRecords: z.number().int() });
export type ChallanListResponse = z.infer<typeof ChallanListResponseSchema>;

export const ChallanCreateRequestSchema = z.object({
  entityId: id,
  mode: ChallanModeSchema,
  /** The bank paid through (its 4-letter code, as its IFSC begins): needed for e-payment and over the counter; a mandate (NEFT/RTGS, IMPS) goes to any bank. */
  bankCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{4}$/, 'A bank code is 4 letters, as its IFSC begins.')
    .optional(),
  amounts: ChallanAmountsInputSchema,
});
export type ChallanCreateRequest = z.infer<typeof ChallanCreateRequestSchema>;

export const ChallanIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });
export const ChallanIdBodySchema = z.object({ id });

export const LEDGER_KINDS = ['cash', 'credit', 'liability', 'creditReversal'] as const;
export const LedgerKindSchema = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof LedgerKindSchema>;

const entityQuery = { entityId: z.coerce.number().int().positive() };
export const LedgerDatesQuerySchema = z.object({ ...entityQuery, fromDate: isoDate, toDate: isoDate });
export const LedgerPeriodsQuerySchema = z.object({ ...entityQuery, fromPeriod: period, toPeriod: period });
export const LedgerPeriodQuerySchema = z.object({ ...entityQuery, period });

const entry = {
  date: isoDate.or(z.literal('')),
  description: z.string(),
  /** The CIN of a deposit, the portal's reference of a debit. */
  reference: z.string(),
  returnPeriod: z.string().nullable(),
  type: z.enum(['Credit', 'Debit']),
};

export const CashLedgerSchema = z.object({
  gstin: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  opening: HeadMinorAmountsSchema,
  entries: z.array(z.object({ ...entry, amounts: HeadMinorAmountsSchema, total: paise, balance: HeadMinorAmountsSchema })),
  closing: HeadMinorAmountsSchema,
});
export type CashLedger = z.infer<typeof CashLedgerSchema>;

export const CreditLedgerSchema = z.object({
  gstin: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  opening: HeadAmountsSchema,
  entries: z.array(z.object({ ...entry, amounts: HeadAmountsSchema, balance: HeadAmountsSchema })),
  closing: HeadAmountsSchema,
});
export type CreditLedger = z.infer<typeof CreditLedgerSchema>;

export const LiabilityLedgerSchema = z.object({
  gstin: z.string(),
  fromPeriod: z.string(),
  toPeriod: z.string(),
  entries: z.array(
    z.object({
      ...entry,
      /** What discharged a liability: the credit ledger or the cash ledger. */
      discharge: z.enum(['credit', 'cash']).nullable(),
      amounts: HeadMinorAmountsSchema,
      balance: HeadMinorAmountsSchema,
    }),
  ),
  closing: HeadMinorAmountsSchema,
});
export type LiabilityLedger = z.infer<typeof LiabilityLedgerSchema>;

export const LedgerBalanceSchema = z.object({ cash: HeadMinorAmountsSchema, credit: HeadAmountsSchema, blockedCredit: HeadAmountsSchema });
export type LedgerBalance = z.infer<typeof LedgerBalanceSchema>;

/** The electronic credit reversal and re-claimed statement: 4B(2) reversals in, 4D(1) reclaims out (Rule 37A, Circular 170/02/2022). */
export const CreditReversalStatementSchema = z.object({
  gstin: z.string(),
  entries: z.array(z.object({ ...entry, amounts: HeadAmountsSchema, balance: HeadAmountsSchema })),
  closing: HeadAmountsSchema,
});
export type CreditReversalStatement = z.infer<typeof CreditReversalStatementSchema>;
