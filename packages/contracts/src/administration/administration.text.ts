// UI text of the mail outbox (English; a part of RESOURCES, served by master/resources).
export const ADMINISTRATION_TEXT = {
  'outbox.intro':
    'Mail the application has written. Without an SMTP server, mail stays here, except mail that carries a one-time code or link (OTP, password reset, welcome, e-mail confirmation): its content is never shown, and it reaches its recipient only by SMTP.',
  'outbox.withheld': 'Content withheld: carries a one-time code or link.',
  'outbox.empty': 'The outbox is empty.',
  'outbox.date': 'Date',
  'outbox.to': 'To',
  'outbox.subject': 'Subject',
  'outbox.status': 'Status',
  'outbox.loadMore': 'Load more',
  'outbox.count': '{shown} of {total} mails',
} as const satisfies Record<string, string>;
