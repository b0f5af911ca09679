// UI text of /gstr-3b (English): the form's row labels (Form GSTR-3B as amended by Notification 14/2022-CT), the lock
// reasons the server also answers with, and the screen's words. Keys are stable; translations replace the values.
import type { Gstr3bFigureKey, Gstr3bLockCode } from './gstr3b.figures';

/** The form's own row titles. */
export const GSTR3B_FIGURE_LABELS: Readonly<Record<Gstr3bFigureKey, string>> = {
  '3.1a': '3.1 (a) Outward taxable supplies (other than zero rated, nil rated and exempted)',
  '3.1b': '3.1 (b) Outward taxable supplies (zero rated)',
  '3.1c': '3.1 (c) Other outward supplies (nil rated, exempted)',
  '3.1d': '3.1 (d) Inward supplies (liable to reverse charge)',
  '3.1e': '3.1 (e) Non-GST outward supplies',
  '3.1.1i': '3.1.1 (i) Taxable supplies on which an electronic commerce operator pays tax u/s 9(5)',
  '3.1.1ii':
    '3.1.1 (ii) Taxable supplies made by the registered person through an electronic commerce operator, on which the operator pays tax u/s 9(5)',
  '3.2unregistered': '3.2 Supplies made to unregistered persons',
  '3.2composition': '3.2 Supplies made to composition taxable persons',
  '3.2uin': '3.2 Supplies made to UIN holders',
  '4A1': '4 (A)(1) Import of goods',
  '4A2': '4 (A)(2) Import of services',
  '4A3': '4 (A)(3) Inward supplies liable to reverse charge (other than 1 & 2 above)',
  '4A4': '4 (A)(4) Inward supplies from ISD',
  '4A5': '4 (A)(5) All other ITC',
  '4B1': '4 (B)(1) ITC reversed as per rules 38, 42 & 43 of CGST Rules and section 17(5)',
  '4B2': '4 (B)(2) ITC reversed: others',
  '4C': '4 (C) Net ITC available (A) − (B)',
  '4D1': '4 (D)(1) ITC reclaimed which was reversed under Table 4(B)(2) in earlier tax period',
  '4D2': '4 (D)(2) Ineligible ITC under section 16(4) & ITC restricted due to PoS rules',
  '5gstInter': '5 From a supplier under composition scheme, exempt and nil rated supply: inter-State',
  '5gstIntra': '5 From a supplier under composition scheme, exempt and nil rated supply: intra-State',
  '5nonGstInter': '5 Non-GST supply: inter-State',
  '5nonGstIntra': '5 Non-GST supply: intra-State',
  '5.1interest': '5.1 Interest',
  '5.1lateFee': '5.1 Late fee',
};

/** Why a figure cannot be changed; the server refuses a save of it with the same words. */
export const GSTR3B_LOCK_REASONS: Readonly<Record<Gstr3bLockCode, string>> = {
  outwardAutoPopulated:
    'From the July 2025 tax period the GST portal fills this figure from GSTR-1/IFF/GSTR-1A and does not let it be edited (GSTN advisory of 7 June 2025). Correct the documents through GSTR-1A before filing GSTR-3B, or amend them in a later GSTR-1.',
  interStateAutoPopulated:
    'From the November 2025 tax period the GST portal fills table 3.2 from GSTR-1/IFF/GSTR-1A and does not let it be edited. Correct the documents through GSTR-1A before filing GSTR-3B, or amend them in a later GSTR-1.',
  computed: 'Net ITC is 4(A) less 4(B): change those figures instead.',
};

export const GSTR3B_TEXT = {
  'gstr3b.title': 'GSTR-3B',
  'gstr3b.compute': 'Compute from the books',
  'gstr3b.recompute': 'Compute again',
  'gstr3b.neverComputed': 'Not computed yet. Compute it from the GSTR-1, the purchase register and the GSTR-2B of the period.',
  'gstr3b.computedAt': 'Computed {at} by {user}',
  'gstr3b.frequency.monthly': 'Monthly',
  'gstr3b.frequency.quarterly': 'Quarterly (QRMP)',
  'gstr3b.column.taxable': 'Taxable value',
  'gstr3b.column.igst': 'Integrated tax',
  'gstr3b.column.cgst': 'Central tax',
  'gstr3b.column.sgst': 'State/UT tax',
  'gstr3b.column.cess': 'Cess',
  'gstr3b.system': 'System',
  'gstr3b.user': 'Yours',
  'gstr3b.difference': 'Difference',
  'gstr3b.sources': '{n} documents',
  'gstr3b.notPopulated': 'Below zero by {amount}: shown as zero, as the portal does.',
  'gstr3b.save': 'Save',
  'gstr3b.saved': 'Your figures are saved.',
  'gstr3b.useSystem': 'Use the system figure',
  'gstr3b.gstr1NotFiled': 'The GSTR-1 of the period is not filed: GSTR-3B can be filed only after it (section 39(10)).',
  'gstr3b.issues': 'To look at',
  'gstr3b.excluded': 'Not in any figure',
  'gstr3b.drillDown': 'Documents behind {figure}',
  'gstr3b.kind.sales': 'Sales',
  'gstr3b.kind.purchase': 'Purchase',
  'gstr3b.kind.gstr2b': 'GSTR-2B',
  'gstr3b.kind.summary': 'GSTR-1 summary',
  'gstr3b.setOff': 'Set-off',
  'gstr3b.setOff.payable': 'Tax payable',
  'gstr3b.setOff.creditAvailable': 'Credit available',
  'gstr3b.setOff.utilisation': 'Credit used',
  'gstr3b.setOff.cash': 'Paid in cash',
  'gstr3b.setOff.cashToDeposit': 'Cash to deposit',
  'gstr3b.setOff.ledgerUnknown': 'The electronic ledgers were not read from the portal: a zero balance is assumed.',
  'gstr3b.interest': 'Interest',
  'gstr3b.lateFee': 'Late fee',
  'gstr3b.timeline': 'Timeline',
  'gstr3b.dueDate': 'Due {date}',
  'gstr3b.action.Compute': 'Computed',
  'gstr3b.action.SaveFigures': 'Figures saved',
  'gstr3b.download': 'Download JSON',
} as const;
