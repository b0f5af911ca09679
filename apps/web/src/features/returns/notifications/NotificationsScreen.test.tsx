import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Notification, NotificationDetail } from '@opengst/contracts';
import { json, pick, renderAt, stubApi, type Call } from '../../../test/screenTestSupport';
import { NotificationsScreen } from './NotificationsScreen';

// /notifications: the list id DESC with the statuses by name and answered/total documents, the status bar filtering
// it; send for the selection (a notification without an address reported in place); a reminder for the period and
// return chosen; bulk assignment to a level; the drawer with what is asked, the counterparty's answers and remarks
// (shown as text), its history and reminders; the view-only user has no selection.

const notification = (id: number, extra: Partial<Notification> = {}): Notification => ({
  id,
  entityId: 2,
  gstin: '07AAACT1234F1Z5',
  counterpartyGstin: '27AAACA1111A1Z1',
  counterpartyName: 'Acme Steel',
  emails: ['gst@acme.example'],
  sourceType: 'Gsp',
  status: 'YetNotSent',
  subject: 'Documents to correct',
  remarks: '',
  receiverRemarks: null,
  documents: 2,
  answered: 0,
  reminders: 0,
  runId: 5,
  assigneeUserId: null,
  assigneeUserName: null,
  assigneeLevelId: null,
  assigneeLevelName: null,
  createdAt: '2026-11-20T05:00:00.000Z',
  sentAt: null,
  repliedAt: null,
  ...extra,
});
const ROWS = [
  notification(3, {
    status: 'ReplyReceived',
    sentAt: '2026-11-21T05:00:00.000Z',
    answered: 2,
    receiverRemarks: '<script>alert(1)</script> Fixed in IFF',
  }),
  notification(2, {
    status: 'Sent',
    counterpartyName: 'Beta Tools',
    counterpartyGstin: '29AAACB2222B1Z2',
    sentAt: '2026-11-21T05:00:00.000Z',
  }),
  notification(1, { emails: [] }),
];
const COUNTS = [
  { status: 'YetNotSent', count: 1, total: 3 },
  { status: 'Sent', count: 1, total: 3 },
  { status: 'Inprogress', count: 0, total: 3 },
  { status: 'ReplyReceived', count: 1, total: 3 },
];
const DETAIL: NotificationDetail = {
  notification: ROWS[0]!,
  documents: [
    {
      id: 11,
      serialNumber: 1,
      documentNumber: 'AC-002',
      documentDate: '2025-03-05',
      documentType: 'INV',
      returnPeriod: '032025',
      taxable: 10_000_00,
      tax: 1_800_00,
      actionRequired: null,
      gstr2bActionRequired: 'ReportInGstr1',
      imsActionRequired: null,
      gstr2aReason: null,
      gstr2bReason: 'In our purchase register, not in our GSTR-2B.',
      imsReason: null,
      imsAction: null,
      actionTaken: 'ReportedInGstr1',
      rectificationDate: '2025-04-10',
    },
  ],
  events: [
    {
      id: 1,
      action: 'Created',
      fromStatus: null,
      toStatus: 'YetNotSent',
      note: '2 documents',
      userName: 'Admin',
      createdAt: '2026-11-20T05:00:00.000Z',
    },
    {
      id: 2,
      action: 'ReplyReceived',
      fromStatus: 'Inprogress',
      toStatus: 'ReplyReceived',
      note: '',
      userName: null,
      createdAt: '2026-11-22T05:00:00.000Z',
    },
  ],
  reminders: [{ id: 1, financialYear: 2024, returnPeriod: 32025, returnType: 'GSTR1', createdAt: '2026-11-21T06:00:00.000Z' }],
  attachments: [{ id: 1, fileId: 9, name: 'gstr1-ack.pdf', createdAt: '2026-11-22T05:00:00.000Z' }],
};

const answer = (more?: (url: string, call: Call) => Response | undefined) => (url: string, call: Call) => {
  const other = more?.(url, call);
  if (other) return other;
  if (url.includes('/user/entities')) return json([]);
  if (url.includes('/subscriber/levels')) return json([{ id: 4, name: 'GST head' }]);
  if (url.includes('/subscriber/users')) return json([{ id: 7, userName: 'asha', displayName: 'Asha' }]);
  if (url.includes('/gst/notification/pushSummary')) return json(COUNTS);
  if (url.includes('/gst/notification/detail')) return json(DETAIL);
  if (url.includes('/gst/notification/send')) {
    const ids = (call.body as { ids: number[] }).ids;
    const skipped = ids.filter((id) => id === 1).map((id) => ({ id, message: 'No e-mail address: add one.' }));
    return json({ sent: ids.length - skipped.length, mails: ids.length - skipped.length, skipped });
  }
  if (url.includes('/gst/notification/bulkAssign')) return json({ affected: (call.body as { ids: number[] }).ids.length });
  const filters = (call.body as { filters?: { statuses?: string[] } } | null)?.filters;
  const items = ROWS.filter((r) => !filters?.statuses?.length || filters.statuses.includes(r.status));
  return json({ items, totalRecords: items.length });
};

const selectRow = (id: number) => fireEvent.click(within(screen.getByTestId(`notification-row-${id}`)).getByRole('checkbox'));

describe('NotificationsScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists id DESC with statuses by name and answered documents, and filters by status; view only has no selection', async () => {
    const calls = stubApi(answer());
    renderAt(<NotificationsScreen />, '/notifications', ['Notifications']);
    const replied = await screen.findByTestId('notification-row-3', {}, { timeout: 5000 });
    expect(within(replied).getByText('Reply received')).toBeTruthy();
    expect(within(replied).getByText('2 / 2')).toBeTruthy();
    expect(calls.find((c) => c.url.includes('/gst/notification/search'))?.body).toMatchObject({ start: 0, sortExpression: 'id DESC' });
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(screen.queryByTestId('notification-export')).toBeNull();

    fireEvent.click(await screen.findByTestId('status-Sent', {}, { timeout: 5000 }));
    await waitFor(() => expect(screen.queryByTestId('notification-row-3')).toBeNull());
    expect(await screen.findByTestId('notification-row-2', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/gst/notification/search')).at(-1)?.body).toMatchObject({ filters: { statuses: ['Sent'] } });
  });

  it('sends the selection and says which were not sent and why', async () => {
    const calls = stubApi(answer());
    renderAt(<NotificationsScreen />, '/notifications', ['Notifications', 'NotificationsSend']);
    await screen.findByTestId('notification-row-1', {}, { timeout: 5000 });
    selectRow(1);
    selectRow(2);
    // A reminder is for notifications already sent: not while one of them is yet to be sent.
    expect((screen.getByTestId('notification-remind') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('notification-send'));
    await waitFor(() => expect(calls.find((c) => c.url.includes('/gst/notification/send'))?.body).toEqual({ ids: [1, 2] }));
    expect((await screen.findByTestId('notification-refused', {}, { timeout: 5000 })).textContent).toContain('No e-mail address');
  });

  it('sends a reminder for the chosen period and return, and assigns the selection to a level', async () => {
    const calls = stubApi(answer());
    renderAt(<NotificationsScreen />, '/notifications', ['Notifications', 'NotificationsSend']);
    await screen.findByTestId('notification-row-2', {}, { timeout: 5000 });
    selectRow(2);
    fireEvent.click(screen.getByTestId('notification-remind'));
    const send = (await screen.findByTestId('notification-reminder-send', {}, { timeout: 5000 })) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('notification-reminder-period'), { target: { value: '032025' } });
    fireEvent.click(send);
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/gst/notification/send'))?.body).toMatchObject({
        ids: [2],
        reminder: { returnPeriod: 32025, returnType: 'GSTR1' },
      }),
    );

    await waitFor(() => expect(screen.queryByTestId('notification-reminder-form')).toBeNull());
    selectRow(3);
    fireEvent.click(screen.getByTestId('notification-assign'));
    await pick(await screen.findByTestId('notification-assign-level', {}, { timeout: 5000 }), 'GST head');
    fireEvent.click(screen.getByTestId('notification-assign-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/gst/notification/bulkAssign'))?.body).toEqual({
        ids: [3],
        assigneeUserId: null,
        assigneeLevelId: 4,
      }),
    );
  });

  it('opens the drawer with what is asked, the answers, the remarks as text, the attachments, reminders and history', async () => {
    const calls = stubApi(answer());
    renderAt(<NotificationsScreen />, '/notifications', ['Notifications']);
    fireEvent.click(await screen.findByTestId('notification-row-3', {}, { timeout: 5000 }));
    const document = await screen.findByTestId('notification-document-AC-002', {}, { timeout: 5000 });
    expect(document.textContent).toContain('Report the document in your GSTR-1 / IFF');
    expect(document.textContent).toContain('In our purchase register, not in our GSTR-2B.');
    expect(within(document).getByTestId('notification-action-taken').textContent).toBe('Reported in GSTR-1 / IFF');
    expect(document.textContent).toContain('10-04-2025');
    const remarks = screen.getByTestId('notification-receiver-remarks');
    expect(remarks.textContent).toBe('<script>alert(1)</script> Fixed in IFF');
    expect(remarks.querySelector('script')).toBeNull();
    expect(screen.getByTestId('notification-attachment').textContent).toBe('gstr1-ack.pdf');
    fireEvent.click(screen.getByTestId('notification-attachment'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/file/download?id=9'))).toBe(true));
    expect(screen.getByTestId('notification-reminders').textContent).toContain('2024-25');
    expect(screen.getByTestId('notification-reminders').textContent).toContain('032025');
    expect(screen.getByTestId('notification-history').textContent).toContain('ReplyReceived');
  });
});
