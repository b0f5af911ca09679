import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { EinvoiceItem } from '@opengst/contracts';
import { json, renderAt, stubApi } from '../../test/screenTestSupport';
import { EInvoiceScreen } from './EInvoiceScreen';

// /e-invoice shows the acknowledgement in India's time whatever the browser's zone: this file runs in New York (UTC-5
// in November), where 04:30 UTC is 23:30 of the day before and dayjs's local format would say so.
vi.hoisted(() => {
  process.env.TZ = 'America/New_York';
});

const GENERATED = '2026-11-20T04:30:00.000Z'; // 20-11-2026 10:00 IST

const einvoice: EinvoiceItem = {
  id: 5,
  entityId: 2,
  entityName: 'Delhi',
  gstin: '07AAACT1234F1Z5',
  documentType: 'INV',
  documentNumber: 'EI/5',
  documentDate: '2026-11-20',
  supplyType: 'B2B',
  counterpartyGstin: '27AABCT3518Q1ZW',
  counterpartyName: 'Tata Consultancy Services Limited',
  documentValue: 118_000,
  status: 'Generated',
  irn: 'a'.repeat(64),
  ackNo: '112610000000042',
  ackDate: GENERATED,
  errorCode: null,
  errorMessage: null,
  cancelledIrn: null,
  cancelledAt: null,
};

describe('India’s time on /e-invoice, in a browser outside India', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('runs in a zone that is not India’s', () => {
    expect(new Date(GENERATED).getHours()).toBe(23);
  });

  it('shows the e-invoice’s acknowledgement date in IST', async () => {
    stubApi((url) => {
      if (url.includes('/user/entities')) return json([]);
      if (url.includes('/einvoice/statusCount')) return json({ items: [], total: 1, isSandbox: true });
      return json({ items: [einvoice], totalRecords: 1 });
    });
    renderAt(<EInvoiceScreen />, '/e-invoice', ['EInvoiceView']);
    const row = await screen.findByTestId('einvoice-row-EI/5', {}, { timeout: 5000 });
    expect(within(row).getByText('20-11-2026 10:00 IST')).toBeTruthy();
  });
});
