import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AvailableSeries, LoadSettings } from '@opengst/contracts';
import { json, stubApi, type Call } from '../../test/screenTestSupport';
import { DocumentScreen } from './DocumentScreen';

// The document screen's number series (issue 20): a new sales document is offered its location's series with the
// default preselected and the number shown (not typed); dropping the series gives the number field back; a purchase
// is never numbered from a series; the save sends the series and no number.

const LOCATION = {
  entityId: 11,
  parentEntityId: 10,
  gstin: '07AAACT1234F1Z5',
  entityName: 'Delhi',
  entityType: 'Location',
  status: 'Active',
  stateCode: '07',
  hasAccess: true,
};
const OFFERED: AvailableSeries[] = [
  { seriesId: 4, name: 'Delhi B2C', nextDocumentNumber: 'DLB/0007', isDefault: true },
  { seriesId: 3, name: 'Delhi invoices', nextDocumentNumber: 'DL/00012', isDefault: false },
];

const renderScreen = (address: string) => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  window.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => {};
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rights = ['DocumentCreate', 'DocumentDraft', 'DocumentEdit'].map((rightId) => ({
    rightId,
    hasAccess: true,
    trialExpiry: null,
    isBlocked: false,
    isPremium: false,
    isHidden: false,
  }));
  client.setQueryData(['loadSettings'], {
    rights,
    settings: {
      poolingTime: 1,
      pageSize: 50,
      subscriberSettings: { autoCompute: { computeTax: true, confirmDocumentValueAbove: null } },
    },
  } as unknown as LoadSettings);
  client.setQueryData(['financialYears'], [{ id: 1, label: '2026-27', startDate: '2026-04-01', endDate: '2027-03-31' }]);
  const router = createMemoryRouter(
    [
      { path: '/create-document', element: <DocumentScreen /> },
      { path: '/edit-document', element: <div data-testid="saved">saved</div> },
    ],
    { initialEntries: [address] },
  );
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
};

const answer = (url: string, call: Call): Response => {
  if (url.includes('/user/entities')) return json([LOCATION]);
  if (url.includes('/series/available')) return json(OFFERED);
  if (url.includes('/document/validate')) return json({ errors: [], taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0, documentValue: 0 });
  if (url.includes('/document/save')) return json({ ...(call.body as object), id: 9, documentNumber: 'DLB/0007', direction: 'Sales' });
  return json([]);
};

describe('DocumentScreen: number series', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('preselects the default series and shows the number it will take; dropping it gives the number field back', async () => {
    const calls = stubApi(answer);
    renderScreen('/create-document?type=Sales');
    const number = (await screen.findByTestId('document-number', {}, { timeout: 5000 })) as HTMLInputElement;
    await waitFor(() => expect(number.value).toBe('DLB/0007'), { timeout: 5000 });
    expect(number.disabled).toBe(true);
    expect((screen.getByTestId('document-series') as HTMLInputElement).value).toBe('Delhi B2C');
    const asked = calls.find((c) => c.url.includes('/series/available'))?.url ?? '';
    expect(asked).toContain('entityId=11');
    expect(asked).toContain('documentType=INV');

    fireEvent.click(screen.getByTestId('document-series'));
    fireEvent.click(await screen.findByRole('option', { name: 'Delhi invoices', hidden: true }, { timeout: 5000 }));
    await waitFor(() => expect(number.value).toBe('DL/00012'), { timeout: 5000 });

    // The clear button of the select: the number is typed again, and the default does not come back.
    const clear = screen.getByTestId('document-series').parentElement?.querySelector('button');
    if (!clear) throw new Error('no clear button');
    fireEvent.click(clear);
    await waitFor(() => expect(number.disabled).toBe(false), { timeout: 5000 });
    expect(number.value).toBe('');
  });

  it('saves with the series and no typed number', async () => {
    const calls = stubApi(answer);
    renderScreen('/create-document?type=Sales');
    const number = (await screen.findByTestId('document-number', {}, { timeout: 5000 })) as HTMLInputElement;
    await waitFor(() => expect(number.value).toBe('DLB/0007'), { timeout: 5000 });
    fireEvent.click(screen.getByTestId('document-save'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/document/save'))).toBe(true), { timeout: 5000 });
    expect(calls.find((c) => c.url.includes('/document/save'))?.body).toMatchObject({ seriesId: 4, documentNumber: '', entityId: 11 });
  });

  it('offers no series for a purchase', async () => {
    const calls = stubApi(answer);
    renderScreen('/create-document?type=Purchase');
    const number = (await screen.findByTestId('document-number', {}, { timeout: 5000 })) as HTMLInputElement;
    await waitFor(() => expect(calls.some((c) => c.url.includes('/user/entities'))).toBe(true), { timeout: 5000 });
    expect(number.disabled).toBe(false);
    expect(screen.queryByTestId('document-series')).toBeNull();
    expect(calls.some((c) => c.url.includes('/series/available'))).toBe(false);
  });
});
