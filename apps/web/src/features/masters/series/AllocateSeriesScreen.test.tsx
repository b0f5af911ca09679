import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Allocation, Series } from '@opengst/contracts';
import { json, pick, renderAt, stubApi } from '../../../test/screenTestSupport';
import { AllocateSeriesScreen } from './AllocateSeriesScreen';

// /allocate-series: the list with the default marked, and allocating a series to one of the user's locations.

const allocation: Allocation = {
  id: 5,
  seriesId: 1,
  seriesName: 'Delhi invoices',
  financialYear: '2026-27',
  prefix: 'DL/',
  nextDocumentNumber: 'DL/0007',
  seriesStatus: 'Active',
  entityId: 11,
  entityName: 'Delhi',
  gstin: '07AAACT1234F1Z5',
  documentType: 'INV',
  isDefault: true,
  numbered: 6,
  status: 'Active',
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const series = { id: 1, name: 'Delhi invoices', financialYear: '2026-27', nextDocumentNumber: 'DL/0007' } as Series;
const locations = [
  {
    entityId: 10,
    parentEntityId: null,
    gstin: null,
    entityName: 'Business',
    entityType: 'Business',
    status: 'Active',
    stateCode: null,
    hasAccess: true,
  },
  {
    entityId: 11,
    parentEntityId: 10,
    gstin: '07AAACT1234F1Z5',
    entityName: 'Delhi',
    entityType: 'Location',
    status: 'Active',
    stateCode: '07',
    hasAccess: true,
  },
];

describe('AllocateSeriesScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists allocations with the default marked, and allocates a series to a location and type', async () => {
    Element.prototype.scrollIntoView ??= () => {};
    const calls = stubApi((url, call) => {
      if (url.includes('/user/entities')) return json(locations);
      if (url.includes('/master/financialYears')) return json([]);
      if (url.includes('/allocateSeries/save')) return json({ ...allocation, id: 6, documentType: 'BIL' });
      if (url.includes('/series/search')) return json({ items: [series], totalRecords: 1 });
      if (url.includes('/allocateSeries/search')) return json({ items: call.body ? [allocation] : [], totalRecords: 1 });
      return json({});
    });
    renderAt(<AllocateSeriesScreen />, '/allocate-series', ['MasterSeries']);
    expect(await screen.findByText('Default', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('DL/0007')).toBeTruthy();
    fireEvent.click(screen.getByTestId('allocation-add'));
    await pick(await screen.findByTestId('allocation-series', {}, { timeout: 5000 }), 'Delhi invoices (2026-27, next DL/0007)');
    // The user's only location is chosen for them; picking it again keeps it.
    expect((screen.getByTestId('allocation-location') as HTMLInputElement).value).toBe('Delhi (07AAACT1234F1Z5)');
    await pick(screen.getByTestId('allocation-location'), 'Delhi (07AAACT1234F1Z5)');
    await pick(screen.getByTestId('allocation-type'), 'BIL: Bill of supply');
    fireEvent.click(screen.getByTestId('allocation-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/allocateSeries/save'))?.body).toEqual({
        seriesId: 1,
        entityId: 11,
        documentType: 'BIL',
        isDefault: true,
        status: 'Active',
      }),
    );
  });
});
