import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ConsolidatedEwaybillItem, EwaybillDetail, EwaybillItem } from '@opengst/contracts';
import { json, pick, refusal, renderAt, stubApi, type Call } from '../../test/screenTestSupport';
import { ConsolidatedEwayBillScreen } from './ConsolidatedEwayBillScreen';
import { EWayBillScreen } from './EWayBillScreen';

// /e-way-bill: the list sorted id DESC with the statuses of core §4 by name, the number and the time left of its
// validity; the status bar and source type filter the list; generate for the selected document sends the transport;
// the drawer shows the history and offers only the actions the law allows now (the reason on the disabled ones), and
// the system's refusal in place. /consolidated-eway-bill: the trip sheets with pushStatus and a new vehicle.

const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();
const row = (id: number, documentNumber: string, extra: Partial<EwaybillItem> = {}): EwaybillItem => ({
  id,
  entityId: 2,
  entityName: 'Delhi',
  gstin: '07AAACT1234F1Z5',
  documentType: 'INV',
  documentNumber,
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
  ...extra,
});
const ROWS = [
  row(3, 'EWB/3', {
    status: 'Generated',
    ewbNumber: '181000000042',
    generatedAt: inHours(-2),
    validUntil: inHours(50),
    transportMode: '1',
    vehicleNumber: 'DL01AB1234',
  }),
  row(2, 'EWB/2', {
    status: 'Expired',
    ewbNumber: '181000000041',
    generatedAt: inHours(-100),
    validUntil: inHours(-3),
    transportMode: '1',
  }),
  row(1, 'EWB/1', { source: 'Import' }),
];
const COUNTS = {
  items: [
    { status: 'YetNotGenerated', count: 1 },
    { status: 'Generated', count: 1 },
    { status: 'Expired', count: 1 },
  ],
  total: 3,
  isSandbox: true,
};
const detailOf = (extra: Partial<EwaybillDetail> = {}): EwaybillDetail => ({
  ...ROWS[0]!,
  vehicleType: 'R',
  transportDocumentNumber: null,
  transportDocumentDate: null,
  fromPlace: 'New Delhi',
  fromState: '07',
  errors: [],
  cancelReasonCode: null,
  cancelRemark: null,
  cancelledAt: null,
  events: [
    {
      action: 'GENEWAYBILL',
      ewbNumber: '181000000042',
      status: 'Generated',
      reasonCode: null,
      reasonName: null,
      remark: null,
      vehicleNumber: 'DL01AB1234',
      transporterId: null,
      validUntil: inHours(50),
      errorCode: null,
      errorMessage: null,
      at: inHours(-2),
      byName: 'Admin',
    },
  ],
  actions: {
    cancel: { allowed: true, reason: null },
    reject: { allowed: false, reason: 'Only the other party (the recipient or supplier named) may reject it (Rule 138(12)).' },
    updateVehicle: { allowed: true, reason: null },
    updateTransporter: { allowed: true, reason: null },
    extend: {
      allowed: false,
      reason:
        'Validity may be extended from 29/11/2026, 16:00 IST to 30/11/2026, 07:59 IST, eight hours either side of its end (Rule 138(10)).',
    },
    consolidate: { allowed: true, reason: null },
    multiVehicle: { allowed: true, reason: null },
  },
  multiVehicleGroups: [],
  isSandbox: true,
  ...extra,
});

const answer = (more?: (url: string, call: Call) => Response | undefined) => (url: string, call: Call) => {
  const other = more?.(url, call);
  if (other) return other;
  if (url.includes('/user/entities')) return json([]);
  if (url.includes('/ewaybill/statusCount')) return json(COUNTS);
  if (url.includes('/ewaybill/detail')) return json(detailOf());
  const filters = (call.body as { filters?: { pushStatuses?: string[]; sourceType?: string } } | null)?.filters;
  const items = ROWS.filter(
    (r) =>
      (!filters?.pushStatuses?.length || filters.pushStatuses.includes(r.status)) &&
      (!filters?.sourceType || r.source === filters.sourceType),
  );
  return json({ items, totalRecords: items.length });
};

const selectRow = (documentNumber: string) =>
  fireEvent.click(within(screen.getByTestId(`ewaybill-row-${documentNumber}`)).getByRole('checkbox'));

describe('EWayBillScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists documents id DESC with statuses by name, the number and the time left, and filters by status', async () => {
    const calls = stubApi(answer());
    renderAt(<EWayBillScreen />, '/e-way-bill', ['EWayBillView']);
    const live = await screen.findByTestId('ewaybill-row-EWB/3', {}, { timeout: 5000 });
    expect(within(live).getByText('Generated')).toBeTruthy();
    expect(screen.getByTestId('ewaybill-number-EWB/3').textContent).toBe('181000000042');
    expect(screen.getByTestId('ewaybill-left-EWB/3').textContent).toMatch(/^2 d 1 h left$|^2 d 2 h left$/);
    expect(screen.getByTestId('ewaybill-left-EWB/2').textContent).toMatch(/^expired 3 h/);
    expect(within(screen.getByTestId('ewaybill-row-EWB/2')).getByText('Expired')).toBeTruthy();
    expect(calls.find((c) => c.url.includes('/ewaybill/search'))?.body).toMatchObject({ start: 0, sortExpression: 'id DESC' });
    // View only: no selection, so no generate.
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect((await screen.findByTestId('ewaybill-sandbox-notice', {}, { timeout: 5000 })).textContent).toContain('not to NIC');

    fireEvent.click(await screen.findByTestId('status-Expired', {}, { timeout: 5000 }));
    await waitFor(() => expect(screen.queryByTestId('ewaybill-row-EWB/3')).toBeNull());
    expect(calls.filter((c) => c.url.includes('/ewaybill/search')).at(-1)?.body).toMatchObject({ filters: { pushStatuses: ['Expired'] } });
  });

  it('generates for the selected document with the transport entered, and shows the refusal in place', async () => {
    const calls = stubApi(
      answer((url) =>
        url.includes('/ewaybill/generate')
          ? refusal('GEN0009', 'The document is dated 2026-01-01, more than 180 days before generation')
          : undefined,
      ),
    );
    renderAt(<EWayBillScreen />, '/e-way-bill', ['EWayBillView', 'EWayBillGenerate']);
    await screen.findByTestId('ewaybill-row-EWB/1', {}, { timeout: 5000 });
    selectRow('EWB/3');
    // A live e-way bill is not generated again; it may be consolidated.
    expect((screen.getByTestId('ewaybill-generate') as HTMLButtonElement).disabled).toBe(true);
    selectRow('EWB/3');
    selectRow('EWB/1');
    fireEvent.click(screen.getByTestId('ewaybill-generate'));
    fireEvent.change(await screen.findByTestId('ewaybill-form-distance', {}, { timeout: 5000 }), { target: { value: '1400' } });
    fireEvent.change(screen.getByTestId('ewaybill-form-vehicle'), { target: { value: 'DL01AB1234' } });
    fireEvent.click(screen.getByTestId('ewaybill-action-send'));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/ewaybill/generate'))?.body).toMatchObject({
        documentId: 1,
        distanceKm: 1400,
        transportMode: '1',
        vehicleNumber: 'DL01AB1234',
      }),
    );
    expect((await screen.findByTestId('ewaybill-action-refused', {}, { timeout: 5000 })).textContent).toContain('more than 180 days');
  });

  it('opens the drawer with the history, offers only the allowed actions and sends a vehicle update', async () => {
    const calls = stubApi(
      answer((url) =>
        url.includes('/ewaybill/updateVehicle')
          ? json(detailOf({ status: 'VehicleDetailUpdated', vehicleNumber: 'HR26DK8337' }))
          : undefined,
      ),
    );
    renderAt(<EWayBillScreen />, '/e-way-bill', ['EWayBillView', 'EWayBillGenerate']);
    fireEvent.click(await screen.findByTestId('ewaybill-row-EWB/3', {}, { timeout: 5000 }));
    const history = await screen.findByTestId('ewaybill-history', {}, { timeout: 5000 });
    expect(history.textContent).toContain('GENEWAYBILL');
    expect(history.textContent).toContain('Admin');
    const extend = screen.getByTestId('ewaybill-action-extend') as HTMLButtonElement;
    expect(extend.disabled).toBe(true);
    expect(extend.getAttribute('data-reason')).toContain('eight hours either side');
    expect((screen.getByTestId('ewaybill-action-cancel') as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(screen.getByTestId('ewaybill-action-updateVehicle'));
    fireEvent.change(await screen.findByTestId('ewaybill-form-vehicle', {}, { timeout: 5000 }), { target: { value: 'HR26DK8337' } });
    fireEvent.change(screen.getByTestId('ewaybill-form-from-place'), { target: { value: 'Gurugram' } });
    fireEvent.change(screen.getByTestId('ewaybill-form-from-state'), { target: { value: '06' } });
    fireEvent.change(screen.getByTestId('ewaybill-form-remark'), { target: { value: 'Breakdown' } });
    // The reason is the API's code; without one the form does not send.
    expect((screen.getByTestId('ewaybill-action-send') as HTMLButtonElement).disabled).toBe(true);
    await pick(screen.getByTestId('ewaybill-form-reason'), '1 Due to Break Down');
    fireEvent.click(screen.getByTestId('ewaybill-action-send'));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/ewaybill/updateVehicle'))?.body).toMatchObject({
        documentId: 3,
        transportMode: '1',
        vehicleNumber: 'HR26DK8337',
        fromPlace: 'Gurugram',
        fromState: '06',
        reasonCode: '1',
        remark: 'Breakdown',
      }),
    );
  });
});

describe('EWayBillScreen: a location’s forms', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('rejects, as the other party, an e-way bill by its number, showing the refusal in place first', async () => {
    const LOCATIONS = [
      {
        entityId: 4,
        parentEntityId: 1,
        gstin: '33AAACT1234F1Z1',
        entityName: 'Chennai',
        entityType: 'Location',
        status: 'Active',
        stateCode: '33',
        hasAccess: true,
      },
    ];
    let attempts = 0;
    const calls = stubApi(
      answer((url) => {
        if (url.includes('/user/entities')) return json(LOCATIONS);
        if (url.includes('/ewaybill/reject')) {
          attempts += 1;
          return attempts === 1
            ? refusal('GEN0009', 'E-way bill 181000000042: It could be rejected within 72 hours, until 28/11/2026, 10:00 IST')
            : json({ ewbNumber: '181000000042', status: 'Rejected', rejectedAt: new Date().toISOString() });
        }
        return undefined;
      }),
    );
    renderAt(<EWayBillScreen />, '/e-way-bill', ['EWayBillView', 'EWayBillGenerate']);
    fireEvent.click(await screen.findByTestId('ewaybill-reject', {}, { timeout: 5000 }));
    fireEvent.click(await screen.findByTestId('ewb-location', {}, { timeout: 5000 }));
    const options = await screen.findAllByRole('option', { name: '33AAACT1234F1Z1 · Chennai', hidden: true }, { timeout: 5000 });
    fireEvent.click(options.at(-1)!);
    fireEvent.change(screen.getByTestId('ewb-location-first'), { target: { value: '1810-0000-0042' } });
    fireEvent.click(screen.getByTestId('ewb-location-send'));
    expect((await screen.findByTestId('ewb-location-refused', {}, { timeout: 5000 })).textContent).toContain('within 72 hours');
    fireEvent.click(screen.getByTestId('ewb-location-send'));
    await waitFor(() => expect(screen.queryByTestId('ewb-location-first')).toBeNull());
    expect(calls.filter((c) => c.url.includes('/ewaybill/reject')).at(-1)?.body).toEqual({ entityId: 4, ewbNumber: '181000000042' });
  });
});

describe('ConsolidatedEwayBillScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const TRIP: ConsolidatedEwaybillItem = {
    id: 7,
    entityId: 2,
    entityName: 'Delhi',
    tripSheetNumber: '1810000007',
    status: 'Generated',
    transportMode: '1',
    vehicleNumber: 'DL01LX0001',
    transportDocumentNumber: null,
    fromPlace: 'New Delhi',
    fromState: '07',
    generatedAt: inHours(-1),
    errorCode: null,
    errorMessage: null,
    ewaybills: [
      { documentId: 1, documentNumber: 'EWB/C1', ewbNumber: '181000000051' },
      { documentId: 2, documentNumber: 'EWB/C2', ewbNumber: '181000000052' },
    ],
  };

  it('lists trip sheets id DESC with their e-way bills, filters by pushStatus and changes the vehicle', async () => {
    const calls = stubApi((url) => {
      if (url.includes('/consolidated/regenerate')) return json({ ...TRIP, status: 'Regenerated', tripSheetNumber: '1810000008' });
      return json({ items: [TRIP], totalRecords: 1 });
    });
    renderAt(<ConsolidatedEwayBillScreen />, '/consolidated-eway-bill', ['ConsolidatedEWayBill']);
    const trip = await screen.findByTestId('consolidated-row-7', {}, { timeout: 5000 });
    expect(trip.textContent).toContain('181000000051 (EWB/C1)');
    expect(calls.find((c) => c.url.includes('/consolidated/search'))?.body).toMatchObject({ sortExpression: 'id DESC' });
    await pick(screen.getByTestId('consolidated-filter-status'), 'Regenerated');
    await waitFor(() =>
      expect(calls.filter((c) => c.url.includes('/consolidated/search')).at(-1)?.body).toMatchObject({
        filters: { pushStatus: 'Regenerated' },
      }),
    );
    fireEvent.click(await screen.findByTestId('consolidated-regenerate-7', {}, { timeout: 5000 }));
    fireEvent.change(await screen.findByTestId('ewaybill-form-vehicle', {}, { timeout: 5000 }), { target: { value: 'RJ14CA2222' } });
    fireEvent.change(screen.getByTestId('ewaybill-form-from-place'), { target: { value: 'Jaipur' } });
    fireEvent.change(screen.getByTestId('ewaybill-form-from-state'), { target: { value: '08' } });
    fireEvent.change(screen.getByTestId('ewaybill-form-remark'), { target: { value: 'Transhipment' } });
    await pick(screen.getByTestId('ewaybill-form-reason'), '2 Due to Transhipment');
    fireEvent.click(screen.getByTestId('ewaybill-action-send'));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/consolidated/regenerate'))?.body).toMatchObject({
        id: 7,
        vehicleNumber: 'RJ14CA2222',
        fromPlace: 'Jaipur',
        fromState: '08',
        reasonCode: '2',
        remark: 'Transhipment',
      }),
    );
  });
});
