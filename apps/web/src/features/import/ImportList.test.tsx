import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ImportListItem, ImportTypeInfo } from '@opengst/contracts';
import { renderWithProviders } from '../../test/renderWithProviders';
import { DEFAULT_SORT, ImportList } from './ImportList';

const TYPES: ImportTypeInfo[] = [
  { importType: 'SalesDocuments', name: 'Sales documents', rightId: 'ImportSales', errorRoute: '/import-document-error', columns: [] },
];

const item = (patch: Partial<ImportListItem>): ImportListItem => ({
  importId: 1,
  importType: 'SalesDocuments',
  fileName: 'sales.csv',
  status: 'Success',
  totalRows: 10,
  processedRows: 10,
  validRows: 10,
  errorRows: 0,
  message: null,
  finishedAt: '2026-11-20T10:00:00.000Z',
  fileSize: 2048,
  fileFormat: 'csv',
  isAllOrNothing: false,
  entityId: null,
  createdBy: 1,
  createdByName: 'Admin',
  stamp: '2026-11-20T09:59:00.000Z',
  ...patch,
});

const renderList = (rows: ImportListItem[]) => {
  const list = {
    totalRecords: rows.length,
    isPending: false,
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: async () => undefined,
  };
  renderWithProviders(
    <MemoryRouter>
      <ImportList
        types={TYPES}
        list={list as unknown as Parameters<typeof ImportList>[0]['list']}
        rows={rows}
        sort={DEFAULT_SORT}
        onSort={() => {}}
        filters={{}}
        onFilters={() => {}}
        isLocked={false}
      />
    </MemoryRouter>,
  );
};

describe('ImportList', () => {
  afterEach(cleanup);

  it('links the error count of a file with rows in error, and asks "Why?" of a file refused as a whole', () => {
    renderList([
      item({ importId: 1, status: 'SuccessWithError', validRows: 8, errorRows: 2 }),
      item({
        importId: 2,
        status: 'Failed',
        totalRows: 0,
        processedRows: 0,
        validRows: 0,
        message: 'The .xlsx file is damaged and cannot be read.',
      }),
      item({ importId: 3 }),
    ]);
    const link = (id: number) => screen.getByTestId(`import-row-errors-${id}`);
    expect([link(1).textContent, link(1).getAttribute('href')]).toEqual(['2', '/import-document-error?importId=1']);
    expect([link(2).textContent, link(2).getAttribute('href')]).toEqual(['Why?', '/import-document-error?importId=2']);
    expect(screen.queryByTestId('import-row-errors-3')).toBeNull();
  });
});
