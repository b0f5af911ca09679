import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { OutboxMail } from '@opengst/contracts';
import { json, renderAt, stubApi } from '../../test/screenTestSupport';
import { MailOutboxScreen } from './MailOutboxScreen';

// /mail-outbox (issue 16): a mail that carries a one-time code or link shows its recipient, subject and status only.

const MAILS: OutboxMail[] = [
  {
    id: 2,
    to: 'admin@example.test',
    subject: 'OpenGST: reset your password',
    text: null,
    contentWithheld: true,
    createdAt: '2026-11-20T10:00:00.000Z',
    status: 'Sent',
  },
  {
    id: 1,
    to: 'admin@example.test',
    subject: 'OpenGST: your e-mail address was changed',
    text: 'The e-mail address of your OpenGST user admin was changed.',
    contentWithheld: false,
    createdAt: '2026-11-20T09:00:00.000Z',
    status: 'Outbox',
  },
];

describe('MailOutboxScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says the content of a mail with a one-time code or link is withheld, and shows other mail', async () => {
    stubApi(() => json({ items: MAILS, totalRecords: MAILS.length }));
    renderAt(<MailOutboxScreen />, '/mail-outbox', ['AdminMailOutbox']);
    fireEvent.click(await screen.findByLabelText('OpenGST: reset your password, admin@example.test'));
    expect((await screen.findByTestId('outbox-mail-withheld')).textContent).toBe('Content withheld: carries a one-time code or link.');
    expect(screen.queryByTestId('outbox-mail-text')).toBeNull();
    fireEvent.click(screen.getByLabelText('OpenGST: your e-mail address was changed, admin@example.test'));
    expect((await screen.findByTestId('outbox-mail-text')).textContent).toContain('was changed');
  });
});
