import { ACTIONS_REQUIRED, REPLY_ACTIONS, RETURN_TYPES, type ActionRequired, type ReplyActionCode } from './notifications.schemas';
import { REPLY_FROM_RECEIVER, type PublicEnumType, type ReplyOption, type ReplySourceType } from './public-reply.schemas';

// UI text of the public notification-reply pages (spec modules §2.8), English. The pages run before sign-in, so they
// read this bundle directly (as the public HSN search does). Keys are stable.
export const PUBLIC_REPLY_TEXT = {
  'reply.title.Gsp': 'Notification Reply',
  'reply.title.Crn': 'Credit Notes u/s Section 15(3) Declaration',
  'reply.title.Sales': 'Notification Reply',
  'reply.intro.Gsp':
    '{sender} ({gstin}) asks you, {receiver}, about the documents below as they appear in its GSTR-2A, GSTR-2B and IMS. Choose the action you took for each and, where you corrected it, the date.',
  'reply.intro.Crn':
    '{sender} ({gstin}) issued you the credit notes below. Under section 15(3) read with section 34(2), it may reduce its tax only if you, {receiver}, reversed the input tax credit on them: declare for each whether you did, and when.',
  'reply.intro.Sales':
    '{sender} ({gstin}) asks you, {receiver}, about the sales documents below. Choose the action you took for each and, where you corrected it, the date.',
  'reply.expandAll': 'Expand all',
  'reply.collapseAll': 'Collapse all',
  'reply.section.documents': 'Documents',
  'reply.section.reminders': 'Reminders',
  'reply.section.attachment': 'Attachment',
  'reply.section.remarks': 'Remarks',
  'reply.filter.documentNumber': 'Document number',
  'reply.filter.documentDate': 'Document date',
  'reply.filter.documentType': 'Document type',
  'reply.filter.actionRequired': 'Action required',
  'reply.filter.any': 'All',
  'reply.filter.apply': 'Search',
  'reply.filter.clear': 'Clear',
  'reply.col.documentNumber': 'Document number',
  'reply.col.documentDate': 'Date',
  'reply.col.documentType': 'Type',
  'reply.col.actionRequired2a': 'Action required as per 2A',
  'reply.col.actionRequired2b': 'Action required as per 2B',
  'reply.col.actionRequiredIms': 'Action required as per IMS',
  'reply.col.reason2a': 'Reasons for 2A',
  'reply.col.reason2b': 'Reasons for 2B',
  'reply.col.reasonIms': 'Reasons for IMS',
  'reply.col.imsAction': 'Buyer IMS action',
  'reply.col.actionTaken': 'Action taken',
  'reply.col.rectificationDate': 'Rectification date',
  'reply.actionTaken.none': 'Select',
  'reply.loadMore': 'Load more',
  'reply.count': 'Showing {shown} of {total}',
  'reply.noSearchResult': 'No document matches these filters.',
  'reply.noRecordsAvailable': 'No records available.',
  'reply.reminder.financialYear': 'Financial year',
  'reply.reminder.returnPeriod': 'Return period',
  'reply.reminder.returnType': 'Return type',
  'reply.attachment.add': 'Add attachment',
  'reply.attachment.choose': 'Choose a file',
  'reply.attachment.types': 'PDF, JPEG, PNG, XLSX or CSV, up to {megabytes} MB each',
  'reply.attachment.uploading': 'Uploading…',
  'reply.attachment.uploaded': 'Uploaded',
  'reply.attachment.failed': 'Upload failed',
  'reply.attachment.remove': 'Remove attachment {n}',
  'reply.remarks': 'Your remarks',
  'reply.submit': 'Submit',
  'reply.reset': 'Reset',
  'reply.submitted': 'Thank you: your reply has been sent.',
  'reply.errors': 'Please correct the following:',
  'reply.blockedByUpload': 'Wait for the uploads to finish, or remove the failed ones, before you submit.',
} as const;
export type PublicReplyTextKey = keyof typeof PUBLIC_REPLY_TEXT;

/** The names of the reply actions a counterparty may choose (notifications.schemas REPLY_ACTIONS, by code). */
export const REPLY_ACTION_NAMES: Record<ReplyActionCode, string> = {
  ReportedInGstr1: 'Reported in GSTR-1 / IFF',
  AmendedInGstr1: 'Amended in GSTR-1 / GSTR-1A',
  WillRectifyByDate: 'Will rectify by the date given',
  CreditNoteIssued: 'Credit note issued',
  NotIssuedByUs: 'Not issued by us',
  NoChangeNeeded: 'Correct as reported: no change needed',
  // Section 15(3)(b) read with section 34(2): the supplier may reduce its output tax on a credit note only if the
  // recipient reversed the input tax credit it had taken on it.
  ItcReversed: 'ITC reversed',
  ItcNotAvailed: 'ITC was never availed',
  ItcNotReversed: 'ITC not reversed',
};

/** The replies lookup: the options of a source type, with their ids (the reply's actionTaken). */
export const replyOptionsOf = (sourceType: ReplySourceType): ReplyOption[] =>
  REPLY_ACTIONS.filter((action) => (action.sourceTypes as readonly ReplySourceType[]).includes(sourceType)).map((action) => ({
    id: action.id,
    name: REPLY_ACTION_NAMES[action.code],
  }));

const ACTION_REQUIRED_NAMES: Record<ActionRequired, string> = {
  ReportInGstr1: 'Report in GSTR-1 / IFF',
  FileGstr1: 'File GSTR-1',
  AmendInGstr1: 'Amend in GSTR-1 / GSTR-1A',
  CorrectRecipientGstin: 'Correct the recipient GSTIN',
  ConfirmDocument: 'Confirm the document',
  AmendAfterImsRejection: 'Amend or cancel (rejected in IMS)',
  ConfirmReceipt: 'Confirm it is in your books',
  DeclareItcReversal: 'Declare the ITC reversed (s.15(3))',
};
const RETURN_TYPE_NAMES: Record<(typeof RETURN_TYPES)[number], string> = {
  GSTR1: 'GSTR-1',
  GSTR1A: 'GSTR-1A',
  IFF: 'IFF',
  GSTR3B: 'GSTR-3B',
  GSTR2B: 'GSTR-2B',
  GSTR9: 'GSTR-9',
};
const plain = (value: string, name: string) => ({ value, name, group: '', suffix: '' });
const ims = (value: string, name: string) => ({ value, name, group: 'ImsReconciliation', suffix: 'ImsAll' });

/** The public enumerations' values and labels (spec §7 enum by type; IMS actions in group ImsReconciliation, suffix ImsAll). */
export const PUBLIC_ENUMS: Record<PublicEnumType, readonly { value: string; name: string; group: string; suffix: string }[]> = {
  AttachmentFrom: [plain(REPLY_FROM_RECEIVER, 'Reply from receiver')],
  // The buyer's own IMS decision (Accept, Reject, Pending) or the portal's record of it.
  ImsAction: [
    ims('Accept', 'Accepted'),
    ims('Reject', 'Rejected'),
    ims('Pending', 'Pending'),
    ims('Accepted', 'Accepted'),
    ims('Rejected', 'Rejected'),
    ims('NoAction', 'No action'),
  ],
  ReturnType: RETURN_TYPES.map((type) => plain(type, RETURN_TYPE_NAMES[type])),
  DocumentType: [plain('INV', 'Invoice'), plain('CRN', 'Credit note'), plain('DBN', 'Debit note'), plain('BOE', 'Bill of entry')],
  ActionRequired: ACTIONS_REQUIRED.map((code) => plain(code, ACTION_REQUIRED_NAMES[code])),
};
