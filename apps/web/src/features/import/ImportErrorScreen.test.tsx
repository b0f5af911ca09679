import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { IMPORT_TYPES, type ImportErrorItem, type ImportSummary } from '@opengst/contracts';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ImportErrorScreen } from './ImportErrorScreen';

const summary: ImportSummary = {
  importId: 7,
  importType: 'SalesDocuments',
  fileName: 'sales.xlsx',
  status: 'SuccessWithError',
  totalRows: 5,
  processedRows: 5,
  validRows: 3,
  errorRows: 2,
  message: null,
  finishedAt: '2026-11-21T10:15:00Z',
  documents: 3,
  errors: 2,
  warnings: 0,
  byCode: [],
};
const errors: ImportErrorItem[] = [
  { row: 3, column: 'Customer GSTIN', value: '07AAACA1234A1Z0', code: 'VAL0001', message: 'Invalid GSTIN.', type: 'Error' },
  { row: 5, column: 'Document date', value: '31-02-2024', code: 'IMP0010', message: 'Not a valid date: use DD-MM-YYYY.', type: 'Error' },
];
const byCode = [
  { code: 'VAL0001', message: 'Invalid GSTIN.', count: 1, columns: ['Customer GSTIN'] },
  { code: 'IMP0010', message: 'Not a valid date: use DD-MM-YYYY.', count: 1, columns: ['Document date'] },
];

const json = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });

const stubApi = (errorItems: ImportErrorItem[], codes: typeof byCode) => {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('/import/importTypes')) return json({ items: IMPORT_TYPES });
      if (url.includes('/import/summary')) return json(summary);
      if (url.includes('/import/errorSummary')) return json({ importId: 7, items: codes });
      if (url.includes('/import/errors')) {
        const body = JSON.parse(String(init?.body)) as { filters?: { code?: string | null } };
        bodies.push(body);
        const items = errorItems.filter((item) => !body.filters?.code || item.code === body.filters.code);
        return json({ items, totalRecords: items.length });
      }
      return new Response(null, { status: 404 });
    }),
  );
  return bodies;
};

const renderAt = (path: string) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <ImportErrorScreen />
    </MemoryRouter>,
  );

describe('ImportErrorScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('summarises by code, lists every error with row, column, value and code, and filters by a code', async () => {
    const bodies = stubApi(errors, byCode);
    renderAt('/import-document-error?importId=7');
    expect(await screen.findByTestId('error-row-3', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('error-row-5').textContent).toContain('31-02-2024');
    expect(screen.getByTestId('error-summary').textContent).toContain('VAL0001');
    expect(screen.getByTestId('error-export')).toBeTruthy();
    expect(screen.getByTestId('error-rows').textContent).toBe('2');

    fireEvent.click(screen.getByRole('button', { name: 'IMP0010' }));
    await waitFor(() => expect(bodies.length).toBe(2));
    expect(await screen.findByTestId('error-row-5')).toBeTruthy();
    expect(screen.queryByTestId('error-row-3')).toBeNull();
    expect(bodies.at(-1)).toMatchObject({ importId: 7, start: 0, filters: { code: 'IMP0010' } });
  });

  it('says so when the import has no errors, without an export', async () => {
    stubApi([], []);
    renderAt('/import-document-error?importId=7');
    expect(await screen.findByTestId('error-none')).toBeTruthy();
    expect(screen.queryByTestId('error-export')).toBeNull();
  });

  it('asks to come from the list without an import id', () => {
    stubApi([], []);
    renderAt('/import-document-error');
    expect(screen.getByText('Open this screen from an import in the list of imports.')).toBeTruthy();
  });
});
