import type { ActionRequired, NotificationSourceType, NotificationStatus, ReplyActionCode } from './notifications.schemas';

// UI and mail text of the buyer's notifications (/notifications; issue 21), English. Keys are stable.

export const NOTIFICATION_STATUS_TEXT: Readonly<Record<NotificationStatus, string>> = {
  YetNotSent: 'Yet not sent',
  Sent: 'Sent',
  Inprogress: 'In progress',
  ReplyReceived: 'Reply received',
};

export const NOTIFICATION_SOURCE_TEXT: Readonly<Record<NotificationSourceType, string>> = {
  Gsp: 'Supplier (purchase reconciliation)',
  Sales: 'Customer (sales)',
  Crn: 'Credit notes u/s 15(3)',
};

/** What the counterparty is asked to do (the mail's table and the reply page's "action required" columns). */
export const ACTION_REQUIRED_TEXT: Readonly<Record<ActionRequired, string>> = {
  ReportInGstr1: 'Report the document in your GSTR-1 / IFF',
  FileGstr1: 'File the GSTR-1 / IFF that holds the document',
  AmendInGstr1: 'Correct the document in GSTR-1A or an amendment',
  CorrectRecipientGstin: 'Report the document against our correct GSTIN',
  ConfirmDocument: 'Confirm the document and send us a copy',
  AmendAfterImsRejection: 'Amend or cancel the document we rejected in IMS',
  ConfirmReceipt: 'Confirm the document is in your books',
  DeclareItcReversal: 'Declare that the input tax credit of this credit note is reversed',
};

export const REPLY_ACTION_TEXT: Readonly<Record<ReplyActionCode, string>> = {
  ReportedInGstr1: 'Reported in GSTR-1 / IFF',
  AmendedInGstr1: 'Amended in GSTR-1A / amendment',
  WillRectifyByDate: 'Will correct by the rectification date',
  CreditNoteIssued: 'Credit note issued',
  NotIssuedByUs: 'Not issued by us',
  NoChangeNeeded: 'Reported correctly: no change needed',
  ItcReversed: 'ITC reversed',
  ItcNotAvailed: 'ITC was never availed',
  ItcNotReversed: 'ITC not reversed',
};

export const NOTIFICATIONS_TEXT = {
  'notification.title': 'Notifications',
  'notification.search': 'Search GSTIN, name or subject',
  'notification.gstin': 'Our GSTIN',
  'notification.counterparty': 'Counterparty',
  'notification.counterpartyGstin': 'Counterparty GSTIN',
  'notification.emails': 'E-mail addresses',
  'notification.emailsHint': 'One address or more, separated by commas. Taken from the vendor master when it has them.',
  'notification.subject': 'Subject',
  'notification.remarks': 'Remarks',
  'notification.receiverRemarks': "Counterparty's remarks",
  'notification.sourceType': 'Sent to',
  'notification.status': 'Status',
  'notification.documents': 'Documents',
  'notification.answered': 'Answered',
  'notification.reminders': 'Reminders',
  'notification.assignee': 'Assigned to',
  'notification.assigneeLevel': 'Assigned level',
  'notification.createdAt': 'Created',
  'notification.sentAt': 'Sent',
  'notification.repliedAt': 'Replied',
  'notification.send': 'Send',
  'notification.sendReminder': 'Send reminder',
  'notification.assign': 'Assign',
  'notification.bulkAssign': 'Assign selected',
  'notification.delete': 'Delete',
  'notification.export': 'Export',
  'notification.download': 'Download documents',
  'notification.notifyVendor': 'Notify vendor',
  'notification.financialYear': 'Financial year',
  'notification.returnPeriod': 'Return period',
  'notification.returnType': 'Return type',
  'notification.documentNumber': 'Document number',
  'notification.documentDate': 'Document date',
  'notification.documentType': 'Document type',
  'notification.taxable': 'Taxable value',
  'notification.tax': 'Tax',
  'notification.actionRequired': 'Action required (GSTR-2A)',
  'notification.gstr2bActionRequired': 'Action required (GSTR-2B)',
  'notification.imsActionRequired': 'Action required (IMS)',
  'notification.reason': 'Reason',
  'notification.imsAction': 'Our IMS action',
  'notification.actionTaken': 'Action taken',
  'notification.rectificationDate': 'Rectification date',
  'notification.history': 'History',
  'notification.attachments': 'Attachments',
  'notification.noRecords': 'No notifications yet: create them from the reconciliation (pairs or vendors).',
  'notification.sentCount': '{sent} notifications sent ({mails} mails).',
  'notification.skipped': 'Not sent: {message}',
  'notification.noEmail': 'No e-mail address: add one to the notification or to the vendor master.',
  'notification.noDocuments': 'No document needs the counterparty’s action.',
  'notification.defaultSubject': 'Documents to correct for {gstin}',
  'notification.mailIntro': 'Dear {name},',
  'notification.mailBody':
    '{buyer} ({gstin}) finds that the documents below, issued by you (GSTIN {counterpartyGstin}), need your action before its input tax credit can be claimed.',
  'notification.mailBodySales':
    '{buyer} ({gstin}) has issued the documents below to you (GSTIN {counterpartyGstin}) and reported them in its GSTR-1. Please confirm each one.',
  'notification.mailBodyCrn':
    '{buyer} ({gstin}) has issued the credit notes below to you (GSTIN {counterpartyGstin}). Under section 15(3) read with section 34(2) of the CGST Act its output tax is reduced only if you reverse the input tax credit: please declare it for each one.',
  'notification.defaultSubjectSales': 'Documents issued by {gstin} to confirm',
  'notification.defaultSubjectCrn': 'Credit notes u/s 15(3): declaration for {gstin}',
  'notification.mailReminder': 'Reminder for {returnType} of {period}.',
  'notification.mailLink': 'Please answer for each document here (the link is valid until {expiresOn}):',
  'notification.mailShortLink': 'Or open: {shortLink}',
  'notification.mailClosing': 'This message was sent through OpenGST on behalf of {buyer}.',
} as const satisfies Record<string, string>;

export type NotificationTextKey = keyof typeof NOTIFICATIONS_TEXT;
export const notificationText = (key: NotificationTextKey, values: Record<string, string | number> = {}): string =>
  NOTIFICATIONS_TEXT[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
