// UI text of the mail outbox (English; a part of RESOURCES, served by master/resources).
export const ADMINISTRATION_TEXT = {
  'outbox.intro':
    'Mail the application has written. Without an SMTP server, mail stays here so one-time passwords and reset links are not lost.',
  'outbox.empty': 'The outbox is empty.',
  'outbox.date': 'Date',
  'outbox.to': 'To',
  'outbox.subject': 'Subject',
  'outbox.status': 'Status',
  'outbox.loadMore': 'Load more',
  'outbox.count': '{shown} of {total} mails',
} as const satisfies Record<string, string>;
