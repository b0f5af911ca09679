import { DRC01B_REASONS, DRC01C_REASONS } from '@opengst/domain';
import type { Drc01Form, Drc01Status } from './drc01.schemas';

// UI text of the DRC-01B / DRC-01C screens (English). Keys are stable. The reasons' wording is the domain's.

export const DRC01_FORM_TEXT: Readonly<Record<Drc01Form, string>> = { DRC01B: 'DRC-01B', DRC01C: 'DRC-01C' };
export const DRC01_STATUS_TEXT: Readonly<Record<Drc01Status, string>> = { Open: 'Open', Replied: 'Replied', Paid: 'Paid' };
export const DRC01_REASON_TEXT: Readonly<Record<Drc01Form, Readonly<Record<string, string>>>> = {
  DRC01B: DRC01B_REASONS,
  DRC01C: DRC01C_REASONS,
};

export const DRC01_TEXT = {
  'drc.titleB': 'DRC-01B: liability in GSTR-1 above tax paid in GSTR-3B',
  'drc.titleC': 'DRC-01C: ITC in GSTR-3B above ITC in GSTR-2B',
  'drc.ruleB': 'Rule 88C: reply in Part B within 7 days; until then GSTR-1/IFF of later periods cannot be filed (Rule 59(6)).',
  'drc.ruleC': 'Rule 88D: reply in Part B within 7 days; until then GSTR-1/IFF of later periods cannot be filed (Rule 59(6)).',
  'drc.sync': 'Get from portal',
  'drc.gstin': 'GSTIN',
  'drc.period': 'Period',
  'drc.reference': 'Reference number',
  'drc.issuedOn': 'Issued on',
  'drc.dueOn': 'Reply by',
  'drc.status': 'Status',
  'drc.overdue': 'Overdue',
  'drc.difference': 'Difference',
  'drc.excess': 'Excess',
  'drc.loadMore': 'Load more',
  'drc.empty': 'No intimations. Get them from the portal after a GSTR-3B is filed.',
  'drc.reportedB': 'GSTR-1/IFF and 1A liability',
  'drc.baselineB': 'Tax paid in GSTR-3B',
  'drc.reportedC': 'ITC availed in GSTR-3B (4A(5))',
  'drc.baselineC': 'ITC in GSTR-2B (4A(5))',
  'drc.portal': 'Portal (Part A)',
  'drc.precheck': 'Product precheck',
  'drc.precheckMissing': 'Not computed: missing',
  'drc.reply': 'Reply (Part B)',
  'drc.reason': 'Reason',
  'drc.explanation': 'Explanation',
  'drc.payDrc03': 'Pay through DRC-03 from the cash ledger',
  'drc.tax': 'Tax',
  'drc.interest': 'Interest',
  'drc.requestOtp': 'Send EVC OTP',
  'drc.otp': 'EVC OTP',
  'drc.submit': 'Reply with EVC',
  'drc.replied': 'Part B filed',
  'drc.ack': 'Acknowledgement',
  'drc.drc03Arn': 'DRC-03 ARN',
  'drc.sandbox': 'Connected to the project’s portal sandbox',
  'drc.synced': '{received} intimations read from the portal: {added} new, {updated} updated.',
  'drc.otpSent': 'EVC OTP sent to {sentTo}.',
  'drc.needSession': 'Sign in to the GST portal for this GSTIN first (the OTP step above).',
  'drc.noReason': 'No reason (DRC-03 covers the excess)',
  'drc.head': 'Head',
  'drc.total': 'Total',
  'drc.replyTitle': 'Part B reply',
  'drc.otpTitle': 'Sign the reply with EVC',
  'drc.cancel': 'Cancel',
  'drc.back': 'Back to the list',
  'drc.noIntimation': 'No intimation chosen: open one from the list.',
} as const;

export type Drc01TextKey = keyof typeof DRC01_TEXT;
/** The text of `key` with its {placeholders} filled. */
export const drc01Text = (key: Drc01TextKey, values: Record<string, string | number> = {}): string =>
  DRC01_TEXT[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
