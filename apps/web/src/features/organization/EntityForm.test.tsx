import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { EntityDetail } from '@opengst/contracts';
import { json, pick, renderAt, stubApi } from '../../test/screenTestSupport';
import { EntityForm } from './EntityForm';

// The entity form asks a new location for its effective date of registration: its returns start from that month
// (issue 17, item 6). An existing location keeps the date it has, and an older one without it can still be saved.

const GSTIN = '27AAPFU0939F1ZV';

const stub = () =>
  stubApi((url) => {
    if (url.includes('/entity/save')) return json({ entityId: 9 });
    if (url.includes('/master/states')) return json([{ code: '27', name: 'Maharashtra', isUnionTerritory: false }]);
    return json([]);
  });

const dateInput = () => screen.getByTestId('entity-registration-date');
const saves = (calls: ReturnType<typeof stub>) => calls.filter((call) => call.url.includes('/entity/save'));

describe('EntityForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks a new location with a GSTIN for its registration date before saving, and sends it', async () => {
    const calls = stub();
    const onSaved = vi.fn();
    renderAt(<EntityForm detail={null} onSaved={onSaved} />, '/entities', ['EntityManage']);
    fireEvent.change(screen.getByTestId('entity-name'), { target: { value: 'Mumbai' } });
    fireEvent.change(screen.getByTestId('entity-gstin'), { target: { value: GSTIN } });
    expect(dateInput().hasAttribute('required')).toBe(true);

    fireEvent.click(screen.getByTestId('entity-save'));
    expect(await screen.findByText('Enter the effective date of registration of this GSTIN.')).toBeTruthy();
    expect(saves(calls)).toHaveLength(0);

    fireEvent.change(dateInput(), { target: { value: '05-11-2026' } });
    fireEvent.blur(dateInput());
    fireEvent.click(screen.getByTestId('entity-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(9));
    expect(saves(calls)[0]?.body).toMatchObject({ entityType: 'Location', gstin: GSTIN, registrationDate: '2026-11-05' });
  });

  it('keeps the registration date of an existing location, and lets an older one without it be saved', async () => {
    const calls = stub();
    const existing = {
      entityId: 5,
      parentEntityId: 1,
      parentEntityName: 'Business',
      gstin: GSTIN,
      gstinId: 5,
      entityName: 'Mumbai',
      entityType: 'Location',
      status: 'Active',
      isSystem: false,
      hasAccess: true,
      taxpayerType: 'Regular',
      stateCode: '27',
      activeChildren: 0,
      inactiveChildren: 0,
      pan: 'AAPFU0939F',
      legalName: null,
      tradeName: null,
      address: null,
      pincode: null,
      email: null,
      registrationDate: '2019-04-01',
      verticalId: null,
      verticalName: null,
      turnovers: [],
      hasPortalCredential: false,
      portalUserName: null,
      createdAt: '2026-11-01T10:00:00Z',
      updatedAt: '2026-11-01T10:00:00Z',
    } satisfies EntityDetail;
    const onSaved = vi.fn();
    renderAt(<EntityForm detail={existing} onSaved={onSaved} />, '/entities', ['EntityManage']);
    expect((dateInput() as HTMLInputElement).value).toBe('01-04-2019');
    fireEvent.click(screen.getByTestId('entity-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(9));
    expect(saves(calls)[0]?.body).toMatchObject({ entityId: 5, registrationDate: '2019-04-01' });

    cleanup();
    renderAt(<EntityForm detail={{ ...existing, registrationDate: null }} onSaved={onSaved} />, '/entities', ['EntityManage']);
    expect(dateInput().hasAttribute('required')).toBe(false);
    fireEvent.click(screen.getByTestId('entity-save'));
    await waitFor(() => expect(saves(calls)).toHaveLength(2));
    expect(saves(calls)[1]?.body).toMatchObject({ entityId: 5, registrationDate: null });
  });

  it('offers the active verticals and sends the one picked', async () => {
    Element.prototype.scrollIntoView ??= () => {};
    const calls = stubApi((url) => {
      if (url.includes('/entity/save')) return json({ entityId: 9 });
      if (url.includes('/master/states')) return json([{ code: '27', name: 'Maharashtra', isUnionTerritory: false }]);
      if (url.includes('/subscriber/verticals'))
        return json([
          { id: 3, name: 'Exports' },
          { id: 4, name: 'Retail' },
        ]);
      return json([]);
    });
    const onSaved = vi.fn();
    renderAt(<EntityForm detail={null} onSaved={onSaved} />, '/entities', ['EntityManage']);
    fireEvent.change(screen.getByTestId('entity-name'), { target: { value: 'Mumbai' } });
    fireEvent.change(screen.getByTestId('entity-gstin'), { target: { value: GSTIN } });
    fireEvent.change(dateInput(), { target: { value: '05-11-2026' } });
    fireEvent.blur(dateInput());
    await waitFor(() => expect(calls.some((c) => c.url.includes('/subscriber/verticals'))).toBe(true));
    await pick(screen.getByTestId('entity-vertical'), 'Retail');
    fireEvent.click(screen.getByTestId('entity-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(9));
    expect(saves(calls)[0]?.body).toMatchObject({ entityName: 'Mumbai', verticalId: 4 });
  });
});
