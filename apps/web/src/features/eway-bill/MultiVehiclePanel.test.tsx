import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { EwaybillDetail } from '@opengst/contracts';
import { json, pick, refusal, renderAt, stubApi } from '../../test/screenTestSupport';
import { MultiVehiclePanel } from './MultiVehiclePanel';

// The multi-vehicle movement of an e-way bill on its drawer: start a group with the quantity and the new mode, add a
// vehicle with its share (what is left shown, the server's refusal in place), change a vehicle with a reason; nothing
// offered when the law does not allow it now, the reason on the button.

const ALLOWED = { allowed: true, reason: null };
const group = (vehicles: EwaybillDetail['multiVehicleGroups'][number]['vehicles']) => ({
  groupNumber: 1,
  fromPlace: 'Agra',
  toPlace: 'Mumbai',
  transportMode: '1',
  totalQuantity: 100,
  unitCode: 'NOS',
  vehicles,
});
const detailOf = (extra: Partial<EwaybillDetail> = {}) =>
  ({
    id: 3,
    ewbNumber: '181000000042',
    multiVehicleGroups: [],
    actions: { multiVehicle: ALLOWED },
    ...extra,
  }) as unknown as EwaybillDetail;
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('MultiVehiclePanel', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('starts a multi-vehicle movement with the quantity, the new mode and the reason', async () => {
    const calls = stubApi(() => json(detailOf()));
    const onDone = vi.fn();
    renderAt(<MultiVehiclePanel detail={detailOf()} canAct onDone={onDone} />, '/e-way-bill', ['EWayBillGenerate']);
    fireEvent.click(screen.getByTestId('multi-vehicle-start'));
    await screen.findByTestId('multi-vehicle-form', {}, { timeout: 5000 });
    type('multi-form-from-place', 'Agra');
    type('multi-form-from-state', '09');
    type('multi-form-to-place', 'Mumbai');
    type('multi-form-to-state', '27');
    type('multi-form-quantity', '100');
    type('multi-form-unit', 'nos');
    type('multi-form-remark', 'Transhipment');
    // Without a reason the form does not send.
    expect((screen.getByTestId('multi-vehicle-send') as HTMLButtonElement).disabled).toBe(true);
    await pick(screen.getByTestId('multi-form-reason'), '2 Due to Transhipment');
    fireEvent.click(screen.getByTestId('multi-vehicle-send'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.find((c) => c.url.includes('/ewaybill/multiVehicle/start'))?.body).toEqual({
      documentId: 3,
      fromPlace: 'Agra',
      fromState: '09',
      toPlace: 'Mumbai',
      toState: '27',
      transportMode: '1',
      totalQuantity: 100,
      unitCode: 'NOS',
      reasonCode: '2',
      remark: 'Transhipment',
    });
  });

  it('adds a vehicle with its share, showing what is left and the refusal in place, then changes a vehicle', async () => {
    let adds = 0;
    const calls = stubApi((url) => {
      if (url.includes('/multiVehicle/add')) {
        adds += 1;
        return adds === 1
          ? refusal('GEN0009', 'Group 1 moves 100 NOS; 60 are already in its vehicles, so at most 40 more.')
          : json(detailOf());
      }
      return json(detailOf());
    });
    const onDone = vi.fn();
    const detail = detailOf({
      multiVehicleGroups: [group([{ vehicleNumber: 'MH12AB0001', transportDocumentNumber: null, quantity: 60 }])],
    });
    renderAt(<MultiVehiclePanel detail={detail} canAct onDone={onDone} />, '/e-way-bill', ['EWayBillGenerate']);
    expect(screen.getByTestId('multi-group-1').textContent).toContain('Group 1: Agra → Mumbai, 60 of 100 NOS in vehicles');
    expect(screen.getByTestId('multi-vehicle-1-0').textContent).toContain('MH12AB0001');

    fireEvent.click(screen.getByTestId('multi-add-1'));
    expect((await screen.findByTestId('multi-form-left', {}, { timeout: 5000 })).textContent).toBe('40 NOS left to place in vehicles');
    type('multi-form-vehicle', 'mh12ab0002');
    type('multi-form-quantity', '41');
    fireEvent.click(screen.getByTestId('multi-vehicle-send'));
    expect((await screen.findByTestId('multi-vehicle-refused', {}, { timeout: 5000 })).textContent).toContain('at most 40 more');
    expect(onDone).not.toHaveBeenCalled();
    type('multi-form-quantity', '40');
    fireEvent.click(screen.getByTestId('multi-vehicle-send'));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.url.includes('/multiVehicle/add')).at(-1)?.body).toEqual({
      documentId: 3,
      groupNumber: 1,
      vehicleNumber: 'MH12AB0002',
      transportDocumentNumber: null,
      transportDocumentDate: null,
      quantity: 40,
    });

    fireEvent.click(screen.getByTestId('multi-change-1-0'));
    await screen.findByTestId('multi-vehicle-form', {}, { timeout: 5000 });
    type('multi-form-vehicle', 'MH12AB0009');
    type('multi-form-from-place', 'Nashik');
    type('multi-form-from-state', '27');
    type('multi-form-remark', 'Breakdown');
    await pick(screen.getByTestId('multi-form-reason'), '1 Due to Break Down');
    fireEvent.click(screen.getByTestId('multi-vehicle-send'));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(2));
    expect(calls.find((c) => c.url.includes('/multiVehicle/change'))?.body).toEqual({
      documentId: 3,
      groupNumber: 1,
      oldVehicleNumber: 'MH12AB0001',
      oldTransportDocumentNumber: null,
      newVehicleNumber: 'MH12AB0009',
      newTransportDocumentNumber: null,
      fromPlace: 'Nashik',
      fromState: '27',
      reasonCode: '1',
      remark: 'Breakdown',
    });
  });

  it('offers nothing the law does not allow now, with the reason on the button', () => {
    stubApi(() => json(detailOf()));
    const reason = 'Only a movement by road changes vehicles.';
    const detail = detailOf({
      actions: { multiVehicle: { allowed: false, reason } } as EwaybillDetail['actions'],
      multiVehicleGroups: [group([])],
    });
    renderAt(<MultiVehiclePanel detail={detail} canAct onDone={() => {}} />, '/e-way-bill', ['EWayBillGenerate']);
    const start = screen.getByTestId('multi-vehicle-start') as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    expect(start.getAttribute('data-reason')).toBe(reason);
    expect(screen.queryByTestId('multi-add-1')).toBeNull();
  });
});
