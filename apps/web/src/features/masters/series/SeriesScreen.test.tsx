import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Series } from '@opengst/contracts';
import { json, refusal, renderAt, stubApi } from '../../../test/screenTestSupport';
import { SeriesScreen } from './SeriesScreen';

// /series: the list sorted id DESC, the form's Rule 46(b) preview and check before anything is sent, the save, and
// the server's refusal to delete a series in use shown with its reason.

const row = (id: number, extra: Partial<Series> = {}): Series => ({
  id,
  name: `Series ${id}`,
  financialYear: '2026-27',
  prefix: `S${id}/`,
  padding: 4,
  startNumber: 1,
  nextNumber: 3,
  nextDocumentNumber: `S${id}/0003`,
  numbered: 2,
  lastNumber: `S${id}/0002`,
  allocations: 1,
  status: 'Active',
  updatedByName: 'Admin',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});

describe('SeriesScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists series by id DESC with their next number, and asks again by name when a header is clicked', async () => {
    const calls = stubApi(() => json({ items: [row(2), row(1)], totalRecords: 2 }));
    renderAt(<SeriesScreen />, '/series', ['MasterSeries']);
    expect((await screen.findByTestId('series-next-2', {}, { timeout: 5000 })).textContent).toBe('S2/0003');
    expect(calls[0]?.body).toMatchObject({ start: 0, sortExpression: 'id DESC' });
    fireEvent.click(screen.getByTestId('sort-name'));
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ sortExpression: 'name ASC' }));
  });

  it('previews the number and refuses one over 16 characters before sending; sends a valid series', async () => {
    const calls = stubApi((url) => (url.includes('/series/save') ? json(row(3)) : json({ items: [], totalRecords: 0 })));
    renderAt(<SeriesScreen />, '/series', ['MasterSeries']);
    fireEvent.click(await screen.findByTestId('series-add', {}, { timeout: 5000 }));
    const name = await screen.findByTestId('series-name', {}, { timeout: 5000 });
    fireEvent.change(name, { target: { value: 'Invoices' } });
    fireEvent.change(screen.getByTestId('series-prefix'), { target: { value: 'INVOICE/2026-27' } });
    expect(screen.getByTestId('series-preview').textContent).toContain('INVOICE/2026-270001');
    expect(screen.getByTestId('series-preview').textContent).toContain('19 characters');
    fireEvent.click(screen.getByTestId('series-save'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((c) => c.url.includes('/series/save'))).toBe(false);

    fireEvent.change(screen.getByTestId('series-prefix'), { target: { value: 'INV/26-27/' } });
    expect(screen.getByTestId('series-preview').textContent).toContain('INV/26-27/0001 (14 of 16 characters)');
    fireEvent.click(screen.getByTestId('series-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/series/save'))?.body).toMatchObject({
        name: 'Invoices',
        prefix: 'INV/26-27/',
        padding: 4,
        startNumber: 1,
      }),
    );
  });

  it("shows the server's reason when deleting a series in use is refused", async () => {
    stubApi((url) =>
      url.includes('/series/delete')
        ? refusal('GEN0009', 'Series "Series 1" is in use: it has numbered 2 document(s) in 2026-27, from S1/0001 to S1/0002.')
        : json({ items: [row(1)], totalRecords: 1 }),
    );
    renderAt(<SeriesScreen />, '/series', ['MasterSeries']);
    const line = await screen.findByTestId('series-row-Series 1', {}, { timeout: 5000 });
    fireEvent.click(within(line).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('series-delete'));
    fireEvent.click(await screen.findByTestId('series-delete-confirm', {}, { timeout: 5000 }));
    expect((await screen.findByTestId('action-refusal', {}, { timeout: 5000 })).textContent).toContain('from S1/0001 to S1/0002');
  });
});
