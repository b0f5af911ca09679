import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EinvoiceDetail, EinvoiceQrRead } from '@opengst/contracts';
import { json, renderAt, stubApi } from '../../test/screenTestSupport';
import { EinvoiceViaPdfQrScreen } from './EinvoiceViaPdfQrScreen';
import { EinvoiceDetailDrawer } from './EinvoiceDetailDrawer';
import { EinvoiceDocumentAction } from './EinvoiceDocumentAction';
import { printFileName } from './EinvoicePrintButtons';

// /einvoice-via-pdf-qrcode: one file sent as multipart `file`; the payload shown field by field, the signature's
// outcome naming whose certificate (the sandbox's, the configured NIC one), the IRN known (opened in the drawer) or
// not; the server's refusal shown in place; a file of another type or too large refused before sending. And the
// printed e-invoice's buttons in the drawer.

const IRN = 'c'.repeat(64);
const READ: EinvoiceQrRead = {
  fileName: 'e-invoice-PR-0001.pdf',
  fileType: 'PDF',
  signedQrCode: 'eyJhbGciOiJSUzI1NiJ9.eyJkYXRhIjoie30ifQ.c2lnbmF0dXJl',
  payload: {
    SellerGstin: '07AAACT1234F1Z5',
    BuyerGstin: '27AABCT3518Q1ZW',
    DocNo: 'PR/0001',
    DocTyp: 'INV',
    DocDt: '20/11/2026',
    TotInvVal: 295000,
    ItemCnt: 1,
    MainHsnCode: '84713010',
    Irn: IRN,
    IrnDt: '2026-11-20 10:00:00',
  },
  signatureStatus: 'Verified',
  certificateSource: 'Sandbox',
  knownDocument: { documentId: 9, documentNumber: 'PR/0001', entityName: 'Delhi', status: 'Generated', isCancelled: false },
};

const DETAIL: EinvoiceDetail = {
  id: 9,
  entityId: 2,
  entityName: 'Delhi',
  gstin: '07AAACT1234F1Z5',
  documentType: 'INV',
  documentNumber: 'PR/0001',
  documentDate: '2026-11-20',
  supplyType: 'B2B',
  counterpartyGstin: '27AABCT3518Q1ZW',
  counterpartyName: 'Tata Consultancy Services Limited',
  documentValue: 29_500_000,
  status: 'Generated',
  irn: IRN,
  ackNo: '112610000000042',
  ackDate: '2026-11-20T04:30:00.000Z',
  errorCode: null,
  errorMessage: null,
  cancelledIrn: null,
  cancelledAt: null,
  signedQrCode: READ.signedQrCode,
  qrPayload: READ.payload,
  isSignatureVerified: true,
  qrImage: 'data:image/png;base64,iVBORw0KGgo=',
  errors: [],
  cancelReasonCode: null,
  cancelRemark: null,
  generatedAt: '2026-11-20T04:30:00.000Z',
  generatedByName: 'Admin',
  isSandbox: true,
};

/** XMLHttpRequest as the upload uses it: answers `answer` after a moment. */
const stubUpload = (answer: { status: number; body: unknown }) => {
  const sent: { url: string; form: FormData }[] = [];
  class FakeRequest {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader() {
      return null;
    }
    send(form: FormData) {
      sent.push({ url: this.url, form });
      setTimeout(() => {
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 10);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
};

const choose = (file: File) => fireEvent.change(screen.getByTestId('einvoice-qr-file'), { target: { files: [file] } });
const pdf = () => new File(['%PDF-1.4 invoice'], 'e-invoice-PR-0001.pdf', { type: 'application/pdf' });

describe('EinvoiceViaPdfQrScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('reads a PDF: the payload field by field, the signature verified against the sandbox, the IRN known and opened', async () => {
    const calls = stubApi((url) => (url.includes('/einvoice/detail') ? json(DETAIL) : json([])));
    const sent = stubUpload({ status: 200, body: { data: READ } });
    renderAt(<EinvoiceViaPdfQrScreen />, '/einvoice-via-pdf-qrcode', ['EInvoicePdfQr', 'EInvoiceView']);
    choose(pdf());
    fireEvent.click(screen.getByTestId('einvoice-qr-read'));
    const result = await screen.findByTestId('einvoice-qr-result');
    expect(sent[0]?.url).toBe('/api/v0.1/einvoice/readQr');
    expect((sent[0]?.form.get('file') as File).name).toBe('e-invoice-PR-0001.pdf');
    expect(within(screen.getByTestId('einvoice-qr-DocNo')).getByText('Document number')).toBeTruthy();
    expect(within(screen.getByTestId('einvoice-qr-DocNo')).getByText('PR/0001')).toBeTruthy();
    expect(within(screen.getByTestId('einvoice-qr-Irn')).getByText(IRN)).toBeTruthy();
    // The IRP's dates in the product's DD-MM-YYYY.
    expect(within(screen.getByTestId('einvoice-qr-DocDt')).getByText('20-11-2026')).toBeTruthy();
    expect(within(screen.getByTestId('einvoice-qr-IrnDt')).getByText('20-11-2026 10:00:00')).toBeTruthy();
    expect(screen.getByTestId('einvoice-qr-value').textContent).toBe('2,95,000.00');
    const signature = screen.getByTestId('einvoice-qr-signature');
    expect(signature.getAttribute('data-status')).toBe('Verified');
    expect(signature.textContent).toContain('verified against the IRP sandbox’s certificate');
    expect(within(result).getByTestId('einvoice-qr-known').textContent).toContain('e-invoice of PR/0001 (Delhi), status Generated');

    fireEvent.click(screen.getByTestId('einvoice-qr-open'));
    expect(await screen.findByTestId('einvoice-detail', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/einvoice/detail?documentId=9'))).toBe(true);
  });

  it('says when the signature fails against the configured NIC certificate and the IRN is not known', async () => {
    stubApi(() => json([]));
    stubUpload({
      status: 200,
      body: { data: { ...READ, signatureStatus: 'Failed', certificateSource: 'Configured', knownDocument: null } },
    });
    renderAt(<EinvoiceViaPdfQrScreen />, '/einvoice-via-pdf-qrcode', ['EInvoicePdfQr']);
    choose(new File([READ.signedQrCode], 'qr.txt', { type: 'text/plain' }));
    fireEvent.click(screen.getByTestId('einvoice-qr-read'));
    const signature = await screen.findByTestId('einvoice-qr-signature');
    expect(signature.getAttribute('data-status')).toBe('Failed');
    expect(signature.textContent).toContain('does not verify against the NIC certificate configured in IRP_SIGNING_CERTIFICATE');
    expect(screen.getByTestId('einvoice-qr-unknown').textContent).toBe('This IRN is not among the e-invoices of your locations.');
    expect(screen.queryByTestId('einvoice-qr-open')).toBeNull();
  });

  it('shows the server’s reason when no QR is found, and refuses another type or a file too large before sending', async () => {
    stubApi(() => json([]));
    const message = 'No QR code was found in this file: upload the e-invoice PDF, a clear image of its QR code, or the signed QR text.';
    const sent = stubUpload({ status: 422, body: { errors: [{ code: 'EIN0003', message, type: 'Error', propertyName: 'file' }] } });
    renderAt(<EinvoiceViaPdfQrScreen />, '/einvoice-via-pdf-qrcode', ['EInvoicePdfQr']);
    choose(new File(['not a qr'], 'photo.png', { type: 'image/png' }));
    fireEvent.click(screen.getByTestId('einvoice-qr-read'));
    expect((await screen.findByTestId('einvoice-qr-error')).textContent).toContain(message);
    expect(screen.queryByTestId('einvoice-qr-result')).toBeNull();

    choose(new File(['PK'], 'invoice.docx'));
    expect(screen.getByTestId('einvoice-qr-problem').textContent).toBe('invoice.docx is not a PDF, JPG, PNG or TXT file.');
    expect((screen.getByTestId('einvoice-qr-read') as HTMLButtonElement).disabled).toBe(true);
    choose(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }));
    expect(screen.getByTestId('einvoice-qr-problem').textContent).toBe('big.jpg is 5.0 MB: the limit is 5.0 MB.');
    expect(sent).toHaveLength(1);
  });
});

describe('printed e-invoice buttons', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('downloads the PDF of a generated IRN from the drawer, named by the document number', async () => {
    const calls = stubApi((url) =>
      url.includes('/einvoice/print')
        ? new Response(new Blob(['%PDF-1.3']), { headers: { 'content-type': 'application/pdf' } })
        : json(DETAIL),
    );
    // jsdom has no object URLs: the download's link is made from this one.
    const created = vi.fn(() => 'blob:pdf');
    const { createObjectURL, revokeObjectURL } = URL;
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    onTestFinished(() => void Object.assign(URL, { createObjectURL, revokeObjectURL }));
    renderAt(<EinvoiceDetailDrawer documentId={9} onClose={() => undefined} />, '/e-invoice', ['EInvoiceView']);
    fireEvent.click(await screen.findByTestId('einvoice-download-pdf', {}, { timeout: 5000 }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(calls.find((c) => c.url.includes('/einvoice/print'))?.url).toContain('documentId=9');
    expect(printFileName('PR/0001')).toBe('e-invoice-PR-0001.pdf');
  });

  it('prints from the document screen where the IRN is shown: the PDF loaded in a frame and its print dialog opened', async () => {
    const calls = stubApi((url) =>
      url.includes('/einvoice/print')
        ? new Response(new Blob(['%PDF-1.3']), { headers: { 'content-type': 'application/pdf' } })
        : json(DETAIL),
    );
    const { createObjectURL, revokeObjectURL } = URL;
    Object.assign(URL, { createObjectURL: () => 'blob:printed', revokeObjectURL: vi.fn() });
    onTestFinished(() => void Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const document = {
      id: 9,
      direction: 'Sales',
      isDraftDocument: false,
      documentType: 'INV',
      supplyType: 'B2B',
      counterpartyGstin: '27AABCT3518Q1ZW',
    } as const;
    renderAt(<EinvoiceDocumentAction document={document} />, '/edit-document', ['EInvoiceView']);
    expect((await screen.findByTestId('document-einvoice-irn', {}, { timeout: 5000 })).textContent).toContain(IRN);
    fireEvent.click(screen.getByTestId('einvoice-print'));
    const frame = await waitFor(() => {
      const found = window.document.querySelector('iframe[data-einvoice-print]');
      if (!found) throw new Error('no print frame');
      return found as HTMLIFrameElement;
    });
    expect(frame.getAttribute('src')).toBe('blob:printed');
    expect(calls.find((c) => c.url.includes('/einvoice/print'))?.url).toContain('documentId=9');
    frame.remove();
  });

  it('offers no print for a document without an IRN', async () => {
    stubApi(() => json({ ...DETAIL, status: 'YetNotGenerated', irn: null, ackNo: null, ackDate: null, qrImage: null, signedQrCode: null }));
    renderAt(<EinvoiceDetailDrawer documentId={9} onClose={() => undefined} />, '/e-invoice', ['EInvoiceView']);
    expect(await screen.findByTestId('einvoice-detail', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByTestId('einvoice-print')).toBeNull();
  });
});
