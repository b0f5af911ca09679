import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { DataTable, VIRTUAL_FROM, visibleWindow, type Column } from './DataTable';
import { nextSort, parseSortExpression, toSortExpression } from './sortExpression';

type Row = { id: number; name: string };
const columns: Column<Row>[] = [{ key: 'name', header: 'Name', sortKey: 'name', render: (row) => row.name }];
const rows: Row[] = [
  { id: 7, name: 'Delhi' },
  { id: 9, name: 'Chennai' },
];

describe('sortExpression', () => {
  const fallback = { column: 'id', direction: 'DESC' } as const;

  it('cycles a column ascending, descending, then back to the default sort', () => {
    const asc = nextSort(fallback, 'name', fallback);
    expect(toSortExpression(asc)).toBe('name ASC');
    const desc = nextSort(asc, 'name', fallback);
    expect(toSortExpression(desc)).toBe('name DESC');
    expect(nextSort(desc, 'name', fallback)).toEqual(fallback);
    expect(parseSortExpression('parentEntityName DESC')).toEqual({ column: 'parentEntityName', direction: 'DESC' });
    expect(parseSortExpression('name; drop')).toBeNull();
  });
});

describe('DataTable', () => {
  afterEach(cleanup);

  it('maps a header click to the next sort and ticks every row with select all', () => {
    const onSort = vi.fn();
    const onSelect = vi.fn();
    renderWithProviders(
      <DataTable
        columns={columns}
        rows={rows}
        rowId={(row) => row.id}
        totalRecords={5}
        isLoading={false}
        emptyText="Nothing"
        sort={{ value: { column: 'id', direction: 'DESC' }, fallback: { column: 'id', direction: 'DESC' }, onChange: onSort }}
        selection={{ selected: [], onChange: onSelect, actions: null }}
      />,
    );
    fireEvent.click(screen.getByTestId('sort-name'));
    expect(onSort).toHaveBeenCalledWith({ column: 'name', direction: 'ASC' });
    fireEvent.click(screen.getByLabelText('Select all rows'));
    expect(onSelect).toHaveBeenCalledWith([7, 9]);
    expect(screen.getByTestId('row-9').textContent).toContain('Chennai');
    expect(screen.getByTestId('list-count').textContent).toBe('2 of 5');
  });

  it('shows the empty state and bulk actions only with a selection', () => {
    renderWithProviders(
      <DataTable columns={columns} rows={[]} rowId={(row) => row.id} totalRecords={0} isLoading={false} emptyText="No branches yet." />,
    );
    expect(screen.getByTestId('list-empty').textContent).toBe('No branches yet.');
    expect(screen.queryByTestId('bulk-actions')).toBeNull();
  });

  it('offers load more while rows remain', () => {
    const onLoad = vi.fn();
    renderWithProviders(
      <DataTable
        columns={columns}
        rows={rows}
        rowId={(row) => row.id}
        totalRecords={5}
        isLoading={false}
        emptyText=""
        loadMore={{ hasMore: true, isLoading: false, onLoad }}
        selection={{ selected: [7], onChange: () => {}, actions: <button type="button">Deactivate</button> }}
      />,
    );
    fireEvent.click(screen.getByTestId('load-more'));
    expect(onLoad).toHaveBeenCalled();
    expect(screen.getByTestId('bulk-actions').textContent).toContain('1 selected');
  });

  it('shows skeleton rows and no count while the first page loads, then the rows and their count', () => {
    const props = { columns, rowId: (row: Row) => row.id, emptyText: 'Nothing here' };
    renderWithProviders(<DataTable {...props} rows={[]} totalRecords={0} isLoading />);
    expect(screen.getAllByTestId('list-skeleton')).toHaveLength(6);
    expect(screen.queryByTestId('list-count')).toBeNull();
    expect(screen.queryByTestId('list-empty')).toBeNull();
    cleanup();
    renderWithProviders(<DataTable {...props} rows={rows} totalRecords={2} isLoading={false} />);
    expect(screen.queryByTestId('list-skeleton')).toBeNull();
    expect(screen.getByTestId('list-count').textContent).toBe('2 of 2');
  });

  it('draws only the rows in view of a long list, spacers standing for the rest', () => {
    expect(visibleWindow(VIRTUAL_FROM, 5000, 600, 33)).toEqual({ first: 0, last: VIRTUAL_FROM });
    expect(visibleWindow(1000, 0, 660, 33)).toEqual({ first: 0, last: 40 });
    expect(visibleWindow(1000, 3300, 660, 33)).toEqual({ first: 80, last: 140 });
    expect(visibleWindow(1000, 33_000, 660, 33)).toEqual({ first: 980, last: 1000 });

    const many = Array.from({ length: 1000 }, (_, index) => ({ id: index + 1, name: `Row ${index + 1}` }));
    renderWithProviders(
      <DataTable columns={columns} rows={many} rowId={(row) => row.id} totalRecords={1000} isLoading={false} emptyText="" />,
    );
    expect(screen.getByTestId('row-1')).toBeTruthy();
    expect(screen.queryByTestId('row-1000')).toBeNull();
    expect(screen.getByTestId('rows-below')).toBeTruthy();
    expect(screen.getByTestId('list-count').textContent).toBe('1,000 of 1,000');
  });
});
