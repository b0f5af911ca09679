import type { PublicEnumType, ReplyOption, ReplySourceType } from './public-reply.schemas';

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

/**
 * The reply options a counterparty may choose when the subscriber's reply master has none for the source type. Ids are
 * stable: stored with each answered document.
 */
export const DEFAULT_REPLY_OPTIONS: Record<ReplySourceType, readonly ReplyOption[]> = {
  Gsp: [
    { id: 1, name: 'Reported / amended in GSTR-1 or IFF' },
    { id: 2, name: 'Will report in the next GSTR-1' },
    { id: 3, name: 'Issued a credit or debit note' },
    { id: 4, name: 'Document is correct as reported' },
    { id: 5, name: 'Not our document' },
  ],
  // Section 15(3)(b)/34(2): the supplier may reduce its output tax on a credit note only if the recipient reversed the ITC.
  Crn: [
    { id: 1, name: 'ITC reversed' },
    { id: 2, name: 'ITC was not availed' },
    { id: 3, name: 'ITC not reversed' },
  ],
  Sales: [
    { id: 1, name: 'Accepted in IMS' },
    { id: 2, name: 'Rejected in IMS' },
    { id: 3, name: 'Recorded in our books' },
    { id: 4, name: 'Not received' },
  ],
};

/** The public enumerations' values and labels (spec §7 enum by type). */
export const PUBLIC_ENUMS = {
  AttachmentFrom: [{ value: 'REPLY_FROM_RECEIVER', name: 'Reply from receiver', group: '', suffix: '' }],
  ImsAction: [
    { value: 'Accepted', name: 'Accepted', group: 'ImsReconciliation', suffix: 'ImsAll' },
    { value: 'Rejected', name: 'Rejected', group: 'ImsReconciliation', suffix: 'ImsAll' },
    { value: 'Pending', name: 'Pending', group: 'ImsReconciliation', suffix: 'ImsAll' },
    { value: 'NoAction', name: 'No action', group: 'ImsReconciliation', suffix: 'ImsAll' },
  ],
  ReturnType: [
    { value: 'GSTR1', name: 'GSTR-1', group: '', suffix: '' },
    { value: 'GSTR1A', name: 'GSTR-1A', group: '', suffix: '' },
    { value: 'IFF', name: 'IFF', group: '', suffix: '' },
    { value: 'GSTR3B', name: 'GSTR-3B', group: '', suffix: '' },
  ],
  DocumentType: [
    { value: 'Invoice', name: 'Invoice', group: '', suffix: '' },
    { value: 'CreditNote', name: 'Credit note', group: '', suffix: '' },
    { value: 'DebitNote', name: 'Debit note', group: '', suffix: '' },
  ],
  ActionRequired: [
    { value: 'MissingInPortal', name: 'Missing in portal', group: '', suffix: '' },
    { value: 'Mismatch', name: 'Mismatch', group: '', suffix: '' },
    { value: 'MissingInBooks', name: 'Missing in books', group: '', suffix: '' },
    { value: 'Rejected', name: 'Rejected in IMS', group: '', suffix: '' },
    { value: 'NoAction', name: 'No action', group: '', suffix: '' },
  ],
} as const satisfies Record<PublicEnumType, readonly { value: string; name: string; group: string; suffix: string }[]>;
