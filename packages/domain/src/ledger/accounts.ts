// A chart of accounts' ledgers and groups (masters /chart-of-accounts, issue 20): the account types, the GST heads a
// ledger may carry for the general ledger's reconciliation with GST, and the checks of one account on its own.

export const ACCOUNT_TYPES = ['Asset', 'Liability', 'Equity', 'Income', 'Expense'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/**
 * The GST figures a ledger may carry. `requiredType` is the account type the head forces, where the law fixes the
 * side: input tax is credit the taxpayer holds (its electronic credit ledger, s.49(2) CGST Act), so an Asset; output
 * tax and tax payable under reverse charge (s.9(3)/9(4)) are owed to the Government, so a Liability. The other heads
 * are booked either way by practice (interest as an expense or as a payable), so they force nothing.
 */
export const GST_HEADS = {
  InputIgst: { label: 'Input IGST (ITC)', kind: 'Input', requiredType: 'Asset' },
  InputCgst: { label: 'Input CGST (ITC)', kind: 'Input', requiredType: 'Asset' },
  InputSgstUtgst: { label: 'Input SGST/UTGST (ITC)', kind: 'Input', requiredType: 'Asset' },
  InputCess: { label: 'Input cess (ITC)', kind: 'Input', requiredType: 'Asset' },
  OutputIgst: { label: 'Output IGST', kind: 'Output', requiredType: 'Liability' },
  OutputCgst: { label: 'Output CGST', kind: 'Output', requiredType: 'Liability' },
  OutputSgstUtgst: { label: 'Output SGST/UTGST', kind: 'Output', requiredType: 'Liability' },
  OutputCess: { label: 'Output cess', kind: 'Output', requiredType: 'Liability' },
  RcmIgstPayable: { label: 'IGST payable under reverse charge', kind: 'ReverseCharge', requiredType: 'Liability' },
  RcmCgstPayable: { label: 'CGST payable under reverse charge', kind: 'ReverseCharge', requiredType: 'Liability' },
  RcmSgstUtgstPayable: { label: 'SGST/UTGST payable under reverse charge', kind: 'ReverseCharge', requiredType: 'Liability' },
  RcmCessPayable: { label: 'Cess payable under reverse charge', kind: 'ReverseCharge', requiredType: 'Liability' },
  ItcReversal: { label: 'ITC reversal', kind: 'Other', requiredType: null },
  GstTdsReceivable: { label: 'GST TDS receivable (s.51)', kind: 'Other', requiredType: null },
  GstTcsReceivable: { label: 'GST TCS receivable (s.52)', kind: 'Other', requiredType: null },
  GstInterest: { label: 'GST interest (s.50)', kind: 'Other', requiredType: null },
  GstLateFee: { label: 'GST late fee (s.47)', kind: 'Other', requiredType: null },
  GstPenalty: { label: 'GST penalty', kind: 'Other', requiredType: null },
  ElectronicCashLedger: { label: 'Electronic cash ledger', kind: 'Other', requiredType: null },
} as const satisfies Record<
  string,
  { label: string; kind: 'Input' | 'Output' | 'ReverseCharge' | 'Other'; requiredType: AccountType | null }
>;
export type GstHead = keyof typeof GST_HEADS;
export const GST_HEAD_CODES = Object.keys(GST_HEADS) as [GstHead, ...GstHead[]];

export const isGstHead = (value: string): value is GstHead => Object.hasOwn(GST_HEADS, value);

export const ACCOUNT_CODE_MAX = 20;
export const ACCOUNT_NAME_MAX = 100;
export const ACCOUNT_DESCRIPTION_MAX = 300;
const CODE_PATTERN = /^[A-Za-z0-9./-]+$/;
const withArticle = (word: string) => `${/^[AEIOU]/.test(word) ? 'an' : 'a'} ${word}`;

export type AccountIssue = { propertyName: 'code' | 'name' | 'accountType' | 'gstHead' | 'isGroup' | 'parent'; message: string };

/** The account type a GST head forces, or null when it forces none. */
export const requiredTypeOfGstHead = (head: GstHead): AccountType | null => GST_HEADS[head].requiredType;

/** The checks of one account that need nothing but the account: code, name, and the GST head against type and kind. */
export const accountIssues = (account: {
  code: string;
  name: string;
  accountType: AccountType;
  isGroup: boolean;
  gstHead: GstHead | null;
}): AccountIssue[] => {
  const issues: AccountIssue[] = [];
  const code = account.code.trim();
  if (!code) issues.push({ propertyName: 'code', message: 'The code is required.' });
  else if (code.length > ACCOUNT_CODE_MAX)
    issues.push({ propertyName: 'code', message: `The code is at most ${ACCOUNT_CODE_MAX} characters; "${code}" has ${code.length}.` });
  else if (!CODE_PATTERN.test(code))
    issues.push({ propertyName: 'code', message: `The code "${code}" may hold only letters, digits, '-', '/' and '.'.` });
  const name = account.name.trim();
  if (!name) issues.push({ propertyName: 'name', message: 'The name is required.' });
  else if (name.length > ACCOUNT_NAME_MAX)
    issues.push({ propertyName: 'name', message: `The name is at most ${ACCOUNT_NAME_MAX} characters; it has ${name.length}.` });
  if (account.gstHead) {
    if (account.isGroup) {
      issues.push({ propertyName: 'gstHead', message: 'A group carries no GST head: give the head to the ledger that holds the tax.' });
    } else {
      const required = requiredTypeOfGstHead(account.gstHead);
      if (required && required !== account.accountType) {
        const why = GST_HEADS[account.gstHead].kind === 'Input' ? 'input tax is credit you hold' : 'the tax is owed to the Government';
        issues.push({
          propertyName: 'gstHead',
          message: `A ledger of GST head "${GST_HEADS[account.gstHead].label}" must be ${withArticle(required)} (${why}), not ${withArticle(account.accountType)}.`,
        });
      }
    }
  }
  return issues;
};
