import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { ReplyDetailResponse, ReplyDocument } from '@opengst/contracts';
import { pick, renderAt } from '../../../test/screenTestSupport';
import { CrnNotificationReplyScreen, NotificationReplyScreen, SalesNotificationReplyScreen } from './NotificationReplyScreen';
import { ShortUrlScreen } from './ShortUrlScreen';

// The public notification-reply pages (spec modules §2.8, §4, §5, §8) against a stubbed API: validation into the public
// token, the enums and the first page, the filter and load-more fetch modes, the answers and what submit sends, the
// attachment rows' states, the server's field errors, and the short link.

const LOADED = { timeout: 4000 };
const TOKEN = 'public-token-1';

const doc = (id: number, patch: Partial<ReplyDocument> = {}): ReplyDocument => ({
  id,
  serialNumber: id,
  documentNumber: `INV/${id}`,
  documentDate: '2026-10-05',
  documentType: 'Invoice',
  actionRequired: 'MissingInPortal',
  gstr2bActionRequired: 'Mismatch',
  imsActionRequired: 'NoAction',
  gstr2aReason: `2A reason ${id}`,
  gstr2bReason: `2B reason ${id}`,
  imsReason: `IMS reason ${id}`,
  imsAction: 'Pending',
  actionTaken: 0,
  rectificationDate: null,
  ...patch,
});

const detail = (documents: ReplyDocument[], totalDocuments: number, patch: Partial<ReplyDetailResponse> = {}): ReplyDetailResponse => ({
  id: 7,
  entityId: 3,
  sourceType: 'Gsp',
  senderName: 'Buyer Traders',
  senderGstin: '27AAAPL1234C1ZV',
  receiverName: 'Supplier Works',
  receiverRemarks: '',
  documents,
  totalDocuments,
  reminders: [{ id: 1, financialYear: 2026, returnPeriod: 102026, returnType: 'GSTR1' }],
  attachments: [],
  ...patch,
});

type Call = { url: string; method: string; body: unknown; headers: Record<string, string> };
type Answer = (call: Call) => Response | Promise<Response>;

const ok = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
const refused = (status: number, errors: { code: string; message: string; propertyName?: string }[]) =>
  new Response(JSON.stringify({ errors: errors.map((e) => ({ ...e, type: 'Error' })) }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const ENUMS: Record<string, { value: string; name: string }[]> = {
  DocumentType: [
    { value: 'Invoice', name: 'Invoice' },
    { value: 'CreditNote', name: 'Credit note' },
  ],
  ActionRequired: [
    { value: 'MissingInPortal', name: 'Missing in portal' },
    { value: 'Mismatch', name: 'Mismatch' },
    { value: 'NoAction', name: 'No action' },
  ],
  ImsAction: [{ value: 'Pending', name: 'Pending' }],
  ReturnType: [{ value: 'GSTR1', name: 'GSTR-1' }],
  AttachmentFrom: [{ value: 'REPLY_FROM_RECEIVER', name: 'Reply from receiver' }],
};
const OPTIONS = [
  { id: 1, name: 'Reported / amended in GSTR-1 or IFF' },
  { id: 4, name: 'Document is correct as reported' },
];

/** Answers validate, the enums and the options; `rest` answers detail, reply, upload and anything else. */
const stubReplyApi = (
  rest: Answer,
  validate: Answer = () => ok({ id: 7, authorizationToken: TOKEN, sourceType: 'Gsp', startDate: '2017-07-01', maxDate: '2026-11-20' }),
) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : null;
      const call = { url, method: init?.method ?? 'GET', body, headers: { ...(init?.headers as Record<string, string>) } };
      calls.push(call);
      const path = new URL(url, 'http://x');
      if (path.pathname.endsWith('/gst/notification/reply/validate')) return validate(call);
      if (path.pathname.endsWith('/public/enum/byType')) return ok(ENUMS[path.searchParams.get('type') ?? ''] ?? []);
      if (path.pathname.endsWith('/gst/notification/reply/options')) return ok(OPTIONS);
      return rest(call);
    }),
  );
  return calls;
};

const of = (calls: Call[], fragment: string) => calls.filter((c) => new URL(c.url, 'http://x').pathname.endsWith(fragment));

const seedPageSize = (size: number) => (client: import('@tanstack/react-query').QueryClient) =>
  client.setQueryData(['preLoadSettings'], { pageSize: size });

const renderPage = (address = '/notification-reply?id=abc+def', pageSize = 2) =>
  renderAt(
    <Routes>
      <Route path="/notification-reply" element={<NotificationReplyScreen />} />
      <Route path="/crn-notification-reply" element={<CrnNotificationReplyScreen />} />
      <Route path="/sales-notification-reply" element={<SalesNotificationReplyScreen />} />
      <Route path="/t/:shortUrl" element={<ShortUrlScreen />} />
      <Route path="/unauthorized-access" element={<p>Unauthorized page</p>} />
      <Route path="/error-400" element={<p>Error 400 page</p>} />
    </Routes>,
    address,
    [],
    seedPageSize(pageSize),
  );

const documentsAnswer = (pages: Record<number, ReplyDetailResponse>) => (call: Call) => {
  if (call.url.endsWith('/gst/notification/reply/detail')) {
    const start = (call.body as { start: number }).start;
    return ok(pages[start] ?? detail([], 0));
  }
  return new Response(null, { status: 204 });
};

describe('NotificationReplyScreen', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    // jsdom has no scrollIntoView; Mantine's Select calls it on its options.
    Element.prototype.scrollIntoView ??= () => {};
    scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('validates the link (spaces back to plus signs), then loads the enums and the first page with the public token', async () => {
    const calls = stubReplyApi(documentsAnswer({ 0: detail([doc(1), doc(2)], 3) }));
    renderPage('/notification-reply?id=abc%20def');
    const row = await screen.findByTestId('reply-document-1', {}, LOADED);
    expect(new URL(of(calls, '/validate')[0]?.url ?? '', 'http://x').searchParams.get('request')).toBe('abc+def');
    const detailCall = of(calls, '/gst/notification/reply/detail')[0];
    expect(detailCall?.headers['public-auth-token']).toBe(TOKEN);
    expect(detailCall?.headers['auth-token']).toBeUndefined();
    expect(detailCall?.body).toEqual({ id: 7, start: 0, size: 2, filters: {} });
    const ims = of(calls, '/public/enum/byType').find((c) => c.url.includes('type=ImsAction'));
    expect(Object.fromEntries(new URL(ims?.url ?? '', 'http://x').searchParams)).toEqual({
      type: 'ImsAction',
      suffixes: 'ImsAll',
      groups: 'ImsReconciliation',
    });
    // Every column of §2.8, labels from the enums.
    const cells = within(row)
      .getAllByRole('cell')
      .slice(0, 10)
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      'INV/1',
      '05-10-2026',
      'Invoice',
      'Missing in portal',
      'Mismatch',
      'No action',
      '2A reason 1',
      '2B reason 1',
      'IMS reason 1',
      'Pending',
    ]);
    expect(screen.getByRole('heading', { name: 'Notification Reply' })).toBeTruthy();
    expect(screen.getByText(/Buyer Traders \(27AAAPL1234C1ZV\) asks you, Supplier Works/)).toBeTruthy();
    // Reminders: the financial year with a dash, the period, the return type's label.
    const reminder = within(screen.getByTestId('reply-reminders')).getAllByRole('row')[1];
    expect(
      reminder &&
        within(reminder)
          .getAllByRole('cell')
          .map((c) => c.textContent),
    ).toEqual(['2026-27', '10-2026', 'GSTR-1']);
    // Document type and action required filters need the token, which the page holds.
    expect(screen.getByRole('textbox', { name: 'Document type' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Action required' })).toBeTruthy();
  });

  it('goes to UnauthorizedAccess when the link does not validate, and when there is no id', async () => {
    stubReplyApi(documentsAnswer({}), () => refused(401, [{ code: 'AUTH0016', message: 'This link or step has expired.' }]));
    renderPage();
    expect(await screen.findByText('Unauthorized page', {}, LOADED)).toBeTruthy();
    cleanup();
    const calls = stubReplyApi(documentsAnswer({}));
    renderPage('/notification-reply');
    expect(await screen.findByText('Unauthorized page', {}, LOADED)).toBeTruthy();
    expect(of(calls, '/validate')).toHaveLength(0);
  });

  it('loads more while total exceeds start plus page size, then shows the disabled count; a filter replaces the page or says nothing matched', async () => {
    const calls = stubReplyApi((call) => {
      if (!call.url.endsWith('/detail')) return new Response(null, { status: 204 });
      const body = call.body as { start: number; filters: Record<string, string> };
      if (body.filters.documentNumber === 'NONE') return ok(detail([], 0));
      if (body.filters.documentNumber === 'INV/2') return ok(detail([doc(2)], 1));
      return ok(body.start === 0 ? detail([doc(1), doc(2)], 3) : detail([doc(3)], 3));
    });
    renderPage();
    await screen.findByTestId('reply-document-2', {}, LOADED);
    fireEvent.click(screen.getByTestId('reply-load-more'));
    await screen.findByTestId('reply-document-3', {}, LOADED);
    // LOAD_MORE appends.
    expect(screen.getByTestId('reply-document-1')).toBeTruthy();
    expect(of(calls, '/detail').at(-1)?.body).toEqual({ id: 7, start: 2, size: 2, filters: {} });
    expect(screen.queryByTestId('reply-load-more')).toBeNull();
    expect(screen.getByTestId('reply-count').textContent).toBe('Showing 3 of 3');

    // FILTER replaces the documents.
    fireEvent.change(screen.getByRole('textbox', { name: 'Document number' }), { target: { value: 'INV/2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByTestId('reply-document-1')).toBeNull(), LOADED);
    expect(screen.getByTestId('reply-document-2')).toBeTruthy();
    expect(of(calls, '/detail').at(-1)?.body).toEqual({ id: 7, start: 0, size: 2, filters: { documentNumber: 'INV/2' } });

    fireEvent.change(screen.getByRole('textbox', { name: 'Document number' }), { target: { value: 'NONE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByTestId('reply-empty', {}, LOADED)).textContent).toBe('No document matches these filters.');
  });

  it('says noRecordsAvailable when the notification lists nothing, and stops loading without a message when detail fails', async () => {
    stubReplyApi(() => ok(detail([], 0)));
    renderPage();
    expect((await screen.findByTestId('reply-empty', {}, LOADED)).textContent).toBe('No records available.');
    cleanup();
    stubReplyApi(() => refused(500, [{ code: 'GEN0005', message: 'Something went wrong.' }]));
    renderPage();
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading documents' })).toBeNull(), LOADED);
    await waitFor(() => expect(screen.getByTestId('reply-empty')).toBeTruthy(), LOADED);
    expect(screen.queryByTestId('reply-errors')).toBeNull();
    expect(screen.queryByText('Something went wrong.')).toBeNull();
  });

  it('submits only the answered rows with the remarks and no attachments, then shows the notice and resets (validating again)', async () => {
    const calls = stubReplyApi(documentsAnswer({ 0: detail([doc(1), doc(2, { serialNumber: 12 })], 2) }));
    renderPage();
    await screen.findByTestId('reply-document-2', {}, LOADED);
    await pick(screen.getByRole('textbox', { name: 'Action taken INV/2' }), 'Document is correct as reported');
    fireEvent.change(screen.getByRole('textbox', { name: 'Your remarks' }), { target: { value: 'Amended in October <b>GSTR-1</b>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('reply-success', {}, LOADED)).toBeTruthy();
    const sent = of(calls, '/gst/notification/reply').filter((c) => c.method === 'POST');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers['public-auth-token']).toBe(TOKEN);
    expect(sent[0]?.body).toEqual({
      id: 7,
      entityId: 3,
      receiverRemarks: 'Amended in October <b>GSTR-1</b>',
      sourceType: 'Gsp',
      attachments: null,
      documents: [{ id: 2, serialNumber: 12, actionTaken: 4, rectificationDate: null }],
      reminders: [{ id: 1, financialYear: 2026, returnPeriod: 102026, returnType: 'GSTR1' }],
    });
    // The reset: validate again and the first page again.
    await waitFor(() => expect(of(calls, '/validate')).toHaveLength(2), LOADED);
    await waitFor(() => expect(of(calls, '/detail')).toHaveLength(2), LOADED);
  });

  it('takes a fresh token from the same link when the public one has expired, and keeps the answers typed', async () => {
    let validations = 0;
    const calls = stubReplyApi(
      (call) => {
        if (call.url.endsWith('/detail')) return ok(detail([doc(1)], 1));
        return call.headers['public-auth-token'] === 'fresh-token'
          ? new Response(null, { status: 204 })
          : refused(401, [{ code: 'AUTH0016', message: 'This link or step has expired.' }]);
      },
      () => {
        validations += 1;
        const token = validations === 1 ? TOKEN : 'fresh-token';
        return ok({ id: 7, authorizationToken: token, sourceType: 'Gsp', startDate: '2017-07-01', maxDate: '2026-11-20' });
      },
    );
    renderPage();
    await screen.findByTestId('reply-document-1', {}, LOADED);
    await pick(screen.getByRole('textbox', { name: 'Action taken INV/1' }), 'Reported / amended in GSTR-1 or IFF');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('reply-success', {}, LOADED)).toBeTruthy();
    const sent = of(calls, '/gst/notification/reply').filter((c) => c.method === 'POST');
    expect(sent.map((c) => c.headers['public-auth-token'])).toEqual([TOKEN, 'fresh-token']);
    expect((sent[1]?.body as { documents: unknown }).documents).toEqual([
      { id: 1, serialNumber: 1, actionTaken: 1, rectificationDate: null },
    ]);
    expect(screen.queryByTestId('reply-errors')).toBeNull();
  });

  it('goes to UnauthorizedAccess when the token has expired and the link no longer validates', async () => {
    let validations = 0;
    stubReplyApi(
      (call) =>
        call.url.endsWith('/detail')
          ? ok(detail([doc(1)], 1))
          : refused(401, [{ code: 'AUTH0016', message: 'This link or step has expired.' }]),
      () =>
        ++validations === 1
          ? ok({ id: 7, authorizationToken: TOKEN, sourceType: 'Gsp', startDate: '2017-07-01', maxDate: '2026-11-20' })
          : refused(401, [{ code: 'AUTH0016', message: 'This link or step has expired.' }]),
    );
    renderPage();
    await screen.findByTestId('reply-document-1', {}, LOADED);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Unauthorized page', {}, LOADED)).toBeTruthy();
  });

  it('picks a rectification date within the settings limits, and typing in it clears it', async () => {
    const calls = stubReplyApi(documentsAnswer({ 0: detail([doc(1)], 1) }));
    renderPage();
    await screen.findByTestId('reply-document-1', {}, LOADED);
    const date = screen.getByRole('button', { name: 'Rectification date INV/1' });
    fireEvent.click(date);
    // Opened at the latest month allowed (maxDate 20-11-2026): the 20th may be picked, the 21st is beyond it.
    const day = await screen.findByRole('button', { name: '15 November 2026' }, LOADED);
    expect(screen.getByRole('button', { name: '20 November 2026', hidden: true }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: '21 November 2026', hidden: true }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(day);
    await waitFor(() => expect(date.textContent).toBe('15-11-2026'));
    // Picking hides the picker.
    await waitFor(() => expect(date.getAttribute('aria-expanded')).toBe('false'));
    fireEvent.keyDown(date, { key: '3' });
    await waitFor(() => expect(date.textContent).toBe('DD-MM-YYYY'));
    fireEvent.click(date);
    await waitFor(() => expect(date.getAttribute('aria-expanded')).toBe('true'));
    fireEvent.click(await screen.findByRole('button', { name: '10 November 2026', hidden: true }, LOADED));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByTestId('reply-success', {}, LOADED);
    expect((of(calls, '/gst/notification/reply').find((c) => c.method === 'POST')?.body as { documents: unknown }).documents).toEqual([
      { id: 1, serialNumber: 1, actionTaken: 0, rectificationDate: '2026-11-10' },
    ]);
  });

  it("shows the server's field errors in a summary at the top and marks the refused fields", async () => {
    stubReplyApi((call) =>
      call.url.endsWith('/detail')
        ? ok(detail([doc(1), doc(2)], 2))
        : refused(422, [
            { code: 'GEN0009', message: 'Choose one of the reply options.', propertyName: 'Documents[0].ActionTaken' },
            { code: 'GEN0009', message: 'The remarks are too long.', propertyName: 'ReceiverRemarks' },
          ]),
    );
    renderPage();
    await screen.findByTestId('reply-document-2', {}, LOADED);
    await pick(screen.getByRole('textbox', { name: 'Action taken INV/2' }), 'Reported / amended in GSTR-1 or IFF');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const summary = await screen.findByTestId('reply-errors', {}, LOADED);
    expect(within(summary).getByText('Choose one of the reply options.')).toBeTruthy();
    expect(within(summary).getByText('The remarks are too long.')).toBeTruthy();
    expect(scrollTo).toHaveBeenCalled();
    // Documents[0] is the first row sent: INV/2, not the first row shown.
    expect(screen.getByRole('textbox', { name: 'Action taken INV/2' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Action taken INV/1' }).getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByRole('textbox', { name: 'Your remarks' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('reply-success')).toBeNull();
  });

  it('uploads attachments one by one: submit waits for an unfinished upload, a failure blocks it until the row is removed', async () => {
    let release: (response: Response) => void = () => {};
    const calls = stubReplyApi((call) => {
      if (call.url.endsWith('/detail')) return ok(detail([doc(1)], 1));
      if (call.url.endsWith('/public/file/upload')) {
        const file = (call.body as FormData).get('file') as File;
        if (file.name === 'page.html.pdf')
          return refused(422, [
            { code: 'GEN0009', message: 'This file cannot be uploaded: use a PDF, JPEG, PNG, XLSX or CSV file.', propertyName: 'File' },
          ]);
        return new Promise<Response>((resolve) => {
          release = resolve;
        });
      }
      return new Response(null, { status: 204 });
    });
    renderPage();
    await screen.findByTestId('reply-document-1', {}, LOADED);
    const submit = screen.getByRole('button', { name: 'Submit' });
    fireEvent.click(screen.getByRole('button', { name: 'Add attachment' }));
    expect(screen.getByTestId('reply-attachment-0').dataset.state).toBe('empty');
    const input = () => screen.getByTestId('reply-attachment-0').querySelector('input[type="file"]')!;
    fireEvent.change(input(), { target: { files: [new File(['%PDF-1.4'], 'credit-note.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(screen.getByTestId('reply-attachment-0').dataset.state).toBe('uploading'));
    expect(submit.hasAttribute('disabled')).toBe(true);
    const upload = of(calls, '/public/file/upload')[0];
    expect(upload?.headers['public-auth-token']).toBe(TOKEN);
    expect(((upload?.body as FormData).get('file') as File).name).toBe('credit-note.pdf');
    release(ok({ id: 91, fileName: 'credit-note.pdf', contentType: 'application/pdf', sizeBytes: 8 }));
    await waitFor(() => expect(screen.getByTestId('reply-attachment-0').dataset.state).toBe('uploaded'));
    expect(submit.hasAttribute('disabled')).toBe(false);

    // A second row whose file is refused: failed, the summary at the top, submit blocked; the refused file stays (422).
    fireEvent.click(screen.getByRole('button', { name: 'Add attachment' }));
    const second = () => screen.getByTestId('reply-attachment-1').querySelector('input[type="file"]')!;
    fireEvent.change(second(), { target: { files: [new File(['<html>'], 'page.html.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(screen.getByTestId('reply-attachment-1').dataset.state).toBe('failed'));
    expect(within(screen.getByTestId('reply-errors')).getByText(/cannot be uploaded/)).toBeTruthy();
    expect(scrollTo).toHaveBeenCalled();
    expect(submit.hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('reply-attachment-1').textContent).toContain('page.html.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Remove attachment 2' }));
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));

    // An empty row is not sent; the uploaded one is, by its reference.
    fireEvent.click(screen.getByRole('button', { name: 'Add attachment' }));
    fireEvent.click(submit);
    await screen.findByTestId('reply-success', {}, LOADED);
    const body = of(calls, '/gst/notification/reply').find((c) => c.method === 'POST')?.body as {
      attachments: unknown;
      documents: unknown;
    };
    expect(body.attachments).toEqual([{ name: 'credit-note.pdf', referenceNumber: '91', attachmentFrom: 'REPLY_FROM_RECEIVER' }]);
    expect(body.documents).toEqual([]);
  });

  it('empties the file input after an upload failure that is not a refusal', async () => {
    stubReplyApi((call) => {
      if (call.url.endsWith('/detail')) return ok(detail([doc(1)], 1));
      if (call.url.endsWith('/public/file/upload')) return refused(500, [{ code: 'GEN0005', message: 'Something went wrong.' }]);
      return new Response(null, { status: 204 });
    });
    renderPage();
    await screen.findByTestId('reply-document-1', {}, LOADED);
    fireEvent.click(screen.getByRole('button', { name: 'Add attachment' }));
    const row = screen.getByTestId('reply-attachment-0');
    fireEvent.change(row.querySelector('input[type="file"]')!, {
      target: { files: [new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(screen.getByTestId('reply-attachment-0').dataset.state).toBe('failed'));
    expect(screen.getByTestId('reply-attachment-0').textContent).not.toContain('a.pdf');
    expect(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(true);
  });

  it('collapses and expands every section at once; the CRN and sales pages carry their titles and ask their own options', async () => {
    const calls = stubReplyApi(documentsAnswer({ 0: detail([doc(1)], 1) }), () =>
      ok({ id: 7, authorizationToken: TOKEN, sourceType: 'Crn', startDate: '2017-07-01', maxDate: '2026-11-20' }),
    );
    renderPage('/crn-notification-reply?id=x');
    await screen.findByTestId('reply-document-1', {}, LOADED);
    expect(screen.getByRole('heading', { name: 'Credit Notes u/s Section 15(3) Declaration' })).toBeTruthy();
    expect(screen.getByText(/section 15\(3\) read with section 34\(2\)/)).toBeTruthy();
    expect(new URL(of(calls, '/options')[0]?.url ?? '', 'http://x').searchParams.get('sourceType')).toBe('Crn');
    const toggle = screen.getByRole('button', { name: 'Collapse all' });
    const controls = () => ['Documents', 'Reminders', 'Attachment', 'Remarks'].map((n) => screen.getByRole('button', { name: n }));
    expect(controls().map((c) => c.getAttribute('aria-expanded'))).toEqual(['true', 'true', 'true', 'true']);
    fireEvent.click(toggle);
    expect(controls().map((c) => c.getAttribute('aria-expanded'))).toEqual(['false', 'false', 'false', 'false']);
    fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(controls().map((c) => c.getAttribute('aria-expanded'))).toEqual(['true', 'true', 'true', 'true']);
    fireEvent.click(screen.getByRole('button', { name: 'Reminders' }));
    expect(screen.getByRole('button', { name: 'Expand all' })).toBeTruthy();
    cleanup();
    stubReplyApi(documentsAnswer({ 0: detail([doc(1)], 1) }));
    renderPage('/sales-notification-reply?id=x');
    await screen.findByTestId('reply-document-1', {}, LOADED);
    expect(screen.getByRole('heading', { name: 'Notification Reply' })).toBeTruthy();
  });
});

describe('ShortUrlScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('resolves the short link and goes to the reply page it names', async () => {
    const calls = stubReplyApi((call) => {
      if (call.url.includes('/public/shortUrl')) return ok({ originalUrl: 'http://opengst.example/notification-reply?id=abc%2Bdef' });
      if (call.url.endsWith('/detail')) return ok(detail([doc(1)], 1));
      return new Response(null, { status: 204 });
    });
    renderPage('/t/Ab3xY9');
    await screen.findByTestId('reply-document-1', {}, LOADED);
    expect(new URL(of(calls, '/public/shortUrl')[0]?.url ?? '', 'http://x').searchParams.get('shortUrl')).toBe('Ab3xY9');
    expect(new URL(of(calls, '/validate')[0]?.url ?? '', 'http://x').searchParams.get('request')).toBe('abc+def');
  });

  it('goes to Error400 when the short link does not resolve, or names anything but a reply page', async () => {
    stubReplyApi(() => refused(400, [{ code: 'GEN0001', message: 'The request is not valid.' }]));
    renderPage('/t/nope');
    expect(await screen.findByText('Error 400 page', {}, LOADED)).toBeTruthy();
    cleanup();
    stubReplyApi(() => ok({ originalUrl: 'https://evil.example/login' }));
    renderPage('/t/other');
    expect(await screen.findByText('Error 400 page', {}, LOADED)).toBeTruthy();
  });
});
