import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EwaybillDetail, EwaybillItem } from '@opengst/contracts';
import { json, renderAt, stubApi } from '../../test/screenTestSupport';
import { EWayBillScreen } from './EWayBillScreen';

// The e-way bill screens show India's time whatever the browser's zone: this file runs in New York
// (UTC-5 in November), where 04:30 UTC is 23:30 of the day before and dayjs's local format would say so.
vi.hoisted(() => {
  process.env.TZ = 'America/New_York';
});

const GENERATED = '2026-11-20T04:30:00.000Z'; // 20-11-2026 10:00 IST
const VALID_UNTIL = '2099-11-27T18:29:59.000Z'; // 27-11-2099 23:59 IST
const VEHICLE_AT = '2026-11-20T20:15:00.000Z'; // 21-11-2026 01:45 IST

const ewaybill: EwaybillItem = {
  id: 3,
  entityId: 2,
  entityName: 'Delhi',
  gstin: '07AAACT1234F1Z5',
  documentType: 'INV',
  documentNumber: 'EWB/3',
  documentDate: '2026-11-20',
  source: 'Manual',
  counterpartyGstin: '27AABCT3518Q1ZW',
  counterpartyName: 'Tata Consultancy Services Limited',
  documentValue: 11_800_000,
  status: 'VehicleDetailUpdated',
  ewbNumber: '181000000042',
  generatedAt: GENERATED,
  validUntil: VALID_UNTIL,
  distanceKm: 1400,
  transportMode: '1',
  vehicleNumber: 'HR26DK8337',
  transporterId: null,
  transporterName: null,
  extensionCount: 0,
  errorCode: null,
  errorMessage: null,
};
const NO = { allowed: false, reason: 'Not now.' };
const detail: EwaybillDetail = {
  ...ewaybill,
  vehicleType: 'R',
  transportDocumentNumber: null,
  transportDocumentDate: null,
  fromPlace: 'Gurugram',
  fromState: '06',
  errors: [],
  cancelReasonCode: null,
  cancelRemark: null,
  cancelledAt: null,
  events: [
    ['GENEWAYBILL', 'Generated', GENERATED, null, null],
    ['VEHEWB', 'VehicleDetailUpdated', VEHICLE_AT, '1', 'Due to Break Down'],
  ].map(([action, status, at, reasonCode, reasonName]) => ({
    action: action!,
    ewbNumber: '181000000042',
    status: status as EwaybillDetail['status'],
    reasonCode: reasonCode ?? null,
    reasonName: reasonName ?? null,
    remark: null,
    vehicleNumber: action === 'VEHEWB' ? 'HR26DK8337' : 'DL01AB1234',
    transporterId: null,
    validUntil: VALID_UNTIL,
    errorCode: null,
    errorMessage: null,
    at: at!,
    byName: 'Admin',
  })),
  actions: { cancel: NO, reject: NO, updateVehicle: NO, updateTransporter: NO, extend: NO, consolidate: NO, multiVehicle: NO },
  multiVehicleGroups: [],
  isSandbox: true,
};

describe('India’s time on the e-invoice and e-way bill screens, in a browser outside India', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('runs in a zone that is not India’s', () => {
    expect(new Date(GENERATED).getHours()).toBe(23);
  });

  it('shows the e-way bill’s generation, validity and history in IST, the history naming the reason', async () => {
    stubApi((url) => {
      if (url.includes('/user/entities')) return json([]);
      if (url.includes('/ewaybill/statusCount')) return json({ items: [], total: 1, isSandbox: true });
      if (url.includes('/ewaybill/detail')) return json(detail);
      return json({ items: [ewaybill], totalRecords: 1 });
    });
    renderAt(<EWayBillScreen />, '/e-way-bill', ['EWayBillView']);
    const row = await screen.findByTestId('ewaybill-row-EWB/3', {}, { timeout: 5000 });
    expect(within(row).getByText('20-11-2026 10:00 IST')).toBeTruthy();
    expect(within(row).getByText('27-11-2099 23:59 IST')).toBeTruthy();
    fireEvent.click(row);
    const history = await screen.findByTestId('ewaybill-history', {}, { timeout: 5000 });
    expect(history.textContent).toContain('21-11-2026 01:45 IST');
    expect(history.textContent).toContain('Reason: Due to Break Down');
    expect(history.textContent).not.toContain('Reason 1');
  });
});
