import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EinvoiceDetail, EinvoiceItem } from '@opengst/contracts';
import { json, renderAt, stubApi, type Call } from '../../test/screenTestSupport';
import { EInvoiceScreen } from './EInvoiceScreen';
import { EinvoiceDocumentAction } from './EinvoiceDocumentAction';

// /e-invoice: the list sorted id DESC with the statuses of core §4 by name, the IRN and Ack No.; the status bar filters
// the list; several selected documents are generated as a background job whose progress is shown until it ends;
// Cancel IRN sends the reason code and remark and shows the IRP's refusal in place; the drawer shows the QR image and
// says when the sandbox answers; the document screen's Generate IRN.

const IRN = 'a'.repeat(64);
const row = (id: number, documentNumber: string, extra: Partial<EinvoiceItem> = {}): EinvoiceItem => ({
  id,
  entityId: 2,
  entityName: 'Delhi',
  gstin: '07AAACT1234F1Z5',
  documentType: 'INV',
  documentNumber,
  documentDate: '2026-11-20',
  supplyType: 'B2B',
  counterpartyGstin: '27AABCT3518Q1ZW',
  counterpartyName: 'Tata Consultancy Services Limited',
  documentValue: 118_000,
  status: 'YetNotGenerated',
  irn: null,
  ackNo: null,
  ackDate: null,
  errorCode: null,
  errorMessage: null,
  cancelledIrn: null,
  cancelledAt: null,
  ...extra,
});
const ROWS = [
  row(3, 'EI/3', { status: 'Generated', irn: IRN, ackNo: '112610000000042', ackDate: '2026-11-20T04:30:00.000Z' }),
  row(2, 'EI/2', { status: 'ERROR', errorCode: '2189', errorMessage: 'The invoice value differs from its parts.' }),
  row(1, 'EI/1'),
];
const COUNTS = {
  items: [
    { status: 'YetNotGenerated', count: 1 },
    { status: 'Generated', count: 1 },
    { status: 'InProgress', count: 0 },
    { status: 'ERROR', count: 1 },
    { status: 'Regenerated', count: 0 },
  ],
  total: 3,
  isSandbox: true,
};
const detailOf = (extra: Partial<EinvoiceDetail> = {}): EinvoiceDetail => ({
  ...ROWS[0]!,
  signedQrCode: 'eyJ.x.y',
  qrPayload: {
    SellerGstin: '07AAACT1234F1Z5',
    BuyerGstin: '27AABCT3518Q1ZW',
    DocNo: 'EI/3',
    DocTyp: 'INV',
    DocDt: '20/11/2026',
    TotInvVal: 1180,
    ItemCnt: 1,
    MainHsnCode: '84713010',
    Irn: IRN,
    IrnDt: '2026-11-20 10:00:00',
  },
  isSignatureVerified: true,
  qrImage: 'data:image/png;base64,iVBORw0KGgo=',
  errors: [],
  cancelReasonCode: null,
  cancelRemark: null,
  generatedAt: '2026-11-20T04:30:00.000Z',
  generatedByName: 'Admin',
  isSandbox: true,
  ...extra,
});

const answer = (more?: (url: string, call: Call) => Response | undefined) => (url: string, call: Call) => {
  const other = more?.(url, call);
  if (other) return other;
  if (url.includes('/user/entities')) return json([]);
  if (url.includes('/einvoice/statusCount')) return json(COUNTS);
  if (url.includes('/einvoice/detail')) return json(detailOf());
  const statuses = (call.body as { filters?: { statuses?: string[] } } | null)?.filters?.statuses;
  const items = statuses?.length ? ROWS.filter((r) => statuses.includes(r.status)) : ROWS;
  return json({ items, totalRecords: items.length });
};

const selectRow = (documentNumber: string) =>
  fireEvent.click(within(screen.getByTestId(`einvoice-row-${documentNumber}`)).getByRole('checkbox'));

describe('EInvoiceScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists documents id DESC with their statuses by name, the IRN and Ack No., and filters by a status of the bar', async () => {
    const calls = stubApi(answer());
    renderAt(<EInvoiceScreen />, '/e-invoice', ['EInvoiceView']);
    const generated = await screen.findByTestId('einvoice-row-EI/3', {}, { timeout: 5000 });
    expect(within(generated).getByText('Generated')).toBeTruthy();
    expect(within(generated).getByText('112610000000042')).toBeTruthy();
    expect(screen.getByTestId('einvoice-irn-EI/3').textContent).toBe(`${IRN.slice(0, 16)}…`);
    expect(screen.getByTestId('einvoice-error-EI/2').textContent).toBe('The invoice value differs from its parts.');
    expect(calls.find((c) => c.url.includes('/einvoice/search'))?.body).toMatchObject({ start: 0, sortExpression: 'id DESC' });
    // View only: no selection, so no Generate IRN, and no API user to record.
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(screen.queryByTestId('einvoice-irp-user')).toBeNull();
    expect((await screen.findByTestId('einvoice-sandbox-notice', {}, { timeout: 5000 })).textContent).toContain('not to NIC');

    fireEvent.click(await screen.findByTestId('status-ERROR', {}, { timeout: 5000 }));
    await waitFor(() => expect(screen.queryByTestId('einvoice-row-EI/3')).toBeNull());
    expect(calls.filter((c) => c.url.includes('/einvoice/search')).at(-1)?.body).toMatchObject({ filters: { statuses: ['ERROR'] } });
  });

  it('generates several selected documents as a background job and shows its progress until it ends', async () => {
    let polls = 0;
    const calls = stubApi(
      answer((url) => {
        if (url.includes('/einvoice/generate')) return json({ isQueued: true, results: [] });
        if (url.includes('/einvoice/progress')) {
          polls += 1;
          return json(
            polls === 1 ? { total: 2, inProgress: 1, generated: 1, failed: 0 } : { total: 2, inProgress: 0, generated: 1, failed: 1 },
          );
        }
        return undefined;
      }),
    );
    renderAt(<EInvoiceScreen />, '/e-invoice', ['EInvoiceView', 'EInvoiceGenerate']);
    await screen.findByTestId('einvoice-row-EI/1', {}, { timeout: 5000 });
    selectRow('EI/1');
    selectRow('EI/2');
    // Cancel needs every selected document to have an IRN.
    expect((screen.getByTestId('einvoice-cancel') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('einvoice-generate'));
    await waitFor(() => expect(calls.find((c) => c.url.includes('/einvoice/generate'))?.body).toEqual({ documentIds: [1, 2] }));
    await screen.findByTestId('einvoice-progress-stage', {}, { timeout: 5000 });
    await waitFor(
      () => expect(screen.getByTestId('einvoice-progress-stage').textContent).toBe('Generating IRNs: 1 of 2 (1 generated, 0 refused)'),
      {
        timeout: 5000,
      },
    );
    expect(screen.getByTestId('einvoice-progress').getAttribute('data-status')).toBe('InProgress');
    await waitFor(
      () => expect(screen.getByTestId('einvoice-progress-stage').textContent).toBe('Generated IRNs of 2 documents: 1 generated, 1 refused'),
      { timeout: 5000 },
    );
    expect(screen.getByTestId('einvoice-progress').getAttribute('data-status')).toBe('Completed');
    // Finished: the list reloads, and the run is not polled again.
    const polled = polls;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(polls).toBe(polled);
  });

  it('cancels with the reason code and remark, and shows the IRP’s refusal in place', async () => {
    const calls = stubApi(
      answer((url) =>
        url.includes('/einvoice/cancel')
          ? json({
              results: [
                {
                  documentId: 3,
                  documentNumber: 'EI/3',
                  status: 'Generated',
                  irn: IRN,
                  errorCode: '2270',
                  message: '2270: The allowed cancellation time limit is crossed, you cannot cancel the IRN',
                },
              ],
            })
          : undefined,
      ),
    );
    renderAt(<EInvoiceScreen />, '/e-invoice', ['EInvoiceView', 'EInvoiceGenerate']);
    await screen.findByTestId('einvoice-row-EI/3', {}, { timeout: 5000 });
    selectRow('EI/3');
    fireEvent.click(screen.getByTestId('einvoice-cancel'));
    const remark = await screen.findByTestId('einvoice-cancel-remark', {}, { timeout: 5000 });
    expect((screen.getByTestId('einvoice-cancel-confirm') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(remark, { target: { value: 'Order cancelled by buyer' } });
    fireEvent.click(screen.getByTestId('einvoice-cancel-confirm'));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/einvoice/cancel'))?.body).toEqual({
        documentIds: [3],
        reasonCode: '2',
        remark: 'Order cancelled by buyer',
      }),
    );
    expect((await screen.findByTestId('einvoice-refusals', {}, { timeout: 5000 })).textContent).toBe(
      'EI/3: 2270: The allowed cancellation time limit is crossed, you cannot cancel the IRN',
    );
  });

  it('opens a document’s e-invoice with the QR image, its verified payload and the sandbox notice', async () => {
    stubApi(answer());
    renderAt(<EInvoiceScreen />, '/e-invoice', ['EInvoiceView']);
    fireEvent.click(await screen.findByTestId('einvoice-row-EI/3', {}, { timeout: 5000 }));
    const drawer = await screen.findByTestId('einvoice-detail', {}, { timeout: 5000 });
    expect(within(drawer).getByTestId('einvoice-detail-irn').textContent).toBe(IRN);
    expect(within(drawer).getByTestId('einvoice-qr-image').getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(within(drawer).getByTestId('einvoice-signature').textContent).toBe('Signature verified against the IRP’s certificate');
    expect(within(drawer).getByTestId('einvoice-sandbox').textContent).toContain('not to NIC');
    expect(within(drawer).getByText('84713010')).toBeTruthy();
  });
});

describe('IrpUserModal', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('records a GSTIN’s e-invoice API user and shows a refusal in place', async () => {
    const LOCATIONS = [
      {
        entityId: 2,
        parentEntityId: 1,
        gstin: '07AAACT1234F1Z5',
        entityName: 'Delhi',
        entityType: 'Location',
        status: 'Active',
        stateCode: '07',
        hasAccess: true,
      },
    ];
    let attempts = 0;
    const calls = stubApi(
      answer((url) => {
        if (url.includes('/user/entities')) return json(LOCATIONS);
        if (url.includes('/einvoice/irpUser/save')) {
          attempts += 1;
          return attempts === 1
            ? json(
                { errors: [{ code: 'GEN0009', message: 'Only a location with a GSTIN has an e-invoice API user.', type: 'Error' }] },
                422,
              )
            : json({ entityId: 2, gstin: '07AAACT1234F1Z5', userName: 'delhi_api' });
        }
        return undefined;
      }),
    );
    renderAt(<EInvoiceScreen />, '/e-invoice', ['EInvoiceView', 'EInvoiceGenerate']);
    fireEvent.click(await screen.findByTestId('einvoice-irp-user', {}, { timeout: 5000 }));
    expect((await screen.findByTestId('einvoice-irp-user-sandbox', {}, { timeout: 5000 })).textContent).toContain('opengst_api');
    fireEvent.click(screen.getByTestId('einvoice-irp-user-location'));
    // The filter bar's GSTIN picker lists the same location: the modal's list is the last one opened.
    const options = await screen.findAllByRole('option', { name: '07AAACT1234F1Z5 · Delhi', hidden: true }, { timeout: 5000 });
    fireEvent.click(options.at(-1)!);
    fireEvent.change(screen.getByTestId('einvoice-irp-user-name'), { target: { value: ' delhi_api ' } });
    fireEvent.change(screen.getByTestId('einvoice-irp-user-password'), { target: { value: 'Secret#1' } });
    fireEvent.click(screen.getByTestId('einvoice-irp-user-save'));
    expect((await screen.findByTestId('einvoice-irp-user-refused', {}, { timeout: 5000 })).textContent).toContain(
      'Only a location with a GSTIN',
    );
    fireEvent.click(screen.getByTestId('einvoice-irp-user-save'));
    await waitFor(() => expect(screen.queryByTestId('einvoice-irp-user-name')).toBeNull());
    expect(calls.filter((c) => c.url.includes('/einvoice/irpUser/save')).at(-1)?.body).toEqual({
      entityId: 2,
      userName: 'delhi_api',
      password: 'Secret#1',
    });
  });
});

describe('EinvoiceDocumentAction', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  const document = {
    id: 1,
    direction: 'Sales' as const,
    isDraftDocument: false,
    documentType: 'INV',
    supplyType: 'B2B',
    counterpartyGstin: '27AABCT3518Q1ZW',
  };

  it('offers Generate IRN on a saved B2B invoice and shows the refusal with its reason', async () => {
    const calls = stubApi((url) =>
      url.includes('/einvoice/generate')
        ? json({
            isQueued: false,
            results: [
              { documentId: 1, documentNumber: 'EI/1', status: 'ERROR', irn: null, errorCode: '2189', message: 'The value differs.' },
            ],
          })
        : json(detailOf({ ...ROWS[2]!, signedQrCode: null, qrPayload: null, qrImage: null, isSignatureVerified: null })),
    );
    renderAt(<EinvoiceDocumentAction document={document} />, '/edit-document', ['EInvoiceView', 'EInvoiceGenerate']);
    fireEvent.click(await screen.findByTestId('document-generate-irn', {}, { timeout: 5000 }));
    await waitFor(() => expect(calls.find((c) => c.url.includes('/einvoice/generate'))?.body).toEqual({ documentIds: [1] }));
    expect((await screen.findByTestId('document-einvoice-refused', {}, { timeout: 5000 })).textContent).toBe('No IRN: The value differs.');
  });

  it('shows the IRN and Ack No. once generated, and nothing for a B2C sale', async () => {
    const calls = stubApi(() => json(detailOf()));
    renderAt(<EinvoiceDocumentAction document={document} />, '/edit-document', ['EInvoiceView', 'EInvoiceGenerate']);
    expect((await screen.findByTestId('document-einvoice-irn', {}, { timeout: 5000 })).textContent).toContain(
      `IRN ${IRN}, Ack No. 112610000000042`,
    );
    expect(screen.queryByTestId('document-generate-irn')).toBeNull();
    cleanup();
    const before = calls.length;
    renderAt(<EinvoiceDocumentAction document={{ ...document, id: 9, supplyType: 'B2C', counterpartyGstin: '' }} />, '/edit-document', [
      'EInvoiceView',
      'EInvoiceGenerate',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.slice(before).some((c) => c.url.includes('/einvoice/detail'))).toBe(false);
    expect(screen.queryByTestId('document-einvoice')).toBeNull();
  });
});
