import { useRef, useState, type ReactNode } from 'react';
import { Button, Checkbox, Group, Loader, Paper, ScrollArea, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { useText } from '../../i18n/useText';
import { formatCount } from '../format';
import { nextSort, type SortState } from './sortExpression';

// UI.md "Every list is a worktable": sticky header, column sort, selection with bulk actions, load-more paging,
// an empty state that says what to do next. The first load shows skeleton rows, never "0 of 0". Past VIRTUAL_FROM
// rows only the rows in view (and a margin) are drawn, spacers standing for the rest ("virtualised rows beyond a few
// hundred"), so a list loaded to thousands of rows scrolls as lightly as its first page.

const SKELETON_ROWS = 6;
export const VIRTUAL_FROM = 200;
const OVERSCAN = 20;
const ROW_HEIGHT = 33;

export type Column<T> = {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** The API column name this header sorts by; no sort when absent. */
  sortKey?: string;
  width?: number;
  isNumeric?: boolean;
};

export type DataTableProps<T> = {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowId: (row: T) => number;
  totalRecords: number;
  isLoading: boolean;
  emptyText: string;
  sort?: { value: SortState; fallback: SortState; onChange: (next: SortState) => void };
  selection?: { selected: readonly number[]; onChange: (ids: number[]) => void; actions: ReactNode };
  onRowClick?: (row: T) => void;
  loadMore?: { hasMore: boolean; isLoading: boolean; onLoad: () => void };
  /** The accessible name of a row, read by screen readers and used by browser journeys. */
  rowLabel?: (row: T) => string;
  /** The row's data-testid when a browser journey needs a screen-specific name (default `row-<id>`). */
  rowTestId?: (row: T) => string;
  maxHeight?: number;
  /** The height of a row in pixels where cells take two lines, for the virtualised window (33 by default). */
  rowHeight?: number;
};

/** The rows to draw of `count`, scrolled to `scrollTop` in a viewport `height` high: all of them up to VIRTUAL_FROM. */
export const visibleWindow = (count: number, scrollTop: number, height: number, rowHeight: number): { first: number; last: number } => {
  if (count <= VIRTUAL_FROM) return { first: 0, last: count };
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  return { first, last: Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + OVERSCAN) };
};

const SortIcon = ({ state }: { state: 'ASC' | 'DESC' | null }) => {
  if (state === 'ASC') return <IconArrowUp size={12} aria-hidden />;
  if (state === 'DESC') return <IconArrowDown size={12} aria-hidden />;
  return <IconSelector size={12} aria-hidden opacity={0.4} />;
};

export const DataTable = <T,>(props: DataTableProps<T>) => {
  const t = useText();
  const { columns, rows, rowId, sort, selection, onRowClick, loadMore } = props;
  const selected = new Set(selection?.selected ?? []);
  const allIds = rows.map(rowId);
  const isAllSelected = allIds.length > 0 && allIds.every((id) => selected.has(id));
  const isFirstLoad = props.isLoading && rows.length === 0;
  const viewportRef = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState({ top: 0, height: 800 });
  const rowHeight = props.rowHeight ?? ROW_HEIGHT;
  const { first, last } = visibleWindow(rows.length, scroll.top, scroll.height, rowHeight);
  const columnCount = columns.length + (selection ? 1 : 0);
  const toggle = (id: number) => selection?.onChange(selected.has(id) ? [...selected].filter((value) => value !== id) : [...selected, id]);

  return (
    <Paper withBorder radius="sm">
      {selection && selected.size > 0 ? (
        <Group gap="xs" px="sm" py={6} bg="indigo.0" data-testid="bulk-actions">
          <Text size="xs" fw={600}>
            {t('list.selected', { n: formatCount(selected.size) })}
          </Text>
          {selection.actions}
          <Button size="compact-xs" variant="subtle" onClick={() => selection.onChange([])}>
            {t('list.clearSelection')}
          </Button>
        </Group>
      ) : null}
      <ScrollArea.Autosize
        mah={props.maxHeight ?? 'calc(100vh - 260px)'}
        type="auto"
        viewportRef={viewportRef}
        // Rows that open nothing are not focusable: the scrolling region itself is, so a keyboard can scroll it (WCAG 2.1.1).
        viewportProps={props.onRowClick ? undefined : { tabIndex: 0 }}
        onScrollPositionChange={({ y }) => {
          if (rows.length > VIRTUAL_FROM) setScroll({ top: y, height: viewportRef.current?.clientHeight || 800 });
        }}
      >
        <Table stickyHeader highlightOnHover verticalSpacing={6} fz="sm" bg="white">
          <Table.Thead>
            <Table.Tr>
              {selection ? (
                <Table.Th w={36}>
                  <Checkbox
                    size="xs"
                    aria-label={t('list.selectAll')}
                    checked={isAllSelected}
                    indeterminate={!isAllSelected && selected.size > 0}
                    onChange={() => selection.onChange(isAllSelected ? [] : allIds)}
                  />
                </Table.Th>
              ) : null}
              {columns.map((column) => {
                const state = sort && column.sortKey && sort.value?.column === column.sortKey ? sort.value.direction : null;
                return (
                  <Table.Th
                    key={column.key}
                    w={column.width}
                    className={column.isNumeric ? 'numeric' : undefined}
                    aria-sort={state === 'ASC' ? 'ascending' : state === 'DESC' ? 'descending' : undefined}
                  >
                    {sort && column.sortKey ? (
                      <UnstyledButton
                        fz="sm"
                        fw={600}
                        onClick={() => sort.onChange(nextSort(sort.value, column.sortKey ?? '', sort.fallback))}
                        data-testid={`sort-${column.key}`}
                      >
                        <Group gap={4} wrap="nowrap">
                          {column.header}
                          <SortIcon state={state} />
                        </Group>
                      </UnstyledButton>
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {isFirstLoad
              ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  <Table.Tr key={`skeleton-${index}`} data-testid="list-skeleton">
                    {selection ? <Table.Td /> : null}
                    {columns.map((column) => (
                      <Table.Td key={column.key}>
                        <Skeleton height={10} radius="sm" width={column.isNumeric ? '60%' : '80%'} ml={column.isNumeric ? 'auto' : 0} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : null}
            {first > 0 ? (
              <Table.Tr aria-hidden data-testid="rows-above">
                <Table.Td colSpan={columnCount} p={0} h={first * rowHeight} />
              </Table.Tr>
            ) : null}
            {rows.slice(first, last).map((row) => {
              const id = rowId(row);
              return (
                <Table.Tr
                  key={id}
                  data-testid={props.rowTestId?.(row) ?? `row-${id}`}
                  bg={selected.has(id) ? 'indigo.0' : undefined}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  onKeyDown={
                    onRowClick
                      ? (event) => {
                          if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick(row);
                        }
                      : undefined
                  }
                  tabIndex={onRowClick ? 0 : undefined}
                  aria-label={props.rowLabel?.(row)}
                  style={onRowClick ? { cursor: 'pointer' } : undefined}
                >
                  {selection ? (
                    <Table.Td onClick={(event) => event.stopPropagation()}>
                      <Checkbox size="xs" aria-label={t('list.selectRow')} checked={selected.has(id)} onChange={() => toggle(id)} />
                    </Table.Td>
                  ) : null}
                  {columns.map((column) => (
                    <Table.Td key={column.key} className={column.isNumeric ? 'numeric' : undefined}>
                      {column.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
            {last < rows.length ? (
              <Table.Tr aria-hidden data-testid="rows-below">
                <Table.Td colSpan={columnCount} p={0} h={(rows.length - last) * rowHeight} />
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
        {props.isLoading && !isFirstLoad ? (
          <Group justify="center" p="md">
            <Loader size="sm" />
          </Group>
        ) : null}
        {!props.isLoading && rows.length === 0 ? (
          <Text size="sm" c="dimmed" p="md" ta="center" data-testid="list-empty">
            {props.emptyText}
          </Text>
        ) : null}
      </ScrollArea.Autosize>
      <Group justify="space-between" px="sm" py={6} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        {isFirstLoad ? (
          <Skeleton height={10} width={64} radius="sm" />
        ) : (
          <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="list-count">
            {t('list.count', { shown: formatCount(rows.length), total: formatCount(props.totalRecords) })}
          </Text>
        )}
        {loadMore?.hasMore ? (
          <Button variant="default" size="compact-xs" loading={loadMore.isLoading} onClick={loadMore.onLoad} data-testid="load-more">
            {t('list.loadMore')}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
};
