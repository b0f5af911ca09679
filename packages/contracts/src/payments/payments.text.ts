import type { ChallanStatus, LedgerKind } from './payments.schemas';

// UI text of the challan and electronic ledger screens, and of the PMT-06 PDF (English). Keys are stable.

export const TAX_HEAD_TEXT = { igst: 'IGST', cgst: 'CGST', sgst: 'SGST/UTGST', cess: 'Cess' } as const;
export const MINOR_HEAD_TEXT = { tax: 'Tax', interest: 'Interest', penalty: 'Penalty', fee: 'Fee', others: 'Others' } as const;
export const CHALLAN_STATUS_TEXT: Readonly<Record<ChallanStatus, string>> = { Generated: 'Generated', Paid: 'Paid', Expired: 'Expired' };
export const LEDGER_KIND_TEXT: Readonly<Record<LedgerKind, string>> = {
  cash: 'Electronic cash ledger',
  credit: 'Electronic credit ledger',
  liability: 'Electronic liability register',
  creditReversal: 'Credit reversal and re-claimed statement',
};

export const PAYMENTS_TEXT = {
  'challan.title': 'GST Challans',
  'challan.create': 'Create challan',
  'challan.ledgers': 'Electronic ledgers',
  'challan.creditReversal': 'Credit reversal and re-claimed statement',
  'challan.createTitle': 'Create challan (Form GST PMT-06)',
  'challan.gstin': 'GSTIN',
  'challan.cpin': 'CPIN',
  'challan.cin': 'CIN',
  'challan.brn': 'Bank reference',
  'challan.mode': 'Payment mode',
  'challan.bank': 'Bank',
  'challan.createdOn': 'Created on',
  'challan.validUntil': 'Valid until',
  'challan.status': 'Status',
  'challan.paidOn': 'Paid on',
  'challan.total': 'Total',
  'challan.createdBy': 'Created by',
  'challan.head': 'Head',
  'challan.fromDate': 'Created from',
  'challan.toDate': 'Created to',
  'challan.pdf': 'Download PDF',
  'challan.refresh': 'Refresh from portal',
  'challan.pay': 'Pay in sandbox',
  'challan.payTitle': 'Pay challan',
  'challan.sandboxBank':
    "This installation talks to the project's GST portal sandbox: paying here uses the sandbox's simulated bank. No money moves; the sandbox gives the challan a CIN and credits its electronic cash ledger.",
  'challan.realBank': 'A challan is paid at the bank (Rule 87(3)): take its CPIN to the bank, then refresh it here to see the CIN.',
  'challan.validity': 'Valid for 15 days, until {date} (Rule 87(2)).',
  'challan.wholeRupees': 'Whole rupees only (s.170).',
  'challan.otcLimit': 'Over the counter, at most ₹ {limit} per challan (Rule 87(3)(iv)).',
  'challan.empty': 'No challans match. Create one from the amounts to deposit.',
  'challan.created': 'Challan {cpin} created.',
  'challan.paid': 'Challan paid: CIN {cin}.',
  'challan.notPayable': 'Only a generated challan within its validity can be paid.',
  'challan.amountsTitle': 'Amounts (₹)',
  'ledger.title': 'Electronic Ledger Report',
  'ledger.kind': 'Ledger',
  'ledger.fromDate': 'From',
  'ledger.toDate': 'To',
  'ledger.fromPeriod': 'From period',
  'ledger.toPeriod': 'To period',
  'ledger.period': 'Period',
  'ledger.show': 'Show',
  'ledger.opening': 'Opening balance',
  'ledger.closing': 'Closing balance',
  'ledger.date': 'Date',
  'ledger.description': 'Description',
  'ledger.reference': 'Reference',
  'ledger.returnPeriod': 'Return period',
  'ledger.type': 'Type',
  'ledger.discharge': 'Paid from',
  'ledger.balance': 'Balance',
  'ledger.needSession': 'The ledgers are read live from the GST portal: sign in to the portal for this GSTIN with the OTP.',
  'ledger.noEntries': 'No transactions in this range.',
  'ledger.pickGstin': 'Pick a GSTIN to read its ledgers from the GST portal.',
  'reversal.title': 'Electronic Credit Reversal and Re-claimed Statement',
  'reversal.intro':
    'ITC reversed in table 4B(2) of GSTR-3B and re-claimed in table 4D(1): the closing balance is what may still be re-claimed (Rule 37A; Circular 170/02/2022-GST).',
} as const;
export type PaymentsTextKey = keyof typeof PAYMENTS_TEXT;

/** Banks a challan may be paid through (4-letter codes as their IFSC begins); the sandbox takes any such code. */
export const CHALLAN_BANKS: Readonly<Record<string, string>> = {
  SBIN: 'State Bank of India',
  HDFC: 'HDFC Bank',
  ICIC: 'ICICI Bank',
  UTIB: 'Axis Bank',
  PUNB: 'Punjab National Bank',
  BARB: 'Bank of Baroda',
  CNRB: 'Canara Bank',
  KKBK: 'Kotak Mahindra Bank',
};

/** The text of `key` with its {placeholders} filled. */
export const paymentsText = (key: PaymentsTextKey, values: Record<string, string | number> = {}): string =>
  PAYMENTS_TEXT[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
