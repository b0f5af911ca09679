import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { EwaybillDetail } from '@opengst/contracts';
import { json, renderAt, stubApi } from '../../test/screenTestSupport';
import { EwaybillDocumentAction, movesGoods } from './EwaybillDocumentAction';

// The document screen's Generate e-way bill: offered on a saved sales document an e-way bill is made of, sending the
// transport entered; the generated e-way bill shown with its number and time left; nothing for a credit note.

const HOUR = 3_600_000;
const document = { id: 5, direction: 'Sales' as const, isDraftDocument: false, documentType: 'INV' };
const detail = (extra: Partial<EwaybillDetail> = {}): EwaybillDetail => ({
  id: 5,
  entityId: 2,
  entityName: 'Delhi',
  gstin: '07AAACT1234F1Z5',
  documentType: 'INV',
  documentNumber: 'EWB/5',
  documentDate: '2026-11-20',
  source: 'Manual',
  counterpartyGstin: '27AABCT3518Q1ZW',
  counterpartyName: 'Tata Consultancy Services Limited',
  documentValue: 11_800_000,
  status: 'YetNotGenerated',
  ewbNumber: null,
  generatedAt: null,
  validUntil: null,
  distanceKm: null,
  transportMode: null,
  vehicleNumber: null,
  transporterId: null,
  transporterName: null,
  extensionCount: 0,
  errorCode: null,
  errorMessage: null,
  vehicleType: null,
  transportDocumentNumber: null,
  transportDocumentDate: null,
  fromPlace: null,
  fromState: null,
  errors: [],
  cancelReasonCode: null,
  cancelRemark: null,
  cancelledAt: null,
  events: [],
  actions: {
    cancel: { allowed: false, reason: 'There is no e-way bill yet.' },
    reject: { allowed: false, reason: 'There is no e-way bill yet.' },
    updateVehicle: { allowed: false, reason: 'There is no e-way bill yet.' },
    updateTransporter: { allowed: false, reason: 'There is no e-way bill yet.' },
    extend: { allowed: false, reason: 'There is no e-way bill yet.' },
    consolidate: { allowed: false, reason: 'There is no e-way bill yet.' },
    multiVehicle: { allowed: false, reason: 'There is no e-way bill yet.' },
  },
  multiVehicleGroups: [],
  isSandbox: true,
  ...extra,
});

describe('EwaybillDocumentAction', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is offered only for saved sales documents that move goods', () => {
    expect(movesGoods(document)).toBe(true);
    expect(movesGoods({ ...document, documentType: 'CHL' })).toBe(true);
    expect(movesGoods({ ...document, documentType: 'CRN' })).toBe(false);
    expect(movesGoods({ ...document, isDraftDocument: true })).toBe(false);
    expect(movesGoods({ ...document, direction: 'Purchase' })).toBe(false);
  });

  it('generates with the transport entered and then shows the number with the time left', async () => {
    let generated = false;
    const calls = stubApi((url) => {
      if (url.includes('/ewaybill/generate')) {
        generated = true;
        return json(detail({ status: 'Generated', ewbNumber: '181000000077' }));
      }
      return json(
        generated
          ? detail({
              status: 'Generated',
              ewbNumber: '181000000077',
              generatedAt: new Date().toISOString(),
              validUntil: new Date(Date.now() + 30 * HOUR).toISOString(),
            })
          : detail(),
      );
    });
    renderAt(<EwaybillDocumentAction document={document} />, '/edit-document', ['EWayBillView', 'EWayBillGenerate']);
    fireEvent.click(await screen.findByTestId('document-generate-ewaybill', {}, { timeout: 5000 }));
    fireEvent.change(await screen.findByTestId('ewaybill-form-distance', {}, { timeout: 5000 }), { target: { value: '250' } });
    fireEvent.change(screen.getByTestId('ewaybill-form-vehicle'), { target: { value: 'KA01AB1234' } });
    fireEvent.click(screen.getByTestId('ewaybill-action-send'));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/ewaybill/generate'))?.body).toMatchObject({
        documentId: 5,
        distanceKm: 250,
        vehicleNumber: 'KA01AB1234',
      }),
    );
    const number = await screen.findByTestId('document-ewaybill-number', {}, { timeout: 5000 });
    expect(number.textContent).toContain('181000000077');
    expect(number.textContent).toMatch(/\(1 d 5 h left\)|\(1 d 6 h left\)/);
    expect(screen.queryByTestId('document-generate-ewaybill')).toBeNull();
  });

  it('shows the status without the action to a user who may only view', async () => {
    stubApi(() => json(detail()));
    renderAt(<EwaybillDocumentAction document={document} />, '/edit-document', ['EWayBillView']);
    expect((await screen.findByTestId('document-ewaybill', {}, { timeout: 5000 })).textContent).toContain('Yet not generated');
    expect(screen.queryByTestId('document-generate-ewaybill')).toBeNull();
  });
});
