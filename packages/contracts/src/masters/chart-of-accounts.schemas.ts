// The chart of accounts (/chart-of-accounts, spec modules §2.5; issue 20): the subscriber's groups and ledgers as a
// tree, each of one account type, a ledger optionally carrying the GST head the general ledger's reconciliation
// compares it with. The rules (code, name, GST head against type, placement, loops) are the domain's (ledger/).
import {
  ACCOUNT_CODE_MAX,
  ACCOUNT_DESCRIPTION_MAX,
  ACCOUNT_NAME_MAX,
  ACCOUNT_TYPES,
  GST_HEAD_CODES,
  GST_HEADS,
  type GstHead,
} from '@opengst/domain';
import { z } from 'zod';

const id = z.number().int().positive();
const Ids = z.array(id).min(1, 'Select at least one row.').max(1000);

export const AccountStatusSchema = z.enum(['Active', 'Inactive']);
export type AccountStatus = z.infer<typeof AccountStatusSchema>;
export const AccountTypeSchema = z.enum(ACCOUNT_TYPES);
export type { AccountType, GstHead } from '@opengst/domain';

/** The GST heads a ledger may carry (input and output tax by head, reverse charge payable, ITC reversal, ...). */
export const GstHeadSchema = z.enum(GST_HEAD_CODES);
export const GST_HEAD_LABELS = Object.fromEntries(GST_HEAD_CODES.map((head) => [head, GST_HEADS[head].label])) as Record<GstHead, string>;

export const ACCOUNT_KINDS = ['Group', 'Ledger'] as const;
export const CHART_OF_ACCOUNTS_DEFAULT_SORT = 'code ASC';
export const CHART_OF_ACCOUNTS_SORT_COLUMNS = ['id', 'code', 'name', 'accountType', 'status', 'updatedAt'] as const;

export const ChartAccountSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  accountType: AccountTypeSchema,
  isGroup: z.boolean(),
  parentId: z.number().int().nullable(),
  parentCode: z.string().nullable(),
  /** Names from the root down to the account, joined by ' > '. */
  path: z.string(),
  gstHead: GstHeadSchema.nullable(),
  description: z.string(),
  status: AccountStatusSchema,
  /** Accounts directly under a group (0 for a ledger). */
  children: z.number().int(),
  updatedByName: z.string().nullable(),
  updatedAt: z.string(),
});
export type ChartAccount = z.infer<typeof ChartAccountSchema>;

export const ChartAccountFiltersSchema = z.object({
  /** Code or name. */
  text: z.string().trim().max(100).nullish(),
  accountType: AccountTypeSchema.nullish(),
  gstHead: GstHeadSchema.nullish(),
  kind: z.enum(ACCOUNT_KINDS).nullish(),
  status: AccountStatusSchema.nullish(),
});
export type ChartAccountFilters = z.infer<typeof ChartAccountFiltersSchema>;

export const ChartAccountSaveSchema = z.object({
  /** Absent: a new account. */
  id: id.optional(),
  code: z.string().trim().min(1, 'The code is required.').max(ACCOUNT_CODE_MAX, `The code is at most ${ACCOUNT_CODE_MAX} characters.`),
  name: z.string().trim().min(1, 'The name is required.').max(ACCOUNT_NAME_MAX, `The name is at most ${ACCOUNT_NAME_MAX} characters.`),
  accountType: AccountTypeSchema,
  isGroup: z.boolean().default(false),
  /** The group it sits under; null at the root. */
  parentId: id.nullish(),
  gstHead: GstHeadSchema.nullish(),
  description: z.string().trim().max(ACCOUNT_DESCRIPTION_MAX).default(''),
  status: AccountStatusSchema.default('Active'),
});
export type ChartAccountSave = z.input<typeof ChartAccountSaveSchema>;

export const ChartAccountIdsSchema = z.object({ ids: Ids });
export const ChartAccountStatusRequestSchema = z.object({ ids: Ids, status: AccountStatusSchema });
export const ChartAccountBulkResultSchema = z.object({ affected: z.number().int() });

/** A group to place an account under (the form's choice): every group of the subscriber with its path. */
export const ChartGroupSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  accountType: AccountTypeSchema,
  path: z.string(),
  status: AccountStatusSchema,
});
export type ChartGroup = z.infer<typeof ChartGroupSchema>;
