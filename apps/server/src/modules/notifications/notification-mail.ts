// The mail of a notification (plain text, as the mailer sends): who asks, the documents table with the action
// required and the reason, the signed reply link and the short link. Pure.
import { ACTION_REQUIRED_TEXT, notificationText, type ActionRequired, type NotificationDocument } from '@opengst/contracts';
import { SHORT_LINK_PATH, type IssuedReplyLink } from './notification-links';

type MailInput = {
  publicUrl: string;
  buyerName: string;
  notification: {
    subject: string;
    gstin: string;
    counterpartyGstin: string;
    counterpartyName: string;
    remarks: string;
    sourceType: 'Gsp' | 'Sales' | 'Crn';
  };
  documents: readonly NotificationDocument[];
  link: Pick<IssuedReplyLink, 'url' | 'shortUrl' | 'expiresAt'>;
  reminder?: { financialYear: number; returnPeriod: number; returnType: string } | undefined;
};

const rupees = (paise: number): string => (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** DD-MM-YYYY (the product's date format) of an ISO date. */
const ddmmyyyy = (iso: string | null): string => (iso ? iso.split('-').reverse().join('-') : '');

/** "042025" style period of the reminder's MMYYYY number. */
const periodText = (period: number): string => (period ? String(period).padStart(6, '0') : '');

const asked = (d: NotificationDocument): string =>
  [d.actionRequired, d.gstr2bActionRequired, d.imsActionRequired]
    .filter((a): a is ActionRequired => a !== null)
    .map((a) => ACTION_REQUIRED_TEXT[a])
    .filter((text, index, all) => all.indexOf(text) === index)
    .join('; ');

const reasons = (d: NotificationDocument): string =>
  [d.gstr2aReason, d.gstr2bReason, d.imsReason].filter((r): r is string => Boolean(r)).join(' ');

/** A text table: one line per document, columns separated by " | ". */
const table = (documents: readonly NotificationDocument[]): string => {
  const header = ['#', 'Document', 'Date', 'Type', 'Taxable (₹)', 'Tax (₹)', 'Action required', 'Reason'];
  const lines = documents.map((d) => [
    String(d.serialNumber),
    d.documentNumber,
    ddmmyyyy(d.documentDate),
    d.documentType,
    rupees(d.taxable),
    rupees(d.tax),
    asked(d),
    reasons(d),
  ]);
  return [header, ...lines].map((cells) => cells.join(' | ')).join('\n');
};

/** Who asks what: the buyer of its supplier, the supplier of its customer, or the s.15(3) declaration. */
const BODY = { Gsp: 'notification.mailBody', Sales: 'notification.mailBodySales', Crn: 'notification.mailBodyCrn' } as const;

export const composeNotificationMail = (input: MailInput): { subject: string; text: string } => {
  const base = input.publicUrl.replace(/\/+$/, '');
  const { notification: n } = input;
  const expiresOn = ddmmyyyy(input.link.expiresAt.toISOString().slice(0, 10));
  const paragraphs = [
    notificationText('notification.mailIntro', { name: n.counterpartyName || n.counterpartyGstin }),
    notificationText(BODY[n.sourceType], { buyer: input.buyerName, gstin: n.gstin, counterpartyGstin: n.counterpartyGstin }),
    ...(input.reminder
      ? [
          notificationText('notification.mailReminder', {
            returnType: input.reminder.returnType,
            period: periodText(input.reminder.returnPeriod),
          }),
        ]
      : []),
    ...(n.remarks ? [n.remarks] : []),
    table(input.documents),
    `${notificationText('notification.mailLink', { expiresOn })}\n${base}${input.link.url}`,
    notificationText('notification.mailShortLink', { shortLink: `${base}${SHORT_LINK_PATH}${input.link.shortUrl}` }),
    notificationText('notification.mailClosing', { buyer: input.buyerName }),
  ];
  return { subject: input.reminder ? `Reminder: ${n.subject}` : n.subject, text: paragraphs.join('\n\n') };
};
